// The one search core behind every arbiter engine. An engine is this core with a set of
// features switched on: a seeded random choice, a one-ply greedy look, full-width minimax,
// alpha-beta pruning, MVV-LVA move ordering, a transposition table.
//
// Nodes. A node is a position the search function is called on: the root of each iteration
// plus every position entered by do_move(). A leaf is a node reached at the depth limit (its
// remaining depth is zero). SearchResult::nodes counts the nodes of every iteration of the
// iterative deepening, the abandoned one included (the work the user paid for);
// SearchResult::leaves counts the leaves of the last completed iteration only, so that for
// minimax at depth d they equal perft(d) wherever no game-ending rule cuts the tree.
//
// Scores. The root is searched with a full window, so alpha-beta (fail-soft) returns exactly
// minimax's root score at the same depth, whatever the move order. The transposition table ends
// a node only with a result of exactly the node's remaining depth (deeper results are used for
// move ordering only), and a fixed-depth minimax value is a function of the position, so the
// table variant returns minimax's score too - except when a draw by threefold repetition or by
// the fifty-move rule is scored somewhere in the tree: those depend on the path to a node, which
// the key does not encode, so a result stored under one path may be reused under another. Such
// a draw needs at least 8 reversible plies (100 for the fifty-move rule), so the scores are
// guaranteed equal whenever the root's fifty-move counter plus the depth is below 8.
//
// Determinism. With a depth or node limit the tree depends only on the position (with its game
// history), the features, the evaluation, the seed and the transposition table's contents: the
// clock is read only when a time limit is given, the node limit is checked at every node, and
// moves are ordered by fixed rules with generation order breaking ties.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "engines/core/movegen.h"
#include "engines/eval/evaluate.h"
#include "engines/search/limits.h"
#include "engines/search/move_order.h"
#include "engines/search/score.h"
#include "engines/search/time_manager.h"
#include "engines/search/tt.h"

namespace arbiter {

// Which search an engine runs. The searching engines are negamax with iterative deepening; the
// flags add pruning, ordering and the table on top, in any combination. seeded_ties needs exact
// root scores, so it acts only without alpha_beta.
//
// The strategies below the first group (quiescence ... late_move_reductions) build on
// alpha_beta with mvv_lva ordering: when any of them is on, the one search runs with its
// strategy steps compiled in (and reads each strategy's flag at run time), assuming both.
// Which invariants hold:
//   - killers, history, pvs, aspiration only reorder moves or narrow windows: without the
//     table and the score-changing features they return alpha-beta's root score exactly.
//   - quiescence, check_extension change the tree's shape and so the score (the point).
//   - null_move, late_move_reductions prune by guesses: scores may differ from full search;
//     null move is never tried in check, with only pawns (zugzwang guard), at the root or twice
//     in a row.
//   - with the table on and any strategy on, a deeper stored result may end a node (as every
//     real engine does), so the scores are no longer the fixed-depth minimax scores.
struct SearchFeatures {
    bool random_mover = false;         // no search: a uniformly random legal move (by Seed)
    bool alpha_beta = false;           // alpha-beta pruning (otherwise full-width minimax)
    bool mvv_lva = false;              // captures first by MVV-LVA, then quiet moves
    bool transposition_table = false;  // probe and store results; the hash move goes first
    bool seeded_ties = false;          // pick among equally good root moves by Seed (minimax)
    int max_depth = MAX_PLY - 1;       // the deepest iteration, whatever the limits say

