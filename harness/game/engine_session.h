// The referee's side of an engine: one small interface that a UCI engine and an XBoard engine
// both implement, so that the referee, clocks, adjudication, storage and ratings never learn which
// protocol a player speaks.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/game/engine_types.h"
#include "harness/process/engine_process.h"

namespace arbiter {

// A started engine as the referee uses it. Every exchange reports ok, timeout or disconnected and
// never throws for the engine's misbehaviour; after a timeout the engine is left as it is and the
// caller decides whether to kill() it. One thread uses a session at a time.
class EngineSession {
  public:
    virtual ~EngineSession() = default;

    // Starts the program and completes the protocol's handshake, then sends `options` in order.
    // Throws (ProcessError, UciError or XboardError) when it cannot.
    virtual void start(const std::string& program, const std::vector<std::string>& args,
                       const std::string& working_directory, const std::string& stderr_log_path,
                       std::chrono::milliseconds handshake_timeout) = 0;
    // Reports every line to and from the engine to `observer` under the name `engine` (the
    // engine log); nullptr stops it. Kept across start().
    virtual void observe(EngineIoObserver* observer, std::string engine) = 0;
    // Sends one engine option; throws UciError/XboardError for an option the engine rejects at
    // once. Returns false if the engine is disconnected.
    virtual bool set_option(std::string_view name, std::string_view value) = 0;
    // Prepares the engine for Chess960 games (UCI_Chess960, XBoard's variant fischerandom).
    // Throws UciError/XboardError naming the engine when it cannot play them. Returns false if
    // the engine is disconnected.
    virtual bool enable_chess960() = 0;

    // A new game starts. Returns false if the engine is disconnected.
    virtual bool new_game() = 0;
    // Waits until the engine has taken in everything sent so far.
    virtual EngineStatus is_ready(std::chrono::milliseconds timeout) = 0;
    // The game so far: the start position (empty or "startpos" for the standard one) and the UCI
    // moves played from it. Returns false if the engine is disconnected.
    virtual bool position(std::string_view fen, std::span<const std::string> moves) = 0;
    // Searches the position under `limits`, waiting at most `timeout` for its move.
    virtual EngineReply go(const GoLimits& limits, std::chrono::milliseconds timeout) = 0;
    // Asks for the move now; wait_reply() then reads it, at most `timeout` after go().
    virtual bool stop() = 0;
    virtual EngineReply wait_reply(std::chrono::milliseconds timeout) = 0;
    // The game is over: `result` ("1-0", "0-1", "1/2-1/2") and its reason ("White mates"). An
    // XBoard engine is told (`result 1-0 {White mates}`), a UCI engine, whose protocol has no such
    // command, is not. Returns false if the engine is disconnected.
    virtual bool end_game(std::string_view result, std::string_view reason) = 0;

    // Pondering (cutechess's `ponder`), asked for at each new game: true when the referee drives
    // it, for a UCI engine that declares the option Ponder (sent `setoption name Ponder value
    // true`); false for an XBoard engine, sent `hard` to ponder by itself, and for a UCI engine
    // without the option, which does not ponder, as in cutechess. An engine that cannot ponder
    // keeps this default.
    virtual bool enable_pondering() { return false; }
    // Once enable_pondering() said true: UciClient::go_ponder() and ponderhit(). Never called
    // otherwise, so the defaults refuse.
    virtual bool go_ponder(const GoLimits&) {
        throw std::logic_error(
            "go ponder sent to an engine whose pondering the referee does not drive");
    }
    virtual PonderHit ponderhit() {
        throw std::logic_error(
            "ponderhit sent to an engine whose pondering the referee does not drive");
    }

    // Asks the engine to exit, killing it after `grace`. True if it exited by itself.
    virtual bool quit(std::chrono::milliseconds grace) = 0;
    virtual void kill() = 0;
    virtual bool alive() = 0;
    // How the engine ended (its exit code or signal); `running` while it runs.
    virtual const ExitStatus& exit_status() const = 0;
    // The engine's own name (UCI `id name`, XBoard `myname`), or its program before the handshake.
    virtual std::string display_name() const = 0;
    // What the engine said of itself in its last handshake; empty before the first.
    virtual EngineOwnIdentity own_identity() const = 0;
    // The options the engine declared in its last handshake, each with the value it holds now
    // (UciClient::declared_options()); none for an XBoard engine, whose features are not read
    // as options, and before the first handshake.
    virtual std::vector<DeclaredOption> declared_options() const { return {}; }
};

// One client behind the referee's interface: every call is forwarded as it is, both clients
// speaking the referee's types (engine_types.h); each protocol's session (harness/uci/session.h,
// harness/xboard/session.h) adds the search.
template <typename Client>
class ClientSession : public EngineSession {
  public:
    void start(const std::string& program, const std::vector<std::string>& args,
               const std::string& working_directory, const std::string& stderr_log_path,
               std::chrono::milliseconds handshake_timeout) final {
        client_.start(program, args, working_directory, stderr_log_path, handshake_timeout);
    }
    void observe(EngineIoObserver* observer, std::string engine) final {
        client_.observe(observer, std::move(engine));
    }
    bool set_option(std::string_view name, std::string_view value) final {
        return client_.set_option(name, value);
    }
    bool enable_chess960() final { return client_.enable_chess960(); }
    bool new_game() final { return client_.new_game(); }
    EngineStatus is_ready(std::chrono::milliseconds timeout) final {
        return client_.is_ready(timeout);
    }
    bool position(std::string_view fen, std::span<const std::string> moves) final {
        return client_.position(fen, moves);
    }
    bool stop() final { return client_.stop(); }
    bool quit(std::chrono::milliseconds grace) final { return client_.quit(grace); }
    void kill() final { client_.kill(); }
    bool alive() final { return client_.alive(); }
    const ExitStatus& exit_status() const final { return client_.exit_status(); }
    std::string display_name() const final { return client_.display_name(); }
    EngineOwnIdentity own_identity() const final { return client_.own_identity(); }

    // The client itself, for callers that need its protocol (`arbiter nodes` needs UCI).
    Client& client() { return client_; }

  protected:
    Client client_;
};

}  // namespace arbiter
