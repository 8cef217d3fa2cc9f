#include "harness/ratings/rating_model.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "harness/ratings/cholesky.h"

namespace arbiter::rating_fit {

Davidson davidson(double d, double nu) {
    Davidson p;
    const double half = std::abs(d) / 2.0;
    p.log_normaliser = half + std::log1p(std::exp(-2.0 * half) + nu * std::exp(-half));
    p.win = std::exp(d / 2.0 - p.log_normaliser);
    p.loss = std::exp(-d / 2.0 - p.log_normaliser);
    p.draw = nu * std::exp(-p.log_normaliser);
    return p;
}

LogisticParts logistic_parts(double d) {
    const double small = std::exp(-std::abs(d));
    return {small, std::log1p(small)};
}

CellLikelihood logistic_cell_likelihood(const Cell& cell, double d, const LogisticParts& parts) {
    const double wins = static_cast<double>(cell.wins);
    const double draws = static_cast<double>(cell.draws);
    const double losses = static_cast<double>(cell.losses);
    const double n = wins + draws + losses;
    // log_sigmoid(d), log_sigmoid(-d) and sigmoid(d) from e^-|d| and log(1 + e^-|d|): the same
    // values as the three functions give, in a third of the time.
    const bool ahead = d >= 0.0;
    const double log_sigmoid_d = ahead ? -parts.log_one_plus : d - parts.log_one_plus;
    const double log_sigmoid_minus_d = ahead ? -d - parts.log_one_plus : -parts.log_one_plus;
    const double points = wins + 0.5 * draws;
    CellLikelihood terms;
    terms.log_likelihood = points * log_sigmoid_d + (n - points) * log_sigmoid_minus_d;
    const double expected = ahead ? 1.0 / (1.0 + parts.small) : parts.small / (1.0 + parts.small);
    terms.slope = points - n * expected;
    terms.curvature = n * expected * (1.0 - expected);
    return terms;
}

SharedLogistic::SharedLogistic(const std::vector<Cell>& cells)
    : earlier_(cells.size(), -1), parts_(cells.size()) {
    const auto before = [](const Cell& a, const Cell& b) {
        return a.white != b.white ? a.white < b.white : a.black < b.black;
    };
    if (!std::is_sorted(cells.begin(), cells.end(), before)) return;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const Cell opposite{cells[c].black, cells[c].white};
        const auto found = std::lower_bound(cells.begin(), cells.end(), opposite, before);
        const std::size_t index = static_cast<std::size_t>(found - cells.begin());
        if (index < c && found->white == opposite.white && found->black == opposite.black)
            earlier_[c] = static_cast<int>(index);
    }
}

CellLikelihood SharedLogistic::at(std::size_t c, const Cell& cell, double d) {
    const int earlier = earlier_[c];
    parts_[c] = earlier >= 0 ? parts_[static_cast<std::size_t>(earlier)] : logistic_parts(d);
    return logistic_cell_likelihood(cell, d, parts_[c]);
}

CellLikelihood cell_likelihood(const Cell& cell, double d, DrawModel model, double nu) {
    if (model == DrawModel::none) return logistic_cell_likelihood(cell, d, logistic_parts(d));
    const double wins = static_cast<double>(cell.wins);
    const double draws = static_cast<double>(cell.draws);
    const double losses = static_cast<double>(cell.losses);
    const double n = wins + draws + losses;
    CellLikelihood terms;
    const Davidson& p = terms.davidson = davidson(d, nu);
    terms.log_likelihood = (wins - losses) * d / 2.0 - n * p.log_normaliser;
    const double balance = p.win - p.loss;
    terms.slope = (wins - losses) / 2.0 - n * balance / 2.0;
    terms.curvature = n * ((p.win + p.loss) - balance * balance) / 4.0;
    return terms;
}

namespace {

// The games and the draws of all cells.
std::pair<std::int64_t, std::int64_t> games_and_draws(const std::vector<Cell>& cells) {
    std::int64_t games = 0;
    std::int64_t draws = 0;
    for (const Cell& cell : cells) {
        games += cell.games();
        draws += cell.draws;
    }
    return {games, draws};
}

// The log-likelihood of a group's internal games with its gradient and information matrix (minus
// the Hessian), over the parameter layout of newton_fit: members 1..m-1, then the white
// advantage (at eta_index, when fitted), then log(nu) (at nu_index, when fitted).
struct GroupLikelihood {
    const std::vector<Cell>& cells;
    const std::vector<int>& local;
    bool davidson_model = false;
    bool fit_eta = false;
    bool fit_nu = false;
    int eta_index = -1;
    int nu_index = -1;
    int k = 0;
    double eta_start = 0.0;
    double fixed_nu = 0.0;
    // Under the none model without a white advantage: the cells' logistic parts, shared.
    SharedLogistic* shared = nullptr;
    std::vector<double> gradient;
    std::vector<double> information;

