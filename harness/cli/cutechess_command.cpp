#include "harness/cli/cutechess_command.h"
#include "harness/cli/tournament_files.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <random>
#include <regex>
#include <streambuf>
#include <string>
#include <thread>

#include "harness/config/cutechess_args.h"
#include "harness/pgn/pgn_writer.h"
#include "harness/process/affinity.h"
#include "harness/process/engine_process.h"
#include "harness/report/crc32.h"
#include "harness/report/cutechess_output.h"
#include "harness/report/fastchess_pv_check.h"
#include "harness/report/html/report_data.h"
#include "harness/report/output_file.h"
#include "harness/tournament/chess960_openings.h"
#include "harness/tournament/openings.h"
#include "harness/tournament/tournament.h"

namespace arbiter::cli {

namespace {

// After SIGINT, how long the games in progress may take to finish before the run ends without
// them (fishtest kills the process soon after its SIGINT).
constexpr auto INTERRUPT_GRACE = std::chrono::milliseconds(800);

std::atomic<bool> interrupted{false};

extern "C" void on_interrupt(int) {
    interrupted = true;
}

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

// Opens a file the run writes its games into (-pgnout, -epdout): appended to, or started empty
// when `append` is false. The one place where this dialect opens an output file.
void open_game_output(std::optional<OutputFile>& file, const std::string& path, bool append) {
    file.emplace(path, append ? OutputFile::Mode::append : OutputFile::Mode::truncate);
}

// The console's lines, and each game appended to the -pgnout file (its PGN) and the -epdout file
// (its final position as a FEN line, as cutechess-cli writes it) as it finishes. With -crc32
// pgn=true, fastchess's "File NAME has CRC32: 0x..." line follows each game written, over the
// whole file as it then stands.
class DialectObserver : public TournamentObserver {
  public:
    DialectObserver(CutechessConsole& console, const CutechessCommand& command, Store& store)
        : console_(console),
          store_(store),
          crc_enabled_(command.output.crc32),
          check_pvs_(command.output.check_mate_pvs),
          test_env_(command.output.test_env),
          chess960_(command.config.game.variant == Variant::chess960) {
        const CutechessOutputSettings& output = command.output;
        if (!output.epd_path.empty())
            open_game_output(epd_file_, output.epd_path, output.epd_append);
        if (command.config.pgn_path.empty()) return;
        open_game_output(pgn_file_, command.config.pgn_path, output.pgn_append);
        pgn_.emplace(command.config, store, output.pgn_fields);
        if (crc_enabled_) crc_ = file_crc32(command.config.pgn_path);
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
        if (epd_file_) {
            std::vector<std::string> fens = html::fens_after_each_ply(game, id);
            epd_file_->write((fens.empty() ? game.start_fen : fens.back()) + "\n");
            epd_file_->flush();
        }
        if (pgn_file_) {
            std::string text = pgn_->game_text(game, white, black);
            pgn_file_->write(text);
            pgn_file_->flush();
            if (crc_enabled_) {
                crc_.update(text);
                console_.print_line("File " + pgn_file_->path() +
                                    " has CRC32: " + crc32_hex(crc_.value()));
            }
        }
        console_.game_finished(game, id, white, black);
    }
    void close() {
        if (epd_file_) epd_file_->close();
        if (pgn_file_) pgn_file_->close();
    }

