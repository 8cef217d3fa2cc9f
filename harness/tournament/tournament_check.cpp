#include "harness/tournament/tournament_check.h"

#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>

#include "engines/core/text.h"
#include "harness/game/tablebase.h"
#include "harness/process/engine_process.h"
#include "harness/tournament/book_openings.h"
#include "harness/tournament/chess960_openings.h"
#include "harness/tournament/engine_log.h"
#include "harness/tournament/opening_window.h"
#include "harness/tournament/worker_pool.h"

namespace arbiter {

namespace {

// The opening suite, or lines drawn from a Polyglot book (.bin) by the tournament's seed.
OpeningSuite load_openings(const TournamentConfig& config) {
    const std::string& path = config.openings_path;
    bool chess960 = config.game.variant == Variant::chess960;
    if (is_generated_suite(path)) {
        if (!chess960) throw OpeningError("--openings " + path + " needs --variant chess960");
        return OpeningSuite(generate_openings(path, config.seed));
    }
    std::string extension = std::filesystem::path(path).extension().string();
    for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (extension != ".bin") return OpeningSuite::read(path, config.plies.value_or(-1), chess960);
    try {
        return OpeningSuite(
            draw_book_openings({path, config.plies.value_or(8), config.book_lines, config.seed}));
    } catch (const BookError& e) {
        throw OpeningError(e.what());
    }
}

// Each engine's own book (book=FILE), read once and shared by the workers.
std::vector<std::optional<PolyglotBook>> load_engine_books(const TournamentConfig& config) {
    std::vector<std::optional<PolyglotBook>> books;
    for (const EngineConfig& engine : config.engines) {
        if (engine.book_path.empty()) {
            books.emplace_back();
            continue;
        }
        try {
            refuse_directory(engine.book_path, "a Polyglot book (.bin)");
            books.push_back(PolyglotBook::load(engine.book_path));
        } catch (const std::runtime_error& e) {  // BookError, OpeningError
            throw ConfigError("engine " + engine.name + ": " + e.what());
        }
    }
    return books;
}

// A new empty file of the system's temporary folder for an engine's stderr while it is checked,
// removed with this object; "/dev/null" when none can be made there.
class CheckStderr {
  public:
    explicit CheckStderr(std::size_t engine) {
        std::error_code error;
        const std::filesystem::path folder = std::filesystem::temp_directory_path(error);
        if (error) return;
        for (int attempt = 0; attempt < 100 && path_.empty(); ++attempt) {
            const std::string name =
                (folder / ("arbiter-check-" + std::to_string(::getpid()) + "-" +
                           std::to_string(engine) + "-" + std::to_string(attempt) + ".stderr"))
                    .string();
            const int descriptor =
                ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
            if (descriptor >= 0) {
                ::close(descriptor);
                path_ = name;
            } else if (errno != EEXIST) {
                return;
            }
        }
    }
    ~CheckStderr() {
        if (!path_.empty()) ::unlink(path_.c_str());
    }
    CheckStderr(const CheckStderr&) = delete;
    CheckStderr& operator=(const CheckStderr&) = delete;

    std::string path() const { return path_.empty() ? "/dev/null" : path_; }

    // The last line with text that the engine wrote to stderr, shown safely, or "".
    std::string last_line() const {
        if (path_.empty()) return "";
        std::ifstream in(path_, std::ios::binary);
        std::string line, last;
        while (std::getline(in, line)) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.starts_with(ENGINE_LOG_HEADER)) continue;  // the header of each start
            if (line.find_first_not_of(" \t") != std::string::npos) last = line;
        }
        return printable_excerpt(last, 200);
    }

  private:
    std::string path_;
};

// Starts every engine once and ends it; a failure names the engine and ends with the last line
// it wrote to stderr. The engine log's lines of the check go to `held` when it is set. Fills in
// what each engine said of itself (UCI id name/id author, XBoard myname) and the options it
// declared, as its configuration set them, in config order.
void check_engines(const TournamentConfig& config, HeldEngineLog* held,
                   CheckedTournament& checked) {
    EngineStart start;
    start.engines = config.engines;
    start.handshake_timeout = config.handshake_timeout;
    start.chess960 = config.game.variant == Variant::chess960;
    start.io_observer = held;
    std::vector<std::unique_ptr<CheckStderr>> stderr_files;
    for (std::size_t i = 0; i < start.engines.size(); ++i) {
        stderr_files.push_back(std::make_unique<CheckStderr>(i));
        start.engines[i].stderr_path = stderr_files.back()->path();
    }
    WorkerEngines probes(start);
    for (std::size_t i = 0; i < start.engines.size(); ++i) {
        try {
            const EngineSession& engine = probes.ensure(int(i));
            checked.own_identities.push_back(engine.own_identity());
            checked.declared_options.push_back(engine.declared_options());
        } catch (const std::exception& e) {
            probes.discard(int(i));  // reaped, so that its last words are in the file
            const std::string last = stderr_files[i]->last_line();
            const std::string ends = last.empty() ? "" : "; its stderr ends: " + last;
            // An engine's refusal keeps its fields (the missing option the dialect warns of).
            if (const auto* uci = dynamic_cast<const UciError*>(&e)) throw uci->with_suffix(ends);
            throw ConfigError(e.what() + ends);
        }
    }
}

}  // namespace

CheckedTournament check_tournament(const TournamentConfig& config) {
    validate(config);
    CheckedTournament checked{load_openings(config), {}, {}, {}, {}, {}};
    const std::int64_t size = checked.openings.size();
    if (config.openings_start > size)
        throw ConfigError("openings_start " + std::to_string(config.openings_start) +
                          " is past the end of the suite: " + config.openings_path + " holds " +
                          std::to_string(size) + " opening" + (size == 1 ? "" : "s"));
    if (config.openings_start != 0)
        checked.window =
            opening_window_order(size, config.random_order, config.seed, config.openings_start);
    checked.books = load_engine_books(config);
    if (config.game.tablebase.enabled()) {
        try {
            SyzygyTables::open(config.game.tablebase.paths);
        } catch (const std::runtime_error& e) {
            throw ConfigError(e.what());
        }
    }
    std::optional<HeldEngineLog> held;
    if (!config.engine_log.empty()) held.emplace(config.engine_log_form);
    check_engines(config, held ? &*held : nullptr, checked);
    if (held) checked.engine_log_lines = held->take();
    return checked;
}

}  // namespace arbiter
