// The published perft counts at depth 5 for every position and depth 6 for the initial position
// and position 3: about 600 million leaves, a few seconds in a release build.
#include <gtest/gtest.h>

#include "engines/core/perft.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

struct Deep {
    const char* name;
    const char* fen;
    int depth;
    std::uint64_t count;
};

class DeepPerft : public ::testing::TestWithParam<Deep> {};

TEST_P(DeepPerft, MatchesPublishedCount) {
    testing::Game game(GetParam().fen);
    EXPECT_EQ(perft(game.pos, GetParam().depth), GetParam().count);
}

INSTANTIATE_TEST_SUITE_P(
    Core, DeepPerft,
    ::testing::Values(
        Deep{"initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
        Deep{"initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324},
        Deep{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5,
             193690690},
        Deep{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
        Deep{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
        Deep{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5,
             15833292},
        Deep{"position4_mirrored",
             "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5, 15833292},
        Deep{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194},
        Deep{"position6",
             "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5,
             164075551}),
    [](const auto& info) {
        return std::string(info.param.name) + "_depth" + std::to_string(info.param.depth);
    });

// chessprogramming's Chess960 perft results: every one of the 960 positions to depth 4, the
// first hundred to depth 5 and the first three to depth 6 (about 2.7 billion leaves).
TEST(Chess960DeepPerft, PublishedSuiteToDepthFive) {
    auto suite = testing::load_perft_suite(testing::CHESS960_PERFT_SUITE);
    ASSERT_EQ(suite.size(), 960u);
    for (std::size_t i = 0; i < suite.size(); ++i) {
        testing::Game game(suite[i].fen, true);
        int depth = i < 100 ? 5 : 4;
        EXPECT_EQ(perft(game.pos, depth), suite[i].counts[depth - 1])
            << suite[i].name << ": " << suite[i].fen;
        if (i < 3) {
            EXPECT_EQ(perft(game.pos, 6), suite[i].counts[5]) << suite[i].name;
        }
    }
}

}  // namespace
}  // namespace arbiter
