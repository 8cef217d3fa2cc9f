// fastchess's match header through the dialect, end to end: "Results of A vs B (LIMIT, THREADS,
// HASH, BOOK):" with Threads and Hash as each engine declared them in its handshake and as the
// configuration set them, as fastchess 1.8.2 prints them for the same command lines.
#include <gtest/gtest.h>

#include <string>

#include "engines/core/reference_program.h"
#include "harness/cli/cutechess_dialect_fixture.h"

namespace {

using namespace arbiter_test;

class FastchessHeader : public CutechessDialect {
  protected:
    // The header line of a fastchess-form run of `engines` (two games on the book's first
    // opening), or the run's output when it failed or printed none.
    std::string header(const std::string& engines, const std::string& each) {
        RunResult r = run(engines + " -each " + each + " -openings file=" + path("book.epd") +
                          " -rounds 1 -games 2 -repeat -output format=fastchess -db " +
                          path("h" + std::to_string(++runs_) + ".sqlite"));
        if (r.exit_code != 0) return "exit " + std::to_string(r.exit_code) + ": " + r.out + r.err;
        std::size_t start = r.out.find("\nResults of ");
        if (start == std::string::npos) return "no header: " + r.out;
        return r.out.substr(start + 1, r.out.find('\n', start + 1) - start - 1);
    }
    int runs_ = 0;
};

// Stockfish declares Threads (default 1) and Hash (default 16): fastchess prints "1t, 16MB"
// with no option given, the values set where option.NAME=N sets them, and "X - Y" when the two
// engines differ.
TEST_F(FastchessHeader, StockfishDefaultsAndTheValuesSet) {
    const std::string stockfish = arbiter::testing::reference_program("stockfish");
    if (stockfish.empty()) GTEST_SKIP() << "stockfish is not installed";
    const std::string one = "-engine name=sf1 cmd=" + stockfish, two = " -engine name=sf2 cmd=";
    EXPECT_EQ(header(one + two + stockfish, "nodes=500"),
              "Results of sf1 vs sf2 (500 nodes, 1t, 16MB, book.epd):");
    EXPECT_EQ(header(one + two + stockfish, "nodes=500 option.Hash=8"),
              "Results of sf1 vs sf2 (500 nodes, 1t, 8MB, book.epd):");
    EXPECT_EQ(header(one + two + stockfish + " option.Threads=2", "nodes=500"),
              "Results of sf1 vs sf2 (500 nodes, 1t - 2t, 16MB, book.epd):");
    EXPECT_EQ(header(one + " option.Hash=8" + two + stockfish, "nodes=500"),
              "Results of sf1 vs sf2 (500 nodes, 1t, 8MB - 16MB, book.epd):");
}

// An engine that declares neither option (the random mover; an XBoard engine, whose features
// are not options) gets NULL; the mock engine declares Hash only.
TEST_F(FastchessHeader, EnginesWithoutTheOptionsGetNull) {
    const std::string random = RANDOM_ENGINE_PATH, mock = MOCK_ENGINE_PATH;
    EXPECT_EQ(header("-engine name=a cmd=" + random + " -engine name=b cmd=" + random, "tc=10+0.1"),
              "Results of a vs b (10+0.1, NULL, NULL, book.epd):");
    EXPECT_EQ(header("-engine name=m cmd=" + mock + " option.Hash=8 -engine name=r cmd=" + random,
                     "depth=1"),
              "Results of m vs r (1 plies, NULL, 8MB - NULL, book.epd):");
    EXPECT_EQ(header("-engine name=x cmd=" + std::string(MOCK_XBOARD_ENGINE_PATH) +
                         " proto=xboard -engine name=m cmd=" + mock,
                     "tc=10+0.1"),
              "Results of x vs m (10+0.1, NULL, NULL - 16MB, book.epd):");
}

}  // namespace
