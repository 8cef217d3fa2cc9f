// The strategies path of the search core: alpha-beta with the staged move picker plus whichever
// of quiescence, killers, history, check extension, PVS, aspiration windows, null-move pruning
// and late-move reductions are switched on (SearchFeatures says what each does and why it is
// sound). The flags are read at run time, so that the lab engine can switch them by option;
// the older engines keep their own compiled-per-combination path in search.cpp, untouched.
#include <algorithm>

#include "engines/core/psqt.h"
#include "engines/core/rules.h"
#include "engines/search/search.h"

namespace arbiter {

namespace {

// Aspiration: the first window's half-width, and the width past which the window is opened.
constexpr int ASPIRATION_DELTA = 25;
constexpr int ASPIRATION_MAX = 400;
// Delta pruning: what a capture may gain beyond its victim's value (a positional swing).
constexpr int DELTA_MARGIN = 200;
// Late-move reductions apply from this remaining depth and after this many moves.
constexpr int LMR_MIN_DEPTH = 3;
constexpr int LMR_MIN_MOVES = 3;

bool has_non_pawn_material(const Position& pos, Color c) {
    return pos.pieces(c) & ~pos.pieces(PAWN) & ~pos.pieces(KING);
}

// Captures and promotions: the moves quiescence searches when not in check.
bool is_noisy(const Position& pos, Move m) {
    return pos.is_capture(m) || m.kind() == Move::PROMOTION;
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

// Aspiration windows around the root: from depth 4 on, a narrow window around the previous
// score, widened on the side that failed until the result lies inside it.
int Search::search_root_aspirated(int depth) {
    if (!features_.aspiration || depth < 4 || is_mate_score(previous_score_))
        return search_root_window(depth, -SCORE_INFINITE, SCORE_INFINITE);
    int delta = ASPIRATION_DELTA;
    int alpha = std::max(previous_score_ - delta, -SCORE_INFINITE);
    int beta = std::min(previous_score_ + delta, int(SCORE_INFINITE));
    for (;;) {
        int score = search_root_window(depth, alpha, beta);
        if (aborted_) return 0;
        if (score > alpha && score < beta) return score;
        delta *= 2;
        if (delta > ASPIRATION_MAX)
            return search_root_window(depth, -SCORE_INFINITE, SCORE_INFINITE);
        if (score <= alpha) alpha = std::max(score - delta, -SCORE_INFINITE);
        if (score >= beta) beta = std::min(score + delta, int(SCORE_INFINITE));
    }
}

int Search::search_root_window(int depth, int alpha, int beta) {
    // Step 1. The root is a node of every search (if the budget allows one more node).
    pv_length_[0] = 0;
    if (out_of_budget()) {
        aborted_ = true;
        return 0;
    }
    ++nodes_;
    Position& pos = *pos_;
    const SearchFeatures& f = features_;

    // Step 2. Order the root moves: the hash move, captures, then quiets by history.
    MoveList& moves = move_lists_[0];
    moves.clear();
    generate_legal(pos, moves);
    Move hash_move = Move::none();
    if (f.transposition_table)
        if (const TTEntry* entry = tt_.probe(pos.key())) hash_move = entry->move;
    QuietOrdering quiet;
    if (f.history) quiet.history = &history_;
    MovePicker picker(pos, moves, hash_move, quiet);
    while (picker.next()) {}
    root_moves_ = moves;

    // Step 3. Search every root move; with PVS, later moves first with a null window.
    const int original_alpha = alpha;
    int best = -SCORE_INFINITE;
    Move best_move = Move::none();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Move m = moves[i];
        StateInfo st;
        pos.do_move(m, st);
        int score;
        if (i > 0 && f.pvs) {
            score = -search_child(-alpha - 1, -alpha, depth - 1, 1);
            if (!aborted_ && score > alpha && score < beta)
                score = -search_child(-beta, -alpha, depth - 1, 1);
        } else {
            score = -search_child(-beta, -alpha, depth - 1, 1);
        }
        pos.undo_move(m);
        if (aborted_) return 0;
        root_scores_[i] = score;
        if (score > best) {
            best = score;
            best_move = m;
            update_pv(0, m);
            if (score > alpha) alpha = score;
            if (alpha >= beta) break;
        }
    }

    // Step 4. Remember the root's result: its best move leads the next iteration.
    if (f.transposition_table) {
        Bound bound = best >= beta            ? Bound::lower
                      : best > original_alpha ? Bound::exact
                                              : Bound::upper;
        tt_.store(pos.key(), best_move, best, depth, bound, 0);
    }
    return best;
}

int Search::search_child(int alpha, int beta, int depth, int ply) {
    return negamax_strategies(alpha, beta, depth, ply, true);
}

void Search::record_cutoff(Move m, int depth, int ply) {
    if (is_noisy(*pos_, m)) return;
    if (features_.killers) killers_.record(ply, m);
    if (features_.history) history_.record(pos_->side_to_move(), m, depth);
}

int Search::negamax_strategies(int alpha, int beta, int depth, int ply, bool null_allowed) {
    Position& pos = *pos_;
    const SearchFeatures& f = features_;
    pv_length_[ply] = ply;

    // Step 1. Out of nodes or time, or told to stop: abandon the iteration. Otherwise count
    // the node. A check extension happens before the horizon test: a checked side is never a
    // leaf while plies remain.
    if (out_of_budget()) {
        aborted_ = true;
        return 0;
    }
    ++nodes_;
    const bool in_check = pos.in_check();
    if (f.check_extension && in_check && ply < MAX_PLY / 2) ++depth;
    if (depth <= 0) ++leaves_;
    if (ply > seldepth_) seldepth_ = ply;

    // Step 2. Draws by rule, as in the plain search.
    if (pos.rule50() >= 100) return in_check && !has_legal_move(pos) ? mated_in(ply) : SCORE_DRAW;
    if (insufficient_material(pos) || pos.repetitions() >= 2) return SCORE_DRAW;

    // Step 3. At the depth limit: quiescence, or mate/stalemate and the evaluation.
    if (depth <= 0 || ply >= MAX_PLY) {
        if (f.quiescence && ply < MAX_PLY) return quiesce_node(alpha, beta, ply);
        if (!has_legal_move(pos)) return in_check ? mated_in(ply) : SCORE_DRAW;
        return eval::evaluate(pos, eval_);
    }

    // Step 4. The transposition table: a result at least this deep with a fitting bound ends
    // the node; any stored move is tried first.
    Move hash_move = Move::none();
    if (f.transposition_table) {
        if (const TTEntry* entry = tt_.probe(pos.key())) {
            hash_move = entry->move;
            if (entry->depth >= depth) {
                int score = TranspositionTable::score_from_tt(entry->score, ply);
                if (entry->bound == Bound::exact ||
                    (entry->bound == Bound::lower && score >= beta) ||
                    (entry->bound == Bound::upper && score <= alpha))
                    return score;
            }
        }
    }

    // Step 5. Null move: give the opponent a free move; if a search reduced by R still fails
    // high, this node would too. Never twice in a row, never in check or in pawn endings.
    if (f.null_move && null_allowed &&
        null_move_allowed(pos, depth, beta, eval::evaluate(pos, eval_))) {
        int reduction = depth >= 7 ? 3 : 2;
        StateInfo st;
        pos.do_null_move(st);
        int score = -negamax_strategies(-beta, -beta + 1, depth - 1 - reduction, ply + 1, false);
        pos.undo_null_move();
        if (aborted_) return 0;
        if (score >= beta) return is_mate_score(score) ? beta : score;
    }

    // Step 6. No legal move: checkmate or stalemate.
    MoveList& moves = move_lists_[ply];
    moves.clear();
    generate_legal(pos, moves);
    if (moves.empty()) return in_check ? mated_in(ply) : SCORE_DRAW;

    // Step 7. Search the moves from the staged picker: PVS null windows after the first move,
    // late quiet moves reduced.
    QuietOrdering quiet;
    if (f.killers) {
        quiet.killers[0] = killers_.first(ply);
        quiet.killers[1] = killers_.second(ply);
    }
    if (f.history) quiet.history = &history_;
    MovePicker picker(pos, moves, hash_move, quiet);
    int best = -SCORE_INFINITE;
    Move best_move = Move::none();
    const int original_alpha = alpha;
    int move_count = 0;
    for (Move m = picker.next(); m; m = picker.next()) {
        ++move_count;
        const bool quiet_move = !is_noisy(pos, m);
        const bool killer = m == quiet.killers[0] || m == quiet.killers[1];
        StateInfo st;
        pos.do_move(m, st);
        const int new_depth = depth - 1;
        int score;
        if (move_count == 1) {
            score = -search_child(-beta, -alpha, new_depth, ply + 1);
        } else {
            bool full_depth = true;
            if (f.late_move_reductions && depth >= LMR_MIN_DEPTH && move_count > LMR_MIN_MOVES &&
                quiet_move && !killer && !in_check && !pos.in_check()) {
                int reduction = move_count > 10 && depth >= 6 ? 2 : 1;
                score = -search_child(-alpha - 1, -alpha, new_depth - reduction, ply + 1);
                full_depth = !aborted_ && score > alpha;
            }
            if (full_depth && f.pvs) {
                score = -search_child(-alpha - 1, -alpha, new_depth, ply + 1);
                if (!aborted_ && score > alpha && score < beta)
                    score = -search_child(-beta, -alpha, new_depth, ply + 1);
            } else if (full_depth) {
                score = -search_child(-beta, -alpha, new_depth, ply + 1);
            }
        }
        pos.undo_move(m);
        if (aborted_) return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                update_pv(ply, m);
                alpha = score;
                if (alpha >= beta) {
                    record_cutoff(m, depth, ply);
                    break;
                }
            }
        }
    }

