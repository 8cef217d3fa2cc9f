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

// The quiescence score of a capture or promotion (or, in check, of any evasion): MVV-LVA, with
// a queen promotion counted as taking a queen on top of what it captures.
int noisy_score(const Position& pos, Move m);

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

// Hands out the legal moves of a position in stages, generating each stage only when it is
// reached: the hash move (if legal), the captures by MVV-LVA, the killer moves (if given, legal
// and quiet), then the quiet moves by quiet_score() plus their history score (if given). Equal
// scores keep generate_legal()'s order, so the order is exactly that of sorting the full legal
// list stage by stage, whichever stage a node stops in. The picker fills `moves` (its storage):
// once every move is handed out, it holds them all in the order they were handed out.
// Quiescence uses the same picker for its captures (MovePicker(pos, moves, quiescence)): the
// moves it generated are handed out by noisy_score(), best first, ties in the list's order.
class MovePicker {
  public:
    // The tag of the quiescence picker.
    struct Quiescence {};
    static constexpr Quiescence quiescence{};

    MovePicker(const Position& pos, MoveList& moves, Move hash_move);
    MovePicker(const Position& pos, MoveList& moves, Move hash_move, const QuietOrdering& quiet);
    // Hands out the moves already in `moves` (quiescence's captures and promotions, or every
    // evasion in check) by noisy_score(), the best first, equal scores in the list's order.
    MovePicker(const Position& pos, MoveList& moves, Quiescence);

    // The next move in order, or Move::none() when every move has been handed out.
    Move next();

  private:
    enum class Stage : std::uint8_t {
        score_given,  // the quiescence picker starts here
        given,
        hash_move,
        generate_captures,
        captures,
        killers,
        generate_quiets,
        quiets,
        done
    };
    // Hands out the move of moves_[next_, size) with the best key and moves it to next_.
    Move pick_best();
    // The sort key of the move at `index` in its stage's generation: score * 256 + (255 - index),
    // unique within a stage, so that equal scores keep the generation order.
    static std::int32_t sort_key(int score, std::size_t index) {
        return std::int32_t(score * 256 + (255 - int(index)));
    }
    // Appends the moves of one stage (generated by `generate`) with their keys: score(move) *
    // 256 + (255 - position in the stage's generation). Skips the moves handed out already.
    template <typename Generate, typename Score>
    void add_stage(Generate generate, Score score);
    // Hands out killer number killer_index_ if it is legal, quiet and new; false otherwise.
    bool take_killer(Move killer);
    bool handed_out_early(Move m) const {
        return m == hash_move_ || m == killers_taken_[0] || m == killers_taken_[1];
    }
    // Sorts moves_[next_, size) by key, best first (the keys are left behind).
    void sort_rest();
    static constexpr int QUIETS_BEFORE_SORT = 3;

    const Position& pos_;
    MoveList& moves_;
    Move hash_candidate_;            // as given; hash_move_ once found legal
    Move hash_move_ = Move::none();  // only if it is legal
    QuietOrdering quiet_;
    Move killers_taken_[2] = {};  // the killers handed out (none while not)
    int killer_index_ = 0;
    int quiets_picked_ = 0;
    bool sorted_ = false;
    Stage stage_ = Stage::hash_move;
    std::size_t next_ = 0;  // the first move not yet handed out
    // Sort keys of moves_[next_, size): unique within a stage, so ties keep generation order.
    std::int32_t keys_[MoveList::CAPACITY];
};

}  // namespace arbiter
