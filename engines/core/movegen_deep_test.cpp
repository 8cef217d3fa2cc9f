// The move generator's shortcuts against full generation at depth: every position of the perft
// suite's trees to four plies (label `full`: `scripts/test -- -L full`), and twenty million
// positions of random games and five million of Chess960 games (label `deep`).
// has_legal_move once called about one position in a million mate while it had a move, which
// only runs of this size find.
#include <gtest/gtest.h>

#include "engines/core/movegen_agreement.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

TEST(GenerationAgreementDeep, HoldsOnEveryPositionOfThePerftSuiteTreesToFourPlies) {
    std::mt19937_64 rng(5);
    std::uint64_t checked = 0, failures = 0;
    testing::visit_suite(4, [&](Position& pos) {
        std::string why = testing::generation_disagreement(pos, rng, 2);
        if (!why.empty() && ++failures <= 10) ADD_FAILURE() << why << " at " << pos.fen();
        ++checked;
    });
    EXPECT_EQ(failures, 0u);
    EXPECT_GT(checked, 10000000u);
}

TEST(GenerationAgreementDeep, HoldsOnTwentyMillionPositionsOfRandomGames) {
    std::mt19937_64 rng(7);
    std::uint64_t checked = 0, failures = 0;
    testing::visit_random_playouts(1950, 20000000, [&](Position& pos) {
        std::string why = testing::generation_disagreement(pos, rng, 2);
        if (!why.empty() && ++failures <= 10) ADD_FAILURE() << why << " at " << pos.fen();
        ++checked;
    });
    EXPECT_EQ(failures, 0u);
    EXPECT_EQ(checked, 20000000u);
}

TEST(GenerationAgreementDeep, HoldsOnFiveMillionPositionsOfChess960Games) {
    std::mt19937_64 rng(13);
    std::uint64_t checked = 0, failures = 0;
    testing::visit_random_playouts(
        1996, 5000000,
        [&](Position& pos) {
            std::string why = testing::generation_disagreement(pos, rng, 2);
            if (!why.empty() && ++failures <= 10) ADD_FAILURE() << why << " at " << pos.fen();
            ++checked;
        },
        testing::chess960_starts(1996, 2000), true);
    EXPECT_EQ(failures, 0u);
    EXPECT_EQ(checked, 5000000u);
}

}  // namespace
}  // namespace arbiter
