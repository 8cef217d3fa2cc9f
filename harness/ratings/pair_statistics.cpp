#include "harness/ratings/pair_statistics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <span>

namespace arbiter {
namespace {

constexpr double INF = std::numeric_limits<double>::infinity();
// The 97.5% quantile of the standard normal distribution.
constexpr double Z95 = 1.959963984540054;

double normal_cdf(double x) {
    return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}

// Mean, variance, and third and fourth central moments of a discrete distribution given by
// counts over the values.
struct Moments {
    double count = 0.0;
    double mean = 0.5;
    double variance = 0.0;
    double third = 0.0;
    double fourth = 0.0;
};

Moments moments(std::span<const double> values, std::span<const std::int64_t> counts) {
    Moments result;
    for (std::int64_t count : counts) result.count += static_cast<double>(count);
    if (result.count == 0.0) return result;
    double mean = 0.0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        mean += values[i] * static_cast<double>(counts[i]);
    }
    mean /= result.count;
    result.mean = mean;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const double frequency = static_cast<double>(counts[i]) / result.count;
        const double deviation = values[i] - mean;
        result.variance += frequency * deviation * deviation;
        result.third += frequency * deviation * deviation * deviation;
        result.fourth += frequency * deviation * deviation * deviation * deviation;
    }
    result.variance = std::max(0.0, result.variance);
    return result;
}

// The Elo interval from a mean score and the standard error of that mean. `games` is the number
// of games behind the mean, used only for the exact limit of a perfect or zero score.
EloEstimate estimate_from_mean(double mean, double standard_error, double games) {
    EloEstimate estimate;
    if (games == 0.0) {
        estimate.low_95 = -INF;
        estimate.high_95 = INF;
        estimate.error_95 = INF;
        return estimate;
    }
    estimate.elo = elo_from_score(mean);
    if (mean >= 1.0) {
        estimate.low_95 = elo_from_score(std::pow(0.025, 1.0 / games));
        estimate.high_95 = INF;
    } else if (mean <= 0.0) {
        estimate.low_95 = -INF;
        estimate.high_95 = elo_from_score(1.0 - std::pow(0.025, 1.0 / games));
    } else {
        // Every game drawn (no spread, yet a score strictly between 0 and 1): a drawn game could
        // have gone otherwise, so the spread is that of the games with half a decisive game added
        // (a quarter win and a quarter loss), as the joint ratings' bootstrap replays them; one
        // drawn game is then about +-560 Elo, never 0 +- 0.
        const double error =
            standard_error > 0.0 ? standard_error : std::sqrt(0.125) / (games + 0.5);
        estimate.low_95 = elo_from_score(mean - Z95 * error);
        estimate.high_95 = elo_from_score(mean + Z95 * error);
    }
    const bool bounded = std::isfinite(estimate.low_95) && std::isfinite(estimate.high_95);
    estimate.error_95 = bounded ? (estimate.high_95 - estimate.low_95) / 2.0 : INF;
    return estimate;
}

// Normalized Elo of a distribution whose per-game t-value is t_scale x (mean - 0.5) / deviation.
NormalizedElo normalized_from_moments(const Moments& m, double t_scale) {
    NormalizedElo result;
    if (m.count == 0.0) {
        result.error_95 = INF;
        return result;
    }
    if (m.variance == 0.0) {
        // Every game (or pair) scored the same: no spread to measure against.
        if (m.mean > 0.5) result.elo = INF;
        if (m.mean < 0.5) result.elo = -INF;
        result.error_95 = m.mean == 0.5 ? 0.0 : INF;
        return result;
    }
    const double deviation = std::sqrt(m.variance);
    const double t = (m.mean - 0.5) / deviation;
    const double skewness = m.third / (m.variance * deviation);
    const double kurtosis = m.fourth / (m.variance * m.variance);
    // Delta method: Var(t) = (1 - t skewness + t^2 (kurtosis - 1) / 4) / N, never negative.
    const double t_variance =
        std::max(0.0, 1.0 - t * skewness + t * t * (kurtosis - 1.0) / 4.0) / m.count;
    result.elo = t * t_scale * NORMALIZED_ELO_PER_T;
    result.error_95 = Z95 * std::sqrt(t_variance) * t_scale * NORMALIZED_ELO_PER_T;
    return result;
}

}  // namespace

double elo_from_score(double score) {
    if (score >= 1.0) return INF;
    if (score <= 0.0) return -INF;
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

EloEstimate trinomial_elo(const WdlCounts& counts) {
    const std::array<std::int64_t, 3> frequencies = {counts.losses, counts.draws, counts.wins};
    const Moments m = moments(GAME_VALUES, frequencies);
    EloEstimate estimate =
        estimate_from_mean(m.mean, m.count > 0.0 ? std::sqrt(m.variance / m.count) : 0.0, m.count);
    const double decisive = static_cast<double>(counts.wins + counts.losses);
    estimate.los = decisive == 0.0
                       ? 0.5
                       : 0.5 + 0.5 * std::erf(static_cast<double>(counts.wins - counts.losses) /
                                              std::sqrt(2.0 * decisive));
    return estimate;
}

EloEstimate pentanomial_elo(const PentanomialCounts& counts) {
    const Moments m = moments(PAIR_VALUES, counts.pairs);
    const double standard_error = m.count > 0.0 ? std::sqrt(m.variance / m.count) : 0.0;
    EloEstimate estimate = estimate_from_mean(m.mean, standard_error, 2.0 * m.count);
    if (standard_error > 0.0) {
        estimate.los = normal_cdf((m.mean - 0.5) / standard_error);
    } else {
        estimate.los = m.mean > 0.5 ? 1.0 : (m.mean < 0.5 ? 0.0 : 0.5);
    }
    return estimate;
}

NormalizedElo normalized_elo(const PentanomialCounts& counts) {
    return normalized_from_moments(moments(PAIR_VALUES, counts.pairs), 1.0 / std::numbers::sqrt2);
}

NormalizedElo normalized_elo(const WdlCounts& counts) {
    const std::array<std::int64_t, 3> frequencies = {counts.losses, counts.draws, counts.wins};
    return normalized_from_moments(moments(GAME_VALUES, frequencies), 1.0);
}

PairStatistics pair_statistics(const MatchTally& tally) {
    PairStatistics statistics;
    statistics.tally = tally;
    statistics.trinomial = trinomial_elo(tally.wdl);
    if (tally.pentanomial.pair_count() > 0) {
        statistics.pentanomial = pentanomial_elo(tally.pentanomial);
        statistics.normalized = normalized_elo(tally.pentanomial);
    }
    return statistics;
}

}  // namespace arbiter
