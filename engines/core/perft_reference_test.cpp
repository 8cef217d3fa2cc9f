// Cross-checks the core's perft against Debian's Stockfish ("go perft N", divide included) on
// the whole edge-case suite. Without Stockfish: skipped, or a failure under CI.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include <unistd.h>

#include "engines/core/perft.h"
#include "engines/core/reference_program.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

// Runs Stockfish's perft divide for each FEN at `depth` and returns the output text.
std::string stockfish_divide(const std::string& stockfish, const std::vector<std::string>& fens,
                             int depth, bool chess960 = false) {
    // One script per process: ctest runs this file's tests side by side.
    std::string script = std::filesystem::temp_directory_path() /
                         ("arbiter-perft-reference-" + std::to_string(::getpid()) + ".txt");
    {
        std::ofstream out(script);
        if (chess960) out << "setoption name UCI_Chess960 value true\n";
        for (const auto& fen : fens)
            out << "position fen " << fen << "\ngo perft " << depth << "\n";
        out << "quit\n";
    }
    std::string output;
    FILE* pipe = popen((stockfish + " < " + script).c_str(), "r");
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    pclose(pipe);
    std::filesystem::remove(script);
    return output;
}

// Parses "move: count" lines between one "Nodes searched" line and the next.
std::vector<std::map<std::string, std::uint64_t>> parse_divides(const std::string& text) {
    std::vector<std::map<std::string, std::uint64_t>> result(1);
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("Nodes searched", 0) == 0) {
            result.back()["total"] = std::stoull(line.substr(line.find(':') + 1));
            result.emplace_back();
        } else if (auto colon = line.find(": "); colon == 4 || colon == 5) {
            result.back()[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
        }
    }
    result.pop_back();
    return result;
}

TEST(PerftReference, SuiteAgreesWithStockfishMoveByMove) {
    std::string stockfish = testing::reference_program("stockfish");
    if (stockfish.empty()) GTEST_SKIP() << "stockfish is not installed";
    auto suite = testing::load_perft_suite();
    std::vector<std::string> fens;
    for (const auto& e : suite) fens.push_back(e.fen);
    auto theirs = parse_divides(stockfish_divide(stockfish, fens, 4));
    ASSERT_EQ(theirs.size(), suite.size());
    for (std::size_t i = 0; i < suite.size(); ++i) {
        testing::Game game(suite[i].fen);
        std::ostringstream out;
        perft_divide(game.pos, 4, out);
        auto ours = parse_divides(out.str());
        ASSERT_EQ(ours.size(), 1u);
        EXPECT_EQ(ours[0], theirs[i]) << suite[i].name << ": " << suite[i].fen;
    }
}

// Chess960 and DFRC: positions reached by random play from the 960 start positions and 300
// DFRC ones (of 25,000, every 5th that keeps a castling right and every 25th of the others),
// compared move by move at depth 3 with Stockfish under UCI_Chess960.
TEST(PerftReference, Chess960PlayoutsAgreeWithStockfishMoveByMove) {
    std::string stockfish = testing::reference_program("stockfish");
    if (stockfish.empty()) GTEST_SKIP() << "stockfish is not installed";
    std::vector<std::string> fens;
    std::uint64_t seen = 0;
    testing::visit_random_playouts(
        2026, 25000,
        [&](Position& pos) {
            if (seen++ % (pos.castling_rights() ? 5 : 25) == 0) fens.push_back(pos.fen());
        },
        testing::chess960_starts(2026, 300), true);
    auto theirs = parse_divides(stockfish_divide(stockfish, fens, 3, true));
    ASSERT_EQ(theirs.size(), fens.size());
    int castling_positions = 0;
    for (std::size_t i = 0; i < fens.size(); ++i) {
        testing::Game game(fens[i], true);
        std::ostringstream out;
        perft_divide(game.pos, 3, out);
        auto ours = parse_divides(out.str());
        ASSERT_EQ(ours.size(), 1u);
        EXPECT_EQ(ours[0], theirs[i]) << fens[i];
        castling_positions += game.pos.castling_rights() != NO_CASTLING;
    }
    EXPECT_GT(castling_positions, 400);
}

}  // namespace
}  // namespace arbiter
