#include "harness/cli/cutechess_command.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <string>

#include "harness/config/cutechess_args.h"
#include "harness/config/cutechess_options.h"
#include "harness/config/cutechess_result_format.h"
#include "harness/config/fastchess_saved_config.h"
#include "harness/session/dialect_console.h"
#include "harness/store/store.h"
#include "harness/text/output_file.h"
#include "harness/tournament/chess960_openings.h"
#include "harness/tournament/shard.h"
#include "harness/tournament/tournament.h"
#include "harness/uci/client.h"

namespace arbiter::cli {

namespace {

// A database of its own for a run without -db (results/match-20261202-004512-4711.sqlite), as
// each run of cutechess-cli or fastchess is a match of its own: two runners in one folder never
// meet, and a repeated command plays new games.
std::string new_database_path() {
    std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
    std::string base = std::string("results/match-") + stamp + "-" + std::to_string(::getpid());
    std::string path = base + ".sqlite";
    for (int n = 2; std::filesystem::exists(path); ++n)
        path = base + "-" + std::to_string(n) + ".sqlite";
    return path;
}

// A seed from the clock and the process, for a run without -srand (and without -db).
std::uint64_t clock_seed() {
    std::uint64_t seed = std::uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
    seed ^= std::uint64_t(::getpid()) << 32;
    seed ^= std::random_device{}();
    return seed;
}

// Reads the command line; the session fits the schedule to the opening suite it reads.
CutechessCommand read_command(const std::vector<std::string>& arguments, SpokenTool spoken_tool) {
    CutechessCommand command = read_cutechess_args(arguments, spoken_tool);
    for (const std::string& warning : command.warnings)
        std::cerr << "arbiter: warning: " << warning << '\n';
    if (command.version || command.help) return command;
    // One invocation, one match: a new database and, unless -srand gives one, a new seed. With
    // -db FILE the run resumes that database, so the seed stays the one it was started with.
    if (!command.db_given) {
        command.config.db_path = new_database_path();
        if (!command.seed_given) {
            command.config.seed = clock_seed();
            std::cerr << "Seed: " << command.config.seed << " (give -srand " << command.config.seed
                      << " to play the same openings again)\n";
        }
    }
    // -shard K/N (or auto), read as `arbiter tournament --shard` reads it.
    if (!command.shard.empty()) set_shard(command.config, parse_shard(command.shard, std::nullopt));
    if (command.config.openings_path.empty())
        throw ConfigError(
            "-openings file=FILE is required: arbiter plays every game pair from "
            "an opening (openings/arbiter-8ply.epd ships with it)");
    // A generated suite is named, not read: its variant is checked here, its size by the session.
    const std::string& openings = command.config.openings_path;
    if (is_generated_suite(openings) && command.config.game.variant != Variant::chess960)
        throw ConfigError("-openings file=" + openings +
                          " is a generated Chess960 suite: give -variant fischerandom");
    return command;
}

// Each pair's results in the run's database, as fastchess saves them: from the side of the engine
// given first, games, then colour-reversed pairs by their two results.
std::vector<FastchessPairStats> pair_stats(const CutechessCommand& command) {
    const std::string& db = command.config.db_path;
    if (!std::filesystem::exists(db)) return {};  // a run that played nothing leaves none
    Store store = Store::open(db, Store::Access::read_only);
    auto tournaments = store.list_tournaments();
    if (tournaments.empty()) return {};
    std::vector<FastchessPairStats> stats;
    std::map<std::pair<std::string, std::string>, std::size_t> index;
    const auto& engines = command.config.engines;
    for (std::size_t i = 0; i < engines.size(); ++i)
        for (std::size_t j = i + 1; j < engines.size(); ++j) {
            index[{engines[i].name, engines[j].name}] = stats.size();
            stats.push_back({engines[i].name, engines[j].name});
        }
    // The first engine's score of each game (2 a win, 1 a draw, 0 a loss), by pair.
    std::map<std::pair<std::size_t, std::int64_t>, std::vector<int>> pairs;
    for (const GameSummary& g : current_games(store.list_games(tournaments.back().id))) {
        auto it = index.find({g.white_name, g.black_name});
        bool first_white = it != index.end();
        if (!first_white) it = index.find({g.black_name, g.white_name});
        if (it == index.end()) continue;
        FastchessPairStats& s = stats[it->second];
        int points = g.result.outcome == Outcome::draw                         ? 1
                     : (g.result.outcome == Outcome::white_win) == first_white ? 2
                                                                               : 0;
        (points == 2 ? s.wins : points == 1 ? s.draws : s.losses) += 1;
        pairs[{it->second, g.slot.pair_number()}].push_back(points);
    }
    for (const auto& [key, points] : pairs) {
        if (points.size() != 2) continue;
        int high = std::max(points[0], points[1]), low = std::min(points[0], points[1]);
        // WW, WD, WL, DD, LD, LL
        int k = high == 2 ? (low == 2 ? 0 : low == 1 ? 1 : 2) : high == 1 ? (low == 1 ? 3 : 4) : 5;
        stats[key.first].pairs[std::size_t(k)] += 1;
    }
    return stats;
}

// fastchess's -config outname=FILE: the run's configuration and results, as fastchess saves them.
void save_config(const CutechessCommand& command) {
    const std::string& path = command.saved_config_path;
    std::ofstream out(path, std::ios::trunc);
    out << fastchess_saved_config(command, pair_stats(command)).dump(4) << '\n';
    if (!out.flush())
        throw OutputError("-config outname=" + path +
                          ": the saved configuration could not be "
                          "written (" +
                          std::strerror(errno) + ")");
}

}  // namespace

int run_cutechess_dialect(const std::vector<std::string>& arguments, SpokenTool spoken_tool) {
    bool fastchess_lines = spoken_tool == SpokenTool::fastchess;
    try {
        CutechessCommand command = read_command(arguments, spoken_tool);
        if (command.version) {
            std::cout << version_text(spoken_tool) << '\n';
            return 0;
        }
        if (command.help) {  // -help, or -resultformat help: its formats and fields
            std::cout << (command.output.result_format == "help" ? result_format_help()
                                                                 : dialect_usage(spoken_tool));
            return 0;
        }
        fastchess_lines = command.output.format == ConsoleFormat::fastchess;
        int code = run_dialect_match(command);
        if (!command.saved_config_path.empty()) save_config(command);
        flush_standard_output();
        return code;
    } catch (const UciError& e) {
        // fastchess's warning for an option an engine does not have, which the frameworks stop on.
        if (fastchess_lines && !e.missing_option().empty())
            std::cout << "Warning; " << e.engine() << " doesn't have option " << e.missing_option()
                      << std::endl;
        std::cerr << "arbiter: " << e.what() << '\n';
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "arbiter: " << e.what() << '\n';
        return 1;
    }
}

}  // namespace arbiter::cli
