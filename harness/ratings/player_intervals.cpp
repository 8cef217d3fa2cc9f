// The joint ratings' 95% intervals: the bootstrap's percentiles widened by the profile
// likelihood, each player's on one of the threads.
#include "harness/ratings/player_intervals.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/ratings/parallel.h"

namespace arbiter::rating_fit {

namespace {

// The 95% interval of player i: the bound and infinity for a bound, [anchor, anchor] for the
// anchor, otherwise the 2.5th and 97.5th percentiles of its resamples (infinite ones included);
// nothing for a point estimate without a bootstrap. Players the results cannot tell apart (one
// class, the same estimate) pool their resamples, so that which of them drew which random stream
// (their order is arbitrary) cannot show in the interval. `spread` ends holding those resamples,
// sorted.
std::optional<RatingInterval> interval_of(int i, int anchor, const PoolFit& fit,
                                          const std::vector<double>& elo,
                                          const std::vector<int>& classes,
                                          const BootstrapSamples& bootstrap,
                                          std::vector<double>& spread) {
    constexpr double INFINITE = std::numeric_limits<double>::infinity();
    if (i == anchor) return RatingInterval{elo[i], elo[i]};  // fixed
    if (fit.bound[i] == RatingBound::lower) return RatingInterval{elo[i], INFINITE};
    if (fit.bound[i] == RatingBound::upper) return RatingInterval{-INFINITE, elo[i]};
    const int samples = bootstrap.samples;
    if (samples == 0) return std::nullopt;
    spread.clear();
    for (int j = 0; j < static_cast<int>(elo.size()); ++j) {
        if (classes[j] != classes[i] || fit.bound[j] != fit.bound[i] || j == anchor ||
            std::abs(elo[j] - elo[i]) > 1e-9 * (1.0 + std::abs(elo[i])))
            continue;
        const auto first = bootstrap.elo.begin() + static_cast<std::ptrdiff_t>(j) * samples;
        spread.insert(spread.end(), first, first + samples);
    }
    std::sort(spread.begin(), spread.end());
    return RatingInterval{quantile(spread, 0.025), quantile(spread, 0.975)};
}

// Widens a point estimate's bootstrap interval to cover its profile likelihood-ratio interval and
// that interval moved against the estimate's bias: the percentiles alone under-cover short,
// lopsided matches (the table in README), and at a lopsided score the fitted rating is biased away
// from the middle, which the ratio's interval, centred on the fit, shares. The bias is the
// bootstrap's: the median of the resamples (replayed from the fit) minus the fit. `sorted` holds
// the player's resamples, sorted; `offsets` the profile interval's, in natural units.
void widen_by_likelihood(RatingInterval& interval, const LikelihoodOffsets& offsets, double scale,
                         double elo, const std::vector<double>& sorted) {
    if (scale <= 0.0) return;
    const double median = quantile(sorted, 0.5);
    const double bias = std::isfinite(median) ? median - elo : 0.0;
    const double low = elo + offsets.low * scale;
    const double high = elo + offsets.high * scale;
    interval.low = std::min({interval.low, low, low - bias});
    interval.high = std::max({interval.high, high, high - bias});
}

// The 95% interval of player i (canonical): the bootstrap's, widened by the profile likelihood;
// with pairs, the games' own where that is narrower. `spread` is scratch space.
std::optional<RatingInterval> player_interval(int i, const IntervalInputs& pool,
                                              const RatingOptions& options, const PoolFit& fit,
                                              int anchor, const std::vector<double>& elo,
                                              const BootstrapSamples& bootstrap,
                                              const BootstrapSamples& games_alone,
                                              std::vector<double>& spread) {
    std::optional<RatingInterval> interval =
        interval_of(i, anchor, fit, elo, pool.classes, bootstrap, spread);
    if (!interval || i == anchor || fit.bound[i] != RatingBound::none) return interval;
    const double scale = elo_per_natural(fit, options.draw_model);
    // interval_of left the player's sorted resamples in spread.
    const auto offsets =
        likelihood_ratio_offsets(pool.cells, fit, i, anchor, options.draw_model, pool.pairs);
    widen_by_likelihood(*interval, offsets, scale, elo[i], spread);
    // With pairs, the games' own interval where it is narrower: pairs whose openings decide
    // little (a balanced book) tell no more than their games, and the pairs' shape, estimated
    // from few pairs, would only add noise.
    if (games_alone.samples == 0) return interval;
    const auto width = [](const RatingInterval& r) { return r.high - r.low; };
    const RatingInterval bootstrap_alone =
        *interval_of(i, anchor, fit, elo, pool.classes, games_alone, spread);
    // The games' profile interval holds the pairs' (the pairs only lower the dispersion), so
    // widened by the pairs' offsets the games' interval is no wider than its own: only where that
    // is narrower is the games' profile computed.
    RatingInterval alone = bootstrap_alone;
    widen_by_likelihood(alone, offsets, scale, elo[i], spread);
    if (offsets.narrowed_by_pairs && width(alone) < width(*interval)) {
        alone = bootstrap_alone;
        widen_by_likelihood(
            alone, likelihood_ratio_offsets(pool.cells, fit, i, anchor, options.draw_model), scale,
            elo[i], spread);
    }
    if (width(alone) < width(*interval)) interval = alone;
    return interval;
}

}  // namespace

std::vector<std::optional<RatingInterval>> player_intervals(const IntervalInputs& pool,
                                                            const RatingOptions& options,
                                                            const PoolFit& fit, int anchor,
                                                            const std::vector<double>& elo,
                                                            const BootstrapSamples& bootstrap,
                                                            const BootstrapSamples& games_alone) {
    const int n = static_cast<int>(elo.size());
    std::vector<std::optional<RatingInterval>> intervals(static_cast<std::size_t>(n));
    const int workers = worker_count(options.threads, n);
    std::vector<std::vector<double>> spreads(static_cast<std::size_t>(workers));
    parallel_for(n, workers, [&](int i, int worker) {
        intervals[static_cast<std::size_t>(i)] =
            player_interval(i, pool, options, fit, anchor, elo, bootstrap, games_alone,
                            spreads[static_cast<std::size_t>(worker)]);
    });
    return intervals;
}

}  // namespace arbiter::rating_fit
