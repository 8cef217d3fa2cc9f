#include "harness/ratings/sampling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace arbiter {
namespace {

double binomial_probability(int n, int k, double p) {
    return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) +
                    k * std::log(p) + (n - k) * std::log1p(-p));
}

TEST(Binomial, MapsUniformsInProportionToProbabilities) {
    // Each count owns a set of uniforms of measure P(k): a fine grid must hit it in proportion.
    for (const double p : {0.3, 0.5, 0.92}) {
        const int n = 10;
        const int grid = 200000;
        std::vector<int> hits(n + 1, 0);
        for (int i = 0; i < grid; ++i) {
            const std::int64_t k = binomial_from_uniform(n, p, (i + 0.5) / grid);
            ASSERT_GE(k, 0);
            ASSERT_LE(k, n);
            ++hits[k];
        }
        for (int k = 0; k <= n; ++k) {
            EXPECT_NEAR(static_cast<double>(hits[k]) / grid, binomial_probability(n, k, p), 2e-5)
                << "p " << p << " k " << k;
        }
    }
}

TEST(Binomial, EdgeCases) {
    EXPECT_EQ(binomial_from_uniform(0, 0.5, 0.3), 0);
    EXPECT_EQ(binomial_from_uniform(25, 0.0, 0.99), 0);
    EXPECT_EQ(binomial_from_uniform(25, 1.0, 0.01), 25);
    // One trial at p = 0.5: the search starts at the mode floor(2 x 0.5) = 1, which owns [0, 0.5).
    EXPECT_EQ(binomial_from_uniform(1, 0.5, 0.25), 1);
    EXPECT_EQ(binomial_from_uniform(1, 0.5, 0.75), 0);
    // The last 1e-9 of the uniforms belongs to the two tails beyond about 6.1 standard
    // deviations (500 here), visited alternately from the mode outwards.
    const std::int64_t far = binomial_from_uniform(1000000, 0.5, 1.0 - 1e-9);
    EXPECT_GT(std::abs(far - 500000), 5 * 500);
    EXPECT_LT(std::abs(far - 500000), 7 * 500);
}

TEST(Binomial, SampleMeanAndVariance) {
    RandomStream stream(42);
    const int draws = 20000;
    double sum = 0.0;
    double squares = 0.0;
    for (int i = 0; i < draws; ++i) {
        const double k = static_cast<double>(sample_binomial(stream, 2500, 0.37));
        sum += k;
        squares += k * k;
    }
    const double mean = sum / draws;
    const double variance = squares / draws - mean * mean;
    // Mean 925 with standard error sqrt(582.75 / 20000) = 0.17; variance 582.75 within 5%.
    EXPECT_NEAR(mean, 925.0, 1.0);
    EXPECT_NEAR(variance, 582.75, 30.0);
}

TEST(RandomStream, IsReproducibleAndSeeded) {
    RandomStream a(7);
    RandomStream b(7);
    RandomStream c(mix_seed(7, 1));
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const double x = a.uniform();
        EXPECT_EQ(x, b.uniform());
        EXPECT_GE(x, 0.0);
        EXPECT_LT(x, 1.0);
        differs = differs || x != c.uniform();
    }
    EXPECT_TRUE(differs);
    EXPECT_NE(mix_seed(7, 0), mix_seed(7, 1));
    EXPECT_NE(mix_seed(7, 0), mix_seed(8, 0));
}

}  // namespace
}  // namespace arbiter