  private:
    CutechessConsole& console_;
    Store& store_;
    std::optional<OutputFile> pgn_file_;
    std::optional<OutputFile> epd_file_;
    std::optional<TournamentPgn> pgn_;
    bool crc_enabled_ = false;
    bool check_pvs_ = false, test_env_ = false, chess960_ = false;
    Crc32 crc_;
};

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

// Reads the command line and fits the schedule to the opening suite.
CutechessCommand read_command(const std::vector<std::string>& arguments, Personality personality) {
    CutechessCommand command = read_cutechess_args(arguments, personality);
    for (const std::string& warning : command.warnings)
        std::cerr << "arbiter: warning: " << warning << '\n';
    if (command.version) return command;
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
    const std::string& openings = command.config.openings_path;
    std::size_t suite_size = 0;
    if (is_generated_suite(openings)) {
        if (command.config.game.variant != Variant::chess960)
            throw ConfigError("-openings file=" + openings +
                              " is a generated Chess960 suite: give -variant fischerandom");
        suite_size = generate_openings(openings, command.config.seed).size();
    } else {
        suite_size = OpeningSuite::read(openings, command.config.plies.value_or(-1)).size();
    }
    fit_schedule(command, std::int64_t(suite_size));
    validate(command.config);
    return command;
}

// SIGINT: the games in progress get INTERRUPT_GRACE to finish; then the summary is printed from
// the games finished so far and the process ends, its engines killed. The summary is printed
// under the recording lock, so every recorded game is printed before it and none is recorded
// after it.
void watch_for_interrupt(CutechessConsole& console, const std::atomic<bool>& done,
                         RecordingGate& gate, const std::string& resume_hint) {
    while (!done && !interrupted) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (done) return;
    auto deadline = std::chrono::steady_clock::now() + INTERRUPT_GRACE;
    while (!done && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (done) return;
    gate.close([&] {
        console.finish();
        std::cerr << "arbiter: interrupted; finished games are saved, " << resume_hint << '\n';
        std::cerr.flush();
        std::fflush(stdout);
        kill_all_engine_processes();
        ::_exit(130);
    });
}

int run(const CutechessCommand& command) {
    const TournamentConfig& config = command.config;
    refuse_tournament_outputs_over_inputs(config, {{command.output.epd_path, "-epdout"}}, {});
    std::filesystem::path db(config.db_path);
    if (db.has_parent_path()) std::filesystem::create_directories(db.parent_path());
    DiscardIfLeftEmpty discard(config.db_path);
    WriterClaim claim(config.db_path);
    Store store = Store::open(config.db_path);
    std::cerr << "Database: " << config.db_path << '\n';

    WholeLines lines;
    std::ostream out(&lines);
    CutechessConsole console(out, std::cerr, command.output, config);
    DialectObserver observer(console, command, store);
    if (command.use_affinity) {
        set_worker_cpus(command.affinity_cpus.empty() ? affinity_cpu_order()
                                                      : command.affinity_cpus);
        pin_engines_of_this_thread(worker_cpus(1));  // the engines probed before the games
    }
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    std::atomic<bool> done{false};
    RecordingGate gate;
    // Without -db the run had a database of its own: resuming it means naming it.
    const std::string resume_hint =
        command.db_given
            ? "re-run the same command to resume"
            : "add -db " + config.db_path +
                  (command.seed_given ? "" : " -srand " + std::to_string(config.seed)) +
                  " to the command to resume";
    std::thread watcher([&] { watch_for_interrupt(console, done, gate, resume_hint); });
    TournamentSummary summary;
    try {
        summary = run_tournament(config, store, observer, &interrupted, &gate);
    } catch (...) {
        done = true;
        watcher.join();
        throw;
    }
    done = true;
    watcher.join();
    console.finish();
    observer.close();
    std::cerr << "Played " << summary.played_now << " games; results in " << config.db_path << '\n';
    return interrupted ? 130 : 0;
}

// fastchess's warning for an option an engine does not have ("Warning; NAME doesn't have
// option X"), which the frameworks stop on, from arbiter's error for it; nothing for another error.
std::optional<std::string> missing_option_warning(const std::string& error) {
    static const std::regex form("engine ([^ :]+): engine '[^']*' has no option '([^']*)'");
    std::smatch match;
    if (!std::regex_search(error, match, form)) return std::nullopt;
    return "Warning; " + match[1].str() + " doesn't have option " + match[2].str();
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
        fastchess_lines = command.output.format == ConsoleFormat::fastchess;
        int code = run(command);
        flush_standard_output();
        return code;
    } catch (const std::exception& e) {
        if (auto warning = missing_option_warning(e.what()); warning && fastchess_lines)
            std::cout << *warning << std::endl;
        std::cerr << "arbiter: " << e.what() << '\n';
        return 1;
    }
}

}  // namespace arbiter::cli
