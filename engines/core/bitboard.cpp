#include "engines/core/bitboard.h"

#include <cstdlib>

namespace arbiter {

namespace tables {
Bitboard pawn_attacks[COLOR_NB][SQUARE_NB];
Bitboard pseudo_attacks[PIECE_TYPE_NB][SQUARE_NB];
Bitboard between[SQUARE_NB][SQUARE_NB];
Bitboard line[SQUARE_NB][SQUARE_NB];
Magic rook_magics[SQUARE_NB];
Magic bishop_magics[SQUARE_NB];
}  // namespace tables

namespace {

Bitboard rook_table[0x19000];   // 102,400 entries: the sum of 2^bits over all squares
Bitboard bishop_table[0x1480];  // 5,248 entries

// Attacks of a slider found by walking each ray until it leaves the board or hits a piece.
Bitboard sliding_attacks(PieceType pt, Square s, Bitboard occupied) {
    static constexpr int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static constexpr int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    const auto& dirs = pt == ROOK ? rook_dirs : bishop_dirs;
    Bitboard attacks = 0;
    for (const auto& d : dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            Bitboard b = square_bb(make_square(f, r));
            attacks |= b;
            if (occupied & b) break;
            f += d[0];
            r += d[1];
        }
    }
    return attacks;
}

// Small deterministic generator for the magic search.
struct Xorshift {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

// Finds a magic multiplier for every square by trial, with a fixed seed (so the tables, and
// the time this takes, are the same on every run: a few milliseconds).
void init_magics(PieceType pt, Bitboard* table, Magic* magics) {
    Bitboard occupancy[4096], reference[4096];
    int epoch[4096] = {}, attempt = 0;
    Xorshift rng{0x9E3779B97F4A7C15ULL ^ pt};
    Bitboard* next_slice = table;
    for (int si = 0; si < 64; ++si) {
        Square s = Square(si);
        Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                         ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
        Magic& m = magics[s];
        m.mask = sliding_attacks(pt, s, 0) & ~edges;
        m.shift = 64 - popcount(m.mask);
        m.attacks = next_slice;
        // Enumerate every subset of the mask (Carry-Rippler) with its attack set.
        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = sliding_attacks(pt, s, b);
            ++size;
            b = (b - m.mask) & m.mask;
        } while (b);
        next_slice += size;
        for (int i = 0; i < size;) {
            do {
                m.magic = rng.sparse();
            } while (popcount((m.magic * m.mask) >> 56) < 6);
            ++attempt;
            for (i = 0; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    m.attacks[idx] = reference[i];
                } else if (m.attacks[idx] != reference[i]) {
                    break;
                }
            }
        }
    }
}

void init() {
    for (int si = 0; si < 64; ++si) {
        Square s = Square(si);
        int f = file_of(s), r = rank_of(s);
        auto add = [&](PieceType pt, int df, int dr) {
            if (f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8)
                tables::pseudo_attacks[pt][s] |= square_bb(make_square(f + df, r + dr));
        };
        for (auto [df, dr] :
             {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
            add(KNIGHT, df, dr);
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr)
                if (df || dr) add(KING, df, dr);
        tables::pawn_attacks[WHITE][s] = pawn_attacks_bb<WHITE>(square_bb(s));
        tables::pawn_attacks[BLACK][s] = pawn_attacks_bb<BLACK>(square_bb(s));
    }
    init_magics(ROOK, rook_table, tables::rook_magics);
    init_magics(BISHOP, bishop_table, tables::bishop_magics);
    for (int si = 0; si < 64; ++si) {
        Square a = Square(si);
        tables::pseudo_attacks[BISHOP][a] = attacks_bb<BISHOP>(a, 0);
        tables::pseudo_attacks[ROOK][a] = attacks_bb<ROOK>(a, 0);
        tables::pseudo_attacks[QUEEN][a] =
            tables::pseudo_attacks[BISHOP][a] | tables::pseudo_attacks[ROOK][a];
        for (int sj = 0; sj < 64; ++sj) {
            Square b = Square(sj);
            tables::between[a][b] = square_bb(b);
            for (PieceType pt : {BISHOP, ROOK}) {
                if (attacks_bb(pt, a, 0) & square_bb(b)) {
                    tables::line[a][b] =
                        (attacks_bb(pt, a, 0) & attacks_bb(pt, b, 0)) | square_bb(a) | square_bb(b);
                    tables::between[a][b] |=
                        attacks_bb(pt, a, square_bb(b)) & attacks_bb(pt, b, square_bb(a));
                }
            }
        }
    }
}

// Runs init() before any other static initialiser of the program.
struct Initialiser {
    Initialiser() { init(); }
} initialiser __attribute__((init_priority(101)));

}  // namespace

}  // namespace arbiter
