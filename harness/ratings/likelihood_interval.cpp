#include "harness/ratings/likelihood_interval.h"

#include <cmath>

namespace arbiter::rating_fit {

namespace {

// The chi-square(1) 95% point: 1.959963984540054 squared.
constexpr double CHI_SQUARE_95 = 3.841458820694124;

// The log-likelihood of the player's core games with its rating moved by `offset`.
double moved_log_likelihood(const std::vector<Cell>& cells, const PoolFit& fit, int player,
                            DrawModel model, double offset) {
    const double nu = fit.block_nu[fit.core];
    double sum = 0.0;
    for (const Cell& cell : cells) {
        if (cell.white != player && cell.black != player) continue;
        if (fit.block[cell.white] != fit.core || fit.block[cell.black] != fit.core) continue;
        const double d = fit.theta[cell.white] - fit.theta[cell.black] + fit.eta +
                         (cell.white == player ? offset : -offset);
        const double wins = static_cast<double>(cell.wins);
        const double draws = static_cast<double>(cell.draws);
        const double losses = static_cast<double>(cell.losses);
        if (model == DrawModel::none) {
            const double points = wins + 0.5 * draws;
            sum += points * log_sigmoid(d) + (wins + draws + losses - points) * log_sigmoid(-d);
        } else {
            sum += (wins - losses) * d / 2.0 -
                   (wins + draws + losses) * davidson(d, nu).log_normaliser;
        }
    }
    return sum;
}

// The offset on one side (direction +1 or -1) where the likelihood ratio reaches CHI_SQUARE_95.
double side_offset(const std::vector<Cell>& cells, const PoolFit& fit, int player, DrawModel model,
                   double dispersion, double direction) {
    const double top = moved_log_likelihood(cells, fit, player, model, 0.0);
    auto excess = [&](double distance) {
        return 2.0 * (top - moved_log_likelihood(cells, fit, player, model, direction * distance)) /
                   dispersion -
               CHI_SQUARE_95;
    };
    double low = 0.0;
    double high = 0.25;
    while (excess(high) < 0.0) {
        low = high;
        high *= 2.0;
        if (high > 64.0) return direction * INF;  // about 11,000 Elo: unbounded
    }
    for (int iteration = 0; iteration < 100 && high - low > 1e-10; ++iteration) {
        const double middle = 0.5 * (low + high);
        (excess(middle) < 0.0 ? low : high) = middle;
    }
    return direction * 0.5 * (low + high);
}

}  // namespace

LikelihoodOffsets likelihood_ratio_offsets(const std::vector<Cell>& cells, const PoolFit& fit,
                                           int player, DrawModel model) {
    if (model == DrawModel::davidson && std::isinf(fit.block_nu[fit.core])) return {};
    // Under the none model a game is modelled as a coin worth its points, whose variance
    // s (1 - s) overstates a game's where draws are common (W + D / 4 - s^2): the ratio is the
    // dispersion by which the likelihood ratio is divided (a quasi-likelihood), 1 under Davidson's
    // model, which models the draws itself.
    double dispersion = 1.0;
    if (model == DrawModel::none) {
        double wins = 0.0;
        double draws = 0.0;
        double games = 0.0;
        for (const Cell& cell : cells) {
            if (fit.block[cell.white] != fit.core || fit.block[cell.black] != fit.core) continue;
            if (cell.white != player && cell.black != player) continue;
            wins += static_cast<double>(cell.white == player ? cell.wins : cell.losses);
            draws += static_cast<double>(cell.draws);
            games += static_cast<double>(cell.games());
        }
        const double score = (wins + draws / 2.0) / games;
        const double coin = score * (1.0 - score);
        const double game = (wins + draws / 4.0) / games - score * score;
        if (coin <= 0.0 || game <= 0.0) return {};  // all drawn: the bootstrap decides
        dispersion = game / coin;
    }
    return {side_offset(cells, fit, player, model, dispersion, -1.0),
            side_offset(cells, fit, player, model, dispersion, 1.0)};
}

}  // namespace arbiter::rating_fit