    // Returns the log-likelihood at `at`; with derivatives, also fills gradient and information.
    double evaluate(const std::vector<double>& at, bool derivatives) {
        const double eta = fit_eta ? at[eta_index] : eta_start;
        const double log_nu = fit_nu ? at[nu_index] : 0.0;
        const double nu = fit_nu ? std::exp(log_nu) : fixed_nu;
        if (derivatives) {
            std::fill(gradient.begin(), gradient.end(), 0.0);
            std::fill(information.begin(), information.end(), 0.0);
        }
        double log_likelihood = 0.0;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            const Cell& cell = cells[c];
            const int white = local[cell.white];
            const int black = local[cell.black];
            const double d =
                (white > 0 ? at[white - 1] : 0.0) - (black > 0 ? at[black - 1] : 0.0) + eta;
            const double wins = static_cast<double>(cell.wins);
            const double drawn = static_cast<double>(cell.draws);
            const double losses = static_cast<double>(cell.losses);
            const double n = wins + drawn + losses;
            const CellLikelihood terms =
                shared ? shared->at(c, cell, d)
                       : cell_likelihood(
                             cell, d, davidson_model ? DrawModel::davidson : DrawModel::none, nu);
            log_likelihood += terms.log_likelihood;
            const double slope = terms.slope;          // d log L / d d
            const double curvature = terms.curvature;  // -d2 log L / d d2
            double nu_slope = 0.0;
            double nu_curvature = 0.0;
            double cross = 0.0;  // -d2 log L / d d d log(nu)
            if (davidson_model) {
                const Davidson& p = terms.davidson;
                if (fit_nu) log_likelihood += drawn * log_nu;
                nu_slope = drawn - n * p.draw;
                nu_curvature = n * p.draw * (1.0 - p.draw);
                cross = -n * (p.win - p.loss) * p.draw / 2.0;
            }
            if (!derivatives) continue;
            // d depends on +theta_white, -theta_black and +eta.
            const int index[3] = {white > 0 ? white - 1 : -1, black > 0 ? black - 1 : -1,
                                  eta_index};
            const double sign[3] = {1.0, -1.0, 1.0};
            for (int a = 0; a < 3; ++a) {
                if (index[a] < 0) continue;
                gradient[index[a]] += sign[a] * slope;
                for (int b = 0; b < 3; ++b) {
                    if (index[b] < 0) continue;
                    information[index[a] * k + index[b]] += sign[a] * sign[b] * curvature;
                }
                if (fit_nu) {
                    information[index[a] * k + nu_index] += sign[a] * cross;
                    information[nu_index * k + index[a]] += sign[a] * cross;
                }
            }
            if (fit_nu) {
                gradient[nu_index] += nu_slope;
                information[nu_index * k + nu_index] += nu_curvature;
            }
        }
        return log_likelihood;
    }
};

// The largest Newton step in any coordinate, in natural units (about 700 Elo).
constexpr double MAX_STEP = 4.0;

// Maximises the likelihood from x by Newton iterations, capped and halved until the likelihood
// does not fall. Without a finite maximum the parameters run away until the information matrix
// is singular or the iterations run out: then it throws SingularFit. On return the likelihood's
// gradient and information are those at x.
void newton_iterations(GroupLikelihood& likelihood, std::vector<double>& x) {
    const int k = likelihood.k;
    const std::vector<double>& gradient = likelihood.gradient;
    const std::vector<double>& information = likelihood.information;
    double log_likelihood = likelihood.evaluate(x, true);
    std::vector<double> factor;
    std::vector<double> step;
    std::vector<double> trial(static_cast<std::size_t>(k));
    bool converged = false;
    for (int iteration = 0; iteration < 200 && !converged; ++iteration) {
        factor = information;
        if (!cholesky(factor, k)) throw SingularFit{};
        step = gradient;
        cholesky_solve(factor, k, step);
        double largest_step = 0.0;
        for (int i = 0; i < k; ++i) largest_step = std::max(largest_step, std::abs(step[i]));
        double scale = largest_step > MAX_STEP ? MAX_STEP / largest_step : 1.0;
        // A trial's derivatives are taken with its value: an accepted step needs no second pass.
        bool accepted = false;
        double value = log_likelihood;
        for (int halving = 0; halving < 50 && !accepted; ++halving) {
            for (int i = 0; i < k; ++i) trial[i] = x[i] + scale * step[i];
            value = likelihood.evaluate(trial, true);
            accepted = value >= log_likelihood - 1e-12 * (1.0 + std::abs(log_likelihood));
            if (!accepted) scale /= 2.0;
        }
        if (!accepted) {
            // No step helps: at the maximum up to rounding, or numerically lost.
            if (largest_step > 1e-6) throw SingularFit{};
            break;
        }
        x = trial;
        log_likelihood = value;
        converged = scale * largest_step < 1e-12;
    }
    if (!converged) throw SingularFit{};
}

