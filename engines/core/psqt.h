// The Simplified Evaluation Function's piece values and piece-square tables (Tomasz
// Michniewski's published values). They live in the core because Position keeps their sums
// up to date incrementally; engines/eval decides how to combine them.
#pragma once

#include <array>

#include "engines/core/types.h"

namespace arbiter::psqt {

constexpr int piece_value[PIECE_TYPE_NB] = {100, 320, 330, 500, 900, 0};

// Tables indexed by square from White's point of view (a1 = 0). KING is the middle-game table.
extern const std::array<int, SQUARE_NB> table[PIECE_TYPE_NB];
extern const std::array<int, SQUARE_NB> king_endgame;

// The tables by coloured piece, each indexed by square (Black's flipped): square_value's lookup.
extern const std::array<std::array<int, SQUARE_NB>, PIECE_NB + 1> by_piece;

// The table value of piece p standing on s, from p's own side's point of view.
inline int square_value(Piece p, Square s) {
    return by_piece[p][s];
}
inline int king_endgame_value(Color c, Square s) {
    return king_endgame[c == WHITE ? s : flip_rank(s)];
}

}  // namespace arbiter::psqt
