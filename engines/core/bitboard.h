// Bitboards: constant masks, precomputed attack tables for every piece, and magic-bitboard
// lookups for sliders. The tables are filled once, before main(), by bitboard.cpp.
#pragma once

#include <bit>
#include <cassert>

#include "engines/core/types.h"

namespace arbiter {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_2_BB = RANK_1_BB << 8;
constexpr Bitboard RANK_3_BB = RANK_1_BB << 16;
constexpr Bitboard RANK_4_BB = RANK_1_BB << 24;
constexpr Bitboard RANK_5_BB = RANK_1_BB << 32;
constexpr Bitboard RANK_6_BB = RANK_1_BB << 40;
constexpr Bitboard RANK_7_BB = RANK_1_BB << 48;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard square_bb(Square s) {
    return Bitboard(1) << s;
}
constexpr Bitboard file_bb(int file) {
    return FILE_A_BB << file;
}
constexpr Bitboard rank_bb(int rank) {
    return RANK_1_BB << (8 * rank);
}
inline int popcount(Bitboard b) {
    return std::popcount(b);
}
inline Square lsb(Bitboard b) {
    assert(b);
    return Square(std::countr_zero(b));
}
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) {
    return b & (b - 1);
}

// Shifts the whole board one step north (+8), south (-8) and diagonally, dropping wrapped files.
template <int D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == 8) return b << 8;
    if constexpr (D == -8) return b >> 8;
    if constexpr (D == 9) return (b & ~FILE_H_BB) << 9;
    if constexpr (D == 7) return (b & ~FILE_A_BB) << 7;
    if constexpr (D == -7) return (b & ~FILE_H_BB) >> 7;
    if constexpr (D == -9) return (b & ~FILE_A_BB) >> 9;
    return 0;
}

// Squares attacked by all pawns of colour c in b.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
    return C == WHITE ? shift<9>(b) | shift<7>(b) : shift<-7>(b) | shift<-9>(b);
}

// A slider's magic entry: the relevant occupancy mask, the multiplier, the shift and the
// start of this square's slice of the shared attack table.
struct Magic {
    Bitboard mask;
    Bitboard magic;
    Bitboard* attacks;
    unsigned shift;
    unsigned index(Bitboard occupied) const {
        return unsigned(((occupied & mask) * magic) >> shift);
    }
};

namespace tables {
extern Bitboard pawn_attacks[COLOR_NB][SQUARE_NB];
extern Bitboard pseudo_attacks[PIECE_TYPE_NB][SQUARE_NB];
extern Bitboard between[SQUARE_NB][SQUARE_NB];  // squares strictly between, plus the second
extern Bitboard line[SQUARE_NB][SQUARE_NB];     // the whole line through both, or 0
extern Magic rook_magics[SQUARE_NB];
extern Magic bishop_magics[SQUARE_NB];
}  // namespace tables

inline Bitboard pawn_attacks(Color c, Square s) {
    return tables::pawn_attacks[c][s];
}

// Attacks of a piece of type PT (not a pawn) on s, given the occupied squares.
template <PieceType PT>
inline Bitboard attacks_bb(Square s, Bitboard occupied = 0) {
    if constexpr (PT == BISHOP) {
        const Magic& m = tables::bishop_magics[s];
        return m.attacks[m.index(occupied)];
    } else if constexpr (PT == ROOK) {
        const Magic& m = tables::rook_magics[s];
        return m.attacks[m.index(occupied)];
    } else if constexpr (PT == QUEEN) {
        return attacks_bb<BISHOP>(s, occupied) | attacks_bb<ROOK>(s, occupied);
    } else {
        return tables::pseudo_attacks[PT][s];
    }
}

inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
        case BISHOP:
            return attacks_bb<BISHOP>(s, occupied);
        case ROOK:
            return attacks_bb<ROOK>(s, occupied);
        case QUEEN:
            return attacks_bb<QUEEN>(s, occupied);
        default:
            return tables::pseudo_attacks[pt][s];
    }
}

// Squares strictly between a and b on a shared line, plus b itself (so a check's evasion
// targets include the checker); just b when they share no line.
inline Bitboard between_bb(Square a, Square b) {
    return tables::between[a][b];
}
// The full rank, file or diagonal through a and b, or 0 if they are not aligned.
inline Bitboard line_bb(Square a, Square b) {
    return tables::line[a][b];
}
inline bool aligned(Square a, Square b, Square c) {
    return line_bb(a, b) & square_bb(c);
}

}  // namespace arbiter
