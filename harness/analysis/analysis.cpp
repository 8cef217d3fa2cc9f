#include "harness/analysis/analysis.h"

#include <algorithm>

#include "engines/core/board.h"
#include "engines/core/notation.h"

namespace arbiter {

int clamped_centipawns(const Score& score) {
    if (score.is_mate()) return score.mate_moves() > 0 ? 1000 : -1000;
    return std::clamp(score.centipawns(), -1000, 1000);
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
        if (!before.best_move.empty() && before.best_move != uci_moves[i]) {
            if (const Move best = move_from_uci(pos, before.best_move))
                move.engine_move = move_to_san(pos, best);
        }
        if (!move.nag.empty()) move.better = move.engine_move;
        if (!move.nag.empty() && move.better.empty()) move.nag.clear();  // it played the best
        board.play(played);
        out.push_back(std::move(move));
    }
    return out;
}

void LossTally::add(const AnnotatedMove& move) {
    ++moves;
    loss += move.loss;
    inaccuracies += move.nag == "?!";
    mistakes += move.nag == "?";
    blunders += move.nag == "??";
}

double LossTally::average_loss() const {
    return moves ? double(loss) / double(moves) : 0.0;
}

double LossTally::per_game(std::int64_t count) const {
    return games ? double(count) / double(games) : 0.0;
}

std::optional<TurningPoint> turning_point(const std::vector<AnnotatedMove>& moves,
                                          const std::vector<PositionVerdict>& verdicts,
                                          bool white_first, Color loser, int threshold) {
    // Walking back from the loser's last move: the earliest of the run of its moves after which
    // its evaluation was at most -threshold.
    std::optional<std::size_t> first;
    for (std::size_t i = moves.size(); i-- > 0;) {
        const bool white = (i % 2 == 0) == white_first;
        if (white != (loser == WHITE)) continue;
        if (!moves[i].eval_after) break;
        const int after = clamped_centipawns(*moves[i].eval_after) * (loser == WHITE ? 1 : -1);
        if (after > -threshold) break;
        first = i;
    }
    if (!first) return std::nullopt;
    const AnnotatedMove& move = moves[*first];
    TurningPoint point;
    point.ply = *first + 1;
    point.san = move.san;
    point.better = move.engine_move;
    point.after = clamped_centipawns(*move.eval_after) * (loser == WHITE ? 1 : -1);
    if (*first < verdicts.size() && verdicts[*first].score)
        point.before = clamped_centipawns(*verdicts[*first].score);
    return point;
}

}  // namespace arbiter
