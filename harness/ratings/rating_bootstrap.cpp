#include "harness/ratings/rating_bootstrap.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

#include "harness/ratings/parallel.h"
#include "harness/ratings/sampling.h"

namespace arbiter::rating_fit {

namespace {

// Outcome probabilities of one cell under the fitted model, for the bootstrap.
struct CellModel {
    bool modelled = false;  // false: the cell crosses groups and replays its observed results
    double win = 0.0;
    double draw = 0.0;
    std::int64_t alone = 0;  // the games not played in a pair, replayed one at a time

    double expected() const { return win + draw / 2.0; }
};

// The pairs of two players within a group, replayed together: the cells of their two games and
// the joint outcome probabilities (PairOutcomes' order).
struct PairModel {
    std::size_t first_cell = 0;
    std::size_t second_cell = 0;
    std::int64_t pairs = 0;
    std::array<double, 9> probability{};
};

// White's points for an outcome in Outcome's order.
constexpr double WHITE_POINTS[3] = {1.0, 0.5, 0.0};

// The index of the cell (white, black) in cells sorted by (white, black).
std::size_t cell_index(const std::vector<Cell>& cells, int white, int black) {
    const auto found = std::lower_bound(
        cells.begin(), cells.end(), std::pair{white, black}, [](const Cell& cell, auto key) {
            return cell.white != key.first ? cell.white < key.first : cell.black < key.second;
        });
    return static_cast<std::size_t>(found - cells.begin());
}

// One pair of players' pairs within a group, for the pool's shape: their joint outcomes with a
// share of the pool's independent pair added, and the tilt that meets their two White scores.
struct PairingOutcomes {
    std::array<double, 9> counts{};
    double pairs = 0.0;
    double first_score = 0.0;
    double second_score = 0.0;
    double x = 0.0;
    double y = 0.0;
};

// The pairs of two players within a group, each with its share of one pair whose games are
// independent (each as that colour's games came out, a third of a game of each outcome added, so
// that any expected scores can be met): a pair for the whole pool, shared out by pairs.
std::vector<PairingOutcomes> pairings_of(const std::vector<PairCell>& pairs, const PoolFit& fit) {
    double all_pairs = 0.0;
    for (const PairCell& pair : pairs) {
        if (fit.block[pair.first] == fit.block[pair.second])
            all_pairs += static_cast<double>(pair.pairs());
    }
    std::vector<PairingOutcomes> pairings;
    for (const PairCell& pair : pairs) {
        if (fit.block[pair.first] != fit.block[pair.second]) continue;
        PairingOutcomes pairing;
        std::array<double, 3> first = {1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0};
        std::array<double, 3> second = first;
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) {
                const double count = static_cast<double>(pair.outcomes[a * 3 + b]);
                pairing.counts[a * 3 + b] += count;
                first[a] += count;
                second[b] += count;
            }
        const double total = static_cast<double>(pair.pairs()) + 1.0;
        const double share = static_cast<double>(pair.pairs()) / all_pairs;
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b)
                pairing.counts[a * 3 + b] += share * first[a] * second[b] / (total * total);
        pairing.pairs = static_cast<double>(pair.pairs()) + share;
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) {
                pairing.first_score += pairing.counts[a * 3 + b] * WHITE_POINTS[a] / pairing.pairs;
                pairing.second_score += pairing.counts[a * 3 + b] * WHITE_POINTS[b] / pairing.pairs;
            }
        pairings.push_back(pairing);
    }
    return pairings;
}

}  // namespace

// Found by iterative proportional fitting: the shape scaled by the pool's joint outcomes over those
// the tilted shapes expect, each pair of players' tilt refitted from where it was, until they
// agree. Pairs of players whose pairs all ended one way are met by their tilt alone.
std::array<double, 9> paired_outcomes(const std::vector<PairCell>& pairs, const PoolFit& fit) {
    std::vector<PairingOutcomes> pairings = pairings_of(pairs, fit);
    std::array<double, 9> observed{};
    double white_points = 0.0;
    double games = 0.0;
    for (const PairingOutcomes& pairing : pairings) {
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) {
                observed[a * 3 + b] += pairing.counts[a * 3 + b];
                observed[b * 3 + a] += pairing.counts[a * 3 + b];
            }
        white_points += pairing.pairs * (pairing.first_score + pairing.second_score);
        games += 2.0 * pairing.pairs;
    }
    if (pairings.empty()) return {};
    std::array<double, 9> shape = observed;
    for (int iteration = 0; iteration < 500; ++iteration) {
        std::array<double, 9> expected{};
        for (PairingOutcomes& pairing : pairings) {
            const std::array<double, 9> p =
                tilt_from(shape, pairing.first_score, pairing.second_score, pairing.x, pairing.y);
            for (int a = 0; a < 3; ++a)
                for (int b = 0; b < 3; ++b) {
                    expected[a * 3 + b] += pairing.pairs * p[a * 3 + b];
                    expected[b * 3 + a] += pairing.pairs * p[a * 3 + b];
                }
        }
        double change = 0.0;
        double total = 0.0;
        for (std::size_t o = 0; o < 9; ++o) {
            const double ratio = observed[o] / expected[o];
            change = std::max(change, std::abs(ratio - 1.0));
            shape[o] *= ratio;
            total += shape[o];
        }
        for (double& weight : shape) weight /= total;
        if (change < 1e-10) break;
    }
    return tilted_pair(shape, white_points / games, white_points / games);
}

