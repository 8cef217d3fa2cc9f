#include "harness/ratings/rating_groups.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace arbiter::rating_fit {

namespace {

// A clean sweep against the rest of the pool is placed where it had this probability.
constexpr double SWEEP_PROBABILITY = 0.05;

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

}  // namespace

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

double elo_per_natural(const PoolFit& pool, DrawModel model) {
    if (model == DrawModel::none) return ELO_PER_NATURAL;
    const double nu = pool.block_nu[pool.core];
    return std::isinf(nu) ? 0.0 : ELO_PER_NATURAL * 2.0 / (2.0 + nu);
}

}  // namespace arbiter::rating_fit
