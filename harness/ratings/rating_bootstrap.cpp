#include "harness/ratings/rating_bootstrap.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "harness/ratings/sampling.h"

namespace arbiter::rating_fit {

namespace {

// Outcome probabilities of one cell under the fitted model, for the bootstrap.
struct CellModel {
    bool modelled = false;  // false: the cell crosses groups and replays its observed results
    double win = 0.0;
    double draw = 0.0;
};

}  // namespace

BootstrapSamples run_bootstrap(int players, const std::vector<Cell>& cells, const PoolFit& fit,
                               const ModelSettings& settings, int samples, std::uint64_t seed,
                               int anchor, const AnchorFunction& anchored) {
    const int n = players;
    // Step 1. Outcome probabilities of every cell within a group under the fitted model.
    std::vector<CellModel> models(cells.size());
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const Cell& cell = cells[c];
        const int block = fit.block[cell.white];
        if (block != fit.block[cell.black]) continue;
        CellModel& model = models[c];
        model.modelled = true;
        const double d = fit.theta[cell.white] - fit.theta[cell.black] + fit.eta;
        // The draw rate replayed where the fit has none of its own: the cell's, with half a draw
        // and half a decisive game added, so that drawn games can come out otherwise.
        const double draw_rate =
            (static_cast<double>(cell.draws) + 0.5) / (static_cast<double>(cell.games()) + 1.0);
        if (settings.draw_model == DrawModel::none) {
            const double expected = sigmoid(d);
            model.draw = std::min({draw_rate, 2.0 * expected, 2.0 * (1.0 - expected)});
            model.win = std::max(0.0, expected - model.draw / 2.0);
        } else if (std::isinf(fit.block_nu[block])) {
            model.draw = draw_rate;
            model.win = (1.0 - draw_rate) / 2.0;
        } else {
            const Davidson p = davidson(d, fit.block_nu[block]);
            model.win = p.win;
            model.draw = p.draw;
        }
    }
    BootstrapSamples result;
    result.samples = samples;
    std::vector<double>& sampled_elo = result.elo;
    std::vector<double>& sampled_eta = result.white_advantage;
    sampled_elo.assign(static_cast<std::size_t>(n) * samples, 0.0);
    sampled_eta.assign(samples, 0.0);

    // Step 2. Replay and refit.
    std::vector<Cell> replay = cells;
    std::vector<double> replay_elo;
    for (int s = 0; s < samples; ++s) {
        RandomStream stream(mix_seed(seed, static_cast<std::uint64_t>(s)));
        for (std::size_t c = 0; c < cells.size(); ++c) {
            if (!models[c].modelled) continue;
            const std::int64_t games = cells[c].games();
            const double win = models[c].win;
            const double rest = 1.0 - win;
            const std::int64_t wins = sample_binomial(stream, games, win);
            const std::int64_t draws =
                rest > 0.0
                    ? sample_binomial(stream, games - wins, std::min(1.0, models[c].draw / rest))
                    : 0;
            replay[c].wins = wins;
            replay[c].draws = draws;
            replay[c].losses = games - wins - draws;
        }
        const PoolFit refit = fit_pool(n, replay, settings, fit.eta, &fit.theta, false, anchor);
        anchored(refit, replay_elo);
        for (int i = 0; i < n; ++i)
            sampled_elo[static_cast<std::size_t>(i) * samples + s] = replay_elo[i];
        sampled_eta[s] = refit.eta * elo_per_natural(refit, settings.draw_model);
    }
    return result;
}

// Returns the q-quantile of sorted values, interpolating linearly between order statistics.
double quantile(const std::vector<double>& sorted, double q) {
    const double position = q * static_cast<double>(sorted.size() - 1);
    const std::size_t below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double weight = position - static_cast<double>(below);
    const double a = sorted[below];
    const double b = sorted[above];
    if (weight == 0.0 || a == b) return a;
    // Any weight on an infinity makes the quantile infinite; between -inf and +inf the side the
    // quantile is asked for wins.
    if (std::isinf(a) && std::isinf(b)) return q < 0.5 ? a : b;
    if (std::isinf(a)) return a;
    if (std::isinf(b)) return b;
    return a + weight * (b - a);
}

double normal_cdf(double x) {
    return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}

}  // namespace arbiter::rating_fit
