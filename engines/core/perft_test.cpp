#include "engines/core/perft.h"

#include <gtest/gtest.h>

#include <sstream>

#include "engines/core/test_support.h"

namespace arbiter {
namespace {

struct Published {
    const char* name;
    const char* fen;
    std::uint64_t counts[6];  // depths 1..6; 0 where not listed
};

// The chessprogramming wiki's "Perft Results" positions and counts.
const Published published[] = {
    {"initial",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     {20, 400, 8902, 197281, 4865609, 119060324}},
    {"kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     {48, 2039, 97862, 4085603, 193690690, 0}},
    {"position3",
     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     {14, 191, 2812, 43238, 674624, 11030083}},
    {"position4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     {6, 264, 9467, 422333, 15833292, 0}},
    {"position4_mirrored",
     "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
     {6, 264, 9467, 422333, 15833292, 0}},
    {"position5",
     "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     {44, 1486, 62379, 2103487, 89941194, 0}},
    {"position6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     {46, 2079, 89890, 3894594, 164075551, 0}},
};

class PublishedPerft : public ::testing::TestWithParam<Published> {};

// Depths 1-4 here; depth 5 (and 6 for the initial position) in perft_deep_test.
TEST_P(PublishedPerft, MatchesToDepthFour) {
    testing::Game game(GetParam().fen);
    for (int depth = 1; depth <= 4; ++depth)
        EXPECT_EQ(perft(game.pos, depth), GetParam().counts[depth - 1]) << "depth " << depth;
    EXPECT_EQ(game.pos.fen(), testing::Game(GetParam().fen).pos.fen())
        << "perft must restore the position";
}

INSTANTIATE_TEST_SUITE_P(Core, PublishedPerft, ::testing::ValuesIn(published),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(Perft, EdgeCaseSuiteMatchesCommittedCounts) {
    auto suite = testing::load_perft_suite();
    ASSERT_GE(suite.size(), 40u);
    for (const auto& entry : suite) {
        testing::Game game(entry.fen);
        for (std::size_t d = 1; d <= entry.counts.size(); ++d)
            EXPECT_EQ(perft(game.pos, int(d)), entry.counts[d - 1]) << entry.name << " depth " << d;
    }
}

TEST(Perft, DividePrintsStockfishFormat) {
    testing::Game game{std::string(START_FEN)};
    std::ostringstream out;
    EXPECT_EQ(perft_divide(game.pos, 2, out), 400u);
    std::string text = out.str();
    EXPECT_NE(text.find("a2a3: 20\n"), std::string::npos);
    EXPECT_NE(text.find("g1f3: 20\n"), std::string::npos);
    EXPECT_NE(text.find("\n\nNodes searched: 400\n"), std::string::npos);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 20 + 2);
}

TEST(Perft, DepthZeroIsOneNode) {
    testing::Game game{std::string(START_FEN)};
    EXPECT_EQ(perft(game.pos, 0), 1u);
}

}  // namespace
}  // namespace arbiter
