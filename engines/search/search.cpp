#include "engines/search/search.h"

#include <algorithm>

#include "engines/core/rules.h"
#include "engines/search/move_order.h"

namespace arbiter {

namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// Checks the clock only every this many nodes (a power of two), when there is a clock at all.
constexpr std::uint64_t TIME_CHECK_INTERVAL = 2048;

// A new iteration is started only while less than this share of the soft limit has passed:
// the next iteration usually takes several times longer than all before it.
constexpr double NEXT_ITERATION_SHARE = 0.6;

// Aspiration: the first window's half-width, and the width past which the window is opened.
constexpr int ASPIRATION_DELTA = 25;
constexpr int ASPIRATION_MAX = 400;
// Late-move reductions apply from this remaining depth and after this many moves.
constexpr int LMR_MIN_DEPTH = 3;
constexpr int LMR_MIN_MOVES = 3;

}  // namespace

Search::Search(const SearchFeatures& features)
    : features_(features), tt_(features.transposition_table ? TranspositionTable::DEFAULT_MB : 0) {}

void Search::set_hash_size(std::size_t megabytes) {
    if (features_.transposition_table) tt_.resize(megabytes);
}

void Search::new_game() {
    if (features_.transposition_table) tt_.clear();
}

std::int64_t Search::elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start_)
        .count();
}

std::uint64_t Search::seeded_index(std::uint64_t n) const {
    return mix(seed_ ^ mix(pos_->key())) % n;
}

bool Search::out_of_budget() {
    if (stop_.load(std::memory_order_relaxed)) return true;
    if (node_limit_ && nodes_ >= node_limit_) return true;
    if (budget_.limited() && nodes_ % TIME_CHECK_INTERVAL == 0 && elapsed_ms() >= budget_.hard_ms)
        return true;
    return false;
}

void Search::update_pv(int ply, Move m) {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = pv_length_[ply + 1];
}

// A mate's PV that a table hit cut short is completed from the table: at each position along it
// the stored move is played while it is legal, until the PV holds the announced mate's plies
// (fastchess's -check-mate-pvs, and fishtest with it, wants the whole mate). The table is only
// read and the position is given back as it was: nodes, scores and moves stay what they were.
void Search::complete_mating_pv(std::vector<Move>& pv, int score) {
    if (!features_.transposition_table || !is_mate_score(score)) return;
    const std::size_t plies = std::size_t(SCORE_MATE - (score > 0 ? score : -score));
    if (pv.size() >= plies || plies > MAX_PLY) return;
    Position& pos = *pos_;
    StateInfo states[MAX_PLY + 1];
    for (std::size_t i = 0; i < pv.size(); ++i) pos.do_move(pv[i], states[i]);
    while (pv.size() < plies) {
        const TTEntry* entry = tt_.probe(pos.key());
        if (!entry || !entry->move || !is_legal(pos, entry->move)) break;
        pv.push_back(entry->move);
        pos.do_move(entry->move, states[pv.size() - 1]);
    }
    for (std::size_t i = pv.size(); i-- > 0;) pos.undo_move(pv[i]);
}

SearchResult Search::run(Position& pos, const SearchLimits& limits,
                         const std::function<void(const IterationInfo&)>& on_iteration) {
    start_ = std::chrono::steady_clock::now();
    pos_ = &pos;
    nodes_ = 0;
    leaves_ = 0;
    aborted_ = false;
    node_limit_ = limits.nodes;
    budget_ = plan_time(limits, pos.side_to_move(), move_overhead_ms_);
    root_moves_.clear();
    generate_legal(pos, root_moves_);

    SearchResult result;
    if (root_moves_.empty() || features_.random_mover) {
        // Step 0. Nothing to search: no legal move, or the random mover's seeded choice.
        result.nodes = nodes_ = 1;
        if (root_moves_.empty())
            result.score = pos.in_check() ? mated_in(0) : SCORE_DRAW;
        else
            result.best_move = root_moves_[seeded_index(root_moves_.size())];
        if (result.best_move) result.pv.push_back(result.best_move);
        result.elapsed_ms = elapsed_ms();
        return result;
    }
    if (features_.transposition_table) tt_.new_search();

    if (features_.strategies()) {
        killers_.clear();
        history_.clear();
    }
    RootSearch root = root_search(features_);
    iterate(root, result, limits, on_iteration);
    result.nodes = nodes_;
    result.elapsed_ms = elapsed_ms();
    return result;
}

