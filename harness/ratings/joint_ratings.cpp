#include "harness/ratings/joint_ratings.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <set>

#include "harness/ratings/likelihood_interval.h"
#include "harness/ratings/player_intervals.h"
#include "harness/ratings/rating_bootstrap.h"
#include "harness/ratings/rating_groups.h"
#include "harness/ratings/rating_model.h"
#include "harness/ratings/results_order.h"
#include "harness/ratings/sampling.h"

namespace arbiter {

namespace {

using rating_fit::Cell;
using rating_fit::PoolFit;

// The active players (those with games) in an order the results define (results_order), so that
// nothing depends on names or on the caller's indices, and their games as cells between canonical
// indices.
struct CanonicalPool {
    std::vector<int> active;     // canonical index -> caller's index
    std::vector<int> canonical;  // caller's index -> canonical index, -1 without games
    std::vector<int> classes;    // canonical index -> class: players the results cannot tell apart
    std::vector<Cell> cells;
    std::vector<rating_fit::PairCell> pairs;  // the colour-reversed pairs, their games in cells too
    int size() const { return static_cast<int>(active.size()); }
};

// The cells between the active players, numbered by `position` (caller's index -> position),
// sorted by (white, black).
std::vector<Cell> cells_between(const ResultMatrix& results, const std::vector<int>& active,
                                const std::vector<int>& position) {
    std::vector<Cell> cells;
    for (int white : active) {
        for (int black : active) {
            if (white == black) continue;
            const WdlCounts& c = results.cell(white, black);
            if (c.games() == 0) continue;
            cells.push_back({position[white], position[black], c.wins, c.draws, c.losses});
        }
    }
    std::sort(cells.begin(), cells.end(), [](const Cell& a, const Cell& b) {
        return a.white != b.white ? a.white < b.white : a.black < b.black;
    });
    return cells;
}

// The pairs between the active players, numbered by `position`, sorted by (first, second).
std::vector<rating_fit::PairCell> pairs_between(const ResultMatrix& results,
                                                const std::vector<int>& position) {
    std::vector<rating_fit::PairCell> pairs;
    for (const auto& [players, outcomes] : results.pairs()) {
        rating_fit::PairCell pair{position[players.first], position[players.second], outcomes};
        if (pair.first > pair.second) {
            std::swap(pair.first, pair.second);
            for (std::size_t a = 0; a < 3; ++a)
                for (std::size_t b = 0; b < 3; ++b) pair.outcomes[b * 3 + a] = outcomes[a * 3 + b];
        }
        pairs.push_back(pair);
    }
    std::sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first < b.first : a.second < b.second;
    });
    return pairs;
}

CanonicalPool canonical_pool(const std::vector<std::string>& names, const ResultMatrix& results) {
    CanonicalPool pool;
    for (int p = 0; p < results.players(); ++p) {
        if (results.player_results(p).games() > 0) pool.active.push_back(p);
    }
    {
        std::vector<std::string> sorted_names = names;
        std::sort(sorted_names.begin(), sorted_names.end());
        const auto repeated = std::adjacent_find(sorted_names.begin(), sorted_names.end());
        if (repeated != sorted_names.end()) {
            throw RatingError("player name '" + *repeated + "' appears more than once");
        }
    }
    if (pool.active.empty()) throw RatingError("there are no games to rate");
    const int n = pool.size();
    pool.canonical.assign(results.players(), -1);
    for (int i = 0; i < n; ++i) pool.canonical[pool.active[i]] = i;
    const rating_fit::ResultsOrder order =
        rating_fit::results_order(n, cells_between(results, pool.active, pool.canonical),
                                  pairs_between(results, pool.canonical));
    std::vector<int> active(n);
    pool.classes.resize(n);
    for (int i = 0; i < n; ++i) {
        active[i] = pool.active[order.order[i]];
        pool.classes[i] = order.classes[order.order[i]];
    }
    pool.active = std::move(active);
    for (int i = 0; i < n; ++i) pool.canonical[pool.active[i]] = i;
    pool.cells = cells_between(results, pool.active, pool.canonical);
    pool.pairs = pairs_between(results, pool.canonical);
    return pool;
}

