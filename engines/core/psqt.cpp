#include "engines/core/psqt.h"

namespace arbiter::psqt {

namespace {

using Table = std::array<int, 64>;

// The tables as published: printed from White's side, rank 8 first. flip() turns such a table
// into one indexed by square (a1 = 0).
constexpr Table flip(const Table& printed) {
    Table t{};
    for (int s = 0; s < 64; ++s) t[s] = printed[s ^ 56];
    return t;
}

// clang-format off
constexpr Table pawn = flip({
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0});
constexpr Table knight = flip({
   -50,-40,-30,-30,-30,-30,-40,-50,
   -40,-20,  0,  0,  0,  0,-20,-40,
   -30,  0, 10, 15, 15, 10,  0,-30,
   -30,  5, 15, 20, 20, 15,  5,-30,
   -30,  0, 15, 20, 20, 15,  0,-30,
   -30,  5, 10, 15, 15, 10,  5,-30,
   -40,-20,  0,  5,  5,  0,-20,-40,
   -50,-40,-30,-30,-30,-30,-40,-50});
constexpr Table bishop = flip({
   -20,-10,-10,-10,-10,-10,-10,-20,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  5, 10, 10,  5,  0,-10,
   -10,  5,  5, 10, 10,  5,  5,-10,
   -10,  0, 10, 10, 10, 10,  0,-10,
   -10, 10, 10, 10, 10, 10, 10,-10,
   -10,  5,  0,  0,  0,  0,  5,-10,
   -20,-10,-10,-10,-10,-10,-10,-20});
constexpr Table rook = flip({
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0});
constexpr Table queen = flip({
   -20,-10,-10, -5, -5,-10,-10,-20,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  5,  5,  5,  5,  0,-10,
    -5,  0,  5,  5,  5,  5,  0, -5,
     0,  0,  5,  5,  5,  5,  0, -5,
   -10,  5,  5,  5,  5,  5,  0,-10,
   -10,  0,  5,  0,  0,  0,  0,-10,
   -20,-10,-10, -5, -5,-10,-10,-20});
constexpr Table king_middle = flip({
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -20,-30,-30,-40,-40,-30,-30,-20,
   -10,-20,-20,-20,-20,-20,-20,-10,
    20, 20,  0,  0,  0,  0, 20, 20,
    20, 30, 10,  0,  0, 10, 30, 20});
constexpr Table king_end = flip({
   -50,-40,-30,-20,-20,-30,-40,-50,
   -30,-20,-10,  0,  0,-10,-20,-30,
   -30,-10, 20, 30, 30, 20,-10,-30,
   -30,-10, 30, 40, 40, 30,-10,-30,
   -30,-10, 30, 40, 40, 30,-10,-30,
   -30,-10, 20, 30, 30, 20,-10,-30,
   -30,-30,  0,  0,  0,  0,-30,-30,
   -50,-30,-30,-30,-30,-30,-30,-50});
// clang-format on

}  // namespace

const std::array<int, SQUARE_NB> table[PIECE_TYPE_NB] = {pawn, knight, bishop,
                                                         rook, queen,  king_middle};
const std::array<int, SQUARE_NB> king_endgame = king_end;

// Each table once per colour, flipped for Black (and, as before, NO_PIECE's row: a black pawn's).
const std::array<std::array<int, SQUARE_NB>, PIECE_NB + 1> by_piece = [] {
    std::array<std::array<int, SQUARE_NB>, PIECE_NB + 1> rows{};
    for (int p = 0; p <= PIECE_NB; ++p) {
        Piece piece = Piece(p);
        for (int s = 0; s < SQUARE_NB; ++s)
            rows[p][s] = table[type_of(piece)][color_of(piece) == WHITE ? s : flip_rank(Square(s))];
    }
    return rows;
}();

}  // namespace arbiter::psqt
