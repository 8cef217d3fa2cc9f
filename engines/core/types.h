// Basic chess types shared by every part of arbiter: colours, pieces, squares and moves.
#pragma once

#include <cstdint>
#include <string>

namespace arbiter {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

enum PieceType : std::uint8_t {
    PAWN,
    KNIGHT,
    BISHOP,
    ROOK,
    QUEEN,
    KING,
    PIECE_TYPE_NB,
    NO_PIECE_TYPE = 6
};

// A coloured piece: colour * 6 + type. NO_PIECE marks an empty square.
enum Piece : std::uint8_t {
    W_PAWN,
    W_KNIGHT,
    W_BISHOP,
    W_ROOK,
    W_QUEEN,
    W_KING,
    B_PAWN,
    B_KNIGHT,
    B_BISHOP,
    B_ROOK,
    B_QUEEN,
    B_KING,
    NO_PIECE,
    PIECE_NB = 12
};

// clang-format off
enum Square : std::uint8_t {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    NO_SQUARE, SQUARE_NB = 64
};
// clang-format on

// Castling rights as a 4-bit set.
enum CastlingRights : std::uint8_t {
    NO_CASTLING = 0,
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    ALL_CASTLING = 15
};

constexpr Color operator~(Color c) {
    return Color(c ^ 1);
}
constexpr Piece make_piece(Color c, PieceType pt) {
    return Piece(c * 6 + pt);
}
// A piece's type and colour by table (one load instead of a division by 6 on every board
// update). NO_PIECE keeps what the arithmetic gave it: type 0, colour 2.
inline constexpr PieceType PIECE_TYPE_OF[13] = {PAWN,   KNIGHT, BISHOP, ROOK,  QUEEN, KING, PAWN,
                                                KNIGHT, BISHOP, ROOK,   QUEEN, KING,  PAWN};
inline constexpr Color PIECE_COLOR_OF[13] = {WHITE, WHITE, WHITE, WHITE, WHITE, WHITE,   BLACK,
                                             BLACK, BLACK, BLACK, BLACK, BLACK, COLOR_NB};
constexpr PieceType type_of(Piece p) {
    return PIECE_TYPE_OF[p];
}
constexpr Color color_of(Piece p) {
    return PIECE_COLOR_OF[p];
}
constexpr Square make_square(int file, int rank) {
    return Square(rank * 8 + file);
}
constexpr int file_of(Square s) {
    return s & 7;
}
constexpr int rank_of(Square s) {
    return s >> 3;
}
// The rank of s as seen from c's side of the board (0 = own back rank).
constexpr int relative_rank(Color c, Square s) {
    return c == WHITE ? rank_of(s) : 7 - rank_of(s);
}
constexpr Square relative_square(Color c, Square s) {
    return Square(s ^ (c == WHITE ? 0 : 56));
}
constexpr Square flip_rank(Square s) {
    return Square(s ^ 56);
}
constexpr int pawn_push(Color c) {
    return c == WHITE ? 8 : -8;
}
constexpr bool is_ok(Square s) {
    return s < SQUARE_NB;
}

// A move in 16 bits: from (0-5), to (6-11), promotion piece type minus KNIGHT (12-13), kind
// (14-15). Castling is stored as the king's own move (e1g1), as UCI writes it.
class Move {
  public:
    enum Kind : std::uint16_t { NORMAL = 0, PROMOTION = 1, EN_PASSANT = 2, CASTLING = 3 };

    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : data_(raw) {}
    constexpr Move(Square from, Square to, Kind kind = NORMAL, PieceType promo = KNIGHT)
        : data_(std::uint16_t(from | (to << 6) | ((promo - KNIGHT) << 12) | (kind << 14))) {}

    static constexpr Move none() { return Move(); }
    // A special value that is never a legal move (a1a1 is "none").
    static constexpr Move null() { return Move(std::uint16_t(65)); }

    constexpr Square from() const { return Square(data_ & 63); }
    constexpr Square to() const { return Square((data_ >> 6) & 63); }
    constexpr Kind kind() const { return Kind(data_ >> 14); }
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
    constexpr std::uint16_t raw() const { return data_; }
    constexpr bool is_ok() const { return from() != to(); }
    constexpr explicit operator bool() const { return data_ != 0; }
    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t data_ = 0;
};

// Text helpers for squares ("e4") and pieces ("N", "p").
inline std::string square_name(Square s) {
    return s == NO_SQUARE ? std::string("-")
                          : std::string{char('a' + file_of(s)), char('1' + rank_of(s))};
}
constexpr char piece_char(Piece p) {
    return "PNBRQKpnbrqk "[p];
}

}  // namespace arbiter
