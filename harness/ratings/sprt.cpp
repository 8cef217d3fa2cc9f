#include "harness/ratings/sprt.h"

#include "harness/ratings/pair_statistics.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <span>
#include <stdexcept>
#include <vector>

namespace arbiter {
namespace {

// Stand-in count for an empty cell, so that every outcome keeps a positive probability.
constexpr double EMPTY_CELL_COUNT = 1e-3;
// The largest change of the t-value between two starts of the fixed-point iteration: from the
// uniform distribution a fixed point with |t| up to about 0.9 is reached directly.
constexpr double MAX_T_STEP = 0.25;

// An observed discrete distribution of per-game scores: values (0..1), their relative
// frequencies, and the number of observations (pairs or games) behind them.
struct Distribution {
    std::vector<double> values;
    std::vector<double> frequencies;
    double observations = 0.0;
};

Distribution observed(std::span<const double> values, std::span<const std::int64_t> counts) {
    Distribution distribution;
    distribution.values.assign(values.begin(), values.end());
    for (std::int64_t count : counts) {
        const double regularised = count == 0 ? EMPTY_CELL_COUNT : static_cast<double>(count);
        distribution.frequencies.push_back(regularised);
        distribution.observations += regularised;
    }
    for (double& frequency : distribution.frequencies) frequency /= distribution.observations;
    return distribution;
}

// Solves sum_i f_i b_i / (1 + x b_i) = 0 for x with every 1 + x b_i > 0. The left side falls
// strictly from +inf to -inf on that interval when b takes both signs.
double solve_secular_equation(const std::vector<double>& frequencies,
                              const std::vector<double>& b) {
    const double b_max = *std::max_element(b.begin(), b.end());
    const double b_min = *std::min_element(b.begin(), b.end());
    if (b_max <= 0.0 || b_min >= 0.0) return 0.0;  // no distribution meets the constraint
    double low = -1.0 / b_max;
    double high = -1.0 / b_min;
    double x = 0.0;
    for (int iteration = 0; iteration < 200; ++iteration) {
        double value = 0.0;
        double slope = 0.0;
        for (std::size_t i = 0; i < b.size(); ++i) {
            const double denominator = 1.0 + x * b[i];
            value += frequencies[i] * b[i] / denominator;
            slope -= frequencies[i] * b[i] * b[i] / (denominator * denominator);
        }
        if (value > 0.0) {
            low = x;
        } else {
            high = x;
        }
        // Newton step, falling back to bisection when it leaves the bracket.
        double next = slope < 0.0 ? x - value / slope : 0.5 * (low + high);
        if (!(next > low && next < high)) next = 0.5 * (low + high);
        if (std::abs(next - x) <= 1e-16 * (1.0 + std::abs(x))) return next;
        x = next;
    }
    return x;
}

// p_i = f_i / (1 + x b_i) with x from the secular equation: the maximum-likelihood distribution
// on the observed support subject to sum p_i b_i = 0.
std::vector<double> reweighted(const Distribution& observed, const std::vector<double>& b) {
    const double x = solve_secular_equation(observed.frequencies, b);
    std::vector<double> p(b.size());
    for (std::size_t i = 0; i < b.size(); ++i) p[i] = observed.frequencies[i] / (1.0 + x * b[i]);
    return p;
}

// The maximum-likelihood distribution with expected score `mean`.
std::vector<double> fit_with_mean(const Distribution& observed, double mean) {
    std::vector<double> b(observed.values.size());
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = observed.values[i] - mean;
    return reweighted(observed, b);
}

// One fixed point of the maximum-likelihood distribution with (mean - reference) / sigma = t,
// iterated from `start`. Lagrange's condition gives p_i = f_i / (1 + x b_i) with b_i = a_i -
// reference - (t sigma / 2)(1 + ((a_i - mean) / sigma)^2), where mean and sigma are those of p
// itself (Van den Bergh, "Comments on normalized Elo", section 4.1).
std::vector<double> t_value_fixed_point(const Distribution& observed, double reference, double t,
                                        std::vector<double> p) {
    std::vector<double> b(p.size());
    for (int iteration = 0; iteration < 1000; ++iteration) {
        double mean = 0.0;
        for (std::size_t i = 0; i < p.size(); ++i) mean += p[i] * observed.values[i];
        double variance = 0.0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            variance += p[i] * (observed.values[i] - mean) * (observed.values[i] - mean);
        }
        const double sigma = std::sqrt(variance);
        for (std::size_t i = 0; i < p.size(); ++i) {
            const double z = (observed.values[i] - mean) / sigma;
            b[i] = observed.values[i] - reference - t * sigma * (1.0 + z * z) / 2.0;
        }
        std::vector<double> next = reweighted(observed, b);
        double change = 0.0;
        for (std::size_t i = 0; i < p.size(); ++i)
            change = std::max(change, std::abs(next[i] - p[i]));
        p = std::move(next);
        if (change < 1e-15) break;
    }
    return p;
}

// The maximum-likelihood distribution with (mean - reference) / sigma = t. The iteration starts
// from the uniform distribution, as fishtest's and fastchess's do, and never from the observed
// one: when all the counts sit in one bucket the observed sigma is tiny, the constraint cannot be
// met near it, and the iteration would stall on the observed distribution itself (a patch that
// lost every pair then "fitted" H1 as well as H0 fitted it badly). A large |t| is reached in
// steps of at most MAX_T_STEP, each starting from the previous step's answer.
std::vector<double> fit_with_t_value(const Distribution& observed, double reference, double t) {
    const std::size_t size = observed.values.size();
    std::vector<double> p(size, 1.0 / static_cast<double>(size));
    const int steps = std::max(1, static_cast<int>(std::ceil(std::abs(t) / MAX_T_STEP)));
    for (int step = 1; step <= steps; ++step) {
        p = t_value_fixed_point(observed, reference, t * step / steps, std::move(p));
    }
    return p;
}

double log_likelihood_ratio(const Distribution& observed, const std::vector<double>& h0,
                            const std::vector<double>& h1) {
    double sum = 0.0;
    for (std::size_t i = 0; i < h0.size(); ++i) {
        sum += observed.frequencies[i] * std::log(h1[i] / h0[i]);
    }
    return observed.observations * sum;
}

// The log-likelihood ratio of `counts` (how often each of `values` was scored) between the
// distributions fit(observed, h0) and fit(observed, h1); 0 before the first count.
template <typename Fit>
double llr_of(std::span<const double> values, std::span<const std::int64_t> counts, double h0,
              double h1, Fit fit) {
    std::int64_t total = 0;
    for (std::int64_t count : counts) total += count;
    if (total == 0) return 0.0;
    const Distribution distribution = observed(values, counts);
    return log_likelihood_ratio(distribution, fit(distribution, h0), fit(distribution, h1));
}

double llr_normalized_of(std::span<const double> values, std::span<const std::int64_t> counts,
                         double t0, double t1) {
    return llr_of(values, counts, t0, t1,
                  [](const Distribution& d, double t) { return fit_with_t_value(d, 0.5, t); });
}

double llr_logistic_of(std::span<const double> values, std::span<const std::int64_t> counts,
                       double elo0, double elo1) {
    auto expected = [](double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); };
    return llr_of(values, counts, elo0, elo1, [&](const Distribution& d, double elo) {
        return fit_with_mean(d, expected(elo));
    });
}

