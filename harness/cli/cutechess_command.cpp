#include "harness/cli/cutechess_command.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <optional>
#include <random>
#include <streambuf>
#include <string>

#include "harness/config/cutechess_args.h"
#include "harness/config/cutechess_options.h"
#include "harness/pgn/pgn_writer.h"
#include "harness/report/cutechess_output.h"
#include "harness/report/fastchess_pv_check.h"
#include "harness/report/live_games.h"
#include "harness/report/output_file.h"
#include "harness/session/match_session.h"
#include "harness/tournament/chess960_openings.h"
#include "harness/tournament/tournament.h"

namespace arbiter::cli {

namespace {

// Standard output for the console's lines, handed to stdio one whole line per fwrite: the engine
// log of -debug, written to standard output by the workers, then never lands inside a line.
class WholeLines : public std::streambuf {
  protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        char text = traits_type::to_char_type(c);
        xsputn(&text, 1);
        return c;
    }
    std::streamsize xsputn(const char* text, std::streamsize size) override {
        pending_.append(text, std::size_t(size));
        std::size_t end = pending_.rfind('\n');
        if (end != std::string::npos) {
            std::fwrite(pending_.data(), 1, end + 1, stdout);
            pending_.erase(0, end + 1);
        }
        return size;
    }
    int sync() override {
        std::fwrite(pending_.data(), 1, pending_.size(), stdout);
        pending_.clear();
        return std::fflush(stdout) == 0 ? 0 : -1;
    }

  private:
    std::string pending_;  // the line begun and not yet ended
};

// What the dialect shows beyond the live files: the games a resumed run played before, counted
// in the console's score, and fastchess's PV warnings before each game's files and line. Each
// finished game then goes on to `next` (LiveGameFiles, in front of the console).
class DialectConsole : public TournamentObserver {
  public:
    DialectConsole(TournamentObserver& next, CutechessConsole& console,
                   const CutechessCommand& command, Store& store)
        : next_(next),
          console_(console),
          store_(store),
          check_pvs_(command.output.check_mate_pvs),
          test_env_(command.output.test_env),
          chess960_(command.config.game.variant == Variant::chess960) {}
    void engines_identified(const std::map<EngineId, EngineOwnIdentity>& own) override {
        next_.engines_identified(own);
    }
    void started(TournamentId tournament, const std::vector<EngineId>& engines,
                 std::int64_t scheduled, std::int64_t already) override {
        if (already > 0)
            for (const GameSummary& game : store_.list_games(tournament, engines))
                console_.count_earlier(game);
        console_.started(tournament, engines, scheduled, already);
    }
    void game_started(const ScheduleSlot& slot, const std::string& white,
                      const std::string& black) override {
        console_.game_started(slot, white, black);
    }
    void engine_event(const std::string& message) override { console_.engine_event(message); }
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override {
        // fastchess prints its PV warnings while the game runs: here, before the game's line.
        if (check_pvs_)
            for (const std::string& warning :
                 fastchess_pv_warnings(game, white, black, chess960_, test_env_))
                console_.print_line(warning);
        next_.game_finished(game, id, white, black);
    }

  private:
    TournamentObserver& next_;
    CutechessConsole& console_;
    Store& store_;
    bool check_pvs_ = false, test_env_ = false, chess960_ = false;
};

// The live files of the dialect's options: -pgnout (with -crc32 pgn=true) and -epdout.
LiveGameFileSettings live_files(const CutechessCommand& command) {
    const CutechessOutputSettings& output = command.output;
    return {.pgn_path = command.config.pgn_path,
            .pgn_flag = "-pgnout",
            .pgn_append = output.pgn_append,
            .pgn_fields = output.pgn_fields,
            .pgn_crc32 = output.crc32,
            .epd_path = output.epd_path,
            .epd_append = output.epd_append};
}

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

// What the dialect shows of the match: the database on standard error, then cutechess-cli's or
// fastchess's console lines, written whole (WholeLines), in front of the live files; after the
// games the summary, -show-latency's lines and the closing line.
class DialectMatchConsole : public MatchConsole {
  public:
    explicit DialectMatchConsole(const CutechessCommand& command)
        : command_(command),
          out_(&lines_),
          console_(out_, std::cerr, command.output, command.config),
          // Without -db the run had a database of its own: resuming it means naming it.
          resume_hint_(command.db_given
                           ? "re-run the same command to resume"
                           : "add -db " + command.config.db_path +
                                 (command.seed_given
                                      ? ""
                                      : " -srand " + std::to_string(command.config.seed)) +
                                 " to the command to resume") {}
    TournamentObserver& open(Store& store) override {
        std::cerr << "Database: " << command_.config.db_path << '\n';
        files_.emplace(console_, command_.config, live_files(command_),
                       [this](const std::string& line) { console_.print_line(line); });
        observer_.emplace(*files_, console_, command_, store);
        return *observer_;
    }
    // SIGINT: the summary from the games finished so far, after the last one recorded.
    void interrupted(int) override {
        console_.finish();
        std::cerr << "arbiter: interrupted; finished games are saved, " << resume_hint_ << '\n';
    }
    void finish(Store& store, const TournamentSummary& summary, int) override {
        console_.finish();
        if (command_.output.show_latency) {
            for (const EngineLatency& latency : store.engine_latencies(summary.tournament_id))
                out_ << latency_line(latency) << '\n';
            out_.flush();
        }
        files_->close();
        std::cerr << "Played " << summary.played_now << " games; results in "
                  << command_.config.db_path << '\n';
    }

  private:
    const CutechessCommand& command_;
    WholeLines lines_;
    std::ostream out_;
    CutechessConsole console_;
    std::string resume_hint_;
    std::optional<LiveGameFiles> files_;
    std::optional<DialectConsole> observer_;
};

int run(const CutechessCommand& command) {
    MatchOutputs outputs{.flags = DIALECT_FLAGS,
                         .extra_outputs = {{command.output.epd_path, "-epdout"}}};
    if (command.use_affinity) outputs.affinity = command.affinity_cpus;
    outputs.fit_schedule = [&command](TournamentConfig& config, std::int64_t openings) {
        fit_schedule(config, command.games_per_encounter, openings);
    };
    DialectMatchConsole console(command);
    return run_match(command.config, outputs, console);
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
