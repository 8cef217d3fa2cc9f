// The UCI client: one engine process spoken to in UCI — handshake, options, positions, searches.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "harness/process/engine_process.h"
#include "harness/uci/protocol.h"

namespace arbiter {

// A configuration problem with an engine that no game can fix: it never completes the handshake,
// or an option it was given does not exist or is out of range. The message names the engine.
// An option the engine does not declare is also carried as fields (missing_option(), and the
// configured engine name once start_engine() has named it), for the rooms that act on it.
class UciError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
    UciError(const std::string& message, std::string missing_option)
        : std::runtime_error(message), missing_option_(std::move(missing_option)) {}

    // The same error said of the configured engine `name` ("engine NAME: ...").
    UciError for_engine(const std::string& name) const {
        UciError named("engine " + name + ": " + what(), missing_option_);
        named.engine_ = name;
        return named;
    }
    // The same error with `more` appended to its message (its fields kept).
    UciError with_suffix(const std::string& more) const {
        UciError longer(what() + more, missing_option_);
        longer.engine_ = engine_;
        return longer;
    }
    // The option the engine does not have, if that is the error; empty otherwise.
    const std::string& missing_option() const { return missing_option_; }
    // The configured name of the engine the error is about; empty until for_engine().
    const std::string& engine() const { return engine_; }

  private:
    std::string missing_option_;
    std::string engine_;
};

// UciClient drives one UCI engine through its EngineProcess. start() completes the handshake or
// throws; afterwards every exchange reports ok, timeout or disconnected instead of throwing, so
// that a referee can score a stalled or crashed engine and go on. After a timeout the engine is
// left as it is: the caller decides whether to kill() it. Options are checked against what the
// engine advertised before they are sent. The destructor kills the engine; call quit() first for
// a graceful exit. One thread uses a UciClient at a time.
class UciClient {
  public:
    using Clock = EngineProcess::Clock;
    static constexpr std::chrono::milliseconds DEFAULT_HANDSHAKE_TIMEOUT{10000};

    UciClient() = default;
    UciClient(const UciClient&) = delete;
    UciClient& operator=(const UciClient&) = delete;

    // Starts the program (see EngineProcess::start) and performs the handshake: sends `uci` and
    // collects `id name`, `id author` and the options until `uciok`. Throws ProcessError if the
    // program cannot be started, UciError (after killing it) if it exits or does not send `uciok`
    // within `handshake_timeout`. A previous engine of this object is killed first.
    void start(const std::string& program, const std::vector<std::string>& args = {},
               const std::string& working_directory = {}, const std::string& stderr_log_path = {},
               std::chrono::milliseconds handshake_timeout = DEFAULT_HANDSHAKE_TIMEOUT);

    // What the engine said about itself during the handshake, as printable text (see
    // printable_engine_text).
    const std::string& id_name() const { return id_name_; }
    const std::string& id_author() const { return id_author_; }
    EngineOwnIdentity own_identity() const { return {id_name_, id_author_, id_description_}; }
    const std::vector<UciOption>& options() const { return options_; }
    // The advertised option whose name matches case-insensitively, or nullptr.
    const UciOption* find_option(std::string_view name) const;
    UciOption* find_option(std::string_view name);  // the same, to record a value set
    // The advertised options in the engine's order, each with the value it holds now: its
    // default, or the last value set_option() sent.
    std::vector<DeclaredOption> declared_options() const;

    // Sends `setoption name NAME value VALUE` with the engine's own spelling of the name (and of
    // a combo choice). Throws UciError if the engine has no such option, a spin value is not an
    // integer in [min, max], a check value is not true/false, or a combo value is not one of its
    // choices; otherwise the option holds the value sent. Returns false if the engine is
    // disconnected.
    bool set_option(std::string_view name, std::string_view value);
    // Sets UCI_Chess960 to true for Chess960 games. Throws UciError naming the engine when it
    // does not declare UCI_Chess960. Returns false if the engine is disconnected.
    bool enable_chess960();

