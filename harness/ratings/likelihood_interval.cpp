#include "harness/ratings/likelihood_interval.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "harness/ratings/cholesky.h"

namespace arbiter::rating_fit {

namespace {

// The chi-square(1) 95% point: 1.959963984540054 squared.
constexpr double CHI_SQUARE_95 = 3.841458820694124;

// The core's likelihood as a function of the ratings with the reported rating held: the player's
// rating follows the free ones (the others but the player and a reference, fixed at its fit) so
// that it stays `offset` from its fit relative to the anchor or the core's average.
//  anchor set:   reference = anchor, rating(player) = fit + offset.
//  average:      reference = another core member, and rating(player) =
//                (m (q + offset) + rating(reference) + sum of free) / (m - 1), q the fitted
//                rating minus the fitted average; a move of the free ones carries the player by
//                1 / (m - 1) of it.
class Profile {
  public:
    Profile(const std::vector<Cell>& cells, const PoolFit& fit, int player, int anchor,
            DrawModel model)
        : fit_(fit), player_(player), model_(model), nu_(fit.block_nu[fit.core]) {
        for (const Cell& cell : cells) {
            if (fit.block[cell.white] == fit.core && fit.block[cell.black] == fit.core)
                cells_.push_back(cell);
        }
        const std::vector<int>& members = fit.core_members;
        const int m = static_cast<int>(members.size());
        reference_ = anchor >= 0 ? anchor : (members[0] != player ? members[0] : members[1]);
        carry_ = anchor >= 0 ? 0.0 : 1.0 / static_cast<double>(m - 1);
        size_ = static_cast<double>(m);
        slot_.assign(fit.theta.size(), -1);
        for (int member : members) {
            if (member == player || member == reference_) continue;
            slot_[member] = static_cast<int>(free_.size());
            free_.push_back(member);
        }
        theta_ = fit.theta;
        // Without a white advantage, opposite cells share their logistic parts (the same values).
        if (model == DrawModel::none && fit.eta == 0.0) shared_.emplace(cells_);
        if (anchor < 0) {
            double sum = 0.0;
            for (int member : members) sum += fit.theta[member];
            fitted_ = fit.theta[player] - sum / size_;
        }
        top_ = log_likelihood(0.0, false);
    }

    // Twice the fall of the profile log-likelihood at `offset` from the top.
    double deviance(double offset) { return 2.0 * (top_ - maximise(offset)); }

    // Restarts the free ratings from the fit (before a walk to the other side).
    void restart() { theta_ = fit_.theta; }

  private:
    void place(double offset) {
        if (carry_ == 0.0) {
            theta_[player_] = fit_.theta[player_] + offset;
            return;
        }
        double sum = theta_[reference_];
        for (int j : free_) sum += theta_[j];
        theta_[player_] = (size_ * (fitted_ + offset) + sum) * carry_;
    }

    // The log-likelihood at the current free ratings; with `derivatives`, also the gradient and
    // information (negative Hessian) over the free ratings, the player's carried along.
    double log_likelihood(double offset, bool derivatives) {
        place(offset);
        const std::size_t k = free_.size();
        if (derivatives) {
            gradient_.assign(k, 0.0);
            information_.assign(k * k, 0.0);
            carried_.assign(k, 0.0);
            carried_slope_ = 0.0;
            carried_curvature_ = 0.0;
        }
        double sum = 0.0;
        for (std::size_t c = 0; c < cells_.size(); ++c) {
            const Cell& cell = cells_[c];
            const double d = theta_[cell.white] - theta_[cell.black] + fit_.eta;
            const CellLikelihood terms =
                shared_ ? shared_->at(c, cell, d) : cell_likelihood(cell, d, model_, nu_);
            sum += terms.log_likelihood;
            if (derivatives) accumulate(cell, terms.slope, terms.curvature);
        }
        if (derivatives && carry_ != 0.0) {
            // The carried parts, dense: every free rating moves the player's.
            for (std::size_t a = 0; a < k; ++a) {
                gradient_[a] += carried_slope_;
                for (std::size_t b = 0; b < k; ++b)
                    information_[a * k + b] += carried_[a] + carried_[b] + carried_curvature_;
            }
        }
        return sum;
    }