    // Step 8. Store the result with the bound it proves.
    if (f.transposition_table) {
        Bound bound = best >= beta            ? Bound::lower
                      : best > original_alpha ? Bound::exact
                                              : Bound::upper;
        tt_.store(pos.key(), best_move, best, depth, bound, ply);
    }
    return best;
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

    // Step 1. Checkmate and stalemate are seen here too; at the ply limit, evaluate.
    MoveList& moves = move_lists_[ply];
    moves.clear();
    generate_legal(pos, moves);
    if (moves.empty()) return in_check ? mated_in(ply) : SCORE_DRAW;
    if (ply >= MAX_PLY) return eval::evaluate(pos, eval_);

    // Step 2. Stand pat: out of check the side to move may decline every capture.
    int best = -SCORE_INFINITE;
    int stand_pat = 0;
    if (!in_check) {
        stand_pat = best = eval::evaluate(pos, eval_);
        if (best >= beta) return best;
        if (best > alpha) alpha = best;
    }

    // Step 3. Keep the captures and promotions (every move in check) and order them by
    // MVV-LVA, a queen promotion as the most valuable victim.
    std::size_t count = 0;
    int keys[MoveList::CAPACITY];
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Move m = moves[i];
        if (!in_check && !is_noisy(pos, m)) continue;
        int key = mvv_lva(pos, m);
        if (m.kind() == Move::PROMOTION && m.promotion() == QUEEN) key += QUEEN * 8;
        keys[count] = key * 256 + (255 - int(i));
        moves[count++] = m;
    }

    // Step 4. Search them best first (selection: most nodes cut off early).
    for (std::size_t n = 0; n < count; ++n) {
        std::size_t pick = n;
        for (std::size_t i = n + 1; i < count; ++i)
            if (keys[i] > keys[pick]) pick = i;
        std::swap(keys[pick], keys[n]);
        Move m = moves[pick];
        moves[pick] = moves[n];
        moves[n] = m;
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