    // Sends `isready` and waits for `readyok`, ignoring other lines.
    EngineStatus is_ready(std::chrono::milliseconds timeout);

    // Sends `ucinewgame`. Returns false if the engine is disconnected.
    bool new_game();

    // Sends `position startpos moves ...` when `fen` is empty or "startpos", otherwise
    // `position fen FEN moves ...`; no `moves` part when there are none. The line goes out with
    // the next command (go), in one write. Returns false if the engine is disconnected.
    bool position(std::string_view fen, std::span<const std::string> moves = {});

    // Sends `go` with `limits` and waits at most `timeout` (counted from sending) for bestmove.
    SearchReply go(const GoLimits& limits, std::chrono::milliseconds timeout);

    // The two halves of go(), for searches ended by stop(): send_go() writes the command and
    // starts the wall clock (false if disconnected); wait_bestmove() reads info lines until
    // bestmove, at most until `timeout` after send_go().
    bool send_go(const GoLimits& limits);
    SearchReply wait_bestmove(std::chrono::milliseconds timeout);

    // Sends `stop`. Returns false if the engine is disconnected.
    bool stop();

    // Pondering (UCI's `go ponder`): go_ponder() sends `go ponder` with `limits` on the position
    // sent last and returns at once (false if disconnected). When the expected move is played,
    // ponderhit() first reads what the engine has already said: a bestmove there came before
    // `ponderhit`, which UCI forbids, and is discarded (`premature`, as cutechess discards it);
    // otherwise it sends `ponderhit` (`sent`), and from then on the search is timed as after
    // send_go(): wait_bestmove() reads the move, keeping the info lines of the ponder search.
    // When the expected move is not played, stop() and wait_bestmove() end the search.
    using PonderHit = arbiter::PonderHit;
    bool go_ponder(const GoLimits& limits);
    PonderHit ponderhit();

    // Sends `quit` and waits up to `grace` for the engine to exit, then kills it if it has not.
    // Returns true if it exited by itself.
    bool quit(std::chrono::milliseconds grace = std::chrono::milliseconds(1000));

    // Kills and reaps the engine at once.
    void kill() { process_.kill(); }

    // True while the engine process has not exited.
    bool alive() { return process_.alive(); }

    // Writes a raw line (for commands this class does not wrap).
    bool send(std::string_view line) { return process_.write_line(line); }
    // Reports every line to and from the engine to `observer` (see EngineProcess::observe).
    void observe(EngineIoObserver* observer, std::string engine) {
        process_.observe(observer, std::move(engine));
    }

    // The engine's name for messages: its `id name`, or the program path before the handshake.
    std::string display_name() const;

    // Waits at most `timeout` for the engine to exit by itself (after quit, or a crash), and
    // reaps it. Returns true if it has exited.
    bool wait_for_exit(std::chrono::milliseconds timeout) {
        return process_.wait_for_exit(timeout);
    }

    // How the engine ended once it has exited and been reaped ("exited with code 1", "killed by
    // signal 6 (Aborted)"); empty while it runs or before any start.
    const ExitStatus& exit_status() const { return process_.exit_status(); }

  private:
    // A search read so far: its reply and whether a principal line was seen.
    struct PartialSearch {
        SearchReply reply;
        bool principal_line_seen = false;
    };
    // Reads the search's lines into `search` until its bestmove (line), `deadline` (timeout) or
    // the end of the engine's output (eof).
    EngineProcess::ReadStatus read_search(PartialSearch& search, Clock::time_point deadline);
    [[noreturn]] void fail_handshake(const std::string& why, bool exited);

    EngineProcess process_;
    std::string id_name_;
    std::string id_author_;
    std::string id_description_;
    std::vector<UciOption> options_;
    Clock::time_point go_sent_{};
    PartialSearch search_;  // the search under way: send_go() clears it, ponderhit() reads into it
    std::string line_;      // reused read buffer
    std::string command_;   // reused write buffer
    UciInfo info_;          // reused parse result
};

}  // namespace arbiter
