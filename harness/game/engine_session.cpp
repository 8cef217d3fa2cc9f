#include "harness/game/engine_session.h"

namespace arbiter {

EngineReply XboardSession::translate(XboardReply reply) {
    EngineReply out;
    out.search = std::move(reply.search);
    out.resigned = reply.resigned;
    out.claim_reason = std::move(reply.claim_reason);
    // "*" ends nothing: the engine only says it stops playing this game, which the referee
    // learns from its missing move.
    if (reply.claimed_result && *reply.claimed_result != "*")
        out.claimed_result = std::move(reply.claimed_result);
    out.offered_draw = reply.offered_draw;
    out.errors = std::move(reply.errors);
    if (reply.refused_move) {
        // Its board no longer follows the game: the search failed as a broken connection does.
        out.errors.push_back("Illegal move: " + *reply.refused_move + " (a legal move of ours)");
        out.search.status = UciStatus::disconnected;
    }
    return out;
}

std::unique_ptr<EngineSession> make_session(EngineProtocol protocol) {
    if (protocol == EngineProtocol::xboard) return std::make_unique<XboardSession>();
    return std::make_unique<UciSession>();
}

}  // namespace arbiter