// Throws RatingError listing the groups when some players are linked to others by no game.
void require_linked(const CanonicalPool& pool, const std::vector<std::string>& names) {
    const int n = pool.size();
    std::vector<int> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    std::function<int(int)> root = [&](int v) {
        return parent[v] == v ? v : parent[v] = root(parent[v]);
    };
    for (const Cell& cell : pool.cells) parent[root(cell.white)] = root(cell.black);
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
        // Listed by name, as people look for them.
        std::vector<std::vector<std::string>> listed;
        for (const auto& group : groups) {
            listed.emplace_back();
            for (int i : group) listed.back().push_back(names[pool.active[i]]);
            std::sort(listed.back().begin(), listed.back().end());
        }
        std::sort(listed.begin(), listed.end());
        std::string message =
            "the players form " + std::to_string(groups.size()) + " groups that no game links:";
        for (std::size_t g = 0; g < groups.size(); ++g) {
            message += g == 0 ? " {" : ", {";
            for (std::size_t i = 0; i < listed[g].size(); ++i) {
                message += (i == 0 ? "" : ", ") + listed[g][i];
            }
            message += "}";
        }
        throw RatingError(message);
    }
}

// The canonical index of the anchor player, or -1 when the core group's average is anchored.
int anchor_index(const CanonicalPool& pool, const std::vector<std::string>& names,
                 const RatingOptions& options) {
    if (!options.anchor_player) return -1;
    const auto found = std::find(names.begin(), names.end(), *options.anchor_player);
    if (found == names.end()) {
        throw RatingError("the anchor player '" + *options.anchor_player + "' is not in the pool");
    }
    const int anchor = pool.canonical[found - names.begin()];
    if (anchor < 0) {
        throw RatingError("the anchor player '" + *options.anchor_player + "' has no games");
    }
    return anchor;
}

// The maximum-likelihood fit of the pool. A fixed white advantage is given on the reported scale,
// which under the Davidson model depends on the fitted draw propensity: the fit is repeated
// until the two agree. `settings` ends as the fit used.
PoolFit fit_ratings(const CanonicalPool& pool, const RatingOptions& options, int anchor,
                    rating_fit::ModelSettings& settings) {
    const int n = pool.size();
    const std::vector<Cell>& cells = pool.cells;
    settings.draw_model = options.draw_model;
    settings.fit_white_advantage = options.fit_white_advantage;
    settings.white_advantage = options.white_advantage / rating_fit::ELO_PER_NATURAL;
    PoolFit fit = fit_pool(n, cells, settings, settings.white_advantage, nullptr, true, anchor);
    if (options.draw_model == DrawModel::davidson && !options.fit_white_advantage) {
        for (int iteration = 0; iteration < 50; ++iteration) {
            const double scale = elo_per_natural(fit, options.draw_model);
            if (scale == 0.0) break;  // nothing but draws: no rating differences at all
            const double eta = options.white_advantage / scale;
            if (std::abs(eta - fit.eta) <= 1e-13 * (1.0 + std::abs(eta))) break;
            settings.white_advantage = eta;
            fit = fit_pool(n, cells, settings, eta, &fit.theta, true, anchor);
        }
    }
    return fit;
}

// Ranks players by rating, best first, as a linear extension of the order the results prove: no
// player comes before one whose group won every game against its group, directly or through
// others. Among the players that may come next: the lower bounds (estimate +infinity) before the
// point estimates before the upper bounds (estimate -infinity), each by the fitted value (a bound
// by its bound), then the higher score, then the canonical order (results only). The anchor
// player counts as a point estimate whatever its results.
std::vector<int> ranking(const std::vector<double>& elo, const PoolFit& fit, int anchor,
                         const std::vector<WdlCounts>& results) {
    auto side = [&](int i) {
        if (i == anchor) return 1;
        return fit.bound[i] == RatingBound::lower ? 0 : fit.bound[i] == RatingBound::none ? 1 : 2;
    };
    std::vector<int> preferred(elo.size());
    std::iota(preferred.begin(), preferred.end(), 0);
    std::sort(preferred.begin(), preferred.end(), [&](int a, int b) {
        if (side(a) != side(b)) return side(a) < side(b);
        if (elo[a] != elo[b]) return elo[a] > elo[b];
        if (results[a].score() != results[b].score())
            return results[a].score() > results[b].score();
        return a < b;
    });
    // Take the first preferred player none of whose dominating groups has a player left.
    std::vector<int> left(fit.group_count, 0);
    for (int i : preferred) ++left[fit.block[i]];
    std::vector<int> order;
    while (!preferred.empty()) {
        auto next = std::find_if(preferred.begin(), preferred.end(), [&](int i) {
            for (int group = 0; group < fit.group_count; ++group) {
                if (left[group] > 0 && rating_fit::group_above(fit, group, fit.block[i]))
                    return false;
            }
            return true;
        });
        order.push_back(*next);
        --left[fit.block[*next]];
        preferred.erase(next);
    }
    return order;
}

