// The XBoard client behind the referee's interface (harness/game/engine_session.h), so that the
// referee reaches an XBoard engine only through EngineSession; harness/tournament's
// make_session() makes one.
#pragma once

#include <chrono>
#include <string_view>

#include "harness/game/engine_session.h"
#include "harness/xboard/client.h"

namespace arbiter {

// An XBoard (CECP) engine behind the referee's interface: its client reads resignations, claims,
// draw offers and complaints into the reply itself, and reports a move of ours that the engine
// refused ("Illegal move") as an error and a disconnection, so that the referee restarts the
// engine. position() throws XboardError for a position the engine cannot be given (Black to move
// without setboard), and go() for a node limit: configuration errors.
class XboardSession final : public ClientSession<XboardClient> {
  public:
    EngineReply go(const GoLimits& limits, std::chrono::milliseconds timeout) override {
        return client_.go(limits, timeout);
    }
    EngineReply wait_reply(std::chrono::milliseconds timeout) override {
        return client_.wait_reply(timeout);
    }
    bool end_game(std::string_view result, std::string_view reason) override {
        return client_.end_game(result, reason);
    }
    // cutechess's `hard`: the engine ponders by itself; the referee drives nothing.
    bool enable_pondering() override {
        client_.send("hard");
        return false;
    }
};

}  // namespace arbiter