    // Adds one cell's slope and curvature in d to the free ratings' gradient and information.
    // d moves with the cell's free ends (s: +1 for White, -1 for Black) and, through the player's
    // carried rating, with every free rating by p = (+-1) carry when the player is an end; the
    // information's c (s + p 1)(s + p 1)^T splits into the sparse c s s^T, added here, and the
    // dense c p (s 1^T + 1 s^T) + c p^2 1 1^T, summed in carried_ and carried_curvature_ and
    // added once per evaluation.
    void accumulate(const Cell& cell, double slope, double curvature) {
        const double weight[2] = {1.0, -1.0};
        const int ends[2] = {cell.white, cell.black};
        const std::size_t k = free_.size();
        double carried = 0.0;
        for (int e = 0; e < 2; ++e) {
            if (ends[e] == player_) carried = weight[e] * carry_;
        }
        for (int e = 0; e < 2; ++e) {
            const int slot = slot_[ends[e]];
            if (slot < 0) continue;
            gradient_[slot] += slope * weight[e];
            carried_[slot] += curvature * carried * weight[e];
            for (int f = 0; f < 2; ++f) {
                const int other = slot_[ends[f]];
                if (other < 0) continue;
                information_[static_cast<std::size_t>(slot) * k +
                             static_cast<std::size_t>(other)] += curvature * weight[e] * weight[f];
            }
        }
        carried_slope_ += slope * carried;
        carried_curvature_ += curvature * carried * carried;
    }

    // Newton's method over the free ratings with the reported rating at `offset`, halving a step
    // that does not raise the likelihood; returns the log-likelihood where it stops. A trial
    // step's derivatives are taken with its value, so that an accepted step needs no second pass.
    double maximise(double offset) {
        const int k = static_cast<int>(free_.size());
        if (k == 0) return log_likelihood(offset, false);
        double current = log_likelihood(offset, true);
        for (int iteration = 0; iteration < 100; ++iteration) {
            std::vector<double> step = gradient_;
            if (!cholesky(information_, k)) break;
            cholesky_solve(information_, k, step);
            const std::vector<double> start = theta_;
            double scale = 1.0;
            double next = current;
            for (int halving = 0; halving < 40; ++halving) {
                for (int j = 0; j < k; ++j) theta_[free_[j]] = start[free_[j]] + scale * step[j];
                next = log_likelihood(offset, true);
                if (next >= current) break;
                scale /= 2.0;
            }
            if (next < current) {
                theta_ = start;
                break;
            }
            double largest = 0.0;
            for (double s : step) largest = std::max(largest, std::abs(s * scale));
            current = next;
            if (largest < 1e-10) break;
        }
        return current;
    }