// Fits a group by Newton's method on its concave log-likelihood. `local` maps a canonical player
// to its position in `members`. The white advantage is fitted when fit_eta (starting from
// eta_start), else fixed at eta_start; Davidson's nu is fitted when fit_nu, else fixed at
// fixed_nu. `warm` optionally gives starting ratings by canonical index. Throws SingularFit when
// the likelihood has no finite maximum.
GroupFit newton_fit(const std::vector<int>& members, const std::vector<Cell>& cells,
                    const std::vector<int>& local, DrawModel model, bool fit_eta, double eta_start,
                    bool fit_nu, double fixed_nu, const std::vector<double>* warm,
                    bool want_covariance) {
    const int m = static_cast<int>(members.size());
    const bool davidson_model = model == DrawModel::davidson;
    GroupFit fit;
    fit.theta.assign(static_cast<std::size_t>(m), 0.0);
    fit.eta = eta_start;
    fit.nu = fixed_nu;
    const auto [games, draws] = games_and_draws(cells);

    // Step 1. Parameter layout: members 1..m-1, then the white advantage, then log(nu).
    const int eta_index = fit_eta ? m - 1 : -1;
    const int nu_index = fit_nu ? m - 1 + (fit_eta ? 1 : 0) : -1;
    const int k = m - 1 + (fit_eta ? 1 : 0) + (fit_nu ? 1 : 0);
    if (k == 0) {
        if (want_covariance) fit.covariance.assign(static_cast<std::size_t>(m) * m, 0.0);
        return fit;
    }
    std::vector<double> x(static_cast<std::size_t>(k), 0.0);
    if (warm != nullptr) {
        for (int i = 1; i < m; ++i) x[i - 1] = (*warm)[members[i]] - (*warm)[members[0]];
    }
    if (fit_eta) x[eta_index] = eta_start;
    if (fit_nu) {
        x[nu_index] =
            std::log(2.0 * static_cast<double>(draws) / static_cast<double>(games - draws));
    }

    // Step 2. Log-likelihood with its gradient and information matrix (minus the Hessian).
    GroupLikelihood likelihood{.cells = cells,
                               .local = local,
                               .davidson_model = davidson_model,
                               .fit_eta = fit_eta,
                               .fit_nu = fit_nu,
                               .eta_index = eta_index,
                               .nu_index = nu_index,
                               .k = k,
                               .eta_start = eta_start,
                               .fixed_nu = fixed_nu,
                               .gradient = std::vector<double>(static_cast<std::size_t>(k)),
                               .information = std::vector<double>(static_cast<std::size_t>(k) * k)};
    SharedLogistic shared(cells);
    if (!davidson_model && !fit_eta && eta_start == 0.0) likelihood.shared = &shared;

    // Step 3. Newton iterations.
    newton_iterations(likelihood, x);

    // Step 4. Unpack, with the covariance of the ratings from the inverse information.
    for (int i = 1; i < m; ++i) fit.theta[i] = x[i - 1];
    if (fit_eta) fit.eta = x[eta_index];
    if (fit_nu) fit.nu = std::exp(x[nu_index]);
    if (want_covariance) {
        std::vector<double> factor = likelihood.information;
        if (!cholesky(factor, k)) throw SingularFit{};
        fit.covariance.assign(static_cast<std::size_t>(m) * m, 0.0);
        std::vector<double> column(static_cast<std::size_t>(k));
        for (int j = 1; j < m; ++j) {
            std::fill(column.begin(), column.end(), 0.0);
            column[j - 1] = 1.0;
            cholesky_solve(factor, k, column);
            for (int i = 1; i < m; ++i) fit.covariance[i * m + j] = column[i - 1];
        }
    }
    return fit;
}

}  // namespace

// Fits one strongly connected group. Under the Davidson model nu is fitted jointly when the group
// has both draws and decisive games; if the likelihood then has no finite maximum (small samples
// in which, say, no pair has both a win and a loss) nu is fixed at the draw odds at equal
// strength, 2 draws / decisive games. Throws SingularFit when the white advantage is at fault.
GroupFit fit_group(const std::vector<int>& members, const std::vector<Cell>& cells,
                   const std::vector<int>& local, DrawModel model, bool fit_eta, double eta_start,
                   const std::vector<double>* warm, bool want_covariance) {
    const auto [games, draws] = games_and_draws(cells);
    if (games == 0) {
        GroupFit fit;
        fit.theta.assign(members.size(), 0.0);
        fit.eta = eta_start;
        if (want_covariance) fit.covariance.assign(members.size() * members.size(), 0.0);
        return fit;
    }
    if (model == DrawModel::davidson && draws == games) {
        // Nothing but draws: every member scored 50% at equal ratings; the draw propensity is
        // unbounded and nothing is learnt about the colours.
        GroupFit fit;
        fit.theta.assign(members.size(), 0.0);
        fit.eta = fit_eta ? 0.0 : eta_start;
        fit.nu = INF;
        return fit;
    }
    if (model == DrawModel::davidson && draws > 0) {
        try {
            return newton_fit(members, cells, local, model, fit_eta, eta_start, true, 0.0, warm,
                              want_covariance);
        } catch (const SingularFit&) {
            const double draw_odds =
                2.0 * static_cast<double>(draws) / static_cast<double>(games - draws);
            return newton_fit(members, cells, local, model, fit_eta, eta_start, false, draw_odds,
                              warm, want_covariance);
        }
    }
    return newton_fit(members, cells, local, model, fit_eta, eta_start, false, 0.0, warm,
                      want_covariance);
}

}  // namespace arbiter::rating_fit
