// `arbiter analyse --pgn` from outside, with Debian's Stockfish as the reference: the fool's mate
// gets its blunder marked with the move that holds, every move an [%eval], and pgn-extract reads
// the annotated file whole; a bad input is refused naming the file and line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

class AnalyseCommand : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("analyse-" + std::to_string(::getpid()));
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }
    fs::path dir;
};

TEST_F(AnalyseCommand, MarksTheBlunderAndWritesPgnThatPgnExtractReads) {
    ASSERT_TRUE(fs::exists("/usr/games/stockfish")) << "scripts/setup installs stockfish";
    std::ofstream(dir / "in.pgn") << "[Event \"fool\"]\n[White \"w\"]\n[Black \"b\"]\n"
                                     "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
                                     "[Event \"open\"]\n[White \"b\"]\n[Black \"w\"]\n"
                                     "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    const auto r = arbiter_test::run_program(
        std::string(ARBITER_PATH) + " analyse --pgn " + (dir / "in.pgn").string() + " --out " +
        (dir / "out.pgn").string() + " --engine cmd=/usr/games/stockfish --depth 10");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("Analysed 2 games (10 positions)"), std::string::npos) << r.output;
    const std::string out = arbiter_test::read_text(dir / "out.pgn");
    EXPECT_TRUE(std::regex_search(out, std::regex(R"(2\. g4\?\?\s+\{\[%eval #-1\] better: \w+)")))
        << out;
    const std::regex eval(R"(\[%eval )");
    EXPECT_EQ(std::distance(std::sregex_iterator(out.begin(), out.end(), eval), {}), 8) << out;
    const auto extract =
        arbiter_test::run_program("pgn-extract -o /dev/null " + (dir / "out.pgn").string());
    EXPECT_NE(extract.output.find("2 games matched out of 2"), std::string::npos) << extract.output;
}

TEST_F(AnalyseCommand, RefusesABadGameNamingItsLine) {
    std::ofstream(dir / "bad.pgn") << "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5\n2. Ke3 *\n";
    const auto r = arbiter_test::run_program(
        std::string(ARBITER_PATH) + " analyse --pgn " + (dir / "bad.pgn").string() + " --out " +
        (dir / "o.pgn").string() + " --engine cmd=/usr/games/stockfish --depth 1");
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.output.find("bad.pgn:5: 'Ke3' is not a legal move"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(dir / "o.pgn"));
    const auto limits = arbiter_test::run_program(
        std::string(ARBITER_PATH) + " analyse --pgn " + (dir / "bad.pgn").string() + " --out " +
        (dir / "o.pgn").string() + " --engine cmd=/usr/games/stockfish");
    EXPECT_NE(limits.output.find("give one search limit"), std::string::npos) << limits.output;
}

}  // namespace
}  // namespace arbiter