Search::RootSearch Search::root_search(const SearchFeatures& f) {
    static constexpr RootSearch plain[2][2][2] = {
        {{&Search::search_root<Path{false, false, false, false}>,
          &Search::search_root<Path{false, false, true, false}>},
         {&Search::search_root<Path{false, true, false, false}>,
          &Search::search_root<Path{false, true, true, false}>}},
        {{&Search::search_root<Path{true, false, false, false}>,
          &Search::search_root<Path{true, false, true, false}>},
         {&Search::search_root<Path{true, true, false, false}>,
          &Search::search_root<Path{true, true, true, false}>}}};
    if (!f.strategies()) return plain[f.alpha_beta][f.mvv_lva][f.transposition_table];
    return f.transposition_table ? &Search::search_root<Path{true, true, true, true}>
                                 : &Search::search_root<Path{true, true, false, true}>;
}

void Search::iterate(RootSearch root, SearchResult& result, const SearchLimits& limits,
                     const std::function<void(const IterationInfo&)>& on_iteration) {
    int max_depth = features_.max_depth;
    if (limits.depth > 0 && limits.depth < max_depth) max_depth = limits.depth;

    for (int depth = 1; depth <= max_depth; ++depth) {
        leaves_ = 0;
        seldepth_ = 0;
        int score = (this->*root)(depth);
        if (aborted_) {
            // Keep nothing from an abandoned iteration, unless none completed at all: then its
            // best root move so far, or failing that the first legal move, will have to do.
            if (result.depth == 0) {
                result.best_move = pv_length_[0] > 0 ? pv_[0][0] : root_moves_[0];
                result.pv.assign(1, result.best_move);
            }
            break;
        }

        // A completed iteration: its result replaces the previous one.
        result.depth = depth;
        result.score = previous_score_ = score;
        result.leaves = leaves_;
        result.pv.assign(pv_[0], pv_[0] + pv_length_[0]);
        complete_mating_pv(result.pv, score);
        if (features_.seeded_ties && !features_.alpha_beta) {
            // Root scores are exact without pruning: choose among the equally best by Seed.
            MoveList ties;
            for (std::size_t i = 0; i < root_moves_.size(); ++i)
                if (root_scores_[i] == score) ties.push(root_moves_[i]);
            Move chosen = ties[seeded_index(ties.size())];
            if (chosen != result.pv[0]) result.pv.assign(1, chosen);
        }
        result.best_move = result.pv[0];

        if (on_iteration) {
            IterationInfo info;
            info.depth = depth;
            info.seldepth = seldepth_;
            info.score = score;
            info.nodes = nodes_;
            info.leaves = leaves_;
            info.elapsed_ms = elapsed_ms();
            info.hashfull = features_.transposition_table ? tt_.hashfull() : -1;
            info.pv = result.pv;
            on_iteration(info);
        }

        // Step: stop early when more depth cannot change the answer or time is short. A mate
        // found at distance <= depth is the shortest mate (every line was searched that deep).
        if (is_mate_score(score) && SCORE_MATE - (score > 0 ? score : -score) <= depth) break;
        if (budget_.limited() && elapsed_ms() >= budget_.soft_ms * NEXT_ITERATION_SHARE) break;
        if (stop_.load(std::memory_order_relaxed)) break;
    }
}

// Aspiration windows around the root (a strategy): from depth 4 on, a narrow window around the
// previous score, widened on the side that failed until the result lies inside it.
// (Aspiration: -9 +/- 31 Elo at 4000 nodes, +9 +/- 75 at 2+0.02; results/strategies.md.)
template <Search::Path P>
int Search::search_root(int depth) {
    if (!P.strategies || !features_.aspiration || depth < 4 || is_mate_score(previous_score_))
        return search_root_window<P>(depth, -SCORE_INFINITE, SCORE_INFINITE);
    int delta = ASPIRATION_DELTA;
    int alpha = std::max(previous_score_ - delta, -SCORE_INFINITE);
    int beta = std::min(previous_score_ + delta, int(SCORE_INFINITE));
    for (;;) {
        int score = search_root_window<P>(depth, alpha, beta);
        if (aborted_) return 0;
        if (score > alpha && score < beta) return score;
        delta *= 2;
        if (delta > ASPIRATION_MAX)
            return search_root_window<P>(depth, -SCORE_INFINITE, SCORE_INFINITE);
        if (score <= alpha) alpha = std::max(score - delta, -SCORE_INFINITE);
        if (score >= beta) beta = std::min(score + delta, int(SCORE_INFINITE));
    }
}

