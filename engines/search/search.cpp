#include "engines/search/search.h"

#include <optional>

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

    // Each combination of features is its own instantiation, so that no node pays for a test
    // of a feature its engine does not have. The strategies have one path of their own.
    const SearchFeatures& f = features_;
    static constexpr RootSearch variants[2][2][2] = {
        {{&Search::search_root<false, false, false>, &Search::search_root<false, false, true>},
         {&Search::search_root<false, true, false>, &Search::search_root<false, true, true>}},
        {{&Search::search_root<true, false, false>, &Search::search_root<true, false, true>},
         {&Search::search_root<true, true, false>, &Search::search_root<true, true, true>}}};
    RootSearch root = f.strategies() ? &Search::search_root_aspirated
                                     : variants[f.alpha_beta][f.mvv_lva][f.transposition_table];
    if (f.strategies()) {
        killers_.clear();
        history_.clear();
    }
    iterate(root, result, limits, on_iteration);
    result.nodes = nodes_;
    result.elapsed_ms = elapsed_ms();
    return result;
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

template <bool AlphaBeta, bool Ordered, bool UseTT>
int Search::search_root(int depth) {
    // Step 1. The root is a node of every iteration (if the budget allows one more node).
    pv_length_[0] = 0;
    if (out_of_budget()) {
        aborted_ = true;
        return 0;
    }
    ++nodes_;
    Position& pos = *pos_;

    // Step 2. Order the root moves afresh from generation order, so each iteration's order
    // depends only on the position and (with the table) on what earlier iterations stored.
    MoveList& moves = move_lists_[0];
    moves.clear();
    generate_legal(pos, moves);
    Move hash_move = Move::none();
    if constexpr (UseTT) {
        if (const TTEntry* entry = tt_.probe(pos.key())) hash_move = entry->move;
    }
    if constexpr (Ordered) {
        MovePicker picker(pos, moves, hash_move);
        while (picker.next()) {}
    }
    root_moves_ = moves;

    // Step 3. Search every root move with a full window, narrowed only by alpha: the root
    // score is exact whatever the pruning.
    int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE, best = -SCORE_INFINITE;
    Move best_move = Move::none();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Move m = moves[i];
        StateInfo st;
        pos.do_move(m, st);
        int score = -negamax<AlphaBeta, Ordered, UseTT>(-beta, -alpha, depth - 1, 1);
        pos.undo_move(m);
        if (aborted_) break;
        root_scores_[i] = score;
        if (score > best) {
            best = score;
            best_move = m;
            update_pv(0, m);
            if (score > alpha) alpha = score;
        }
    }
    if (aborted_) return 0;

    // Step 4. Remember the root's result: its best move leads the next iteration.
    if constexpr (UseTT) tt_.store(pos.key(), best_move, best, depth, Bound::exact, 0);
    return best;
}

template <bool AlphaBeta, bool Ordered, bool UseTT>
int Search::negamax(int alpha, int beta, int depth, int ply) {
    Position& pos = *pos_;
    pv_length_[ply] = ply;

    // Step 1. Out of nodes or time, or told to stop: abandon the iteration. Otherwise count
    // the node; it is a leaf if it lies at the depth limit.
    if (out_of_budget()) {
        aborted_ = true;
        return 0;
    }
    ++nodes_;
    if (depth <= 0) ++leaves_;
    if (ply > seldepth_) seldepth_ = ply;

    // Step 2. Draws by rule: fifty moves (unless this move mated), insufficient material,
    // threefold repetition counted over the game history and the search path.
    if (pos.rule50() >= 100)
        return pos.in_check() && !has_legal_move(pos) ? mated_in(ply) : SCORE_DRAW;
    if (insufficient_material(pos) || pos.repetitions() >= 2) return SCORE_DRAW;

    // Step 3. At the depth limit: mate and stalemate are still seen; otherwise evaluate.
    if (depth <= 0 || ply >= MAX_PLY) {
        if (!has_legal_move(pos)) return pos.in_check() ? mated_in(ply) : SCORE_DRAW;
        return eval::evaluate(pos, eval_);
    }

    // Step 4. The transposition table: a result of exactly this depth may end the node (a
    // deeper one is not used, so the score stays the fixed-depth minimax score); any stored
    // move is tried first.
    Move hash_move = Move::none();
    if constexpr (UseTT) {
        if (const TTEntry* entry = tt_.probe(pos.key())) {
            hash_move = entry->move;
            if (entry->depth == depth) {
                int score = TranspositionTable::score_from_tt(entry->score, ply);
                if (entry->bound == Bound::exact ||
                    (entry->bound == Bound::lower && score >= beta) ||
                    (entry->bound == Bound::upper && score <= alpha))
                    return score;
            }
        }
    }

    // Step 5. No legal move: checkmate or stalemate. (Each ply keeps its own list, so that no
    // list is built and cleared on every node.)
    MoveList& moves = move_lists_[ply];
    moves.clear();
    generate_legal(pos, moves);
    if (moves.empty()) return pos.in_check() ? mated_in(ply) : SCORE_DRAW;

    // Step 6. Search the moves, best guess first when ordering is on.
    int best = -SCORE_INFINITE;
    Move best_move = Move::none();
    const int original_alpha = alpha;
    std::optional<MovePicker> picker;
    if constexpr (Ordered) picker.emplace(pos, moves, hash_move);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Move m;
        if constexpr (Ordered)
            m = picker->next();
        else
            m = moves[i];
        StateInfo st;
        pos.do_move(m, st);
        int score = -negamax<AlphaBeta, Ordered, UseTT>(-beta, -alpha, depth - 1, ply + 1);
        pos.undo_move(m);
        if (aborted_) return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if constexpr (AlphaBeta) {
                if (score > alpha) {
                    update_pv(ply, m);
                    alpha = score;
                    if (alpha >= beta) break;  // fail high: the opponent avoids this node
                }
            } else {
                update_pv(ply, m);
            }
        }
    }

    // Step 7. Store the result with the bound it proves.
    if constexpr (UseTT) {
        Bound bound = best >= beta            ? Bound::lower
                      : best > original_alpha ? Bound::exact
                                              : Bound::upper;
        tt_.store(pos.key(), best_move, best, depth, bound, ply);
    }
    return best;
}

}  // namespace arbiter
