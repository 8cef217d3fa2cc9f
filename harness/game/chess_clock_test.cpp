// Issue 41: each side's clock at each move of three time controls of several periods, against
// tables computed by hand. White uses 1 s a move, Black 2 s.
#include "harness/game/chess_clock.h"

#include <gtest/gtest.h>

#include <vector>

namespace arbiter {
namespace {

// One side's clock around its move: before it (what `go` says), the moves to go then (0: none
// sent), the increment of the move's period, and the clock after it.
struct ClockRow {
    std::int64_t before;
    int moves_to_go;
    std::int64_t increment;
    std::int64_t after;
};

// Plays `rows.size()` moves of `elapsed_ms` each on a clock of `tc` and checks each row.
void expect_clock(const char* tc, std::int64_t elapsed_ms, const std::vector<ClockRow>& rows) {
    ChessClock clock(parse_time_control(tc));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        SCOPED_TRACE(std::string(tc) + ", move " + std::to_string(i + 1) + " of " +
                     std::to_string(elapsed_ms) + " ms");
        EXPECT_EQ(clock.remaining_ms(), rows[i].before);
        EXPECT_EQ(clock.moves_to_go(), rows[i].moves_to_go);
        EXPECT_EQ(clock.increment_ms(), rows[i].increment);
        clock.charge(elapsed_ms);
        EXPECT_EQ(clock.remaining_ms(), rows[i].after);
    }
}

// FIDE's shape: moves in a period with an increment from move 1, then the rest of the game with
// another. The clock starts at 10 s and the first increment; after its second move each side gets
// the second period's 5 s, and from then on 2 s a move.
TEST(ChessClockPeriods, TwoPeriodsWithIncrements) {
    expect_clock("2/10+1:5+2", 1000,
                 {{11000, 2, 1000, 11000},
                  {11000, 1, 1000, 17000},  // 11 - 1 + 5 + 2
                  {17000, 0, 2000, 18000},
                  {18000, 0, 2000, 19000},
                  {19000, 0, 2000, 20000}});
    expect_clock("2/10+1:5+2", 2000,
                 {{11000, 2, 1000, 10000},
                  {10000, 1, 1000, 15000},  // 10 - 2 + 5 + 2
                  {15000, 0, 2000, 15000},
                  {15000, 0, 2000, 15000},
                  {15000, 0, 2000, 15000}});
}

// The PGN standard's 40/7200:20/3600:900 in small: three periods, the last sudden death.
TEST(ChessClockPeriods, ThreePeriodsEndingInSuddenDeath) {
    expect_clock("2/10:1/5:3", 1000,
                 {{10000, 2, 0, 9000},
                  {9000, 1, 0, 13000},   // 9 - 1 + 5
                  {13000, 1, 0, 15000},  // 13 - 1 + 3
                  {15000, 0, 0, 14000},
                  {14000, 0, 0, 13000}});
    expect_clock("2/10:1/5:3", 2000,
                 {{10000, 2, 0, 8000},
                  {8000, 1, 0, 11000},
                  {11000, 1, 0, 12000},
                  {12000, 0, 0, 10000},
                  {10000, 0, 0, 8000}});
}

// The last period has a move count, so it repeats: 3 s for every move after the second.
TEST(ChessClockPeriods, TheLastPeriodRepeats) {
    expect_clock("2/6:1/3", 1000,
                 {{6000, 2, 0, 5000},
                  {5000, 1, 0, 7000},
                  {7000, 1, 0, 9000},
                  {9000, 1, 0, 11000},
                  {11000, 1, 0, 13000}});
    expect_clock("2/6:1/3", 2000,
                 {{6000, 2, 0, 4000},
                  {4000, 1, 0, 5000},
                  {5000, 1, 0, 6000},
                  {6000, 1, 0, 7000},
                  {7000, 1, 0, 8000}});
}

// A book move costs no time and earns no increment but counts: the period still ends after two.
TEST(ChessClockPeriods, ABookMoveCountsTowardsItsPeriod) {
    ChessClock clock(parse_time_control("2/10+1:5+2"));
    clock.count_book_move();
    EXPECT_EQ(clock.remaining_ms(), 11000);
    EXPECT_EQ(clock.moves_to_go(), 1);
    EXPECT_EQ(clock.period_number(), 0);
    clock.charge(1000);
    EXPECT_EQ(clock.period_number(), 1);
    EXPECT_EQ(clock.remaining_ms(), 17000);
    clock.count_book_move();  // the 2 s in hand stay for the next move
    EXPECT_EQ(clock.remaining_ms(), 17000);
}

}  // namespace
}  // namespace arbiter
