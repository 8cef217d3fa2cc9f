#include <gtest/gtest.h>

#include "harness/game/adjudicators.h"
#include "harness/game/chess_clock.h"

namespace arbiter {
namespace {

TEST(ChessClock, ChargesTimeAndAddsTheIncrement) {
    ChessClock clock(TimeControl{0, 10000, 100});
    EXPECT_EQ(clock.remaining_ms(), 10100);  // the base and the first move's increment
    EXPECT_EQ(clock.moves_to_go(), 0);
    clock.charge(350);
    EXPECT_EQ(clock.remaining_ms(), 9850);
    clock.charge(
        10000);  // within the referee's margin: the clock goes negative, the referee decides
    EXPECT_EQ(clock.remaining_ms(), -50);
}

TEST(ChessClock, APeriodsLastMoveAddsTheNextPeriodsTime) {
    ChessClock clock(TimeControl{3, 6000, 0});
    EXPECT_EQ(clock.moves_to_go(), 3);
    clock.charge(1000);
    clock.count_book_move();  // no time, but it counts
    EXPECT_EQ(clock.moves_to_go(), 1);
    EXPECT_EQ(clock.remaining_ms(), 5000);
    clock.charge(2000);
    EXPECT_EQ(clock.remaining_ms(), 9000);
    EXPECT_EQ(clock.moves_to_go(), 3);
}

// cutechess's hourglass: what one side uses is added to the other; the sum stays the same.
TEST(ChessClock, AnHourglassTakesWhatTheOpponentUsed) {
    ChessClock white(TimeControl{0, 10000, 0, true}), black(TimeControl{0, 10000, 0, true});
    EXPECT_TRUE(white.hourglass());
    white.charge(3000);
    black.add_opponent_time(3000);
    black.charge(500);
    white.add_opponent_time(500);
    EXPECT_EQ(white.remaining_ms(), 7500);
    EXPECT_EQ(black.remaining_ms(), 12500);
    EXPECT_EQ(white.remaining_ms() + black.remaining_ms(), 20000);
    EXPECT_FALSE(ChessClock(TimeControl{0, 10000, 0}).hourglass());
}

Adjudication draw_rule() {
    Adjudication rule;
    rule.draw_move_number = 10;
    rule.draw_move_count = 2;
    rule.draw_score = 5;
    return rule;
}

TEST(DrawTracker, DrawsOnlyAfterTheMoveNumberAndBothSidesQuietMoves) {
    Adjudication rule = draw_rule();
    DrawTracker tracker(rule);
    EXPECT_FALSE(tracker.update(WHITE, 0, 9));
    EXPECT_FALSE(tracker.update(BLACK, -5, 9));
    EXPECT_FALSE(tracker.update(WHITE, 3, 10));
    EXPECT_FALSE(tracker.update(BLACK, 1, 10));  // two quiet moves each, but not after move 10
    EXPECT_FALSE(tracker.update(WHITE, 6, 11));  // White's run broken
    EXPECT_FALSE(tracker.update(BLACK, 0, 11));
    EXPECT_FALSE(tracker.update(WHITE, std::nullopt, 12));  // no score breaks it too
    EXPECT_FALSE(tracker.update(WHITE, 0, 12));
    EXPECT_TRUE(tracker.update(WHITE, 0, 13));
}

TEST(DrawTracker, DoesNothingWithoutTheRule) {
    Adjudication none;
    DrawTracker tracker(none);
    for (int move = 1; move < 200; ++move) EXPECT_FALSE(tracker.update(WHITE, 0, move));
}

TEST(ResignTracker, OneSidedCountsTheLosersOwnMoves) {
    Adjudication rule;
    rule.resign_move_count = 3;
    rule.resign_score = 600;
    ResignTracker tracker(rule);
    EXPECT_FALSE(tracker.update(BLACK, -600));
    EXPECT_FALSE(tracker.update(WHITE, 10));
    EXPECT_FALSE(tracker.update(BLACK, -700));
    EXPECT_FALSE(tracker.update(BLACK, -599));  // broken
    EXPECT_FALSE(tracker.update(BLACK, -900));
    EXPECT_FALSE(tracker.update(BLACK, -900));
    EXPECT_TRUE(tracker.update(BLACK, -99900));
}

TEST(ResignTracker, TwoSidedAlsoNeedsTheWinnersAgreement) {
    Adjudication rule;
    rule.resign_move_count = 2;
    rule.resign_score = 500;
    rule.resign_two_sided = true;
    ResignTracker tracker(rule);
    EXPECT_FALSE(tracker.update(WHITE, 400));
    EXPECT_FALSE(tracker.update(BLACK, -800));
    EXPECT_FALSE(tracker.update(WHITE, 800));
    EXPECT_FALSE(tracker.update(BLACK, -800));  // White agreed only once
    EXPECT_FALSE(tracker.update(WHITE, 800));
    EXPECT_TRUE(tracker.update(BLACK, -800));
}

}  // namespace
}  // namespace arbiter