template <Search::Path P>
int Search::search_root_window(int depth, int alpha, int beta) {
    // Step 1. The root is a node of every search (if the budget allows one more node).
    pv_length_[0] = 0;
    if (out_of_budget()) {
        aborted_ = true;
        return 0;
    }
    ++nodes_;
    Position& pos = *pos_;

    // Step 2. Order the root moves afresh from generation order, so each search's order
    // depends only on the position and on what earlier searches stored and learnt: the hash
    // move, captures, then quiet moves (by history with that strategy).
    MoveList& moves = move_lists_[0];
    Move hash_move = Move::none();
    if constexpr (P.table) {
        if (const TTEntry* entry = tt_.probe(pos.key())) hash_move = entry->move;
    }
    if constexpr (P.ordered) {
        QuietOrdering quiet;
        if (P.strategies && features_.history) quiet.history = &history_;
        MovePicker picker(pos, moves, hash_move, quiet);  // leaves them all in `moves`, in order
        while (picker.next()) {}
    } else {
        moves.clear();
        generate_legal(pos, moves);
    }
    root_moves_ = moves;

    // Step 3. Search every root move. With a full window (every engine without aspiration)
    // the root score is exact whatever the pruning.
    const int original_alpha = alpha;
    int best = -SCORE_INFINITE;
    Move best_move = Move::none();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Move m = moves[i];
        StateInfo st;
        pos.do_move(m, st);
        int score = search_made_move<P>(alpha, beta, depth, 0, int(i) + 1, false);
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
    if constexpr (P.table) {
        Bound bound = best >= beta            ? Bound::lower
                      : best > original_alpha ? Bound::exact
                                              : Bound::upper;
        tt_.store(pos.key(), best_move, best, depth, bound, 0);
    }
    return best;
}

// The score of the move just made at a node `depth` plies from the horizon, from the mover's
// side. Without the strategies: a search of the child with the node's window. With them, every
// move after the first is tried first with a null window (PVS), a late quiet move (late_quiet)
// first at reduced depth (LMR), and re-searched when it may raise alpha.
// (PVS: +5 +/- 32 Elo at 4000 nodes, +35 +/- 77 at 2+0.02; LMR: +35 +/- 27 and +70 +/- 78.)
template <Search::Path P>
int Search::search_made_move(int alpha, int beta, int depth, int ply, int move_count,
                             bool late_quiet) {
    const int new_depth = depth - 1;
    if (!P.strategies || move_count == 1) return -negamax<P>(-beta, -alpha, new_depth, ply + 1);
    const SearchFeatures& f = features_;
    if (f.late_move_reductions && late_quiet && depth >= LMR_MIN_DEPTH &&
        move_count > LMR_MIN_MOVES && !pos_->in_check()) {
        int reduction = move_count > 10 && depth >= 6 ? 2 : 1;
        int score = -negamax<P>(-alpha - 1, -alpha, new_depth - reduction, ply + 1);
        if (aborted_ || score <= alpha) return score;
    }
    if (!f.pvs) return -negamax<P>(-beta, -alpha, new_depth, ply + 1);
    int score = -negamax<P>(-alpha - 1, -alpha, new_depth, ply + 1);
    if (!aborted_ && score > alpha && score < beta)
        score = -negamax<P>(-beta, -alpha, new_depth, ply + 1);
    return score;
}

template <Search::Path P>
int Search::negamax(int alpha, int beta, int depth, int ply, bool null_allowed) {
    Position& pos = *pos_;
    const SearchFeatures& f = features_;
    pv_length_[ply] = ply;

    // Step 1. Out of nodes or time, or told to stop: abandon the iteration. Otherwise count
    // the node; it is a leaf if it lies at the depth limit. A check extension happens before
    // the horizon test: a checked side is never a leaf while plies remain. (Check extension:
    // -9 +/- 34 Elo at 4000 nodes, -52 +/- 88 at 2+0.02: within the noise of these matches.)
    if (out_of_budget()) {
        aborted_ = true;
        return 0;
    }
    ++nodes_;
    const bool in_check = pos.in_check();
    if (P.strategies && f.check_extension && in_check && ply < MAX_PLY / 2) ++depth;
    if (depth <= 0) ++leaves_;
    if (ply > seldepth_) seldepth_ = ply;

    // Step 2. Draws by rule: fifty moves (unless this move mated), insufficient material,
    // threefold repetition counted over the game history and the search path.
    if (pos.rule50() >= 100) return in_check && !has_legal_move(pos) ? mated_in(ply) : SCORE_DRAW;
    if (insufficient_material(pos) || pos.repetitions() >= 2) return SCORE_DRAW;

    // Step 3. At the depth limit: quiescence (a strategy), or mate and stalemate are still
    // seen and the position is evaluated. (Quiescence: +359 +/- 64 Elo at 4000 nodes, +203 +/-
    // 95 at 2+0.02.)
    if (depth <= 0 || ply >= MAX_PLY) {
        if (P.strategies && f.quiescence && ply < MAX_PLY) return quiesce_node(alpha, beta, ply);
        if (!has_legal_move(pos)) return in_check ? mated_in(ply) : SCORE_DRAW;
        return eval::evaluate(pos, eval_);
    }

    // Step 4. The transposition table: any stored move is tried first. Without the strategies
    // only a result of exactly this depth may end the node (a deeper one would change the
    // fixed-depth minimax score); with them, any result at least this deep.
    Move hash_move = Move::none();
    if constexpr (P.table) {
        if (const TTEntry* entry = tt_.probe(pos.key())) {
            hash_move = entry->move;
            if (P.strategies ? entry->depth >= depth : entry->depth == depth) {
                int score = TranspositionTable::score_from_tt(entry->score, ply);
                if (entry->bound == Bound::exact ||
                    (entry->bound == Bound::lower && score >= beta) ||
                    (entry->bound == Bound::upper && score <= alpha))
                    return score;
            }
        }
    }

    // Step 5. Null move (a strategy): give the opponent a free move; if a search reduced by R
    // still fails high, this node would too. Never twice in a row, in check or in pawn endings.
    // (-9 +/- 28 Elo at 4000 nodes, where its time saving cannot show; +80 +/- 92 at 2+0.02.)
    if (P.strategies && f.null_move && null_allowed &&
        null_move_allowed(pos, depth, beta, eval::evaluate(pos, eval_))) {
        int reduction = depth >= 7 ? 3 : 2;
        StateInfo st;
        pos.do_null_move(st);
        int score = -negamax<P>(-beta, -beta + 1, depth - 1 - reduction, ply + 1, false);
        pos.undo_null_move();
        if (aborted_) return 0;
        if (score >= beta) return is_mate_score(score) ? beta : score;
    }

    return search_moves<P>(alpha, beta, depth, ply, in_check, hash_move);
}

