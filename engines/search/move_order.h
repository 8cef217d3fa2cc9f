// Move ordering for the alpha-beta search. Moves are handed out best first in stages, and each
// stage does its work only when it is reached, since most nodes that cut off do so on the
// first move or two. Equal scores keep the generator's order, so the order (and with it every
// node count) is a function of the position and the hash move alone.
#pragma once

#include <cstdint>

#include "engines/core/movegen.h"
#include "engines/search/score.h"

namespace arbiter {

// MVV-LVA: orders captures most valuable victim first, then least valuable attacker. Returns 0
// for a non-capture and a positive number for a capture (en passant takes a pawn).
int mvv_lva(const Position& pos, Move m);

// Captures and promotions: the moves quiescence searches when not in check, and never reduced.
inline bool is_noisy(const Position& pos, Move m) {
    return pos.is_capture(m) || m.kind() == Move::PROMOTION;
}

// The quiet-move score: a queen promotion first, then by how much the moved piece gains on the
// Simplified Evaluation's piece-square table (a static guess that a piece heading for a better
// square is the better try; castling counts as the king's move).
int quiet_score(const Position& pos, Move m);

// Killer moves: per ply, the last two quiet moves that caused a beta cutoff. A move refuting
// one line often refutes its siblings too (the same threat answered), so trying it right after
// the captures finds cutoffs sooner. Ordering only: it never changes a fixed-depth score.
class KillerTable {
  public:
    void clear();
    // Records a quiet cutoff move at ply (the newer killer first, no duplicates).
    void record(int ply, Move m);
    Move first(int ply) const { return killers_[ply][0]; }
    Move second(int ply) const { return killers_[ply][1]; }

  private:
    Move killers_[MAX_PLY + 1][2] = {};
};

// The history heuristic: for each side, a score per (from, to) of quiet moves that caused beta
// cutoffs, weighted by depth squared (a cutoff near the root saved more). Quiet moves are tried
// in order of this score. Ordering only: it never changes a fixed-depth score.
class HistoryTable {
  public:
    static constexpr int LIMIT = 1 << 16;  // all scores are halved when one would pass this

    void clear();
    void record(Color side, Move m, int depth);
    int score(Color side, Move m) const { return scores_[side][m.from()][m.to()]; }

  private:
    int scores_[COLOR_NB][SQUARE_NB][SQUARE_NB] = {};
};

// What a search has learnt that orders quiet moves at one node: its killers and the history
// table (either may be absent).
struct QuietOrdering {
    Move killers[2] = {};
    const HistoryTable* history = nullptr;
};

// Hands out the moves of a MoveList in stages: the hash move (if it is in the list), the
// captures by MVV-LVA, the killer moves (if given, quiet and in the list), then the quiet moves
// by quiet_score() plus their history score (if given). The list is reordered in place.
class MovePicker {
  public:
    MovePicker(const Position& pos, MoveList& moves, Move hash_move);
    MovePicker(const Position& pos, MoveList& moves, Move hash_move, const QuietOrdering& quiet);

    // The next move in order, or Move::none() when every move has been handed out.
    Move next();

  private:
    enum class Stage : std::uint8_t {
        hash_move,
        split,
        captures,
        killers,
        score_quiets,
        quiets,
        done
    };
    // Hands out the best move of moves_[next_, end) and moves it to next_.
    Move pick_best(std::size_t end);
    // Hands out the capture of keys_[next_, capture_end_) with the best key.
    Move pick_capture();
    // Puts the list in its final order before the quiet stages: the hash move, the captures
    // as handed out, then the quiet moves (as generated) with their tie-break keys.
    void lay_out();
    bool is_capture(Move m) const {
        return (enemies_ & square_bb(m.to())) || m.kind() == Move::EN_PASSANT;
    }
    // Sorts moves_[next_, size) by key, best first (the keys are left behind).
    void sort_rest();
    static constexpr int QUIETS_BEFORE_SORT = 3;

    const Position& pos_;
    MoveList& moves_;
    Move hash_move_ = Move::none();  // only if it is in the list
    Bitboard enemies_ = 0;           // the opponent's pieces: what a capture lands on
    QuietOrdering quiet_;
    int killer_index_ = 0;
    int quiets_picked_ = 0;
    bool sorted_ = false;
    Stage stage_ = Stage::hash_move;
    std::size_t next_ = 0;         // the first move not yet handed out
    std::size_t capture_end_ = 0;  // the captures' keys (hash move aside) end here
    // Sort keys: score * 256 + (255 - generation index); unique, so ties keep generator order.
    std::int32_t keys_[MoveList::CAPACITY];
};

}  // namespace arbiter