std::string two_decimals(double value) {
    // Round first, then add 0.0 so that a negative zero prints as 0.00.
    const double rounded = std::round(value * 100.0) / 100.0 + 0.0;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.2f", rounded);
    return buffer;
}

}  // namespace

double llr_normalized(const PentanomialCounts& counts, double nelo0, double nelo1) {
    // A pair's score deviates by 1/sqrt(2) of a game's, so its t-value is sqrt(2) times larger.
    const double scale = std::numbers::sqrt2 / NORMALIZED_ELO_PER_T;
    return llr_normalized_of(PAIR_VALUES, counts.pairs, nelo0 * scale, nelo1 * scale);
}

double llr_normalized(const WdlCounts& counts, double nelo0, double nelo1) {
    const std::array<std::int64_t, 3> frequencies = {counts.losses, counts.draws, counts.wins};
    return llr_normalized_of(GAME_VALUES, frequencies, nelo0 / NORMALIZED_ELO_PER_T,
                             nelo1 / NORMALIZED_ELO_PER_T);
}

double llr_logistic(const PentanomialCounts& counts, double elo0, double elo1) {
    return llr_logistic_of(PAIR_VALUES, counts.pairs, elo0, elo1);
}

double llr_logistic(const WdlCounts& counts, double elo0, double elo1) {
    const std::array<std::int64_t, 3> frequencies = {counts.losses, counts.draws, counts.wins};
    return llr_logistic_of(GAME_VALUES, frequencies, elo0, elo1);
}

std::string_view to_string(SprtState state) {
    switch (state) {
        case SprtState::continue_testing:
            return "continue";
        case SprtState::h0_accepted:
            return "H0 accepted";
        case SprtState::h1_accepted:
            return "H1 accepted";
    }
    return "continue";
}

Sprt::Sprt(const SprtParameters& parameters) : parameters_(parameters) {
    validate(parameters);
    const double alpha = parameters.alpha;
    const double beta = parameters.beta;
    lower_bound_ = std::log(beta / (1.0 - alpha));
    upper_bound_ = std::log((1.0 - beta) / alpha);
}

void Sprt::update(const PentanomialCounts& totals) {
    totals_ = totals;
    llr_ = parameters_.model == SprtModel::normalized
               ? llr_normalized(totals, parameters_.elo0, parameters_.elo1)
               : llr_logistic(totals, parameters_.elo0, parameters_.elo1);
}

SprtState Sprt::state() const {
    if (llr_ >= upper_bound_) return SprtState::h1_accepted;
    if (llr_ <= lower_bound_) return SprtState::h0_accepted;
    return SprtState::continue_testing;
}

std::string Sprt::format_llr() const {
    return "LLR: " + two_decimals(llr_) + " (" + two_decimals(lower_bound_) + ", " +
           two_decimals(upper_bound_) + ")";
}

std::string Sprt::summary() const {
    return format_llr() + " " + std::string(to_string(state()));
}

}  // namespace arbiter