    // Quiescence (Shannon's Type B "quasi-stability"): at the horizon, play on captures and
    // promotions (MVV-LVA order) until the position is quiet; the side to move may "stand pat"
    // on the static evaluation, since it is rarely forced to capture. In check every evasion is
    // searched. Removes the horizon effect of evaluating mid-exchange.
    bool quiescence = false;
    // Delta pruning (quiescence only): skip a capture that cannot raise the score to alpha even
    // if it won the victim plus a margin. Trades rare misses (a capture that wins by a tactic
    // seen only deeper) for fewer quiescence nodes.
    bool delta_pruning = false;
    // Killer moves: quiet moves that cut off at the same ply are tried after the captures.
    bool killers = false;
    // History heuristic: quiet moves ordered by how often (and how deep) they cut off before.
    bool history = false;
    // Check extension: a node whose side to move is in check is searched one ply deeper, so that
    // forcing lines are not cut off at the horizon. Costs nodes, changes scores.
    bool check_extension = false;
    // Principal variation search: after the first move, prove the others worse with a null
    // window (alpha, alpha+1) and re-search with the full window only if one is not. Sound:
    // a null-window search gives a correct bound, and an exact score is re-searched.
    bool pvs = false;
    // Aspiration windows: from depth 4 on, search the root in a window around the previous
    // iteration's score and widen (then open) it on a fail. Sound: the final result lies
    // inside the window it was searched with, so it is exact.
    bool aspiration = false;
    // Null-move pruning: pass; if a reduced search still fails high, so would (almost) any
    // real move. Unsound in zugzwang, so never in check or with only king and pawns.
    bool null_move = false;
    // Late-move reductions: quiet moves late in the order (after three moves, at depth >= 3,
    // not in check, not giving check, not killers) are searched one or two plies shallower
    // with a null window; re-searched at full depth if they beat alpha. Trades some accuracy
    // on badly ordered nodes for much depth.
    bool late_move_reductions = false;

    // True if any strategy of the second group is on (the search compiles their steps in).
    bool strategies() const {
        return quiescence || killers || history || check_extension || pvs || aspiration ||
               null_move || late_move_reductions;
    }
};

// The switchable strategies, each by its UCI option name (the lab engine's check options).
struct StrategySwitch {
    const char* name;
    bool SearchFeatures::*flag;
};
inline constexpr StrategySwitch STRATEGY_SWITCHES[] = {
    {"Quiescence", &SearchFeatures::quiescence},
    {"DeltaPruning", &SearchFeatures::delta_pruning},
    {"Killers", &SearchFeatures::killers},
    {"History", &SearchFeatures::history},
    {"CheckExtension", &SearchFeatures::check_extension},
    {"PVS", &SearchFeatures::pvs},
    {"Aspiration", &SearchFeatures::aspiration},
    {"NullMove", &SearchFeatures::null_move},
    {"LMR", &SearchFeatures::late_move_reductions},
};

// True if null-move pruning may be tried at a node: not in check, a side to move with more than
// king and pawns (the zugzwang guard), a remaining depth of at least 3, a beta that is not a
// mate score and a static evaluation at least beta.
bool null_move_allowed(const Position& pos, int depth, int beta, int static_eval);

// What one completed iteration found, for the UCI `info` line.
struct IterationInfo {
    int depth = 0;
    int seldepth = 0;  // the longest line reached, in plies
    int score = 0;
    std::uint64_t nodes = 0;   // all iterations so far, this one included
    std::uint64_t leaves = 0;  // this iteration's leaves
    std::int64_t elapsed_ms = 0;
    int hashfull = -1;  // permille, -1 without a transposition table
    std::vector<Move> pv;
};

struct SearchResult {
    Move best_move;            // Move::none() when the side to move has no legal move
    int score = 0;             // of the last completed iteration
    int depth = 0;             // the last completed iteration (0: none completed)
    std::uint64_t nodes = 0;   // every iteration's nodes, the abandoned one included
    std::uint64_t leaves = 0;  // leaves of the last completed iteration
    std::int64_t elapsed_ms = 0;
    std::vector<Move> pv;
};

// Runs searches for one engine. Not thread-safe except request_stop(), which another thread
// may call while run() is busy.
class Search {
  public:
    explicit Search(const SearchFeatures& features);