// The moves of a node that is neither a leaf nor cut off before its moves (negamax's steps 6 to
// 9): each searched in turn, the best kept, the result stored with the bound it proves. Inlined
// into negamax, so that splitting the function costs no call per node.
template <Search::Path P>
int Search::search_moves(int alpha, int beta, int depth, int ply, bool in_check, Move hash_move) {
    Position& pos = *pos_;
    const SearchFeatures& f = features_;

    // Step 6. The moves: best guess first when ordering is on (the picker generates each
    // stage only when it is reached; with the strategies, killers and history order the quiet
    // moves), else as generated. Each ply keeps its own list, so that no list is built and
    // cleared on every node. (Killers: +14 +/- 33 Elo at 4000 nodes, -9 +/- 83 at 2+0.02;
    // history: -4 +/- 26 and +0 +/- 73.)
    MoveList& moves = move_lists_[ply];
    QuietOrdering quiet;
    if (P.strategies && f.killers) {
        quiet.killers[0] = killers_.first(ply);
        quiet.killers[1] = killers_.second(ply);
    }
    if (P.strategies && f.history) quiet.history = &history_;
    MovePicker picker(pos, moves, hash_move, quiet);  // consulted only when ordering is on
    std::size_t generated = 0;
    if constexpr (!P.ordered) {
        moves.clear();
        generate_legal(pos, moves);
    }
    auto next_move = [&] {
        if constexpr (P.ordered) return picker.next();
        return generated < moves.size() ? moves[generated++] : Move::none();
    };

    // Step 7. No legal move: checkmate or stalemate.
    Move m = next_move();
    if (!m) return in_check ? mated_in(ply) : SCORE_DRAW;

    // Step 8. Search the moves.
    int best = -SCORE_INFINITE;
    Move best_move = Move::none();
    const int original_alpha = alpha;
    for (int move_count = 1; m; m = next_move(), ++move_count) {
        const bool late_quiet = P.strategies && !in_check && !is_noisy(pos, m) &&
                                m != quiet.killers[0] && m != quiet.killers[1];
        // The child will probe the table: start loading its bucket before making the move.
        if (P.table && depth > 1) tt_.prefetch(pos.key_after_guess(m));
        StateInfo st;
        pos.do_move(m, st);
        int score = search_made_move<P>(alpha, beta, depth, ply, move_count, late_quiet);
        pos.undo_move(m);
        if (aborted_) return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if (!P.alpha_beta) {
                update_pv(ply, m);
            } else if (score > alpha) {
                update_pv(ply, m);
                alpha = score;
                if (alpha >= beta) {  // fail high: the opponent avoids this node
                    if (P.strategies) record_cutoff(m, depth, ply);
                    break;
                }
            }
        }
    }

    // Step 9. Store the result with the bound it proves.
    if constexpr (P.table) {
        Bound bound = best >= beta            ? Bound::lower
                      : best > original_alpha ? Bound::exact
                                              : Bound::upper;
        tt_.store(pos.key(), best_move, best, depth, bound, ply);
    }
    return best;
}

}  // namespace arbiter
