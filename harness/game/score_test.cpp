#include "harness/game/score.h"

#include <gtest/gtest.h>

#include <climits>

namespace arbiter {
namespace {

using Bound = Score::Bound;

// Mate in N moves is 2N - 1 plies for the mating side, mated in N moves -2N plies, "mate 0" 0.
TEST(Score, MateMovesBecomePlies) {
    EXPECT_EQ(Score::from_mate_moves(1).mate_plies(), 1);
    EXPECT_EQ(Score::from_mate_moves(3).mate_plies(), 5);
    EXPECT_EQ(Score::from_mate_moves(-1).mate_plies(), -2);
    EXPECT_EQ(Score::from_mate_moves(-3).mate_plies(), -6);
    EXPECT_EQ(Score::from_mate_moves(0).mate_plies(), 0);
    EXPECT_EQ(Score::from_mate_moves(1000).mate_plies(), 1999);
    EXPECT_EQ(Score::from_mate_moves(-1000).mate_plies(), -2000);
}

TEST(Score, PliesBecomeMovesRoundingAwayFromZero) {
    EXPECT_EQ(Score::from_mate_plies(1).mate_moves(), 1);
    EXPECT_EQ(Score::from_mate_plies(2).mate_moves(), 1);
    EXPECT_EQ(Score::from_mate_plies(5).mate_moves(), 3);
    EXPECT_EQ(Score::from_mate_plies(-1).mate_moves(), -1);
    EXPECT_EQ(Score::from_mate_plies(-6).mate_moves(), -3);
    EXPECT_EQ(Score::from_mate_plies(0).mate_moves(), 0);
    EXPECT_EQ(Score::from_mate_plies(INT_MAX).mate_moves(), INT_MAX / 2 + 1);
    EXPECT_EQ(Score::from_mate_plies(INT_MIN).mate_moves(), INT_MIN / 2);
}

// What the protocols and the store say in moves comes back unchanged.
TEST(Score, MovesRoundTripExactly) {
    for (int moves = -1001; moves <= 1001; ++moves)
        EXPECT_EQ(Score::from_mate_moves(moves).mate_moves(), moves) << moves;
    EXPECT_EQ(Score::from_mate_moves(INT_MAX / 2).mate_moves(), INT_MAX / 2);
    EXPECT_EQ(Score::from_mate_moves(-(INT_MAX / 2)).mate_moves(), -(INT_MAX / 2));
}

// Beyond the int range in plies a mate saturates instead of overflowing.
TEST(Score, HugeMateMovesSaturate) {
    EXPECT_EQ(Score::from_mate_moves(INT_MAX).mate_plies(), INT_MAX);
    EXPECT_EQ(Score::from_mate_moves(INT_MIN).mate_plies(), -INT_MAX);
}

TEST(Score, KindsAndBoundsAreKept) {
    Score cp = Score::from_centipawns(-35, Bound::upper);
    EXPECT_FALSE(cp.is_mate());
    EXPECT_EQ(cp.kind(), Score::Kind::centipawns);
    EXPECT_EQ(cp.centipawns(), -35);
    EXPECT_EQ(cp.mate_plies(), 0);
    EXPECT_EQ(cp.mate_moves(), 0);
    EXPECT_EQ(cp.uci_value(), -35);
    EXPECT_EQ(cp.bound(), Bound::upper);
    Score mate = Score::from_mate_moves(2, Bound::lower);
    EXPECT_TRUE(mate.is_mate());
    EXPECT_EQ(mate.centipawns(), 0);
    EXPECT_EQ(mate.uci_value(), 2);
    EXPECT_EQ(mate.bound(), Bound::lower);
    EXPECT_EQ(mate.with_bound(Bound::exact), Score::from_mate_plies(3));
    EXPECT_NE(mate, Score::from_mate_plies(3));
    EXPECT_NE(Score::from_centipawns(3), Score::from_mate_plies(3));
    EXPECT_EQ(Score(), Score::from_centipawns(0));
}

TEST(Score, UciText) {
    EXPECT_EQ(to_uci(Score::from_centipawns(35)), "cp 35");
    EXPECT_EQ(to_uci(Score::from_centipawns(-7, Bound::lower)), "cp -7 lowerbound");
    EXPECT_EQ(to_uci(Score::from_mate_moves(-3, Bound::upper)), "mate -3 upperbound");
    EXPECT_EQ(to_uci(Score::from_mate_plies(5)), "mate 3");
    EXPECT_EQ(to_uci(Score::from_mate_plies(0)), "mate 0");
}

// The store's columns: one of score_cp and score_mate (in moves), never both; no bound.
TEST(Score, StoreColumns) {
    EXPECT_EQ(centipawns_of(Score::from_centipawns(12, Bound::lower)), 12);
    EXPECT_EQ(mate_moves_of(Score::from_centipawns(12)), std::nullopt);
    EXPECT_EQ(centipawns_of(Score::from_mate_plies(-4)), std::nullopt);
    EXPECT_EQ(mate_moves_of(Score::from_mate_plies(-4)), -2);
    EXPECT_EQ(centipawns_of(std::nullopt), std::nullopt);
    EXPECT_EQ(mate_moves_of(std::nullopt), std::nullopt);
    EXPECT_EQ(score_from_columns(12, std::nullopt), Score::from_centipawns(12));
    EXPECT_EQ(score_from_columns(std::nullopt, -2), Score::from_mate_plies(-4));
    EXPECT_EQ(score_from_columns(std::nullopt, 0), Score::from_mate_plies(0));
    EXPECT_EQ(score_from_columns(std::nullopt, std::nullopt), std::nullopt);
    EXPECT_EQ(score_from_columns(5, 1), Score::from_mate_plies(1));
}

}  // namespace
}  // namespace arbiter
