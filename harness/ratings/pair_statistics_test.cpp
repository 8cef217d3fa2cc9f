#include "harness/ratings/pair_statistics.h"

#include <gtest/gtest.h>

#include <cmath>

namespace arbiter {
namespace {

void expect_no_nan(const EloEstimate& e) {
    EXPECT_FALSE(std::isnan(e.elo));
    EXPECT_FALSE(std::isnan(e.low_95));
    EXPECT_FALSE(std::isnan(e.high_95));
    EXPECT_FALSE(std::isnan(e.error_95));
    EXPECT_FALSE(std::isnan(e.los));
}

TEST(EloConversion, IsLogistic) {
    EXPECT_NEAR(elo_from_score(0.75), 400.0 * std::log10(3.0), 1e-12);
    EXPECT_NEAR(score_from_elo(400.0), 10.0 / 11.0, 1e-15);
    EXPECT_NEAR(score_from_elo(elo_from_score(0.3)), 0.3, 1e-15);
    EXPECT_EQ(elo_from_score(1.0), INFINITY);
    EXPECT_EQ(elo_from_score(0.0), -INFINITY);
}

TEST(TrinomialElo, SevenFourThreeIs102Plus174) {
    // Score 9/14; per-game variance 8/14 - (9/14)^2; the interval is the Elo of score +- 1.96 SE.
    const EloEstimate e = trinomial_elo({7, 4, 3});
    EXPECT_EQ(std::lround(e.elo), 102);
    EXPECT_EQ(std::lround(e.error_95), 174);
    EXPECT_NEAR(e.elo, 400.0 * std::log10(9.0 / 5.0), 1e-9);
    EXPECT_NEAR(e.low_95, -45.7528782985, 1e-8);
    EXPECT_NEAR(e.high_95, 302.9440185819, 1e-8);
    EXPECT_NEAR(e.error_95, 174.3484484402, 1e-8);
    EXPECT_NEAR(e.los, 0.5 + 0.5 * std::erf(4.0 / std::sqrt(20.0)), 1e-15);
}

TEST(TrinomialElo, AllDrawsHaveNoNan) {
    const EloEstimate e = trinomial_elo({0, 25, 0});
    expect_no_nan(e);
    EXPECT_EQ(e.elo, 0.0);
    // The drawn games could have gone otherwise: the spread of 25 draws with half a decisive game
    // added, standard error sqrt(1/8) / 25.5, gives +-18.9 Elo, not +-0.
    const double half_width = 1.959963984540054 * std::sqrt(0.125) / 25.5;
    EXPECT_NEAR(e.error_95, elo_from_score(0.5 + half_width), 1e-9);
    EXPECT_NEAR(e.error_95, 18.9, 0.05);
    EXPECT_EQ(e.los, 0.5);
    const NormalizedElo n = normalized_elo(WdlCounts{0, 25, 0});
    EXPECT_EQ(n.elo, 0.0);
    EXPECT_EQ(n.error_95, 0.0);
}

TEST(TrinomialElo, PerfectScoreIsInfiniteWithExactLowerLimit) {
    const EloEstimate e = trinomial_elo({10, 0, 0});
    expect_no_nan(e);
    EXPECT_EQ(e.elo, INFINITY);
    EXPECT_EQ(e.high_95, INFINITY);
    EXPECT_EQ(e.error_95, INFINITY);
    // Clopper-Pearson: the score at which 10 wins in 10 games have probability 2.5%.
    EXPECT_NEAR(e.low_95, 140.2171616076, 1e-8);
    EXPECT_NEAR(e.los, 0.9992172989, 1e-10);

    const EloEstimate zero = trinomial_elo({0, 0, 10});
    expect_no_nan(zero);
    EXPECT_EQ(zero.elo, -INFINITY);
    EXPECT_NEAR(zero.high_95, -140.2171616076, 1e-8);
    EXPECT_NEAR(zero.los, 1.0 - 0.9992172989, 1e-10);
    const NormalizedElo n = normalized_elo(WdlCounts{10, 0, 0});
    EXPECT_EQ(n.elo, INFINITY);
    EXPECT_EQ(n.error_95, INFINITY);
}

TEST(TrinomialElo, IntervalReachingAPerfectScoreIsOpen) {
    const EloEstimate e = trinomial_elo({9, 0, 1});  // 0.9 + 1.96 x 0.095 > 1
    expect_no_nan(e);
    EXPECT_NEAR(e.elo, 400.0 * std::log10(9.0), 1e-9);
    EXPECT_EQ(e.high_95, INFINITY);
    EXPECT_EQ(e.error_95, INFINITY);
}

TEST(TrinomialElo, NoGamesHaveNoNan) {
    const EloEstimate e = trinomial_elo({});
    expect_no_nan(e);
    EXPECT_EQ(e.elo, 0.0);
    EXPECT_EQ(e.error_95, INFINITY);
}

TEST(NormalizedElo, FromSingleGames) {
    // t = (9/14 - 1/2) / sqrt(8/14 - (9/14)^2); nElo = t x 800 / ln 10.
    EXPECT_NEAR(normalized_elo(WdlCounts{7, 4, 3}).elo, 124.8025465453, 1e-8);
}

TEST(PentanomialElo, HandComputedPairs) {
    // Pair scores 0.25 x1, 0.5 x3, 0.75 x4, 1 x2: mean 0.675 over 10 pairs.
    const PentanomialCounts counts{{0, 1, 3, 4, 2}};
    const EloEstimate e = pentanomial_elo(counts);
    EXPECT_NEAR(e.elo, elo_from_score(0.675), 1e-9);
    EXPECT_NEAR(e.low_95, 24.7417111912, 1e-8);
    EXPECT_NEAR(e.high_95, 256.9658503868, 1e-8);
    EXPECT_NEAR(e.error_95, 116.1120695978, 1e-8);
    EXPECT_NEAR(e.los, 0.9930444203, 1e-10);
    const NormalizedElo n = normalized_elo(counts);
    EXPECT_NEAR(n.elo, 191.0798233155, 1e-8);
    EXPECT_NEAR(n.error_95, 176.5214096832, 1e-8);
}

TEST(PentanomialElo, FishtestCounts) {
    const PentanomialCounts counts{{39, 2226, 31451, 2412, 40}};
    const EloEstimate e = pentanomial_elo(counts);
    EXPECT_NEAR(e.elo, 0.9029810488, 1e-9);
    EXPECT_NEAR(e.error_95, 0.6625314860, 1e-9);
    EXPECT_NEAR(e.los, 0.9962220973, 1e-9);
    const NormalizedElo n = normalized_elo(counts);
    EXPECT_NEAR(n.elo, 3.4507996069, 1e-9);
    EXPECT_NEAR(n.error_95, 2.5312396033, 1e-9);
}

TEST(PentanomialElo, DegenerateCountsHaveNoNan) {
    const EloEstimate draws = pentanomial_elo(PentanomialCounts{{0, 0, 12, 0, 0}});
    expect_no_nan(draws);
    EXPECT_EQ(draws.elo, 0.0);
    EXPECT_GT(draws.error_95, 10.0);  // all drawn pairs could have gone otherwise
    EXPECT_EQ(draws.los, 0.5);
    const EloEstimate perfect = pentanomial_elo(PentanomialCounts{{0, 0, 0, 0, 5}});
    expect_no_nan(perfect);
    EXPECT_EQ(perfect.elo, INFINITY);
    EXPECT_NEAR(perfect.low_95, elo_from_score(std::pow(0.025, 1.0 / 10.0)), 1e-9);
    EXPECT_EQ(perfect.los, 1.0);
    const NormalizedElo n = normalized_elo(PentanomialCounts{{0, 0, 0, 0, 5}});
    EXPECT_EQ(n.elo, INFINITY);
    EXPECT_FALSE(std::isnan(n.error_95));
    const NormalizedElo none = normalized_elo(PentanomialCounts{});
    EXPECT_EQ(none.elo, 0.0);
    EXPECT_EQ(none.error_95, INFINITY);
}

TEST(PairStatistics, PentanomialOnlyWithPairs) {
    MatchTally tally;
    tally.wdl = {7, 4, 3};
    EXPECT_FALSE(pair_statistics(tally).pentanomial.has_value());
    tally.pentanomial = PentanomialCounts{{0, 1, 2, 3, 1}};  // 9 points in 7 pairs
    const PairStatistics statistics = pair_statistics(tally);
    ASSERT_TRUE(statistics.pentanomial.has_value());
    ASSERT_TRUE(statistics.normalized.has_value());
    EXPECT_NEAR(statistics.trinomial.elo, 102.1090020413, 1e-9);
}

}  // namespace
}  // namespace arbiter