std::array<double, 9> tilted_pair(const std::array<double, 9>& shape, double first_score,
                                  double second_score) {
    double x = 0.0;
    double y = 0.0;
    return tilt_from(shape, first_score, second_score, x, y);
}

std::array<double, 9> tilt_from(const std::array<double, 9>& shape, double first_score,
                                double second_score, double& x, double& y) {
    // Newton's method on the convex dual, log sum shape e^(x s(a) + y s(b)) - x first - y second,
    // whose gradient is the tilted means minus the targets and whose Hessian is their covariance.
    std::array<double, 9> probability{};
    auto evaluate = [&](double at_x, double at_y) {
        double top = -INF;
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b)
                top = std::max(top, at_x * WHITE_POINTS[a] + at_y * WHITE_POINTS[b]);
        double total = 0.0;
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) {
                const double weight = shape[a * 3 + b] * std::exp(at_x * WHITE_POINTS[a] +
                                                                  at_y * WHITE_POINTS[b] - top);
                probability[a * 3 + b] = weight;
                total += weight;
            }
        for (double& p : probability) p /= total;
        return std::log(total) + top - at_x * first_score - at_y * second_score;
    };
    double dual = evaluate(x, y);
    double last_gradient = INF;
    for (int iteration = 0; iteration < 200; ++iteration) {
        double mean_a = 0.0, mean_b = 0.0, aa = 0.0, bb = 0.0, ab = 0.0;
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) {
                const double p = probability[a * 3 + b];
                mean_a += p * WHITE_POINTS[a];
                mean_b += p * WHITE_POINTS[b];
                aa += p * WHITE_POINTS[a] * WHITE_POINTS[a];
                bb += p * WHITE_POINTS[b] * WHITE_POINTS[b];
                ab += p * WHITE_POINTS[a] * WHITE_POINTS[b];
            }
        const double gx = mean_a - first_score;
        const double gy = mean_b - second_score;
        // Met, or as closely as rounding allows: near the answer Newton's steps shrink the
        // gradient until rounding stops them.
        const double gradient = std::max(std::abs(gx), std::abs(gy));
        if (gradient < 1e-14 || (gradient < 1e-10 && gradient >= last_gradient)) break;
        last_gradient = gradient;
        const double hxx = aa - mean_a * mean_a;
        const double hyy = bb - mean_b * mean_b;
        const double hxy = ab - mean_a * mean_b;
        const double determinant = hxx * hyy - hxy * hxy;
        if (!(determinant > 0.0)) break;
        const double step_x = -(hyy * gx - hxy * gy) / determinant;
        const double step_y = -(hxx * gy - hxy * gx) / determinant;
        // Near the answer the dual falls by less than its rounding: a step is kept when the dual
        // does not rise beyond that.
        const double slack = 1e-15 * std::max(1.0, std::abs(dual));
        double scale = 1.0;
        double next = dual;
        for (int halving = 0; halving < 60; ++halving) {
            next = evaluate(x + scale * step_x, y + scale * step_y);
            if (next <= dual + slack) break;
            scale /= 2.0;
        }
        if (next > dual + slack) {
            evaluate(x, y);
            break;
        }
        x += scale * step_x;
        y += scale * step_y;
        dual = next;
    }
    return probability;
}

