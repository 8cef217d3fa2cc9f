// Move ordering for the alpha-beta search. Moves are handed out best first in stages, and each
// stage does its work only when it is reached, since most nodes that cut off do so on the
// first move or two. Equal scores keep the generator's order, so the order (and with it every
// node count) is a function of the position and the hash move alone.
#pragma once

#include <cstdint>

#include "engines/core/movegen.h"

namespace arbiter {

// MVV-LVA: orders captures most valuable victim first, then least valuable attacker. Returns 0
// for a non-capture and a positive number for a capture (en passant takes a pawn).
int mvv_lva(const Position& pos, Move m);

// The quiet-move score: a queen promotion first, then by how much the moved piece gains on the
// Simplified Evaluation's piece-square table (a static guess that a piece heading for a better
// square is the better try; castling counts as the king's move).
int quiet_score(const Position& pos, Move m);

// Hands out the moves of a MoveList in the order: the hash move (if it is in the list), the
// captures by MVV-LVA, then the quiet moves by quiet_score(). The list is reordered in place.
class MovePicker {
  public:
    MovePicker(const Position& pos, MoveList& moves, Move hash_move);

    // The next move in order, or Move::none() when every move has been handed out.
    Move next();

  private:
    enum class Stage : std::uint8_t { hash_move, split, captures, score_quiets, quiets, done };
    // Hands out the best move of moves_[next_, end) and moves it to next_.
    Move pick_best(std::size_t end);

    const Position& pos_;
    MoveList& moves_;
    Move hash_move_;
    Stage stage_ = Stage::hash_move;
    std::size_t next_ = 0;           // the first move not yet handed out
    std::size_t capture_count_ = 0;  // captures other than the hash move
    std::size_t capture_end_ = 0;    // the captures stage ends when next_ reaches this
    // Sort keys: score * 256 + (255 - generation index); unique, so ties keep generator order.
    std::int32_t keys_[MoveList::CAPACITY];
};

}  // namespace arbiter