    const PoolFit& fit_;
    int player_;
    DrawModel model_;
    double nu_;
    std::vector<Cell> cells_;
    std::optional<SharedLogistic> shared_;
    int reference_ = 0;
    double carry_ = 0.0;
    double size_ = 0.0;
    double fitted_ = 0.0;
    std::vector<int> slot_;
    std::vector<int> free_;
    std::vector<double> theta_;
    double top_ = 0.0;
    std::vector<double> gradient_;
    std::vector<double> information_;
    std::vector<double> carried_;
    double carried_slope_ = 0.0;
    double carried_curvature_ = 0.0;
};

// The regularised incomplete beta function I_x(a, b), by its continued fraction (Lentz's method),
// on the side where it converges quickly.
double incomplete_beta(double a, double b, double x) {
    if (x <= 0.0) return 0.0;
    if (x >= 1.0) return 1.0;
    if (x > (a + 1.0) / (a + b + 2.0)) return 1.0 - incomplete_beta(b, a, 1.0 - x);
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                  a * std::log(x) + b * std::log1p(-x)) /
                         a;
    constexpr double TINY = 1e-300;
    double c = 1.0;
    double d = 1.0 - (a + b) * x / (a + 1.0);
    d = 1.0 / (std::abs(d) < TINY ? TINY : d);
    double fraction = d;
    for (int m = 1; m <= 300; ++m) {
        for (int half = 0; half < 2; ++half) {
            const double k = static_cast<double>(m);
            const double numerator =
                half == 0 ? k * (b - k) * x / ((a + 2.0 * k - 1.0) * (a + 2.0 * k))
                          : -(a + k) * (a + b + k) * x / ((a + 2.0 * k) * (a + 2.0 * k + 1.0));
            d = 1.0 + numerator * d;
            d = 1.0 / (std::abs(d) < TINY ? TINY : d);
            c = 1.0 + numerator / c;
            if (std::abs(c) < TINY) c = TINY;
            fraction *= c * d;
            if (half == 1 && std::abs(c * d - 1.0) < 1e-15) return front * fraction;
        }
    }
    return front * fraction;
}

// The 95% point of the F distribution with 1 and `df` degrees of freedom: the square of Student's
// t whose two tails hold 5%, P(|T| > t) = I_{df / (df + t^2)}(df / 2, 1 / 2). It takes the place
// of chi-square's 3.84 where the dispersion is estimated from `df` + 1 games (quasi-likelihood).
double f_one_95(double df) {
    double low = 1.9;
    double high = 1e4;
    for (int iteration = 0; iteration < 200 && high - low > 1e-12 * high; ++iteration) {
        const double t = 0.5 * (low + high);
        (incomplete_beta(df / 2.0, 0.5, df / (df + t * t)) > 0.05 ? low : high) = t;
    }
    const double t = 0.5 * (low + high);
    return t * t;
}

// The offset on one side (direction +1 or -1) where the deviance, divided by the dispersion,
// reaches `threshold`.
double side_offset(Profile& profile, double dispersion, double threshold, double direction) {
    profile.restart();
    auto excess = [&](double distance) {
        return profile.deviance(direction * distance) / dispersion - threshold;
    };
    double low = 0.0;
    double low_excess = -threshold;
    double high = 0.25;
    double high_excess = excess(high);
    while (high_excess < 0.0) {
        low = high;
        low_excess = high_excess;
        high *= 2.0;
        if (high > 64.0) return direction * INF;  // about 11,000 Elo: unbounded
        high_excess = excess(high);
    }
    // The Illinois method: false position, halving the weight of an end that stays, so that each
    // step keeps the root bracketed and few deviances (each a refit) are needed.
    int kept = 0;  // -1: low stayed last time, +1: high stayed
    for (int iteration = 0; iteration < 100 && high - low > 1e-10; ++iteration) {
        const double next = (low * high_excess - high * low_excess) / (high_excess - low_excess);
        const double next_excess = excess(next);
        if (std::abs(next_excess) < 1e-12) return direction * next;
        if (next_excess < 0.0) {
            low = next;
            low_excess = next_excess;
            if (kept == 1) high_excess /= 2.0;
            kept = 1;
        } else {
            high = next;
            high_excess = next_excess;
            if (kept == -1) low_excess /= 2.0;
            kept = -1;
        }
    }
    return direction * 0.5 * (low + high);
}

// How much less (or more) a player's score varies over its units (its pairs, each two games on
// one opening with the colours reversed, and its games alone) than over its games one by one:
// the sum of squares of the units' points about their fitted expectation over the games' own.
// 1 without pairs. `units` ends as the number of units.
double pairs_design_effect(const std::vector<Cell>& cells, const std::vector<PairCell>& pairs,
                           const PoolFit& fit, int player, DrawModel model, double& units) {
    const double nu = fit.block_nu[fit.core];
    auto white_expected = [&](int white, int black) {
        const double d = fit.theta[white] - fit.theta[black] + fit.eta;
        if (model == DrawModel::none) return sigmoid(d);
        const Davidson p = davidson(d, nu);
        return p.win + p.draw / 2.0;
    };
    auto in_core = [&](int a, int b) {
        return fit.block[a] == fit.core && fit.block[b] == fit.core && (a == player || b == player);
    };
    double games = 0.0;
    double per_game = 0.0;
    for (const Cell& cell : cells) {
        if (!in_core(cell.white, cell.black)) continue;
        const double e = white_expected(cell.white, cell.black);
        per_game += static_cast<double>(cell.wins) * (1.0 - e) * (1.0 - e) +
                    static_cast<double>(cell.draws) * (0.5 - e) * (0.5 - e) +
                    static_cast<double>(cell.losses) * e * e;
        games += static_cast<double>(cell.games());
    }
    units = games;
    if (per_game <= 0.0) return 1.0;
    constexpr double WHITE_POINTS[3] = {1.0, 0.5, 0.0};
    double change = 0.0;
    bool paired = false;
    for (const PairCell& pair : pairs) {
        if (!in_core(pair.first, pair.second)) continue;
        const double first_expected = white_expected(pair.first, pair.second);
        const double second_expected = white_expected(pair.second, pair.first);
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) {
                const double count = static_cast<double>(pair.outcomes[a * 3 + b]);
                if (count == 0.0) continue;
                paired = true;
                // From the first player's side: its points in the game it had White, then Black.
                const double x1 = WHITE_POINTS[a] - first_expected;
                const double x2 = (second_expected - WHITE_POINTS[b]);
                change += count * ((x1 + x2) * (x1 + x2) - x1 * x1 - x2 * x2);
                units -= count;
            }
    }
    if (!paired) return 1.0;
    return std::max(0.0, per_game + change) / per_game;
}

}  // namespace

