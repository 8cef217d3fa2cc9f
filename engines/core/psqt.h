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

// The table value of piece p standing on s, from p's own side's point of view.
inline int square_value(Piece p, Square s) {
    return table[type_of(p)][color_of(p) == WHITE ? s : flip_rank(s)];
}
inline int king_endgame_value(Color c, Square s) {
    return king_endgame[c == WHITE ? s : flip_rank(s)];
}

}  // namespace arbiter::psqt
