#include "harness/ratings/sprt.h"

#include "harness/ratings/pair_statistics.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
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

// Values below that come from fishtest's LLRcalc.py, run on the same counts (its 1e-3 for an
// empty bucket, counted in N); sprt_reference.py computes them a second way.
TEST(Llr, OneBucketVectorsMatchFishtest) {
    const PentanomialCounts lost{{5, 0, 0, 0, 0}};
    EXPECT_NEAR(llr_normalized(lost, 0.0, 10.0), -0.207627124299513, 1e-9);
    EXPECT_NEAR(llr_logistic(lost, 0.0, 10.0), -0.146041509145170, 1e-9);
    EXPECT_NEAR(llr_normalized(PentanomialCounts{{0, 5, 0, 0, 0}}, 0.0, 10.0), -0.148047948462911,
                1e-9);
    EXPECT_NEAR(llr_normalized(PentanomialCounts{{0, 0, 0, 0, 5}}, 0.0, 10.0), 0.199344587975680,
                1e-9);
    const WdlCounts lost_games{0, 0, 5};
    EXPECT_NEAR(llr_normalized(lost_games, 0.0, 10.0), -0.145948234394355, 1e-9);
    EXPECT_NEAR(llr_logistic(lost_games, 0.0, 10.0), -0.145983153495361, 1e-9);
    EXPECT_NEAR(llr_normalized(WdlCounts{5, 0, 0}, 0.0, 10.0), 0.141806391886826, 1e-9);
}

TEST(Llr, EveryDegenerateVectorHasTheSignOfItsScore) {
    // One non-empty bucket below, at or above the middle: H0 (elo0 = 0) fits a score under one
    // half better, H1 (elo1 = 10) one over it; all draws (score one half) sit nearer 0 than 10.
    for (std::int64_t size : {1, 2, 5, 30, 1000}) {
        for (std::size_t bucket = 0; bucket < 5; ++bucket) {
            PentanomialCounts counts;
            counts.pairs[bucket] = size;
            for (const double llr :
                 {llr_normalized(counts, 0.0, 10.0), llr_logistic(counts, 0.0, 10.0)}) {
                SCOPED_TRACE(testing::Message() << "bucket " << bucket << " x " << size);
                EXPECT_TRUE(bucket >= 3 ? llr > 0.0 : llr < 0.0) << llr;
            }
        }
        for (const WdlCounts& games : {WdlCounts{0, 0, size}, WdlCounts{0, size, 0}}) {
            EXPECT_LT(llr_normalized(games, 0.0, 10.0), 0.0);
            EXPECT_LT(llr_logistic(games, 0.0, 10.0), 0.0);
        }
        EXPECT_GT(llr_normalized(WdlCounts{size, 0, 0}, 0.0, 10.0), 0.0);
        EXPECT_GT(llr_logistic(WdlCounts{size, 0, 0}, 0.0, 10.0), 0.0);
    }
}

// The LLR per observation (N counts 1e-3 for each empty bucket, as in fishtest, so emptying a
// bucket moves N by that much and the LLR by about 1e-4 of itself).
template <typename Counts>
double llr_per_observation(double llr, const Counts& buckets) {
    double observations = 0.0;
    for (std::int64_t count : buckets)
        observations += count == 0 ? 1e-3 : static_cast<double>(count);
    return llr / observations;
}

TEST(Llr, AWorseResultNeverRaisesTheLlr) {
    // Every pentanomial vector of up to 6 pairs: moving one pair one bucket down never raises the
    // LLR per observation, for normalized and logistic hypotheses.
    const std::array<std::array<double, 2>, 3> hypotheses = {
        {{0.0, 10.0}, {-3.0, 1.0}, {0.0, 2.0}}};
    for (const auto& [elo0, elo1] : hypotheses) {
        for (int code = 1; code < 7 * 7 * 7 * 7 * 7; ++code) {
            PentanomialCounts counts;
            for (int i = 0, rest = code; i < 5; ++i, rest /= 7) counts.pairs[i] = rest % 7;
            if (counts.pair_count() > 6) continue;
            for (std::size_t bucket = 1; bucket < 5; ++bucket) {
                if (counts.pairs[bucket] == 0) continue;
                PentanomialCounts worse = counts;
                --worse.pairs[bucket];
                ++worse.pairs[bucket - 1];
                SCOPED_TRACE(testing::Message() << "pairs " << code << " bucket " << bucket);
                EXPECT_LE(
                    llr_per_observation(llr_normalized(worse, elo0, elo1), worse.pairs),
                    llr_per_observation(llr_normalized(counts, elo0, elo1), counts.pairs) + 1e-12);
                EXPECT_LE(
                    llr_per_observation(llr_logistic(worse, elo0, elo1), worse.pairs),
                    llr_per_observation(llr_logistic(counts, elo0, elo1), counts.pairs) + 1e-12);
            }
        }
    }
}

TEST(Sprt, LosingEveryPairAcceptsH0) {
    // ln(0.05 / 0.95) = -2.944: 71 lost pairs reach it in normalized Elo (LLR -2.948; 70 give
    // -2.906), 101 in logistic Elo (-2.949; 100 give -2.920).
    Sprt normalized({0.0, 10.0, 0.05, 0.05, SprtModel::normalized});
    normalized.update(PentanomialCounts{{70, 0, 0, 0, 0}});
    EXPECT_EQ(normalized.summary(), "LLR: -2.91 (-2.94, 2.94) continue");
    normalized.update(PentanomialCounts{{71, 0, 0, 0, 0}});
    EXPECT_EQ(normalized.summary(), "LLR: -2.95 (-2.94, 2.94) H0 accepted");
    Sprt logistic({0.0, 10.0, 0.05, 0.05, SprtModel::logistic});
    logistic.update(PentanomialCounts{{100, 0, 0, 0, 0}});
    EXPECT_EQ(logistic.state(), SprtState::continue_testing);
    logistic.update(PentanomialCounts{{101, 0, 0, 0, 0}});
    EXPECT_EQ(logistic.summary(), "LLR: -2.95 (-2.94, 2.94) H0 accepted");
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
