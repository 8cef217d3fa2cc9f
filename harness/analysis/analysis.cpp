#include "harness/analysis/analysis.h"

#include <algorithm>

#include "engines/core/board.h"
#include "engines/core/notation.h"

namespace arbiter {

int clamped_centipawns(const Score& score) {
    if (score.is_mate()) return score.mate_moves() > 0 ? 1000 : -1000;
    return std::clamp(score.centipawns(), -1000, 1000);
}

std::vector<PositionVerdict> analyse_positions(UciClient& engine, const std::string& start_fen,
                                               const std::vector<std::string>& uci_moves,
                                               const GoLimits& limits,
                                               std::chrono::milliseconds timeout) {
    std::vector<PositionVerdict> verdicts;
    verdicts.reserve(uci_moves.size() + 1);
    if (!engine.new_game() || engine.is_ready(timeout) != EngineStatus::ok)
        throw UciError("the engine did not take a new game");
    for (std::size_t ply = 0; ply <= uci_moves.size(); ++ply) {
        const std::span<const std::string> played(uci_moves.data(), ply);
        if (!engine.position(start_fen, played)) throw UciError("the engine has gone");
        SearchReply reply = engine.go(limits, timeout);
        if (reply.status != EngineStatus::ok)
            throw UciError("no answer for the position after ply " + std::to_string(ply));
        PositionVerdict verdict;
        verdict.score = reply.score;
        if (reply.bestmove != "(none)" && reply.bestmove != "0000")
            verdict.best_move = reply.bestmove;
        verdicts.push_back(std::move(verdict));
    }
    return verdicts;
}

std::vector<AnnotatedMove> annotate_game(const std::string& start_fen,
                                         const std::vector<std::string>& uci_moves,
                                         const std::vector<PositionVerdict>& verdicts,
                                         const MistakeThresholds& thresholds) {
    Board board;
    if (!board.set(start_fen).empty()) return {};
    std::vector<AnnotatedMove> out;
    for (std::size_t i = 0; i < uci_moves.size() && i + 1 < verdicts.size(); ++i) {
        const Color mover = board.side_to_move();
        Position& pos = board.position();
        AnnotatedMove move;
        const Move played = move_from_uci(pos, uci_moves[i]);
        if (!played) break;
        move.san = move_to_san(pos, played);
        const PositionVerdict& before = verdicts[i];
        const PositionVerdict& after = verdicts[i + 1];
        // The score after the move is the opponent's (side to move's) point of view: negated
        // for the mover, then set from White's side.
        if (after.score) {
            move.eval_after = mover == WHITE ? after.score->negated() : *after.score;
        }
        if (before.score && after.score) {
            const int expected = clamped_centipawns(*before.score);
            const int got = -clamped_centipawns(*after.score);
            move.loss = std::max(0, expected - got);
            if (move.loss >= thresholds.blunder)
                move.nag = "??";
            else if (move.loss >= thresholds.mistake)
                move.nag = "?";
            else if (move.loss >= thresholds.inaccuracy)
                move.nag = "?!";
        }
        if (!move.nag.empty() && !before.best_move.empty() && before.best_move != uci_moves[i]) {
            if (const Move best = move_from_uci(pos, before.best_move))
                move.better = move_to_san(pos, best);
        }
        if (!move.nag.empty() && move.better.empty()) move.nag.clear();  // it played the best
        board.play(played);
        out.push_back(std::move(move));
    }
    return out;
}

}  // namespace arbiter