// The pool's figures of the result: draw model, white advantage (with the bootstrap's interval
// when it is fitted), games and bootstrap.
RatingResult pool_figures(const ResultMatrix& results, const RatingOptions& options,
                          const PoolFit& fit, rating_fit::BootstrapSamples& bootstrap) {
    using rating_fit::quantile;
    RatingResult result;
    result.draw_model = options.draw_model;
    result.white_advantage = options.fit_white_advantage
                                 ? fit.eta * elo_per_natural(fit, options.draw_model)
                                 : options.white_advantage;
    result.white_advantage_fitted = options.fit_white_advantage;
    if (options.draw_model == DrawModel::davidson) result.draw_propensity = fit.block_nu[fit.core];
    result.games = results.games();
    result.bootstrap_samples = bootstrap.samples;
    result.seed = options.seed;
    std::vector<double>& sampled_eta = bootstrap.white_advantage;
    if (bootstrap.samples > 0 && options.fit_white_advantage) {
        std::sort(sampled_eta.begin(), sampled_eta.end());
        result.white_advantage_interval_95 =
            RatingInterval{quantile(sampled_eta, 0.025), quantile(sampled_eta, 0.975)};
    }
    return result;
}

// The likelihood that player `i` is stronger than `next` (the row below it), from the Fisher
// information of the core group; none when either is outside the core.
std::optional<double> los_over(const PoolFit& fit, const std::vector<int>& core_position, int i,
                               int next) {
    const int a = core_position[i];
    const int b = core_position[next];
    if (a < 0 || b < 0) return std::nullopt;
    const double difference = fit.theta[i] - fit.theta[next];
    double variance = 0.0;
    if (!fit.core_covariance.empty()) {
        const std::size_t m = fit.core_members.size();
        variance = fit.core_covariance[a * m + a] + fit.core_covariance[b * m + b] -
                   2.0 * fit.core_covariance[a * m + b];
    }
    if (variance > 0.0) return rating_fit::normal_cdf(difference / std::sqrt(variance));
    return difference > 0.0 ? 1.0 : (difference < 0.0 ? 0.0 : 0.5);
}

// The result: intervals from the bootstrap's percentiles, LOS from the Fisher information; one
// row per player, best first: rank, bound, interval, LOS over the next.
RatingResult rating_table(const CanonicalPool& pool, const std::vector<std::string>& names,
                          const ResultMatrix& results, const RatingOptions& options,
                          const PoolFit& fit, int anchor, const std::vector<double>& elo,
                          rating_fit::BootstrapSamples& bootstrap,
                          const rating_fit::BootstrapSamples& games_alone) {
    constexpr double INFINITE = std::numeric_limits<double>::infinity();
    const int n = pool.size();
    const std::vector<int>& active = pool.active;
    RatingResult result = pool_figures(results, options, fit, bootstrap);
    std::vector<int> core_position(n, -1);
    for (std::size_t i = 0; i < fit.core_members.size(); ++i) {
        core_position[fit.core_members[i]] = static_cast<int>(i);
    }
    std::vector<WdlCounts> player_results(n);
    for (int i = 0; i < n; ++i) player_results[i] = results.player_results(active[i]);
    const std::vector<int> ranked = ranking(elo, fit, anchor, player_results);
    const std::vector<std::optional<RatingInterval>> intervals = rating_fit::player_intervals(
        {pool.cells, pool.pairs, pool.classes}, options, fit, anchor, elo, bootstrap, games_alone);
    for (int position = 0; position < n; ++position) {
        const int i = ranked[position];
        PlayerRating rating;
        rating.player = active[i];
        rating.name = names[active[i]];
        rating.bound = i == anchor ? RatingBound::fixed : fit.bound[i];
        // The results order this player below the previous row's only within one group (by
        // estimate) or when the previous row's group won every game against its group.
        const int previous = position > 0 ? ranked[position - 1] : -1;
        rating.order_proven = previous < 0 || fit.block[previous] == fit.block[i] ||
                              rating_fit::group_above(fit, fit.block[previous], fit.block[i]);
        // Players alike in estimate and score share a rank too: their order is the table's, not
        // the results'.
        const bool tied = previous >= 0 && fit.block[previous] == fit.block[i] &&
                          std::abs(elo[previous] - elo[i]) <= 1e-9 * (1.0 + std::abs(elo[i])) &&
                          player_results[previous].score() == player_results[i].score();
        rating.rank = rating.order_proven && !tied ? position + 1 : result.players.back().rank;
        rating.elo = i == anchor                          ? elo[i]
                     : rating.bound == RatingBound::lower ? INFINITE
                     : rating.bound == RatingBound::upper ? -INFINITE
                                                          : elo[i];
        rating.results = player_results[i];
        rating.interval_95 = intervals[i];
        if (position + 1 < n)
            rating.los_next = los_over(fit, core_position, i, ranked[position + 1]);
        result.players.push_back(std::move(rating));
    }
    return result;
}

}  // namespace

