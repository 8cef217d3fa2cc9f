#include "harness/ratings/sprt.h"

#include "harness/ratings/pair_statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace arbiter {
namespace {

// Pair counts with known answers from fishtest's statistics code.
const PentanomialCounts FISHTEST_PAIRS{{39, 2226, 31451, 2412, 40}};

TEST(Llr, NormalizedMatchesFishtest) {
    EXPECT_NEAR(llr_normalized(FISHTEST_PAIRS, 0.764, 3.439), 2.163, 5e-4);
    EXPECT_NEAR(llr_normalized(FISHTEST_PAIRS, 0.0, 2.0), 2.937, 5e-4);
}

TEST(Llr, LogisticMatchesFishtest) {
    EXPECT_NEAR(llr_logistic(FISHTEST_PAIRS, 0.2, 0.9), 2.163, 5e-4);
}

TEST(Llr, SwappingHypothesesNegates) {
    EXPECT_NEAR(llr_normalized(FISHTEST_PAIRS, 2.0, 0.0), -llr_normalized(FISHTEST_PAIRS, 0.0, 2.0),
                1e-9);
    EXPECT_NEAR(llr_logistic(FISHTEST_PAIRS, 0.9, 0.2), -llr_logistic(FISHTEST_PAIRS, 0.2, 0.9),
                1e-9);
}

TEST(Llr, GrowsWithTheSample) {
    // The same frequencies with ten times the pairs carry ten times the evidence.
    PentanomialCounts tenfold;
    for (std::size_t i = 0; i < 5; ++i) tenfold.pairs[i] = 10 * FISHTEST_PAIRS.pairs[i];
    EXPECT_NEAR(llr_logistic(tenfold, 0.2, 0.9), 10.0 * llr_logistic(FISHTEST_PAIRS, 0.2, 0.9),
                1e-6);
}

TEST(Llr, TrinomialLogisticByHand) {
    // W=60 D=20 L=20: frequencies (L, D, W) = (0.2, 0.2, 0.6), score 0.7. Under H1 (score 0.7) the
    // fit is the data itself. Under H0 (score 0.5) p_i = f_i / (1 + x (a_i - 0.5)) with x = 1
    // solving the secular equation, i.e. (0.4, 0.2, 0.4). LLR = 100 (0.2 ln 0.5 + 0.6 ln 1.5).
    const WdlCounts counts{60, 20, 20};
    const double expected = 100.0 * (0.2 * std::log(0.5) + 0.6 * std::log(1.5));
    EXPECT_NEAR(llr_logistic(counts, 0.0, elo_from_score(0.7)), expected, 1e-9);
    EXPECT_NEAR(llr_logistic(counts, 0.0, 0.0), 0.0, 1e-12);
}

TEST(Llr, EmptyAndDegenerateCountsAreFinite) {
    EXPECT_EQ(llr_normalized(PentanomialCounts{}, 0.0, 2.0), 0.0);
    EXPECT_EQ(llr_logistic(PentanomialCounts{}, 0.0, 2.0), 0.0);
    const PentanomialCounts draws{{0, 0, 500, 0, 0}};
    EXPECT_TRUE(std::isfinite(llr_normalized(draws, 0.0, 2.0)));
    EXPECT_TRUE(std::isfinite(llr_logistic(draws, 0.0, 2.0)));
    EXPECT_LT(llr_logistic(draws, 0.0, 5.0), 0.0);
    const PentanomialCounts sweep{{0, 0, 0, 0, 50}};
    EXPECT_TRUE(std::isfinite(llr_normalized(sweep, 0.0, 2.0)));
    EXPECT_GT(llr_logistic(sweep, 0.0, 5.0), 0.0);
}

TEST(Sprt, PrintsLlrWithBounds) {
    Sprt sprt({0.764, 3.439, 0.05, 0.05, SprtModel::normalized});
    EXPECT_NEAR(sprt.lower_bound(), std::log(0.05 / 0.95), 1e-15);
    EXPECT_NEAR(sprt.upper_bound(), std::log(0.95 / 0.05), 1e-15);
    sprt.update(FISHTEST_PAIRS);
    EXPECT_EQ(sprt.format_llr(), "LLR: 2.16 (-2.94, 2.94)");
    EXPECT_EQ(sprt.state(), SprtState::continue_testing);
    EXPECT_EQ(sprt.summary(), "LLR: 2.16 (-2.94, 2.94) continue");
    EXPECT_EQ(Sprt({}).format_llr(), "LLR: 0.00 (-2.94, 2.94)");
}

TEST(Sprt, StopsWhenABoundIsCrossed) {
    Sprt accept({0.0, 2.0, 0.1, 0.05, SprtModel::normalized});  // bounds ln(0.05/0.9), ln(9.5)
    accept.update(FISHTEST_PAIRS);
    EXPECT_EQ(accept.state(), SprtState::h1_accepted);
    EXPECT_EQ(accept.summary(), "LLR: 2.94 (-2.89, 2.25) H1 accepted");

    Sprt reject({5.0, 10.0, 0.05, 0.05, SprtModel::normalized});
    reject.update(FISHTEST_PAIRS);
    EXPECT_EQ(reject.state(), SprtState::h0_accepted);
    EXPECT_LT(reject.llr(), reject.lower_bound());

    Sprt logistic({0.2, 0.9, 0.05, 0.05, SprtModel::logistic});
    logistic.update(FISHTEST_PAIRS);
    EXPECT_NEAR(logistic.llr(), 2.163, 5e-4);
    EXPECT_EQ(logistic.totals(), FISHTEST_PAIRS);
}

}  // namespace
}  // namespace arbiter
