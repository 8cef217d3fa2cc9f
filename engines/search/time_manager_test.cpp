#include "engines/search/time_manager.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(TimeManager, NoLimitWithoutClockOrMoveTime) {
    SearchLimits limits;
    EXPECT_FALSE(plan_time(limits, WHITE, 30).limited());
    limits.depth = 5;
    limits.time[BLACK] = 1000;  // only the opponent's clock
    EXPECT_FALSE(plan_time(limits, WHITE, 30).limited());
    limits.infinite = true;
    limits.time[WHITE] = 1000;
    EXPECT_FALSE(plan_time(limits, WHITE, 30).limited());
}

TEST(TimeManager, MoveTimeKeepsTheReserve) {
    SearchLimits limits;
    limits.movetime = 1000;
    TimeBudget b = plan_time(limits, BLACK, 30);
    EXPECT_EQ(b.hard_ms, 970);
    EXPECT_EQ(b.soft_ms, 970);
    limits.movetime = 20;  // the reserve takes at most half
    EXPECT_EQ(plan_time(limits, BLACK, 30).hard_ms, 10);
}

TEST(TimeManager, ClockShareAndIncrement) {
    SearchLimits limits;
    limits.time[WHITE] = 60000;
    limits.increment[WHITE] = 1000;
    TimeBudget b = plan_time(limits, WHITE, 30);
    EXPECT_EQ(b.soft_ms, 59970 / 30 + 750);
    EXPECT_EQ(b.hard_ms, 3 * (59970 / 30 + 750));
    limits.movestogo = 1;  // the last move before the control: at most 70% of what is usable
    b = plan_time(limits, WHITE, 30);
    EXPECT_EQ(b.hard_ms, 59970 * 7 / 10);
}

TEST(TimeManager, NeverSpendsTheWholeClock) {
    // 10+0.1 and 1+0.01 and everything in between: the hard limit leaves at least 30% of the
    // clock (and the reserve) untouched, and the soft limit never exceeds the hard one.
    for (std::int64_t left : {0, 1, 5, 10, 20, 50, 100, 300, 1000, 10000, 600000})
        for (std::int64_t inc : {0, 10, 100, 1000})
            for (int mtg : {0, 1, 2, 10, 40})
                for (std::int64_t overhead : {0, 30, 100}) {
                    SearchLimits limits;
                    limits.time[BLACK] = left;
                    limits.increment[BLACK] = inc;
                    limits.movestogo = mtg;
                    TimeBudget b = plan_time(limits, BLACK, overhead);
                    ASSERT_TRUE(b.limited());
                    EXPECT_GE(b.soft_ms, 1);
                    EXPECT_LE(b.soft_ms, b.hard_ms);
                    if (left >= 10) {
                        EXPECT_LE(b.hard_ms, left * 7 / 10)
                            << left << "+" << inc << " mtg " << mtg << " overhead " << overhead;
                    }
                    if (left > 2 * overhead && left >= 10) {
                        EXPECT_LE(b.hard_ms + overhead, left)
                            << left << "+" << inc << " mtg " << mtg << " overhead " << overhead;
                    }
                }
}

}  // namespace
}  // namespace arbiter