LikelihoodOffsets likelihood_ratio_offsets(const std::vector<Cell>& cells, const PoolFit& fit,
                                           int player, int anchor, DrawModel model,
                                           const std::vector<PairCell>& pairs) {
    if (fit.core_members.size() < 2) return {};
    if (model == DrawModel::davidson && std::isinf(fit.block_nu[fit.core])) return {};
    // Under the none model a game is modelled as a coin worth its points, whose variance
    // s (1 - s) overstates a game's where draws are common (W + D / 4 - s^2): the ratio, from the
    // player's own games, is the dispersion by which the deviance is divided (a
    // quasi-likelihood), 1 under Davidson's model, which models the draws itself. An estimated
    // dispersion is compared with F(1, games - 1) rather than chi-square (wider on short matches).
    double dispersion = 1.0;
    double threshold = CHI_SQUARE_95;
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
        threshold = f_one_95(games - 1.0);
    }
    // Games played in pairs vary together: the deviance is divided by how much less the pairs
    // vary than their games would one by one, a dispersion estimated from the units (F again),
    // where that makes the interval narrower: pairs that vary as much as their games (a balanced
    // book) leave the games' interval as it was, so that fewer units never widen it.
    double units = 0.0;
    const double design = pairs_design_effect(cells, pairs, fit, player, model, units);
    bool narrowed = false;
    if (design != 1.0) {
        if (design <= 0.0) return {0.0, 0.0, true};  // every pair scored as expected: nothing
        const double paired = f_one_95(std::max(1.0, units - 1.0));
        if (design * paired < threshold) {
            dispersion *= design * paired / threshold;
            narrowed = true;
        }
    }
    Profile profile(cells, fit, player, anchor, model);
    return {side_offset(profile, dispersion, threshold, -1.0),
            side_offset(profile, dispersion, threshold, 1.0), narrowed};
}

}  // namespace arbiter::rating_fit
