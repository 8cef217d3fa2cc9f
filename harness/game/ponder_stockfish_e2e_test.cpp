// Issue 31's check of pondering, end to end: Stockfish with ponder=true against Stockfish
// without, two games at 5+0.05 (issue 31 measured 10+0.1; half keeps the suite short) through the
// `arbiter` program. The engine log shows `go ponder` and `ponderhit` sent to the pondering engine
// only, and no game is lost on time.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include "harness/game/stockfish_match_test_support.h"

namespace arbiter {
namespace {

TEST(PonderStockfish, APonderingStockfishMatchPondersAndNeverLosesOnTime) {
    auto match =
        arbiter_test::play_stockfish_match("ponder", "sfp", ",ponder=true", "sf", "5+0.05");
    if (!match) GTEST_SKIP() << "stockfish is not installed";
    const std::string &run = match->output, &log = match->log, &pgn = match->pgn;
    EXPECT_EQ(arbiter_test::count_of(pgn, "[Result "), 2) << run;
    EXPECT_EQ(arbiter_test::count_of(pgn, "time forfeit"), 0) << pgn;
    EXPECT_EQ(arbiter_test::count_of(pgn, "loses on time"), 0) << pgn;
    EXPECT_EQ(arbiter_test::count_of(log, "sfp(1) > setoption name Ponder value true"), 2);
    EXPECT_GT(arbiter_test::count_of(log, "sfp(1) > go ponder wtime "), 0);
    EXPECT_GT(arbiter_test::count_of(log, "sfp(1) > ponderhit"), 0);
    EXPECT_EQ(arbiter_test::count_of(log, "sf(1) > go ponder"), 0);
    EXPECT_EQ(arbiter_test::count_of(log, "sf(1) > ponderhit"), 0);
    // Every ponder search ends in a ponderhit or a stop, each answered by a bestmove.
    EXPECT_EQ(arbiter_test::count_of(log, "sfp(1) > go ponder"),
              arbiter_test::count_of(log, "sfp(1) > ponderhit") +
                  arbiter_test::count_of(log, "sfp(1) > stop"));
    std::printf("%s", run.c_str());
    std::printf("go ponder %d, ponderhit %d, stop %d\n",
                arbiter_test::count_of(log, "sfp(1) > go ponder"),
                arbiter_test::count_of(log, "sfp(1) > ponderhit"),
                arbiter_test::count_of(log, "sfp(1) > stop"));
    if (!HasFailure()) std::filesystem::remove_all(match->dir);
}

}  // namespace
}  // namespace arbiter
