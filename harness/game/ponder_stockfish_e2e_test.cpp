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
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

const char* const STOCKFISH = "/usr/games/stockfish";

TEST(PonderStockfish, APonderingStockfishMatchPondersAndNeverLosesOnTime) {
    if (::access(STOCKFISH, X_OK) != 0) GTEST_SKIP() << STOCKFISH << " is not installed";
    fs::path dir = fs::temp_directory_path() / ("arbiter-ponder-sf-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string d = dir.string();
    // A Move Overhead of 100 ms (Stockfish's default is 10) lets both engines keep time on a
    // machine busier than its cores, where a process may wait that long for one.
    const std::string options = ",option.Hash=16,option.Move Overhead=100'";
    std::string run =
        arbiter_test::run_program(
            std::string(ARBITER_PATH) + " tournament --engine 'name=sfp,cmd=" + STOCKFISH +
            ",ponder=true" + options + " --engine 'name=sf,cmd=" + STOCKFISH + options +
            " --tc 5+0.05 --openings " + SOURCE_DIR +
            "/openings/arbiter-8ply.epd --max-games 2 --concurrency 2 --db " + d +
            "/t.sqlite --pgn " + d + "/t.pgn --engine-log " + d + "/engines.log")
            .output;
    const std::string log = arbiter_test::read_text(dir / "engines.log");
    const std::string pgn = arbiter_test::read_text(dir / "t.pgn");
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
    if (!HasFailure()) fs::remove_all(dir);
}

}  // namespace
}  // namespace arbiter
