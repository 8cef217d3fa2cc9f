#include "engines/core/notation.h"

#include <gtest/gtest.h>

#include "engines/core/movegen.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

// Every legal move of every suite position, and of every position one move later, must print
// as SAN and UCI and parse back to itself.
TEST(Notation, SanAndUciRoundTripOverTheSuite) {
    std::size_t checked = 0;
    auto check_all = [&](Position& pos) {
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) {
            std::string san = move_to_san(pos, m);
            EXPECT_EQ(move_from_san(pos, san), m) << pos.fen() << " " << san;
            EXPECT_EQ(move_from_uci(pos, move_to_uci(m)), m) << pos.fen() << " " << move_to_uci(m);
            ++checked;
        }
    };
    testing::visit_suite(1, check_all);
    EXPECT_GT(checked, 15000u);
}

TEST(Notation, SanFormsAsPublished) {
    testing::Game game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    Position& pos = game.pos;
    EXPECT_EQ(move_to_san(pos, move_from_uci(pos, "e1g1")), "O-O");
    EXPECT_EQ(move_to_san(pos, move_from_uci(pos, "e1c1")), "O-O-O");
    EXPECT_EQ(move_to_san(pos, move_from_uci(pos, "e5f7")), "Nxf7");
    EXPECT_EQ(move_to_san(pos, move_from_uci(pos, "d5e6")), "dxe6");
    EXPECT_EQ(move_to_san(pos, move_from_uci(pos, "c3b1")), "Nb1");
    EXPECT_EQ(move_to_san(pos, move_from_uci(pos, "f3h3")), "Qxh3");
    // Two rooks on the first rank can reach d1: disambiguate by file.
    testing::Game rooks("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
    EXPECT_EQ(move_to_san(rooks.pos, move_from_uci(rooks.pos, "a1d1")), "Rad1");
    // Two rooks on one file: by rank.
    testing::Game file("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(move_to_san(file.pos, move_from_uci(file.pos, "a1a4")), "R1a4");
    // Three queens: by square.
    testing::Game queens("8/7k/8/8/Q2Q4/8/8/Q3K3 w - - 0 1");
    EXPECT_EQ(move_to_san(queens.pos, move_from_uci(queens.pos, "a4d1")), "Qa4d1");
    EXPECT_EQ(move_to_san(queens.pos, move_from_uci(queens.pos, "d4d1")), "Qdd1");
    // Promotion with capture and check; mate.
    testing::Game promo("1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(move_to_san(promo.pos, move_from_uci(promo.pos, "c7b8q")), "cxb8=Q+");
    EXPECT_EQ(move_to_san(promo.pos, move_from_uci(promo.pos, "c7c8n")), "c8=N");
    testing::Game mate("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    EXPECT_EQ(move_to_san(mate.pos, move_from_uci(mate.pos, "a1a8")), "Ra8#");
    // En passant.
    testing::Game ep("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1");
    EXPECT_EQ(move_to_san(ep.pos, move_from_uci(ep.pos, "c5d6")), "cxd6");
}

TEST(Notation, SanParserAcceptsCommonVariants) {
    testing::Game game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    Position& pos = game.pos;
    EXPECT_EQ(move_from_san(pos, "0-0"), move_from_uci(pos, "e1g1"));
    EXPECT_EQ(move_from_san(pos, "O-O-O"), move_from_uci(pos, "e1c1"));
    EXPECT_EQ(move_from_san(pos, "0-0-0+"), move_from_uci(pos, "e1c1"));
    EXPECT_EQ(move_from_san(pos, "Nxf7!?"), move_from_uci(pos, "e5f7"));
    EXPECT_EQ(move_from_san(pos, "Nf7"), move_from_uci(pos, "e5f7"));
    EXPECT_EQ(move_from_san(pos, "Ne5xf7"), move_from_uci(pos, "e5f7"));
    EXPECT_EQ(move_from_san(pos, "Ne5-f7"), move_from_uci(pos, "e5f7"));
    EXPECT_EQ(move_from_san(pos, "Pa3"), move_from_uci(pos, "a2a3"));
    EXPECT_EQ(move_from_san(pos, "dxe6"), move_from_uci(pos, "d5e6"));
    testing::Game promo("1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(move_from_san(promo.pos, "cxb8Q"), move_from_uci(promo.pos, "c7b8q"));
    EXPECT_EQ(move_from_san(promo.pos, "c8(N)"), move_from_uci(promo.pos, "c7c8n"));
    EXPECT_EQ(move_from_san(promo.pos, "c8=q"), move_from_uci(promo.pos, "c7c8q"));
}

TEST(Notation, RejectsIllegalAmbiguousAndMalformedText) {
    testing::Game game{std::string(START_FEN)};
    Position& pos = game.pos;
    for (const char* text :
         {"e5", "Ke2", "O-O", "Nd2", "", "x", "Qh9", "N", "=Q", "e8=Q", "Nbd2", "e2e5"})
        EXPECT_FALSE(move_from_san(pos, text)) << text;
    for (const char* text :
         {"e2e5", "e7e5", "e2", "e2e4q", "e2e4Q", "i2i4", "e1g1", "0000", "e2e4 ", "E2E4"})
        EXPECT_FALSE(move_from_uci(pos, text)) << text;
    testing::Game knights("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    EXPECT_FALSE(move_from_san(knights.pos, "Nd2"));  // ambiguous
    EXPECT_TRUE(move_from_san(knights.pos, "Nbd2"));
    testing::Game promo("1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_FALSE(move_from_san(promo.pos, "c8"));  // promotion piece missing
    EXPECT_FALSE(move_from_uci(promo.pos, "c7c8"));
    for (const char* text : {"C7C8q", "c7c8=q", "c7c8k", "c7c8K", "c7c8p", "c7c8P", "c7c8x"})
        EXPECT_FALSE(move_from_uci(promo.pos, text)) << text;
}

// An upper-case promotion letter names the same promotion, as cutechess reads it (its
// pieceFromSymbol ignores the letter's case); only the letter, not the squares.
TEST(Notation, PromotionLetterInEitherCase) {
    testing::Game promo("1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    for (const char* pair : {"qQ", "rR", "bB", "nN"}) {
        const Move lower = move_from_uci(promo.pos, std::string("c7c8") + pair[0]);
        ASSERT_TRUE(lower) << pair;
        EXPECT_EQ(move_from_uci(promo.pos, std::string("c7c8") + pair[1]), lower) << pair;
        EXPECT_EQ(move_from_uci(promo.pos, std::string("c7b8") + pair[1]),
                  move_from_uci(promo.pos, std::string("c7b8") + pair[0]))
            << pair;
    }
    EXPECT_EQ(move_to_uci(move_from_uci(promo.pos, "c7c8N")), "c7c8n");
}

TEST(Notation, NullMoveText) {
    EXPECT_EQ(move_to_uci(Move::none()), "0000");
}

}  // namespace
}  // namespace arbiter
