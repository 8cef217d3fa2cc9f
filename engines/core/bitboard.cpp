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

// Multipliers found once by the search below (with its fixed seed) and kept, so that start-up
// costs a table fill instead of a search. init_magics() still verifies each one and searches
// again if one were ever wrong.
// clang-format off
constexpr Bitboard known_rook_magics[64] = {
    0x1080004000801020ULL, 0x0240001000402000ULL, 0x0080100080200008ULL, 0x0100201001000805ULL,
    0x1200082002000410ULL, 0x0700520400030008ULL, 0x0A80230000800600ULL, 0x010000288A084100ULL,
    0x0020800040008024ULL, 0x000C802000400480ULL, 0x8000801000802000ULL, 0x1510800800801000ULL,
    0x1941000801008510ULL, 0x6105000804010002ULL, 0x0000808001000200ULL, 0x0082000401004082ULL,
    0x0800218001804000ULL, 0x291010C00040E004ULL, 0x2302020020804010ULL, 0x801AA1000B100100ULL,
    0x8041010006100800ULL, 0x04C0080120400410ULL, 0x10A0010100040200ULL, 0x8008020011006084ULL,
    0x4000400080208000ULL, 0x0001500240006002ULL, 0x0050040020002800ULL, 0x0053420200110820ULL,
    0x0064300500480100ULL, 0x0840020080800400ULL, 0x6D01000100020004ULL, 0x085504420000A114ULL,
    0x2050204001800090ULL, 0x4010002010400040ULL, 0x5020100080802006ULL, 0x0000104202000821ULL,
    0x0000040080800800ULL, 0x8000800200800400ULL, 0x2000020001010004ULL, 0x081201208200004CULL,
    0x0140400080208002ULL, 0x0419020084220041ULL, 0xD442002080420010ULL, 0x0000080010008080ULL,
    0x4840080100110004ULL, 0x1082010804020010ULL, 0x0400100108040002ULL, 0x6180040C80420011ULL,
    0x4A08210040800500ULL, 0x4900804000200180ULL, 0x0088120080482200ULL, 0x2000100008008080ULL,
    0x2002002008041200ULL, 0x4402000400802280ULL, 0x000010B8010A0C00ULL, 0x003100088A004100ULL,
    0x4280068420401101ULL, 0x05A9008040220012ULL, 0x0600100840200101ULL, 0x000010010018A015ULL,
    0xC001000208001005ULL, 0x2001000804000201ULL, 0x8001000A00068461ULL, 0x0188008021041342ULL,
};
constexpr Bitboard known_bishop_magics[64] = {
    0xC011012208034100ULL, 0x2188024092020000ULL, 0x0908520410200100ULL, 0x0008060440418024ULL,
    0x0004042000000000ULL, 0x1001040240000060ULL, 0x0004108A09200014ULL, 0xA004120821041000ULL,
    0x01000A0210040904ULL, 0x0800108400CC0040ULL, 0x006404280200400DULL, 0x0000208903020019ULL,
    0x09260C052008A000ULL, 0xC990084402201010ULL, 0x0040C20082219000ULL, 0x104200820110AA28ULL,
    0x8010006024210801ULL, 0x00844030010A0400ULL, 0x0008021000401022ULL, 0x1000880802044048ULL,
    0x0044002080E00A20ULL, 0x000080091000A000ULL, 0x100D000201012106ULL, 0x0004402111082104ULL,
    0x0420208810040100ULL, 0x000A18202008208AULL, 0x0224500460410040ULL, 0x0004004004010102ULL,
    0x2000404014010040ULL, 0x0408048000B00400ULL, 0x002081000A011048ULL, 0x0000802004840408ULL,
    0x1410107000455408ULL, 0x0080900800058802ULL, 0x0003104800100081ULL, 0x4008C00820020200ULL,
    0x0140010012010040ULL, 0x4114208200008811ULL, 0x00012105080A0820ULL, 0x9012089100002C11ULL,
    0x1204022010018400ULL, 0x0000461084005060ULL, 0x4006001A48028C02ULL, 0x0004002204208800ULL,
    0x0018012011000200ULL, 0x0020020042400204ULL, 0x0050814801008080ULL, 0x2018510A64800201ULL,
    0x0000841002108188ULL, 0x2400211402600008ULL, 0x000B088C48280082ULL, 0x4400600210440C00ULL,
    0x00000410020A2020ULL, 0x500108505000820AULL, 0x0053103010828000ULL, 0x0144080081020304ULL,
    0x2001402404024100ULL, 0x0000104042082140ULL, 0x0200A00045044100ULL, 0x0800244008420200ULL,
    0x4008000020052C00ULL, 0x0180002044018200ULL, 0x000208E004008216ULL, 0x0002100142040040ULL,
};
// clang-format on

// Finds a magic multiplier for every square, trying the known one first and then random
// sparse numbers from a fixed seed, and fills the square's slice of the attack table.
void init_magics(PieceType pt, Bitboard* table, Magic* magics, const Bitboard* known) {
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
        bool tried_known = false;
        for (int i = 0; i < size;) {
            if (!tried_known) {
                m.magic = known[s];
                tried_known = true;
            } else {
                do {
                    m.magic = rng.sparse();
                } while (popcount((m.magic * m.mask) >> 56) < 6);
            }
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
    init_magics(ROOK, rook_table, tables::rook_magics, known_rook_magics);
    init_magics(BISHOP, bishop_table, tables::bishop_magics, known_bishop_magics);
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