namespace {

// The outcome probabilities of every cell within a group under the fitted model.
std::vector<CellModel> cell_models(const std::vector<Cell>& cells, const PoolFit& fit,
                                   const ModelSettings& settings) {
    std::vector<CellModel> models(cells.size());
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const Cell& cell = cells[c];
        const int block = fit.block[cell.white];
        if (block != fit.block[cell.black]) continue;
        CellModel& model = models[c];
        model.modelled = true;
        model.alone = cell.games();
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
    return models;
}

// The pairs within a group: their games leave the cells' games alone (`models` loses them), and
// the pair's joint outcomes are the pool's shape tilted to the two games' expected scores.
std::vector<PairModel> pair_models(const std::vector<Cell>& cells,
                                   const std::vector<PairCell>& pairs, const PoolFit& fit,
                                   std::vector<CellModel>& models) {
    std::vector<PairModel> paired;
    const std::array<double, 9> shape = paired_outcomes(pairs, fit);
    for (const PairCell& pair : pairs) {
        if (fit.block[pair.first] != fit.block[pair.second]) continue;
        PairModel model;
        model.first_cell = cell_index(cells, pair.first, pair.second);
        model.second_cell = cell_index(cells, pair.second, pair.first);
        model.pairs = pair.pairs();
        models[model.first_cell].alone -= model.pairs;
        models[model.second_cell].alone -= model.pairs;
        model.probability = tilted_pair(shape, models[model.first_cell].expected(),
                                        models[model.second_cell].expected());
        paired.push_back(model);
    }
    return paired;
}

// One replay of the games into `replay`: the games alone cell by cell, then the pairs.
void replay_games(RandomStream& stream, const std::vector<CellModel>& models,
                  const std::vector<PairModel>& paired, std::vector<Cell>& replay) {
    for (std::size_t c = 0; c < models.size(); ++c) {
        if (!models[c].modelled) continue;
        const std::int64_t games = models[c].alone;
        const double win = models[c].win;
        const double rest = 1.0 - win;
        const std::int64_t wins = sample_binomial(stream, games, win);
        const std::int64_t draws =
            rest > 0.0 ? sample_binomial(stream, games - wins, std::min(1.0, models[c].draw / rest))
                       : 0;
        replay[c].wins = wins;
        replay[c].draws = draws;
        replay[c].losses = games - wins - draws;
    }
    for (const PairModel& pair : paired) {
        // A multinomial draw as a binomial per outcome, of the pairs and probability left.
        std::int64_t left = pair.pairs;
        double mass = 1.0;
        for (std::size_t o = 0; o < 9; ++o) {
            const std::int64_t count =
                o == 8 || left == 0
                    ? left
                    : sample_binomial(
                          stream, left,
                          mass > 0.0 ? std::clamp(pair.probability[o] / mass, 0.0, 1.0) : 1.0);
            left -= count;
            mass -= pair.probability[o];
            for (const auto& [cell, outcome] :
                 {std::pair{pair.first_cell, o / 3}, std::pair{pair.second_cell, o % 3}}) {
                Cell& target = replay[cell];
                (outcome == 0 ? target.wins : outcome == 1 ? target.draws : target.losses) += count;
            }
        }
    }
}

}  // namespace

BootstrapSamples run_bootstrap(int players, const std::vector<Cell>& cells,
                               const std::vector<PairCell>& pairs, const PoolFit& fit,
                               const ModelSettings& settings, int samples, std::uint64_t seed,
                               int anchor, const AnchorFunction& anchored, int threads) {
    const int n = players;
    std::vector<CellModel> models = cell_models(cells, fit, settings);
    const std::vector<PairModel> paired = pair_models(cells, pairs, fit, models);
    BootstrapSamples result;
    result.samples = samples;
    std::vector<double>& sampled_elo = result.elo;
    std::vector<double>& sampled_eta = result.white_advantage;
    sampled_elo.assign(static_cast<std::size_t>(n) * samples, 0.0);
    sampled_eta.assign(samples, 0.0);

    // Replay and refit, the samples shared out over the threads, each with its own replay.
    const int workers = worker_count(threads, samples);
    std::vector<std::vector<Cell>> replays(static_cast<std::size_t>(workers), cells);
    std::vector<std::vector<double>> replay_elos(static_cast<std::size_t>(workers));
    parallel_for(samples, workers, [&](int s, int worker) {
        std::vector<Cell>& replay = replays[static_cast<std::size_t>(worker)];
        std::vector<double>& replay_elo = replay_elos[static_cast<std::size_t>(worker)];
        RandomStream stream(mix_seed(seed, static_cast<std::uint64_t>(s)));
        replay_games(stream, models, paired, replay);
        const PoolFit refit = fit_pool(n, replay, settings, fit.eta, &fit.theta, false, anchor);
        anchored(refit, replay_elo);
        for (int i = 0; i < n; ++i)
            sampled_elo[static_cast<std::size_t>(i) * samples + s] = replay_elo[i];
        sampled_eta[s] = refit.eta * elo_per_natural(refit, settings.draw_model);
    });
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