    const SearchFeatures& features() const { return features_; }
    // Switches one strategy of the second group on or off (the lab engine's options).
    void set_strategy(bool SearchFeatures::*flag, bool on) { features_.*flag = on; }
    // The quiescence score of pos within (alpha, beta), for tests: the root counts as a node.
    int quiescence_score(Position& pos, int alpha = -SCORE_INFINITE, int beta = SCORE_INFINITE);
    void set_eval(eval::Kind kind) { eval_ = kind; }
    void set_seed(std::uint64_t seed) { seed_ = seed; }
    void set_move_overhead(std::int64_t ms) { move_overhead_ms_ = ms; }
    // Resizes (and clears) the transposition table. Throws std::bad_alloc.
    void set_hash_size(std::size_t megabytes);
    // Forgets everything learnt in earlier searches (ucinewgame).
    void new_game();

    // Searches pos (which is left as it was) within limits, calling on_iteration after each
    // completed iteration. Returns the best move of the last completed iteration; if none
    // completed, the best root move searched so far, or the first legal move.
    SearchResult run(Position& pos, const SearchLimits& limits,
                     const std::function<void(const IterationInfo&)>& on_iteration = {});

    // Makes a running or the next run() stop as soon as possible. Thread-safe.
    void request_stop() { stop_.store(true, std::memory_order_relaxed); }
    // Clears a stop request; call before starting run() on another thread.
    void clear_stop() { stop_.store(false, std::memory_order_relaxed); }

  private:
    // The compile-time shape of one search: each combination is its own instantiation of the
    // one negamax and root search, so that no node pays for a test of a feature its engine
    // lacks. `strategies` compiles in the second group's steps (each still behind its flag);
    // it implies alpha_beta and ordered.
    struct Path {
        bool alpha_beta;
        bool ordered;
        bool table;
        bool strategies;
    };
    using RootSearch = int (Search::*)(int depth);
    static RootSearch root_search(const SearchFeatures& f);
    void iterate(RootSearch root, SearchResult& result, const SearchLimits& limits,
                 const std::function<void(const IterationInfo&)>& on_iteration);
    template <Path P>
    int search_root(int depth);
    template <Path P>
    int search_root_window(int depth, int alpha, int beta);
    template <Path P>
    int negamax(int alpha, int beta, int depth, int ply, bool null_allowed = true);
    template <Path P>
    [[gnu::always_inline]] inline int search_moves(int alpha, int beta, int depth, int ply,
                                                   bool in_check, Move hash_move);
    template <Path P>
    int search_made_move(int alpha, int beta, int depth, int ply, int move_count, bool late_quiet);

    // The strategies' own units (search_strategies.cpp).
    int quiesce(int alpha, int beta, int ply);
    int quiesce_node(int alpha, int beta, int ply);
    void record_cutoff(Move m, int depth, int ply);

    bool out_of_budget();
    std::int64_t elapsed_ms() const;
    void update_pv(int ply, Move m);
    void complete_mating_pv(std::vector<Move>& pv, int score);
    std::uint64_t seeded_index(std::uint64_t n) const;

    SearchFeatures features_;
    eval::Kind eval_ = eval::Kind::simplified;
    std::uint64_t seed_ = 0;
    std::int64_t move_overhead_ms_ = 30;
    TranspositionTable tt_;
    std::atomic<bool> stop_{false};

    // State of the running search.
    Position* pos_ = nullptr;
    MoveList root_moves_;
    int root_scores_[MoveList::CAPACITY];
    std::uint64_t nodes_ = 0;
    std::uint64_t leaves_ = 0;
    std::uint64_t node_limit_ = 0;
    int seldepth_ = 0;
    bool aborted_ = false;
    TimeBudget budget_;
    std::chrono::steady_clock::time_point start_;
    MoveList move_lists_[MAX_PLY + 1];  // the moves of the node at each ply
    KillerTable killers_;
    HistoryTable history_;
    int previous_score_ = 0;  // the last completed iteration's score (aspiration windows)
    Move pv_[MAX_PLY + 1][MAX_PLY + 1];
    int pv_length_[MAX_PLY + 1];
};

}  // namespace arbiter
