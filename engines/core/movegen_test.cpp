// Legal move generation beyond perft: the cheap "is there any legal move" test that the search
// asks at every leaf and the referee asks after every move, the staged generations (captures,
// quiet moves, noisy moves) and the legality test of a single move.
#include "engines/core/movegen.h"

#include <gtest/gtest.h>

#include <bitset>
#include <functional>
#include <string>
#include <vector>

#include "engines/core/movegen_agreement.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

using testing::Game;
using testing::generation_disagreement;
using testing::load_perft_suite;
using testing::visit_suite;

TEST(HasLegalMove, AgreesWithMoveGenerationOnTheSuiteAndTwoPliesBelowIt) {
    int checked = 0;
    auto check = [&](const Position& pos) {
        EXPECT_EQ(has_legal_move(pos), count_legal(pos) > 0) << pos.fen();
        ++checked;
    };
    // Stalemate, mate and a back-rank mate to be delivered, then the perft suite.
    std::vector<std::string> fens = {"k7/P7/1K6/8/8/8/8/8 b - - 0 1",
                                     "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
                                     "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"};
    for (const auto& entry : load_perft_suite()) fens.push_back(entry.fen);
    for (const std::string& fen : fens) {
        Game game(fen);
        Position& pos = game.pos;
        check(pos);
        MoveList moves;
        generate_legal(pos, moves);
        for (Move m : moves) {
            StateInfo st;
            pos.do_move(m, st);
            check(pos);
            MoveList replies;
            generate_legal(pos, replies);
            for (Move r : replies) {
                StateInfo st2;
                pos.do_move(r, st2);
                check(pos);
                pos.undo_move(r);
            }
            pos.undo_move(m);
        }
    }
    EXPECT_GT(checked, 10000);
}

std::vector<Move> legal_where(const Position& pos, const std::function<bool(Move)>& keep) {
    MoveList moves;
    generate_legal(pos, moves);
    std::vector<Move> kept;
    for (Move m : moves)
        if (keep(m)) kept.push_back(m);
    return kept;
}

std::vector<Move> generated(void (*generate)(const Position&, MoveList&), const Position& pos) {
    MoveList moves;
    generate(pos, moves);
    return std::vector<Move>(moves.begin(), moves.end());
}

TEST(StagedGeneration, EachKindIsTheLegalMovesOfThatKindInGenerationOrder) {
    int checked = 0;
    visit_suite(2, [&](Position& pos) {
        auto capture = [&](Move m) { return pos.is_capture(m); };
        auto quiet = [&](Move m) { return !pos.is_capture(m); };
        auto noisy = [&](Move m) { return pos.is_capture(m) || m.kind() == Move::PROMOTION; };
        EXPECT_EQ(generated(generate_captures, pos), legal_where(pos, capture)) << pos.fen();
        EXPECT_EQ(generated(generate_quiets, pos), legal_where(pos, quiet)) << pos.fen();
        EXPECT_EQ(generated(generate_noisy, pos), legal_where(pos, noisy)) << pos.fen();
        ++checked;
    });
    EXPECT_GT(checked, 10000);
}

TEST(IsLegal, AgreesWithMoveGenerationOnEveryMoveOfOurPieces) {
    int checked = 0;
    visit_suite(1, [&](Position& pos) {
        MoveList moves;
        generate_legal(pos, moves);
        std::bitset<65536> legal;
        for (Move m : moves) legal.set(m.raw());
        // Every encoding from a square of ours, plus the no-move values and a foreign origin.
        for (Bitboard b = pos.pieces(pos.side_to_move()); b;) {
            Square from = pop_lsb(b);
            for (std::uint32_t high = 0; high < 16; ++high)
                for (int to = 0; to < 64; ++to) {
                    Move m(std::uint16_t(from | (to << 6) | (high << 12)));
                    ASSERT_EQ(is_legal(pos, m), legal[m.raw()]) << pos.fen() << " raw " << m.raw();
                    ++checked;
                }
        }
        EXPECT_FALSE(is_legal(pos, Move::none()));
        EXPECT_FALSE(is_legal(pos, Move::null()));
        for (Bitboard b = pos.pieces(~pos.side_to_move()); b;)
            EXPECT_FALSE(is_legal(pos, Move(pop_lsb(b), Square(0))));
    });
    EXPECT_GT(checked, 1000000);
}

TEST(HasLegalMove, SeesMateAndStalemateAsNoMove) {
    EXPECT_FALSE(has_legal_move(Game("k7/P7/1K6/8/8/8/8/8 b - - 0 1").pos));  // stalemate
    EXPECT_FALSE(has_legal_move(
        Game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").play({"a1a8"}).pos));  // back-rank mate
    EXPECT_TRUE(has_legal_move(Game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").pos));
}

// Positions where the only legal moves take the checker with a piece that counts as pinned
// (it stands behind the checker on the checker's line): has_legal_move once called them mate.
TEST(HasLegalMove, SeesAPinnedPieceTakeTheCheckerAlongItsLine) {
    for (const char* fen : {"3Br2r/7p/1p2k1n1/p2Q3P/P1b1PbPp/3Q4/B1NP4/5K2 b - - 2 40",
                            "2rkQqQ1/P1pP2p1/2n5/1p6/P1PP2Pb/1B3N2/8/5K2 b - - 5 25",
                            "4k2r/1p3p1p/2b2p2/6r1/1b3P2/6Q1/PP4qP/R2N1RK1 w k - 1 18"}) {
        Game game(fen);
        EXPECT_EQ(count_legal(game.pos), 1u) << fen;
        EXPECT_TRUE(has_legal_move(game.pos)) << fen;
        std::mt19937_64 rng(1);
        EXPECT_EQ(generation_disagreement(game.pos, rng, 4096), "") << fen;
    }
}

// A sample of the deep runs (movegen_deep_test.cpp): every shortcut against full generation on
// 300,000 positions of random games.
TEST(GenerationAgreement, HoldsOnRandomPlayouts) {
    std::mt19937_64 rng(3);
    std::uint64_t checked = 0;
    testing::visit_random_playouts(20261202, 300000, [&](Position& pos) {
        ASSERT_EQ(generation_disagreement(pos, rng, 8), "") << pos.fen();
        ++checked;
    });
    EXPECT_EQ(checked, 300000u);
}

// The same on Chess960 and DFRC games, castling encoded as the king taking its rook.
TEST(GenerationAgreement, HoldsOnChess960Playouts) {
    std::mt19937_64 rng(11);
    std::uint64_t checked = 0;
    testing::visit_random_playouts(
        960, 200000,
        [&](Position& pos) {
            ASSERT_EQ(generation_disagreement(pos, rng, 8), "") << pos.fen();
            ++checked;
        },
        testing::chess960_starts(960, 200), true);
    EXPECT_EQ(checked, 200000u);
}

}  // namespace
}  // namespace arbiter
