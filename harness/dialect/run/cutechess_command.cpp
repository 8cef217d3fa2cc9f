#include "harness/dialect/run/cutechess_command.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>

#include "harness/config/result_format.h"
#include "harness/dialect/command_line/cutechess_args.h"
#include "harness/dialect/command_line/cutechess_options.h"
#include "harness/dialect/output/cutechess_output.h"
#include "harness/session/play_tournament.h"
#include "harness/store/store.h"
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

// The dialect's run: the command's configuration and plan, its flags and resume hint, played as
// `arbiter tournament` plays (play_tournament(), which fits -rounds x -games to the suite).
int run_dialect_match(const CutechessCommand& command) {
    const TournamentConfig& config = command.config;
    MatchOutputs outputs{.flags = DIALECT_FLAGS};
    // Without -db the run had a database of its own: resuming it means naming it.
    if (!command.db_given)
        outputs.resume_hint = "add -db " + config.db_path +
                              (command.seed_given ? "" : " -srand " + std::to_string(config.seed)) +
                              " to the command to resume";
    return play_tournament(config, outputs);
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
            std::cout << (command.config.output.result_format == "help"
                              ? result_format_help()
                              : dialect_usage(spoken_tool));
            return 0;
        }
        fastchess_lines = command.config.output.format == ConsoleFormat::fastchess;
        int code = run_dialect_match(command);
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
