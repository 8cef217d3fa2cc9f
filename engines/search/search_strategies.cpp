// The strategies' own units beside the one search (search.cpp): quiescence search, the
// null-move guard and the cutoff bookkeeping of killers and history. SearchFeatures says what
// each strategy does and why it is sound.
#include <algorithm>

#include "engines/core/psqt.h"
#include "engines/core/rules.h"
#include "engines/search/search.h"

namespace arbiter {

namespace {

// Delta pruning: what a capture may gain beyond its victim's value (a positional swing).
// (Delta pruning: +2 +/- 34 Elo at 4000 nodes, +9 +/- 75 at 2+0.02; results/strategies.md.)
constexpr int DELTA_MARGIN = 200;

bool has_non_pawn_material(const Position& pos, Color c) {
    return pos.pieces(c) & ~pos.pieces(PAWN) & ~pos.pieces(KING);
}

}  // namespace

bool null_move_allowed(const Position& pos, int depth, int beta, int static_eval) {
    return !pos.in_check() && depth >= 3 && !is_mate_score(beta) && static_eval >= beta &&
           has_non_pawn_material(pos, pos.side_to_move());
}

int Search::quiescence_score(Position& pos, int alpha, int beta) {
    pos_ = &pos;
    nodes_ = 0;
    node_limit_ = 0;
    aborted_ = false;
    budget_ = TimeBudget{};
    return quiesce(alpha, beta, 0);
}

void Search::record_cutoff(Move m, int depth, int ply) {
    if (is_noisy(*pos_, m)) return;
    if (features_.killers) killers_.record(ply, m);
    if (features_.history) history_.record(pos_->side_to_move(), m, depth);
}

int Search::quiesce(int alpha, int beta, int ply) {
    pv_length_[ply] = ply;
    if (out_of_budget()) {
        aborted_ = true;
        return 0;
    }
    ++nodes_;
    if (ply > seldepth_) seldepth_ = ply;
    if (pos_->rule50() >= 100 || insufficient_material(*pos_) || pos_->repetitions() >= 2) {
        if (!(pos_->in_check() && !has_legal_move(*pos_))) return SCORE_DRAW;
    }
    return quiesce_node(alpha, beta, ply);
}

int Search::quiesce_node(int alpha, int beta, int ply) {
    Position& pos = *pos_;
    const bool in_check = pos.in_check();

    // Step 1. Checkmate and stalemate are seen here too; at the ply limit, evaluate. In check
    // every evasion is searched (there is no standing pat).
    MoveList& moves = move_lists_[ply];
    moves.clear();
    if (in_check) {
        generate_legal(pos, moves);
        if (moves.empty()) return mated_in(ply);
        if (ply >= MAX_PLY) return eval::evaluate(pos, eval_);
    }

    // Step 2. Stand pat: out of check the side to move may decline every capture, unless it
    // has no move at all (stalemate). Only then are the captures and promotions generated.
    int best = -SCORE_INFINITE;
    int stand_pat = 0;
    if (!in_check) {
        stand_pat = best = eval::evaluate(pos, eval_);
        if (ply >= MAX_PLY || best >= beta) return has_legal_move(pos) ? best : SCORE_DRAW;
        generate_noisy(pos, moves);
        if (moves.empty()) return has_legal_move(pos) ? best : SCORE_DRAW;
        if (best > alpha) alpha = best;
    }

    // Step 3. Search the captures and promotions (every move in check) best first, handed out
    // by the main search's picker: noisy_score(), equal scores in generation order.
    MovePicker picker(pos, moves, MovePicker::quiescence);
    for (Move m; (m = picker.next());) {
        if (features_.delta_pruning && !in_check && m.kind() != Move::PROMOTION) {
            PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
            if (stand_pat + psqt::piece_value[victim] + DELTA_MARGIN <= alpha) continue;
        }
        StateInfo st;
        pos.do_move(m, st);
        int score = -quiesce(-beta, -alpha, ply + 1);
        pos.undo_move(m);
        if (aborted_) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                update_pv(ply, m);
                alpha = score;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

}  // namespace arbiter
