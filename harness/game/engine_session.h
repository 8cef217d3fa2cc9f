// The referee's side of an engine: one small interface that a UCI engine and an XBoard engine
// both implement, so that the referee, clocks, adjudication, storage and ratings never learn which
// protocol a player speaks.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/config/engine_config.h"
#include "harness/uci/client.h"
#include "harness/xboard/client.h"

namespace arbiter {

// What the engine answered to one search: the move and its thinking output (`search`), and what
// only some protocols can say: a resignation, a claim of the game's result (the referee checks
// it), a draw offer (recorded, deciding nothing), and protocol complaints for the log (XBoard's
// `Error (...)` and `Illegal move` replies). A UCI engine only ever fills `search`.
struct EngineReply {
    SearchReply search;
    bool resigned = false;
    std::optional<std::string> claimed_result;  // "1-0", "0-1", "1/2-1/2"
    std::string claim_reason;
    bool offered_draw = false;
    std::vector<std::string> errors;
};

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
    // Sends one engine option; throws UciError/XboardError for an option the engine rejects at
    // once. Returns false if the engine is disconnected.
    virtual bool set_option(std::string_view name, std::string_view value) = 0;

    // A new game starts. Returns false if the engine is disconnected.
    virtual bool new_game() = 0;
    // Waits until the engine has taken in everything sent so far.
    virtual UciStatus is_ready(std::chrono::milliseconds timeout) = 0;
    // The game so far: the start position (empty or "startpos" for the standard one) and the UCI
    // moves played from it. Returns false if the engine is disconnected.
    virtual bool position(std::string_view fen, std::span<const std::string> moves) = 0;
    // Searches the position under `limits`, waiting at most `timeout` for its move.
    virtual EngineReply go(const GoLimits& limits, std::chrono::milliseconds timeout) = 0;
    // Asks for the move now; wait_reply() then reads it, at most `timeout` after go().
    virtual bool stop() = 0;
    virtual EngineReply wait_reply(std::chrono::milliseconds timeout) = 0;

    // Asks the engine to exit, killing it after `grace`. True if it exited by itself.
    virtual bool quit(std::chrono::milliseconds grace) = 0;
    virtual void kill() = 0;
    virtual bool alive() = 0;
    // "exited with code 1", "killed by signal 6 (Aborted)"; empty while it runs.
    virtual const std::string& exit_status() const = 0;
    // The engine's own name (UCI `id name`, XBoard `myname`), or its program before the handshake.
    virtual std::string display_name() const = 0;
};

// A UCI engine behind the referee's interface.
class UciSession final : public EngineSession {
  public:
    void start(const std::string& program, const std::vector<std::string>& args,
               const std::string& working_directory, const std::string& stderr_log_path,
               std::chrono::milliseconds handshake_timeout) override {
        client_.start(program, args, working_directory, stderr_log_path, handshake_timeout);
    }
    bool set_option(std::string_view name, std::string_view value) override {
        return client_.set_option(name, value);
    }
    bool new_game() override { return client_.new_game(); }
    UciStatus is_ready(std::chrono::milliseconds timeout) override {
        return client_.is_ready(timeout);
    }
    bool position(std::string_view fen, std::span<const std::string> moves) override {
        return client_.position(fen, moves);
    }
    EngineReply go(const GoLimits& limits, std::chrono::milliseconds timeout) override {
        EngineReply reply;
        reply.search = client_.go(limits, timeout);
        return reply;
    }
    bool stop() override { return client_.stop(); }
    EngineReply wait_reply(std::chrono::milliseconds timeout) override {
        EngineReply reply;
        reply.search = client_.wait_bestmove(timeout);
        return reply;
    }
    bool quit(std::chrono::milliseconds grace) override { return client_.quit(grace); }
    void kill() override { client_.kill(); }
    bool alive() override { return client_.alive(); }
    const std::string& exit_status() const override { return client_.exit_status(); }
    std::string display_name() const override { return client_.display_name(); }

    // The UCI client itself, for callers that need UCI (`arbiter nodes`).
    UciClient& client() { return client_; }

  private:
    UciClient client_;
};

// An XBoard (CECP) engine behind the referee's interface. A move of ours that the engine refused
// ("Illegal move") is reported as an error and as a disconnection-like failure of the search, so
// that the referee restarts the engine: its board no longer follows the game.
class XboardSession final : public EngineSession {
  public:
    void start(const std::string& program, const std::vector<std::string>& args,
               const std::string& working_directory, const std::string& stderr_log_path,
               std::chrono::milliseconds handshake_timeout) override {
        client_.start(program, args, working_directory, stderr_log_path, handshake_timeout);
    }
    bool set_option(std::string_view name, std::string_view value) override {
        return client_.set_option(name, value);
    }
    bool new_game() override { return client_.new_game(); }
    UciStatus is_ready(std::chrono::milliseconds timeout) override {
        return client_.is_ready(timeout);
    }
    // Throws XboardError for a position the engine cannot be given (Black to move without
    // setboard): a configuration error, like a node limit in go().
    bool position(std::string_view fen, std::span<const std::string> moves) override {
        return client_.position(fen, moves);
    }
    EngineReply go(const GoLimits& limits, std::chrono::milliseconds timeout) override {
        return translate(client_.go(limits, timeout));
    }
    bool stop() override { return client_.stop(); }
    EngineReply wait_reply(std::chrono::milliseconds timeout) override {
        return translate(client_.wait_reply(timeout));
    }
    bool quit(std::chrono::milliseconds grace) override { return client_.quit(grace); }
    void kill() override { client_.kill(); }
    bool alive() override { return client_.alive(); }
    const std::string& exit_status() const override { return client_.exit_status(); }
    std::string display_name() const override { return client_.display_name(); }

    XboardClient& client() { return client_; }

  private:
    static EngineReply translate(XboardReply reply);

    XboardClient client_;
};

// A new, unstarted session for `protocol`.
std::unique_ptr<EngineSession> make_session(EngineProtocol protocol);

}  // namespace arbiter
