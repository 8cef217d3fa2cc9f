// The XBoard client: one engine process spoken to in CECP (protocol 1 or 2) — feature
// negotiation, game set-up, time controls, moves, thinking output and the engine's claims.
#pragma once

#include <chrono>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engines/core/board.h"
#include "harness/game/engine_types.h"
#include "harness/process/engine_process.h"
#include "harness/xboard/protocol.h"

namespace arbiter {

// An XBoard engine that cannot play under these settings: its handshake never ends, or it is
// asked for something the protocol or the engine cannot do (a node limit; a position with Black
// to move for an engine without setboard). The message names the engine.
class XboardError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// XboardClient keeps the engine's board in step with the game: position() says what the game
// is, and go() sends only what the engine lacks (the new moves in force mode), or starts the
// engine's game anew (`new`, `force`, `setboard` or `edit`, the moves) when the game changed
// under it. Each search is `time`/`otim` (or `st`/`sd`), then `go`, read until `move`. Moves go
// out as `usermove` or bare, in SAN when the engine asked for it; moves and thinking output come
// back in coordinates or SAN and are translated by the chess core. One thread at a time.
class XboardClient {
  public:
    using Clock = EngineProcess::Clock;
    static constexpr std::chrono::milliseconds DEFAULT_HANDSHAKE_TIMEOUT{10000};
    // How long after a move the client looks for a claim of the result that follows it.
    static constexpr std::chrono::milliseconds AFTER_MOVE_WAIT{2};
    // How long is_ready() of an engine without ping reads what is left of the last game.
    static constexpr std::chrono::milliseconds NO_PING_DRAIN{20};

    XboardClient() = default;
    XboardClient(const XboardClient&) = delete;
    XboardClient& operator=(const XboardClient&) = delete;

    // Starts the program and negotiates: `xboard`, `protover 2`, then accepts or rejects each
    // feature until `done=1`, all within `handshake_timeout`. An engine that answers `protover`
    // with an error, or sends no feature within the timeout, is a protocol-1 engine. (The
    // protocol suggests two seconds for the features, but an adapter such as PolyGlot answers
    // `protover` only once its UCI engine has loaded, which takes Stockfish longer on a busy
    // machine; XBoard itself waits ten.) Throws ProcessError if the program cannot start,
    // XboardError (after killing it) if it exits or never completes a `done=0` handshake.
    void start(const std::string& program, const std::vector<std::string>& args = {},
               const std::string& working_directory = {}, const std::string& stderr_log_path = {},
               std::chrono::milliseconds handshake_timeout = DEFAULT_HANDSHAKE_TIMEOUT);

    // The features the engine announced, and the protocol it speaks (1 when it announced none).
    int protocol_version() const { return protocol_version_; }
    const std::string& name() const { return name_; }
    EngineOwnIdentity own_identity() const { return {name_, {}, {}}; }  // XBoard: no author
    bool has_feature(std::string_view name) const;
    std::string feature(std::string_view name, std::string_view default_value = {}) const;

    // Sends an engine option (`option NAME=VALUE`, protocol 2's way). False if disconnected.
    bool set_option(std::string_view name, std::string_view value);
    // Plays Chess960 from now on: each game starts with `variant fischerandom`, castling is sent
    // as O-O/O-O-O. Throws XboardError naming the engine when its `feature variants` lacks
    // fischerandom. Returns false if the engine is disconnected.
    bool enable_chess960();

    // Starts a new game on the next go(). Returns false if the engine is disconnected.
    bool new_game();
    // `ping N` and wait for `pong N` when the engine has ping; otherwise only checks it is alive.
    EngineStatus is_ready(std::chrono::milliseconds timeout);
    // The game so far: start position (empty or "startpos" for the standard one) and the UCI
    // moves played from it. Throws XboardError for a FEN the engine cannot be given.
    bool position(std::string_view fen, std::span<const std::string> moves = {});
    // Brings the engine's board up to date, sends the limits and `go`, and reads until its move,
    // resignation or claim, waiting at most `timeout` from sending. Throws XboardError for a
    // node limit, which the protocol has no command for. The reply's move and principal
    // variation are UCI coordinates; a claim of "*" (the engine stops playing this game) is no
    // claim. A move of ours that the engine refused ("Illegal move") is reported as an error and
    // as a disconnection: its board no longer follows the game, so the referee restarts it.
    EngineReply go(const GoLimits& limits, std::chrono::milliseconds timeout);
    // `?`: move now. Then wait_reply() reads the answer, as after go().
    bool stop();
    EngineReply wait_reply(std::chrono::milliseconds timeout);
    // The game is over: `result RESULT {COMMENT}`, as the protocol asks after every game (RESULT
    // "1-0", "0-1", "1/2-1/2" or "*"). Sent once, and only if the engine was given this game
    // (it got `new` since new_game()). Returns false if the engine is disconnected.
    bool end_game(std::string_view result, std::string_view comment);

    bool quit(std::chrono::milliseconds grace = std::chrono::milliseconds(1000));
    void kill() { process_.kill(); }
    bool alive() { return process_.alive(); }
    bool send(std::string_view line) { return process_.write_line(line); }
    // Reports every line to and from the engine to `observer` (see EngineProcess::observe).
    void observe(EngineIoObserver* observer, std::string engine) {
        process_.observe(observer, std::move(engine));
    }
    std::string display_name() const;
    const ExitStatus& exit_status() const { return process_.exit_status(); }

  private:
    struct Game {
        std::string fen;  // empty for the start position
        std::vector<std::string> moves;
    };
    void negotiate(std::chrono::milliseconds handshake_timeout);
    [[noreturn]] void fail(const std::string& why, bool exited);
    bool setup_from_scratch();
    bool send_edit(const Position& pos);
    bool send_move(const std::string& uci);
    bool send_limits(const GoLimits& limits);
    void handle_thinking(std::string_view line, EngineReply& reply);
    void read_after_move(EngineReply& reply, Clock::time_point deadline);
    std::string to_uci(std::string_view engine_move);

    EngineProcess process_;
    std::vector<XboardFeature> features_;
    int protocol_version_ = 1;
    std::string name_;
    int ping_counter_ = 0;

    Game wanted_;                   // the game as position() last said it
    std::optional<Game> on_board_;  // the engine's board, when known to follow a game of ours
    bool level_sent_ = false;       // a `level` was sent in this game
    bool result_due_ = false;       // `new` was sent in this game and `result` not yet
    // The position after wanted_'s moves, for translating SAN both ways.
    Board board_;
    Position& pos_ = board_.position();
    bool chess960_ = false;  // enable_chess960(): positions set up and games played as Chess960

    std::vector<std::string> sent_texts_;  // the moves sent before this go, as written
    Clock::time_point go_sent_{};
    std::string line_;
};

}  // namespace arbiter
