#include "harness/ratings/joint_ratings.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <numeric>

#include "harness/ratings/sampling.h"

namespace arbiter {
namespace {

// Ratings are fitted in natural units (log-odds); this converts them to Elo.
constexpr double ELO_PER_NATURAL = 400.0 / std::numbers::ln10;
constexpr double INF = std::numeric_limits<double>::infinity();
// A clean sweep against the rest of the pool is placed where it had this probability.
constexpr double SWEEP_PROBABILITY = 0.05;

// Games of White against Black, by canonical player index, from White's side.
struct Cell {
    int white = 0;
    int black = 0;
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;

    std::int64_t games() const { return wins + draws + losses; }
};

// The model choices that the fits share. white_advantage is in natural units.
struct ModelSettings {
    DrawModel draw_model = DrawModel::none;
    bool fit_white_advantage = false;
    double white_advantage = 0.0;
};

double log_sigmoid(double z) {
    return z >= 0.0 ? -std::log1p(std::exp(-z)) : z - std::log1p(std::exp(z));
}

double sigmoid(double z) {
    if (z >= 0.0) return 1.0 / (1.0 + std::exp(-z));
    const double e = std::exp(z);
    return e / (1.0 + e);
}

// Davidson's outcome probabilities for a rating difference d (natural units) and draw
// propensity nu, with the log of their normaliser e^(d/2) + nu + e^(-d/2).
struct Davidson {
    double win = 0.0;
    double draw = 0.0;
    double loss = 0.0;
    double log_normaliser = 0.0;
};

Davidson davidson(double d, double nu) {
    Davidson p;
    const double half = std::abs(d) / 2.0;
    p.log_normaliser = half + std::log1p(std::exp(-2.0 * half) + nu * std::exp(-half));
    p.win = std::exp(d / 2.0 - p.log_normaliser);
    p.loss = std::exp(-d / 2.0 - p.log_normaliser);
    p.draw = nu * std::exp(-p.log_normaliser);
    return p;
}

// In-place Cholesky factorisation (lower triangle) of a k x k symmetric matrix. Returns false
// when the matrix is not numerically positive definite.
bool cholesky(std::vector<double>& a, int k) {
    double largest = 0.0;
    for (int i = 0; i < k; ++i) largest = std::max(largest, a[i * k + i]);
    for (int j = 0; j < k; ++j) {
        double pivot = a[j * k + j];
        for (int p = 0; p < j; ++p) pivot -= a[j * k + p] * a[j * k + p];
        if (!(pivot > 1e-13 * largest)) return false;
        a[j * k + j] = std::sqrt(pivot);
        for (int i = j + 1; i < k; ++i) {
            double sum = a[i * k + j];
            for (int p = 0; p < j; ++p) sum -= a[i * k + p] * a[j * k + p];
            a[i * k + j] = sum / a[j * k + j];
        }
    }
    return true;
}

// Solves (L L^T) x = b in place for a factor from cholesky().
void cholesky_solve(const std::vector<double>& l, int k, std::vector<double>& b) {
    for (int i = 0; i < k; ++i) {
        double sum = b[i];
        for (int p = 0; p < i; ++p) sum -= l[i * k + p] * b[p];
        b[i] = sum / l[i * k + i];
    }
    for (int i = k - 1; i >= 0; --i) {
        double sum = b[i];
        for (int p = i + 1; p < k; ++p) sum -= l[p * k + i] * b[p];
        b[i] = sum / l[i * k + i];
    }
}

// Thrown when a group's information matrix is singular (white advantage confounded with players).
struct SingularFit {};

// The maximum-likelihood fit of one strongly connected group of players on its internal games.
// theta holds natural-unit ratings per member with the first member at 0.
struct GroupFit {
    std::vector<double> theta;
    double eta = 0.0;  // white advantage, natural units
    double nu = 0.0;   // Davidson draw propensity; +infinity when every game was drawn
    std::vector<double> covariance;  // members x members, when asked for
};

// The largest Newton step in any coordinate, in natural units (about 700 Elo).
constexpr double MAX_STEP = 4.0;

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
    std::int64_t games = 0;
    std::int64_t draws = 0;
    for (const Cell& cell : cells) {
        games += cell.games();
        draws += cell.draws;
    }

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
    std::vector<double> gradient(static_cast<std::size_t>(k));
    std::vector<double> information(static_cast<std::size_t>(k) * k);
    auto evaluate = [&](const std::vector<double>& at, bool derivatives) {
        const double eta = fit_eta ? at[eta_index] : eta_start;
        const double log_nu = fit_nu ? at[nu_index] : 0.0;
        const double nu = fit_nu ? std::exp(log_nu) : fixed_nu;
        if (derivatives) {
            std::fill(gradient.begin(), gradient.end(), 0.0);
            std::fill(information.begin(), information.end(), 0.0);
        }
        double log_likelihood = 0.0;
        for (const Cell& cell : cells) {
            const int white = local[cell.white];
            const int black = local[cell.black];
            const double d =
                (white > 0 ? at[white - 1] : 0.0) - (black > 0 ? at[black - 1] : 0.0) + eta;
            const double wins = static_cast<double>(cell.wins);
            const double drawn = static_cast<double>(cell.draws);
            const double losses = static_cast<double>(cell.losses);
            const double n = wins + drawn + losses;
            double slope = 0.0;      // d log L / d d
            double curvature = 0.0;  // -d2 log L / d d2
            double nu_slope = 0.0;
            double nu_curvature = 0.0;
            double cross = 0.0;  // -d2 log L / d d d log(nu)
            if (!davidson_model) {
                const double points = wins + 0.5 * drawn;
                log_likelihood += points * log_sigmoid(d) + (n - points) * log_sigmoid(-d);
                const double expected = sigmoid(d);
                slope = points - n * expected;
                curvature = n * expected * (1.0 - expected);
            } else {
                const Davidson p = davidson(d, nu);
                log_likelihood += (wins - losses) * d / 2.0 - n * p.log_normaliser;
                if (fit_nu) log_likelihood += drawn * log_nu;
                const double balance = p.win - p.loss;
                slope = (wins - losses) / 2.0 - n * balance / 2.0;
                curvature = n * ((p.win + p.loss) - balance * balance) / 4.0;
                nu_slope = drawn - n * p.draw;
                nu_curvature = n * p.draw * (1.0 - p.draw);
                cross = -n * balance * p.draw / 2.0;
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
    };

    // Step 3. Newton iterations, capped and halved until the likelihood does not fall. Without
    // a finite maximum the parameters run away until the information matrix is singular or the
    // iterations run out.
    double log_likelihood = evaluate(x, true);
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
        bool accepted = false;
        for (int halving = 0; halving < 50 && !accepted; ++halving) {
            for (int i = 0; i < k; ++i) trial[i] = x[i] + scale * step[i];
            const double value = evaluate(trial, false);
            accepted = value >= log_likelihood - 1e-12 * (1.0 + std::abs(log_likelihood));
            if (!accepted) scale /= 2.0;
        }
        if (!accepted) {
            // No step helps: at the maximum up to rounding, or numerically lost.
            if (largest_step > 1e-6) throw SingularFit{};
            break;
        }
        x = trial;
        log_likelihood = evaluate(x, true);
        converged = scale * largest_step < 1e-12;
    }
    if (!converged) throw SingularFit{};

    // Step 4. Unpack, with the covariance of the ratings from the inverse information.
    for (int i = 1; i < m; ++i) fit.theta[i] = x[i - 1];
    if (fit_eta) fit.eta = x[eta_index];
    if (fit_nu) fit.nu = std::exp(x[nu_index]);
    if (want_covariance) {
        factor = information;
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

// Fits one strongly connected group. Under the Davidson model nu is fitted jointly when the group
// has both draws and decisive games; if the likelihood then has no finite maximum (small samples
// in which, say, no pair has both a win and a loss) nu is fixed at the draw odds at equal
// strength, 2 draws / decisive games. Throws SingularFit when the white advantage is at fault.
GroupFit fit_group(const std::vector<int>& members, const std::vector<Cell>& cells,
                   const std::vector<int>& local, DrawModel model, bool fit_eta, double eta_start,
                   const std::vector<double>* warm, bool want_covariance) {
    std::int64_t games = 0;
    std::int64_t draws = 0;
    for (const Cell& cell : cells) {
        games += cell.games();
        draws += cell.draws;
    }
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

// Solves sum_t count_t log(sigmoid(offset + y_t)) = log(SWEEP_PROBABILITY) for the offset; the
// left side rises from -infinity to 0.
double sweep_offset(const std::vector<std::pair<double, double>>& terms) {
    const double target = std::log(SWEEP_PROBABILITY);
    auto excess = [&](double offset) {
        double sum = 0.0;
        for (const auto& [count, y] : terms) sum += count * log_sigmoid(offset + y);
        return sum - target;
    };
    double low = -1.0;
    double high = 1.0;
    while (excess(low) > 0.0) low *= 2.0;
    while (excess(high) < 0.0) high *= 2.0;
    for (int iteration = 0; iteration < 200 && high - low > 1e-13 * (1.0 + std::abs(low));
         ++iteration) {
        const double middle = 0.5 * (low + high);
        if (excess(middle) < 0.0) {
            low = middle;
        } else {
            high = middle;
        }
    }
    return 0.5 * (low + high);
}

// Tarjan's strongly connected components; returns a component per vertex, numbered in the order
// of each component's smallest vertex.
std::vector<int> strongly_connected(const std::vector<std::vector<int>>& edges) {
    const int n = static_cast<int>(edges.size());
    std::vector<int> order(n, -1);
    std::vector<int> lowlink(n, 0);
    std::vector<int> component(n, -1);
    std::vector<bool> on_stack(n, false);
    std::vector<int> stack;
    int counter = 0;
    int components = 0;
    std::function<void(int)> visit = [&](int v) {
        order[v] = lowlink[v] = counter++;
        stack.push_back(v);
        on_stack[v] = true;
        for (int w : edges[v]) {
            if (order[w] < 0) {
                visit(w);
                lowlink[v] = std::min(lowlink[v], lowlink[w]);
            } else if (on_stack[w]) {
                lowlink[v] = std::min(lowlink[v], order[w]);
            }
        }
        if (lowlink[v] == order[v]) {
            int w = -1;
            do {
                w = stack.back();
                stack.pop_back();
                on_stack[w] = false;
                component[w] = components;
            } while (w != v);
            ++components;
        }
    };
    for (int v = 0; v < n; ++v) {
        if (order[v] < 0) visit(v);
    }
    // Renumber by smallest member so that the numbering depends only on the graph.
    std::vector<int> renumber(components, -1);
    int next = 0;
    for (int v = 0; v < n; ++v) {
        if (renumber[component[v]] < 0) renumber[component[v]] = next++;
    }
    for (int v = 0; v < n; ++v) component[v] = renumber[component[v]];
    return component;
}

// Ratings of a whole (connected) pool in natural units. Players of the core group have point
// estimates; every other strongly connected group swept or was swept by its neighbours and
// carries a bound.
struct PoolFit {
    std::vector<double> theta;
    std::vector<RatingBound> bound;
    std::vector<int> block;
    std::vector<double> block_nu;
    int core = 0;
    double eta = 0.0;
    std::vector<int> core_members;
    std::vector<double> core_covariance;
};

// Fits the pool of `players` players on `cells`. In the main fit (strict) a confounded white
// advantage is an error; in bootstrap refits it falls back to the fixed eta_start.
PoolFit fit_pool(int players, const std::vector<Cell>& cells, const ModelSettings& settings,
                 double eta_start, const std::vector<double>* warm, bool strict) {
    PoolFit pool;
    pool.theta.assign(players, 0.0);
    pool.bound.assign(players, RatingBound::none);

    // Step 1. Groups in which everyone is linked both ways by points scored against each other.
    std::vector<std::vector<int>> scored_against(players);
    std::vector<std::int64_t> player_games(players, 0);
    for (const Cell& cell : cells) {
        if (cell.wins + cell.draws > 0) scored_against[cell.white].push_back(cell.black);
        if (cell.losses + cell.draws > 0) scored_against[cell.black].push_back(cell.white);
        player_games[cell.white] += cell.games();
        player_games[cell.black] += cell.games();
    }
    pool.block = strongly_connected(scored_against);
    const int blocks = 1 + *std::max_element(pool.block.begin(), pool.block.end());
    std::vector<std::vector<int>> members(blocks);
    std::vector<int> local(players, 0);
    std::vector<std::int64_t> block_games(blocks, 0);
    for (int p = 0; p < players; ++p) {
        local[p] = static_cast<int>(members[pool.block[p]].size());
        members[pool.block[p]].push_back(p);
        block_games[pool.block[p]] += player_games[p];
    }
    std::vector<std::vector<Cell>> internal(blocks);
    std::vector<Cell> crossing;
    for (const Cell& cell : cells) {
        if (pool.block[cell.white] == pool.block[cell.black]) {
            internal[pool.block[cell.white]].push_back(cell);
        } else {
            crossing.push_back(cell);
        }
    }
    pool.block_nu.assign(blocks, 0.0);

    // Step 2. The core is the group with the most games; it alone gets point estimates.
    pool.core = static_cast<int>(std::max_element(block_games.begin(), block_games.end()) -
                                 block_games.begin());
    GroupFit core;
    try {
        core = fit_group(members[pool.core], internal[pool.core], local, settings.draw_model,
                         settings.fit_white_advantage, eta_start, warm, strict);
    } catch (const SingularFit&) {
        if (strict && settings.fit_white_advantage) {
            throw RatingError(
                "the white advantage cannot be fitted from these games: its likelihood has no "
                "finite maximum (colours confounded with players, or too few games); give "
                "--white-advantage a fixed value");
        }
        try {
            core = fit_group(members[pool.core], internal[pool.core], local, settings.draw_model,
                             false, eta_start, warm, strict);
        } catch (const SingularFit&) {
            throw RatingError("the rating fit failed: its information matrix is singular");
        }
    }
    pool.eta = core.eta;
    pool.block_nu[pool.core] = core.nu;
    pool.core_members = members[pool.core];
    pool.core_covariance = std::move(core.covariance);
    std::vector<bool> placed(players, false);
    for (int p : members[pool.core]) {
        pool.theta[p] = core.theta[local[p]];
        placed[p] = true;
    }

    // Step 3. Place the other groups outwards from the core. A group that won every game against
    // the placed players is set where that sweep had a 5% chance and reported as a lower bound;
    // one that lost every game is set likewise as an upper bound.
    std::vector<std::vector<int>> neighbours(blocks);
    for (const Cell& cell : crossing) {
        neighbours[pool.block[cell.white]].push_back(pool.block[cell.black]);
        neighbours[pool.block[cell.black]].push_back(pool.block[cell.white]);
    }
    for (auto& list : neighbours) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    auto place = [&](int block) {
        GroupFit group;
        try {
            group = fit_group(members[block], internal[block], local, settings.draw_model, false,
                              pool.eta, warm, false);
        } catch (const SingularFit&) {
            throw RatingError("the rating fit failed: its information matrix is singular");
        }
        pool.block_nu[block] = group.nu;
        std::vector<std::pair<double, double>> sweeping;  // (games, y) won by the group
        std::vector<std::pair<double, double>> swept;     // (games, -y) lost by the group
        for (const Cell& cell : crossing) {
            const bool member_white = pool.block[cell.white] == block && placed[cell.black];
            const bool member_black = pool.block[cell.black] == block && placed[cell.white];
            if (!member_white && !member_black) continue;
            const int member = member_white ? cell.white : cell.black;
            const int other = member_white ? cell.black : cell.white;
            const double y = group.theta[local[member]] - pool.theta[other] +
                             (member_white ? pool.eta : -pool.eta);
            const std::int64_t won = member_white ? cell.wins : cell.losses;
            const std::int64_t lost = member_white ? cell.losses : cell.wins;
            if (won > 0) sweeping.emplace_back(static_cast<double>(won), y);
            if (lost > 0) swept.emplace_back(static_cast<double>(lost), -y);
        }
        const bool lower = !sweeping.empty();
        const double offset = lower ? sweep_offset(sweeping) : -sweep_offset(swept);
        for (int p : members[block]) {
            pool.theta[p] = group.theta[local[p]] + offset;
            pool.bound[p] = lower ? RatingBound::lower : RatingBound::upper;
            placed[p] = true;
        }
    };
    std::vector<bool> visited(blocks, false);
    std::vector<int> queue = {pool.core};
    visited[pool.core] = true;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        for (int next : neighbours[queue[head]]) {
            if (visited[next]) continue;
            visited[next] = true;
            place(next);
            queue.push_back(next);
        }
    }
    return pool;
}

// Elo per natural unit of a fit. Davidson ratings are scaled by 2 / (2 + nu) so that the expected
// score rises at equal ratings as steeply as on the logistic Elo curve; without draws the factor
// is 1, and with nothing but draws every rating difference is 0 anyway.
double elo_per_natural(const PoolFit& pool, DrawModel model) {
    if (model == DrawModel::none) return ELO_PER_NATURAL;
    const double nu = pool.block_nu[pool.core];
    return std::isinf(nu) ? 0.0 : ELO_PER_NATURAL * 2.0 / (2.0 + nu);
}

// Returns the q-quantile of sorted values, interpolating linearly between order statistics.
double quantile(const std::vector<double>& sorted, double q) {
    const double position = q * static_cast<double>(sorted.size() - 1);
    const std::size_t below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] +
           (position - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

double normal_cdf(double x) {
    return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}

// Outcome probabilities of one cell under the fitted model, for the bootstrap.
struct CellModel {
    bool modelled = false;  // false: the cell crosses groups and replays its observed results
    double win = 0.0;
    double draw = 0.0;
};

}  // namespace

std::optional<DrawModel> parse_draw_model(std::string_view text) {
    if (text == "none") return DrawModel::none;
    if (text == "davidson") return DrawModel::davidson;
    return std::nullopt;
}

std::string_view to_string(DrawModel model) {
    return model == DrawModel::davidson ? "davidson" : "none";
}

ResultMatrix::ResultMatrix(int players)
    : players_(players),
      cells_(static_cast<std::size_t>(std::max(players, 0)) *
             static_cast<std::size_t>(std::max(players, 0))) {
    if (players < 0) throw std::invalid_argument("ResultMatrix: negative player count");
}

void ResultMatrix::add(int white, int black, Outcome outcome, std::int64_t count) {
    if (white < 0 || white >= players_ || black < 0 || black >= players_) {
        throw std::invalid_argument("ResultMatrix: player index out of range");
    }
    if (white == black) throw std::invalid_argument("ResultMatrix: a player cannot play itself");
    if (count < 0) throw std::invalid_argument("ResultMatrix: negative game count");
    WdlCounts& cell = cells_[static_cast<std::size_t>(white) * static_cast<std::size_t>(players_) +
                             static_cast<std::size_t>(black)];
    switch (outcome) {
        case Outcome::white_win:
            cell.wins += count;
            break;
        case Outcome::draw:
            cell.draws += count;
            break;
        case Outcome::black_win:
            cell.losses += count;
            break;
    }
    games_ += count;
}

WdlCounts ResultMatrix::player_results(int player) const {
    WdlCounts total;
    for (int other = 0; other < players_; ++other) {
        if (other == player) continue;
        total += cell(player, other);
        const WdlCounts& as_black = cell(other, player);
        total += WdlCounts{as_black.losses, as_black.draws, as_black.wins};
    }
    return total;
}

ResultMatrix aggregate_results(int players, std::span<const GameResult> games) {
    ResultMatrix matrix(players);
    for (const GameResult& game : games) matrix.add(game.white, game.black, game.outcome);
    return matrix;
}

double PlayerRating::draw_percent() const {
    const std::int64_t games = results.games();
    return games == 0 ? 0.0
                      : 100.0 * static_cast<double>(results.draws) / static_cast<double>(games);
}

RatingResult compute_ratings(const std::vector<std::string>& names, const ResultMatrix& results,
                             const RatingOptions& options) {
    if (static_cast<int>(names.size()) != results.players()) {
        throw RatingError("compute_ratings: " + std::to_string(names.size()) + " names for " +
                          std::to_string(results.players()) + " players");
    }
    // Step 1. Active players in canonical (name) order, so that nothing depends on indices.
    std::vector<int> active;
    for (int p = 0; p < results.players(); ++p) {
        if (results.player_results(p).games() > 0) active.push_back(p);
    }
    {
        std::vector<std::string> sorted_names = names;
        std::sort(sorted_names.begin(), sorted_names.end());
        const auto repeated = std::adjacent_find(sorted_names.begin(), sorted_names.end());
        if (repeated != sorted_names.end()) {
            throw RatingError("player name '" + *repeated + "' appears more than once");
        }
    }
    if (active.empty()) throw RatingError("there are no games to rate");
    std::sort(active.begin(), active.end(), [&](int a, int b) { return names[a] < names[b]; });
    const int n = static_cast<int>(active.size());
    std::vector<int> canonical(results.players(), -1);
    for (int i = 0; i < n; ++i) canonical[active[i]] = i;
    std::vector<Cell> cells;
    for (int white : active) {
        for (int black : active) {
            if (white == black) continue;
            const WdlCounts& c = results.cell(white, black);
            if (c.games() == 0) continue;
            cells.push_back({canonical[white], canonical[black], c.wins, c.draws, c.losses});
        }
    }
    std::sort(cells.begin(), cells.end(), [](const Cell& a, const Cell& b) {
        return a.white != b.white ? a.white < b.white : a.black < b.black;
    });

    // Step 2. Every player must be linked to every other through games.
    std::vector<int> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    std::function<int(int)> root = [&](int v) {
        return parent[v] == v ? v : parent[v] = root(parent[v]);
    };
    for (const Cell& cell : cells) parent[root(cell.white)] = root(cell.black);
    std::vector<std::vector<int>> groups;
    std::vector<int> group_of_root(n, -1);
    for (int i = 0; i < n; ++i) {
        int& group = group_of_root[root(i)];
        if (group < 0) {
            group = static_cast<int>(groups.size());
            groups.emplace_back();
        }
        groups[group].push_back(i);
    }
    if (groups.size() > 1) {
        std::string message =
            "the players form " + std::to_string(groups.size()) + " groups that no game links:";
        for (std::size_t g = 0; g < groups.size(); ++g) {
            message += g == 0 ? " {" : ", {";
            for (std::size_t i = 0; i < groups[g].size(); ++i) {
                message += (i == 0 ? "" : ", ") + names[active[groups[g][i]]];
            }
            message += "}";
        }
        throw RatingError(message);
    }
    int anchor = -1;
    if (options.anchor_player) {
        const auto found = std::find(names.begin(), names.end(), *options.anchor_player);
        if (found == names.end()) {
            throw RatingError("the anchor player '" + *options.anchor_player +
                              "' is not in the pool");
        }
        anchor = canonical[found - names.begin()];
        if (anchor < 0) {
            throw RatingError("the anchor player '" + *options.anchor_player + "' has no games");
        }
    }

    // Step 3. The maximum-likelihood fit, and its Elo values anchored as asked.
    ModelSettings settings;
    settings.draw_model = options.draw_model;
    settings.fit_white_advantage = options.fit_white_advantage;
    settings.white_advantage = options.white_advantage / ELO_PER_NATURAL;
    PoolFit fit = fit_pool(n, cells, settings, settings.white_advantage, nullptr, true);
    if (options.draw_model == DrawModel::davidson && !options.fit_white_advantage) {
        // A fixed white advantage is given on the reported scale, which depends on the fitted
        // draw propensity: iterate until the two agree.
        for (int iteration = 0; iteration < 50; ++iteration) {
            const double scale = elo_per_natural(fit, options.draw_model);
            if (scale == 0.0) break;  // nothing but draws: no rating differences at all
            const double eta = options.white_advantage / scale;
            if (std::abs(eta - fit.eta) <= 1e-13 * (1.0 + std::abs(eta))) break;
            settings.white_advantage = eta;
            fit = fit_pool(n, cells, settings, eta, &fit.theta, true);
        }
    }
    auto anchored = [&](const PoolFit& pool, std::vector<double>& elo) {
        elo.resize(n);
        const double scale = elo_per_natural(pool, options.draw_model);
        for (int i = 0; i < n; ++i) elo[i] = pool.theta[i] * scale;
        const double shift =
            anchor >= 0 ? options.anchor_elo - elo[anchor]
                        : options.anchor_elo - std::accumulate(elo.begin(), elo.end(), 0.0) / n;
        for (double& value : elo) value += shift;
        if (anchor >= 0) elo[anchor] = options.anchor_elo;
    };
    std::vector<double> elo;
    anchored(fit, elo);

    // Step 4. Parametric bootstrap: replay every game from the fitted model and refit. Games
    // between different groups replay their (one-sided) observed results: the fitted gap is
    // unbounded. Under the none model a cell keeps its observed draw rate where the expected
    // score allows it.
    std::vector<CellModel> models(cells.size());
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const Cell& cell = cells[c];
        const int block = fit.block[cell.white];
        if (block != fit.block[cell.black]) continue;
        CellModel& model = models[c];
        model.modelled = true;
        const double d = fit.theta[cell.white] - fit.theta[cell.black] + fit.eta;
        if (options.draw_model == DrawModel::none) {
            const double expected = sigmoid(d);
            const double observed_draws =
                static_cast<double>(cell.draws) / static_cast<double>(cell.games());
            model.draw = std::min({observed_draws, 2.0 * expected, 2.0 * (1.0 - expected)});
            model.win = std::max(0.0, expected - model.draw / 2.0);
        } else if (std::isinf(fit.block_nu[block])) {
            model.draw = 1.0;
        } else {
            const Davidson p = davidson(d, fit.block_nu[block]);
            model.win = p.win;
            model.draw = p.draw;
        }
    }
    const int samples = std::max(0, options.bootstrap_samples);
    std::vector<double> sampled_elo(static_cast<std::size_t>(n) * samples);
    std::vector<double> sampled_eta(samples);
    std::vector<Cell> replay = cells;
    std::vector<double> replay_elo;
    for (int s = 0; s < samples; ++s) {
        RandomStream stream(mix_seed(options.seed, static_cast<std::uint64_t>(s)));
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
        const PoolFit refit = fit_pool(n, replay, settings, fit.eta, &fit.theta, false);
        anchored(refit, replay_elo);
        for (int i = 0; i < n; ++i)
            sampled_elo[static_cast<std::size_t>(i) * samples + s] = replay_elo[i];
        sampled_eta[s] = refit.eta * elo_per_natural(refit, options.draw_model);
    }

    // Step 5. The table: intervals from the bootstrap spread, LOS from the Fisher information.
    RatingResult result;
    result.draw_model = options.draw_model;
    result.white_advantage = options.fit_white_advantage
                                 ? fit.eta * elo_per_natural(fit, options.draw_model)
                                 : options.white_advantage;
    result.white_advantage_fitted = options.fit_white_advantage;
    if (options.draw_model == DrawModel::davidson) result.draw_propensity = fit.block_nu[fit.core];
    result.games = results.games();
    result.bootstrap_samples = samples;
    result.seed = options.seed;
    if (samples > 0 && options.fit_white_advantage) {
        std::sort(sampled_eta.begin(), sampled_eta.end());
        result.white_advantage_error_95 =
            (quantile(sampled_eta, 0.975) - quantile(sampled_eta, 0.025)) / 2.0;
    }
    std::vector<int> core_position(n, -1);
    for (std::size_t i = 0; i < fit.core_members.size(); ++i) {
        core_position[fit.core_members[i]] = static_cast<int>(i);
    }
    std::vector<int> ranking(n);
    std::iota(ranking.begin(), ranking.end(), 0);
    std::sort(ranking.begin(), ranking.end(), [&](int a, int b) {
        return elo[a] != elo[b] ? elo[a] > elo[b] : a < b;  // canonical order is name order
    });
    std::vector<double> spread(samples);
    for (int position = 0; position < n; ++position) {
        const int i = ranking[position];
        PlayerRating rating;
        rating.player = active[i];
        rating.name = names[active[i]];
        rating.elo = elo[i];
        rating.bound = fit.bound[i];
        rating.results = results.player_results(active[i]);
        if (samples > 0 && rating.bound == RatingBound::none) {
            std::copy_n(sampled_elo.begin() + static_cast<std::ptrdiff_t>(i) * samples, samples,
                        spread.begin());
            std::sort(spread.begin(), spread.end());
            rating.low_95 = quantile(spread, 0.025);
            rating.high_95 = quantile(spread, 0.975);
            rating.error_95 = (*rating.high_95 - *rating.low_95) / 2.0;
        }
        if (position + 1 < n) {
            const int next = ranking[position + 1];
            const int a = core_position[i];
            const int b = core_position[next];
            if (a >= 0 && b >= 0) {
                const double difference = fit.theta[i] - fit.theta[next];
                double variance = 0.0;
                if (!fit.core_covariance.empty()) {
                    const std::size_t m = fit.core_members.size();
                    variance = fit.core_covariance[a * m + a] + fit.core_covariance[b * m + b] -
                               2.0 * fit.core_covariance[a * m + b];
                }
                if (variance > 0.0) {
                    rating.los_next = normal_cdf(difference / std::sqrt(variance));
                } else {
                    rating.los_next = difference > 0.0 ? 1.0 : (difference < 0.0 ? 0.0 : 0.5);
                }
            }
        }
        result.players.push_back(std::move(rating));
    }
    return result;
}

RatingResult compute_ratings(const std::vector<std::string>& names,
                             std::span<const GameResult> games, const RatingOptions& options) {
    return compute_ratings(names, aggregate_results(static_cast<int>(names.size()), games),
                           options);
}

}  // namespace arbiter
