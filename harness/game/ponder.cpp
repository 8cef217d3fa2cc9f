#include "harness/game/ponder.h"

#include <vector>

namespace arbiter {

void Ponderer::begin_game(EngineSession& engine, bool wanted) {
    engine_ = &engine;
    active_ = wanted && engine.enable_pondering();
    pondering_ = hit_ = false;
    expected_.clear();
}

void Ponderer::expect(const SearchReply& reply, Board& board) {
    expected_.clear();
    if (!active_) return;
    std::string candidate = reply.ponder;
    if (candidate.empty() && reply.pv.size() >= 2 && reply.pv[0] == reply.bestmove)
        candidate = reply.pv[1];
    // Stockfish says "(none)" and Komodo "0000" when they expect nothing: not moves.
    if (!board.play_uci(candidate)) return;
    bool ends_game = board.status() != GameStatus::ongoing;
    board.undo();
    if (!ends_game) expected_ = std::move(candidate);
}

void Ponderer::start(std::string_view fen, std::span<const std::string> moves,
                     const GoLimits& limits) {
    if (!active_ || expected_.empty()) return;
    std::vector<std::string> line(moves.begin(), moves.end());
    line.push_back(expected_);
    pondering_ = true;
    ponder_sent_ = std::chrono::steady_clock::now();
    if (engine_->position(fen, line)) engine_->go_ponder(limits);
}

EngineStatus Ponderer::resolve(std::string_view played, std::chrono::milliseconds stall_timeout) {
    hit_ = false;
    if (!pondering_) return EngineStatus::ok;
    if (played == expected_) {
        switch (engine_->ponderhit()) {
            case PonderHit::sent:
                pondering_ = false;
                hit_ = true;
                return EngineStatus::ok;
            case PonderHit::premature:  // its bestmove came unasked and is discarded
                pondering_ = false;
                return EngineStatus::ok;
            case PonderHit::disconnected:
                pondering_ = false;
                return EngineStatus::disconnected;
        }
    }
    return stop_search(stall_timeout);
}

EngineReply Ponderer::answer(std::string_view fen, std::span<const std::string> moves,
                             const GoLimits& limits, std::chrono::milliseconds timeout) {
    answered_after_ponderhit_ = hit_;
    if (hit_) {
        hit_ = false;
        return engine_->wait_reply(timeout);
    }
    if (!engine_->position(fen, moves)) {
        EngineReply gone;
        gone.search.status = EngineStatus::disconnected;
        return gone;
    }
    return engine_->go(limits, timeout);
}

EngineStatus Ponderer::end(std::chrono::milliseconds stall_timeout) {
    hit_ = false;
    if (!pondering_) return EngineStatus::ok;
    return stop_search(stall_timeout);
}

EngineStatus Ponderer::stop_search(std::chrono::milliseconds stall_timeout) {
    pondering_ = false;
    if (!engine_->stop()) return EngineStatus::disconnected;
    // wait_reply() counts from `go ponder`: the ponder search's time so far, then the stall wait.
    auto searched = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - ponder_sent_);
    return engine_->wait_reply(searched + stall_timeout).search.status;
}

}  // namespace arbiter