std::optional<DrawModel> parse_draw_model(std::string_view text) {
    if (text == "none") return DrawModel::none;
    if (text == "davidson") return DrawModel::davidson;
    return std::nullopt;
}

std::string_view to_string(DrawModel model) {
    return model == DrawModel::davidson ? "davidson" : "none";
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
    const CanonicalPool pool = canonical_pool(names, results);
    const int n = pool.size();

    // Step 2. Every player must be linked to every other through games; the anchor must play.
    require_linked(pool, names);
    const int anchor = anchor_index(pool, names, options);

    // Step 3. The maximum-likelihood fit, and its Elo values anchored as asked.
    rating_fit::ModelSettings settings;
    const PoolFit fit = fit_ratings(pool, options, anchor, settings);
    std::set<int> core_players;
    for (int i = 0; i < n; ++i) {
        if (fit.block[i] == fit.core) core_players.insert(i);
    }
    // Without an anchor player the average of the fit's core group is the anchor Elo, in every
    // resample too (a player cut off there counted where its bound was placed, as it is finite in
    // the fit), so that a resample that cuts off one extreme player does not move the scale.
    auto anchored = [&](const PoolFit& pool_fit, std::vector<double>& elo) {
        elo.resize(n);
        const double scale = elo_per_natural(pool_fit, options.draw_model);
        for (int i = 0; i < n; ++i) elo[i] = pool_fit.theta[i] * scale;
        double shift = 0.0;
        if (anchor >= 0) {
            shift = options.anchor_elo - elo[anchor];
        } else {
            double sum = 0.0;
            for (int i : core_players) sum += elo[i];
            shift = options.anchor_elo - sum / static_cast<double>(core_players.size());
        }
        for (double& value : elo) value += shift;
        if (anchor >= 0) elo[anchor] = options.anchor_elo;
    };
    std::vector<double> elo;
    anchored(fit, elo);

    // Step 4. Parametric bootstrap: replay every game from the fitted model and refit. A player
    // who is a bound in a resample's fit (it scored 100% or 0% there, or its group is cut off from
    // the rest) has no finite rating in that resample: it counts as +infinity or -infinity.
    auto resampled = [&](const PoolFit& pool_fit, std::vector<double>& values) {
        constexpr double INFINITE = std::numeric_limits<double>::infinity();
        anchored(pool_fit, values);
        for (int i = 0; i < n; ++i) {
            if (i == anchor) continue;
            if (pool_fit.bound[i] == RatingBound::lower) values[i] = INFINITE;
            if (pool_fit.bound[i] == RatingBound::upper) values[i] = -INFINITE;
        }
    };
    // With pairs, the games are replayed alone too, from the seed of the games alone, for the
    // intervals where the pairs' would be wider.
    const int samples = std::max(0, options.bootstrap_samples);
    rating_fit::BootstrapSamples bootstrap =
        run_bootstrap(n, pool.cells, pool.pairs, fit, settings, samples,
                      mix_seed(options.seed, rating_fit::results_hash(pool.cells, pool.pairs)),
                      anchor, resampled, options.threads);
    rating_fit::BootstrapSamples games_alone;
    if (!pool.pairs.empty()) {
        games_alone = run_bootstrap(n, pool.cells, {}, fit, settings, samples,
                                    mix_seed(options.seed, rating_fit::results_hash(pool.cells)),
                                    anchor, resampled, options.threads);
    }

    // Step 5. The table, best first.
    return rating_table(pool, names, results, options, fit, anchor, elo, bootstrap, games_alone);
}

RatingResult compute_ratings(const std::vector<std::string>& names,
                             std::span<const GameResult> games, const RatingOptions& options) {
    return compute_ratings(names, aggregate_results(static_cast<int>(names.size()), games),
                           options);
}

}  // namespace arbiter
