#include "harness/cli/cutechess_command.h"

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>

#include "harness/config/cutechess_args.h"
#include "harness/config/cutechess_options.h"
#include "harness/report/html/page.h"
#include "harness/report/output_file.h"
#include "harness/session/dialect_console.h"
#include "harness/tournament/chess960_openings.h"
#include "harness/tournament/shard.h"
#include "harness/tournament/tournament.h"

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
CutechessCommand read_command(const std::vector<std::string>& arguments, Personality personality) {
    CutechessCommand command = read_cutechess_args(arguments, personality);
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

// The dialect's outputs that `arbiter tournament` has too, in front of the dialect's console:
// with -report-every N, the -html page rewritten every N games of the run (as --report-every
// does); with -pool, the pooled SPRT's verdict and how this shard's part ended, after the
// closing lines (as the native standings print them). Otherwise it only hands on.
class SharedOutputs : public MatchConsole, public TournamentObserver {
  public:
    SharedOutputs(MatchConsole& console, const CutechessCommand& command)
        : console_(console), command_(command) {}

    TournamentObserver& open(Store& store) override {
        store_ = &store;
        next_ = &console_.open(store);
        return *this;
    }
    void interrupted(int signal) override { console_.interrupted(signal); }
    void finish(Store& store, const TournamentSummary& summary, int signal) override {
        console_.finish(store, summary, signal);
        if (command_.config.pool.empty()) return;
        if (summary.sprt_result) std::cout << "SPRT: " << *summary.sprt_result << '\n';
        if (summary.pool_stop) std::cout << "Pool: this shard " << *summary.pool_stop << '\n';
        std::cout.flush();
    }

    void engines_identified(const std::map<EngineId, EngineOwnIdentity>& own) override {
        next_->engines_identified(own);
    }
    void started(TournamentId tournament, const std::vector<EngineId>& engines,
                 std::int64_t scheduled, std::int64_t already) override {
        tournament_ = tournament;
        next_->started(tournament, engines, scheduled, already);
    }
    void game_started(const ScheduleSlot& slot, const std::string& white,
                      const std::string& black) override {
        next_->game_started(slot, white, black);
    }
    void engine_event(const std::string& message) override { next_->engine_event(message); }
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override {
        next_->game_finished(game, id, white, black);
        const int every = command_.config.report_every;
        if (every > 0 && ++played_ % every == 0) {
            html::ReportOptions report;
            report.tournament = tournament_;
            report.bootstrap_samples = command_.config.bootstrap;
            html::write_report(*store_, report, command_.output.html_path);
        }
    }

  private:
    MatchConsole& console_;
    const CutechessCommand& command_;
    Store* store_ = nullptr;
    TournamentObserver* next_ = nullptr;
    TournamentId tournament_ = 0;
    std::int64_t played_ = 0;  // games finished in this run
};

int run(const CutechessCommand& command) {
    MatchOutputs outputs{
        .flags = DIALECT_FLAGS,
        .extra_outputs = {{command.output.epd_path, "-epdout"},
                          {command.output.html_path, "-html", OutputKind::replaced}}};
    if (command.use_affinity) outputs.affinity = command.affinity_cpus;
    outputs.fit_schedule = [&command](TournamentConfig& config, std::int64_t openings) {
        fit_schedule(config, command.games_per_encounter, openings);
    };
    DialectMatchConsole console(command);
    SharedOutputs shared(console, command);
    return run_match(command.config, outputs, shared);
}

}  // namespace

int run_cutechess_dialect(const std::vector<std::string>& arguments, Personality personality) {
    bool fastchess_lines = personality == Personality::fastchess;
    try {
        CutechessCommand command = read_command(arguments, personality);
        if (command.version) {
            std::cout << version_text(personality) << '\n';
            return 0;
        }
        if (command.help) {
            std::cout << dialect_usage(personality);
            return 0;
        }
        fastchess_lines = command.output.format == ConsoleFormat::fastchess;
        int code = run(command);
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
