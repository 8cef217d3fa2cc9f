// The 95% intervals of the joint ratings where they reach infinity: matches scored 10-0, 9.5-0.5
// and 5-5, and a pool cut in two by a sweep. Every end is worked out by hand from the fitted
// model: under the none model a two-player match replays each game as a win, draw or loss of A
// with the observed draw rate, and a resample in which A scores s puts A at 200 log10(s / (1 - s))
// (the core's average 0: both players are the core), or at +infinity when s is 1.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/likelihood_interval.h"

namespace arbiter {
namespace {

// A's rating in a two-player pool with average 0 when A scores `score`.
double half_gap(double score) {
    return 200.0 * std::log10(score / (1.0 - score));
}

// F(1, 9)'s 95% point, the threshold of a ten-game match's likelihood ratio (its dispersion is
// estimated from its ten games): Student's t with 9 degrees of freedom at 97.5%, 2.2621571628,
// squared (from the tables).
constexpr double F_1_9 = 2.2621571628 * 2.2621571628;

// The end of the likelihood-ratio interval of the gap A - B (Elo) in a ten-game match A scored
// W/D/L in, by hand: the gap where twice the fall of the score-only log-likelihood, divided by
// the dispersion (W + D/4 - s^2) / (s (1 - s)), reaches F(1, 9)'s 5.1174; `side` -1 for the low
// end, +1 high.
double likelihood_end(double wins, double draws, double losses, double side) {
    const double games = wins + draws + losses;
    const double points = wins + draws / 2.0;
    const double s = points / games;
    const double dispersion = ((wins + draws / 4.0) / games - s * s) / (s * (1.0 - s));
    auto log_likelihood = [&](double x) {  // x in natural units
        return points * std::log(1.0 / (1.0 + std::exp(-x))) +
               (games - points) * std::log(1.0 / (1.0 + std::exp(x)));
    };
    const double top = std::log(s / (1.0 - s));
    double near = 0.0;
    double far = 20.0;
    for (int i = 0; i < 200; ++i) {
        const double middle = (near + far) / 2.0;
        const double fall = 2.0 * (log_likelihood(top) - log_likelihood(top + side * middle));
        (fall / dispersion < F_1_9 ? near : far) = middle;
    }
    return (top + side * near) * 400.0 / std::log(10.0);
}

// A two-player match, A's results given. Every game has A as White: colours are ignored (white
// advantage 0), and the model then replays all of them with one set of outcome probabilities.
RatingResult match(std::int64_t wins, std::int64_t draws, std::int64_t losses) {
    ResultMatrix m(2);
    m.add(0, 1, Outcome::white_win, wins);
    m.add(0, 1, Outcome::draw, draws);
    m.add(0, 1, Outcome::black_win, losses);
    RatingOptions options;  // 1000 resamples, seed 1
    return compute_ratings({"A", "B"}, m, options);
}

TEST(RatingIntervals, NineAndAHalfOfTenIsUnboundedAbove) {
    // 9 wins and a draw: A wins a resampled game with probability 0.9 and draws otherwise (it
    // scores 0.5 + W/20 for W ~ Binomial(10, 0.9)), so 0.9^10 = 34.9% of the resamples are 10-0,
    // far more than 2.5%: A's interval has no upper end. Below, 1.3% of the resamples score 80%
    // or less and 5.7% more score 85%, so the 2.5th percentile is the 85% score (150.7). The
    // likelihood ratio reaches lower, and the interval takes the wider of the two: half the
    // gap's likelihood-ratio end (A is half the gap at pool average 0), 106.0. The resamples'
    // median is A's own 95% score: no bias to move it by. The symmetric "255.8 +- 82.2" of long
    // ago drew 91 to 256.
    const RatingResult result = match(9, 1, 0);
    ASSERT_EQ(result.players.size(), 2u);
    const PlayerRating& a = result.players[0];
    const PlayerRating& b = result.players[1];
    EXPECT_EQ(a.name, "A");
    EXPECT_NEAR(a.elo, half_gap(0.95), 1e-9);  // 255.75
    ASSERT_TRUE(a.interval_95.has_value());
    EXPECT_NEAR(a.interval_95->low, likelihood_end(9, 1, 0, -1.0) / 2.0, 1e-4);  // 106.0
    EXPECT_LT(a.interval_95->low, half_gap(0.85));
    EXPECT_EQ(a.interval_95->high, INFINITY);
    EXPECT_FALSE(a.interval_95->bounded_above());
    EXPECT_TRUE(a.interval_95->bounded_below());
    EXPECT_NEAR(b.elo, -half_gap(0.95), 1e-9);
    EXPECT_EQ(b.interval_95->low, -INFINITY);
    EXPECT_NEAR(b.interval_95->high, -likelihood_end(9, 1, 0, -1.0) / 2.0, 1e-4);
    EXPECT_EQ(a.bound, RatingBound::none);
}

TEST(RatingIntervals, TenOfTenIsABoundWithItsSweepPoint) {
    // A clean sweep: the estimates themselves are unbounded. The two groups {A} and {B} tie on
    // players and games; A, who won them, is the core and anchors the scale at 0, and B's
    // interval runs from -infinity to the point where ten straight wins had a 2.5% chance
    // (A - B = 140.2, the low end of a two-sided 95% interval, as the pairs' trinomial gives).
    const RatingResult result = match(10, 0, 0);
    const PlayerRating& a = result.players[0];
    const PlayerRating& b = result.players[1];
    EXPECT_EQ(a.name, "A");
    EXPECT_EQ(a.bound, RatingBound::lower);
    EXPECT_EQ(a.elo, INFINITY);
    EXPECT_EQ(a.interval_95->low, 0.0);
    EXPECT_EQ(a.interval_95->high, INFINITY);
    EXPECT_EQ(b.bound, RatingBound::upper);
    EXPECT_EQ(b.elo, -INFINITY);
    EXPECT_EQ(b.interval_95->low, -INFINITY);
    EXPECT_NEAR(b.interval_95->high, -2.0 * half_gap(std::pow(0.025, 0.1)), 1e-9);  // -140.22
    EXPECT_FALSE(a.los_next.has_value());
}

TEST(RatingIntervals, FiveOfTenIsBoundedBothWays) {
    // 5 wins and 5 losses: a resample is 10-0 or 0-10 with probability 1/1024 each, about one
    // resample in a thousand, so both ends are finite. 11/1024 = 1.1% of the resamples give A at
    // most one win and 56/1024 = 5.5% at most two: the 2.5th percentile is the 20% score
    // (-120.4). The likelihood ratio, at F(1, 9)'s threshold, reaches further: half the gap's
    // ends, -129.6 and 129.6.
    const RatingResult result = match(5, 0, 5);
    const double ratio_end = likelihood_end(5, 0, 5, 1.0) / 2.0;
    EXPECT_GT(ratio_end, half_gap(0.8));
    for (const PlayerRating& p : result.players) {
        EXPECT_NEAR(p.elo, 0.0, 1e-9) << p.name;
        ASSERT_TRUE(p.interval_95.has_value());
        EXPECT_NEAR(p.interval_95->low, -ratio_end, 1e-4) << p.name;
        EXPECT_NEAR(p.interval_95->high, ratio_end, 1e-4) << p.name;
    }
}

TEST(RatingIntervals, APoolCutInTwoHasUnboundedEndsOnTheCutOffSide) {
    // {a, b} play each other 10 times, {c, d} 6 times, and a beats c in all 8 of their games
    // (every game with the first named as White):
    // nothing links {c, d} to {a, b} but a sweep, so c and d have no finite rating (-inf), and
    // their intervals run from -inf to where the sweep had a 2.5% chance.
    ResultMatrix m(4);
    m.add(0, 1, Outcome::white_win, 5);
    m.add(0, 1, Outcome::draw, 5);
    m.add(2, 3, Outcome::white_win, 3);
    m.add(2, 3, Outcome::black_win, 3);
    m.add(0, 2, Outcome::white_win, 8);
    RatingOptions options;
    options.anchor_player = "a";
    const RatingResult result = compute_ratings({"a", "b", "c", "d"}, m, options);
    ASSERT_EQ(result.players.size(), 4u);
    EXPECT_EQ(result.players[0].name, "a");
    EXPECT_EQ(result.players[0].elo, 0.0);
    EXPECT_EQ(result.players[0].interval_95->low, 0.0);  // the anchor
    EXPECT_EQ(result.players[0].interval_95->high, 0.0);
    // b scored 2.5 of 10 against a: -190.8. In the model a wins a game with probability 0.5 and
    // draws otherwise, so a resample gives a 0.5 + W/20 for W ~ Binomial(10, 0.5); a sweep
    // (W = 10, b cut off) has odds 1/1024 and both ends are finite. W >= 9 has 1.1% and W >= 8
    // 5.5%: b's low end is a's 90% score; mirrored, the bootstrap's high end is a's 60% score
    // (-70.4), and the likelihood ratio (a is the anchor: the gap's own ratio, at F(1, 9)'s
    // threshold) reaches higher, -35.2: the interval takes the wider. The resamples' median is
    // b's own 25% score: no bias to move it by.
    const PlayerRating& b = result.players[1];
    EXPECT_EQ(b.name, "b");
    EXPECT_NEAR(b.elo, -400.0 * std::log10(3.0), 1e-6);
    ASSERT_TRUE(b.interval_95.has_value());
    EXPECT_NEAR(b.interval_95->low, -400.0 * std::log10(9.0), 1e-6);     // -381.7
    EXPECT_GT(-likelihood_end(5, 5, 0, 1.0), -400.0 * std::log10(9.0));  // the ratio's is shorter
    EXPECT_NEAR(b.interval_95->high, -likelihood_end(5, 5, 0, -1.0), 1e-4);  // -35.2
    EXPECT_GT(b.interval_95->high, -400.0 * std::log10(1.5));
    // c and d split their games 3-3: one group, placed where a's eight wins over c had a 2.5%
    // chance; d ranks first of the two on its better score.
    const double win = std::pow(0.025, 0.125);
    const double sweep_gap = 400.0 * std::log10(win / (1.0 - win));
    for (const std::size_t rank : {2u, 3u}) {
        const PlayerRating& p = result.players[rank];
        EXPECT_EQ(p.name, rank == 2 ? "d" : "c");
        EXPECT_EQ(p.bound, RatingBound::upper);
        EXPECT_EQ(p.elo, -INFINITY);
        EXPECT_EQ(p.interval_95->low, -INFINITY);
        EXPECT_NEAR(p.interval_95->high, -sweep_gap, 1e-6);  // -165.4
    }
}

// The greatest value of `f`, concave on [-10, 10], by golden-section search.
double concave_maximum(const std::function<double(double)>& f) {
    double low = -10.0;
    double high = 10.0;
    const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int i = 0; i < 200; ++i) {
        const double x1 = high - ratio * (high - low);
        const double x2 = low + ratio * (high - low);
        (f(x1) < f(x2) ? low : high) = (x1 + x2) / 2.0;
    }
    return f((low + high) / 2.0);
}

// The distance in [0, 5] at which `fall` (twice the log-likelihood's fall, rising with the
// distance) reaches F(1, 19), by bisection.
constexpr double F_1_19 = 2.0930240544 * 2.0930240544;
double ratio_end(const std::function<double(double)>& fall) {
    double near = 0.0;
    double far = 5.0;
    for (int i = 0; i < 100; ++i) {
        const double middle = (near + far) / 2.0;
        (fall(middle) < F_1_19 ? near : far) = middle;
    }
    return near;
}

TEST(RatingIntervals, TheLikelihoodRatioRefitsTheOthers) {
    // a (the anchor) beat b 6-4 and drew c 5-5 in wins; b beat c 7-3; no draws (dispersion 1).
    // c's profile likelihood ratio: at each candidate rating of c, b is refitted, and the ends
    // are where twice the fall reaches F(1, 19) (c played 20 games): Student's t with 19 degrees
    // of freedom at 97.5%, 2.0930240544, squared. Worked here by a one-dimensional search over b.
    using rating_fit::Cell;
    const std::vector<Cell> cells = {{0, 1, 6, 0, 4}, {1, 2, 7, 0, 3}, {0, 2, 5, 0, 5}};
    auto log_likelihood = [&](double b, double c) {
        const double theta[3] = {0.0, b, c};
        double sum = 0.0;
        for (const Cell& cell : cells) {
            const double d = theta[cell.white] - theta[cell.black];
            sum += cell.wins * std::log(1.0 / (1.0 + std::exp(-d))) +
                   cell.losses * std::log(1.0 / (1.0 + std::exp(d)));
        }
        return sum;
    };
    auto best_b = [&](double c) {
        return concave_maximum([&](double b) { return log_likelihood(b, c); });
    };
    const rating_fit::PoolFit fit =
        rating_fit::fit_pool(3, cells, rating_fit::ModelSettings{}, 0.0, nullptr, true, 0);
    const double c_hat = fit.theta[2] - fit.theta[0];
    const double top = log_likelihood(fit.theta[1] - fit.theta[0], c_hat);
    auto end = [&](double side) {
        return c_hat +
               side * ratio_end([&](double d) { return 2.0 * (top - best_b(c_hat + side * d)); });
    };
    const rating_fit::LikelihoodOffsets offsets =
        rating_fit::likelihood_ratio_offsets(cells, fit, 2, 0, DrawModel::none);
    EXPECT_NEAR(c_hat + offsets.low, end(-1.0), 1e-6);
    EXPECT_NEAR(c_hat + offsets.high, end(1.0), 1e-6);
    // With b held at its fit the ratio would be narrower: b's uncertainty counts.
    const double b_hat = fit.theta[1] - fit.theta[0];
    EXPECT_GT(2.0 * (top - log_likelihood(b_hat, c_hat + offsets.low)), F_1_19 + 0.1);
    // Anchored by the average instead, the rating is c - (a + b + c) / 3 = q; with a at 0, c
    // follows b as c = (3 q + b) / 2, and b is refitted.
    const double q_hat = c_hat - (b_hat + c_hat) / 3.0;
    auto best_at = [&](double q) {
        return concave_maximum([&](double b) { return log_likelihood(b, (3.0 * q + b) / 2.0); });
    };
    const rating_fit::LikelihoodOffsets average =
        rating_fit::likelihood_ratio_offsets(cells, fit, 2, -1, DrawModel::none);
    for (const double side : {-1.0, 1.0}) {
        const double near =
            ratio_end([&](double d) { return 2.0 * (top - best_at(q_hat + side * d)); });
        EXPECT_NEAR(side < 0.0 ? average.low : average.high, side * near, 1e-6);
    }
}

}  // namespace
}  // namespace arbiter
