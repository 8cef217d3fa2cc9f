// The UCI client behind the referee's interface (harness/game/engine_session.h), so that the
// referee reaches a UCI engine only through EngineSession; harness/tournament's make_session()
// makes one.
#pragma once

#include <chrono>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/game/engine_session.h"
#include "harness/uci/client.h"
#include "harness/uci/protocol.h"

namespace arbiter {

// A UCI engine behind the referee's interface: its reply is a search and the draw it claims in
// arbiter's claim line, if it does (parse_draw_claim()).
class UciSession final : public ClientSession<UciClient> {
  public:
    EngineReply go(const GoLimits& limits, std::chrono::milliseconds timeout) override {
        return reply_of(client_.go(limits, timeout));
    }
    EngineReply wait_reply(std::chrono::milliseconds timeout) override {
        return reply_of(client_.wait_bestmove(timeout));
    }
    bool end_game(std::string_view, std::string_view) override { return client_.alive(); }
    bool enable_pondering() override {
        return client_.find_option("Ponder") && client_.set_option("Ponder", "true");
    }
    bool go_ponder(const GoLimits& limits) override { return client_.go_ponder(limits); }
    PonderHit ponderhit() override { return client_.ponderhit(); }
    std::vector<DeclaredOption> declared_options() const override {
        return client_.declared_options();
    }

  private:
    static EngineReply reply_of(SearchReply search) {
        EngineReply reply;
        reply.search = std::move(search);
        reply.draw_claim = find_draw_claim(reply.search.info_strings);
        return reply;
    }
};

}  // namespace arbiter
