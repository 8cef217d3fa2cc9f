#include "harness/ratings/rating_groups.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <utility>

namespace arbiter::rating_fit {

namespace {

// A clean sweep against the rest of the pool is placed where it had this probability: the low end
// of a two-sided 95% interval, as every other interval of the ratings and the pairs.
constexpr double SWEEP_PROBABILITY = 0.025;

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

// The strongly connected groups of a pool, with each group's internal games and the games that
// cross between groups.
struct Groups {
    std::vector<int> block;                 // group of each player
    std::vector<std::vector<int>> members;  // players of each group, in canonical order
    std::vector<int> local;                 // position of each player among its group's members
    std::vector<std::vector<Cell>> internal;
    std::vector<Cell> crossing;
    std::vector<std::int64_t> games;           // all games of each group's members
    std::vector<std::int64_t> internal_games;  // games within each group
    int count() const { return static_cast<int>(members.size()); }
};

// Splits the players into groups in which everyone is linked both ways by points scored against
// each other.
Groups split_groups(int players, const std::vector<Cell>& cells) {
    Groups groups;
    std::vector<std::vector<int>> scored_against(players);
    std::vector<std::int64_t> player_games(players, 0);
    for (const Cell& cell : cells) {
        if (cell.wins + cell.draws > 0) scored_against[cell.white].push_back(cell.black);
        if (cell.losses + cell.draws > 0) scored_against[cell.black].push_back(cell.white);
        player_games[cell.white] += cell.games();
        player_games[cell.black] += cell.games();
    }
    groups.block = strongly_connected(scored_against);
    const int blocks = 1 + *std::max_element(groups.block.begin(), groups.block.end());
    groups.members.resize(blocks);
    groups.local.assign(players, 0);
    groups.games.assign(blocks, 0);
    groups.internal_games.assign(blocks, 0);
    groups.internal.resize(blocks);
    for (int p = 0; p < players; ++p) {
        groups.local[p] = static_cast<int>(groups.members[groups.block[p]].size());
        groups.members[groups.block[p]].push_back(p);
        groups.games[groups.block[p]] += player_games[p];
    }
    for (const Cell& cell : cells) {
        const int block = groups.block[cell.white];
        if (block == groups.block[cell.black]) {
            groups.internal[block].push_back(cell);
            groups.internal_games[block] += cell.games();
        } else {
            groups.crossing.push_back(cell);
        }
    }
    return groups;
}

// The games `block` won and lost against the other groups.
std::pair<std::int64_t, std::int64_t> games_won_and_lost(const Groups& groups, int block) {
    std::int64_t won = 0;
    std::int64_t lost = 0;
    for (const Cell& cell : groups.crossing) {
        if (groups.block[cell.white] == block) {
            won += cell.wins;
            lost += cell.losses;
        } else if (groups.block[cell.black] == block) {
            won += cell.losses;
            lost += cell.wins;
        }
    }
    return {won, lost};
}

// What ranks a group as the core, better first: its players, the games among them, all their
// games, how near an even score it made against the other groups, and how many of those games it
// won. Every entry is a count of results; none is a name.
std::array<std::int64_t, 5> core_key(const Groups& groups, int block) {
    const auto [won, lost] = games_won_and_lost(groups, block);
    return {static_cast<std::int64_t>(groups.members[block].size()), groups.internal_games[block],
            groups.games[block], -std::abs(won - lost), won};
}

// The core: the group holding the anchor player; otherwise the best by core_key among the groups
// whose key no other group shares (two groups alike in every count may mirror each other, and
// choosing one would decide by names); when every key is shared, the best.
int choose_core(const Groups& groups, int anchor) {
    if (anchor >= 0) return groups.block[anchor];
    std::vector<std::array<std::int64_t, 5>> keys;
    for (int block = 0; block < groups.count(); ++block) keys.push_back(core_key(groups, block));
    int best = -1;
    int best_shared = 0;
    for (int block = 0; block < groups.count(); ++block) {
        const bool shared = std::count(keys.begin(), keys.end(), keys[block]) > 1;
        if (keys[block] > keys[best_shared]) best_shared = block;
        if (!shared && (best < 0 || keys[block] > keys[best])) best = block;
    }
    return best >= 0 ? best : best_shared;
}

// Which groups the results order: reach[a * count + b] when a won every game against b, directly
// or through a chain of such groups. Games between groups go one way only, so this is a partial
// order.
std::vector<char> group_reach(const Groups& groups) {
    const int count = groups.count();
    std::vector<std::vector<int>> beat(count);
    for (const Cell& cell : groups.crossing) {
        const int white = groups.block[cell.white];
        const int black = groups.block[cell.black];
        beat[cell.wins > 0 ? white : black].push_back(cell.wins > 0 ? black : white);
    }
    std::vector<char> reach(static_cast<std::size_t>(count) * count, 0);
    for (int from = 0; from < count; ++from) {
        std::vector<int> stack = {from};
        while (!stack.empty()) {
            const int at = stack.back();
            stack.pop_back();
            for (int next : beat[at]) {
                char& seen = reach[static_cast<std::size_t>(from) * count + next];
                if (seen) continue;
                seen = 1;
                stack.push_back(next);
            }
        }
    }
    return reach;
}

// The bound of a group that played no game within itself, from its games against the others: a
// player who won every game has a lower bound, one who lost every game an upper bound.
RatingBound one_sided_bound(const Groups& groups, int block) {
    if (groups.internal_games[block] > 0) return RatingBound::none;
    const auto [won, lost] = games_won_and_lost(groups, block);
    if (won > 0 && lost == 0) return RatingBound::lower;
    if (lost > 0 && won == 0) return RatingBound::upper;
    return RatingBound::none;
}

// Fits the core group, falling back to a fixed white advantage where the main fit allows it.
GroupFit fit_core(const Groups& groups, int core, const ModelSettings& settings, double eta_start,
                  const std::vector<double>* warm, bool strict) {
    try {
        return fit_group(groups.members[core], groups.internal[core], groups.local,
                         settings.draw_model, settings.fit_white_advantage, eta_start, warm,
                         strict);
    } catch (const SingularFit&) {
        if (strict && settings.fit_white_advantage) {
            throw RatingError(
                "the white advantage cannot be fitted from these games: its likelihood has no "
                "finite maximum (colours confounded with players, or too few games); give "
                "--white-advantage a fixed value");
        }
        try {
            return fit_group(groups.members[core], groups.internal[core], groups.local,
                             settings.draw_model, false, eta_start, warm, strict);
        } catch (const SingularFit&) {
            throw RatingError("the rating fit failed: its information matrix is singular");
        }
    }
}

// Places one group against the players already placed. It is a lower bound when the results put
// it above the core (it won every game against the core's group, directly or through others), an
// upper bound when below; a group they do not order against the core takes the side of its games
// against the placed players. It is set where its wins over the placed players had a 2.5% chance
// (or, with none, its losses). A bound never crosses a placed player it beat or lost to: it sits
// at least as high as the strongest player the group beat and no higher than the weakest one it
// lost to, so the order of the table keeps the order of the results even where a few games make
// the 2.5% point fall on the wrong side.
void place_group(PoolFit& pool, const Groups& groups, int block, std::vector<bool>& placed,
                 const ModelSettings& settings, const std::vector<double>* warm) {
    const int count = groups.count();
    const bool above_core = pool.reach[static_cast<std::size_t>(block) * count + pool.core] != 0;
    const bool below_core = pool.reach[static_cast<std::size_t>(pool.core) * count + block] != 0;
    GroupFit group;
    try {
        group = fit_group(groups.members[block], groups.internal[block], groups.local,
                          settings.draw_model, false, pool.eta, warm, false);
    } catch (const SingularFit&) {
        throw RatingError("the rating fit failed: its information matrix is singular");
    }
    pool.block_nu[block] = group.nu;
    std::vector<std::pair<double, double>> sweeping;  // (games, y) won by the group
    std::vector<std::pair<double, double>> swept;     // (games, -y) lost by the group
    double floor = -INF;   // the least offset that keeps every beaten player below
    double ceiling = INF;  // the greatest offset that keeps every winner above
    for (const Cell& cell : groups.crossing) {
        const bool member_white = groups.block[cell.white] == block && placed[cell.black];
        const bool member_black = groups.block[cell.black] == block && placed[cell.white];
        if (!member_white && !member_black) continue;
        const int member = member_white ? cell.white : cell.black;
        const int other = member_white ? cell.black : cell.white;
        const double gap = pool.theta[other] - group.theta[groups.local[member]];
        const double y = -gap + (member_white ? pool.eta : -pool.eta);
        const std::int64_t won = member_white ? cell.wins : cell.losses;
        const std::int64_t lost = member_white ? cell.losses : cell.wins;
        if (won > 0) {
            sweeping.emplace_back(static_cast<double>(won), y);
            floor = std::max(floor, gap);
        }
        if (lost > 0) {
            swept.emplace_back(static_cast<double>(lost), -y);
            ceiling = std::min(ceiling, gap);
        }
    }
    // The side: above or below the core where the results order the group against it,
    // otherwise the side of its results against the players placed so far.
    const bool won_any = !sweeping.empty();
    const bool lower = above_core || (!below_core && won_any);
    double offset = won_any ? sweep_offset(sweeping) : -sweep_offset(swept);
    offset = won_any ? std::max(std::min(offset, ceiling), floor)
                     : std::min(std::max(offset, floor), ceiling);
    for (int p : groups.members[block]) {
        pool.theta[p] = group.theta[groups.local[p]] + offset;
        pool.bound[p] = lower ? RatingBound::lower : RatingBound::upper;
        placed[p] = true;
    }
}

// Keeps every bound on the right side of every player its group played, where placing the groups
// one by one could not (a group placed early knows nothing of those placed later): the winner's
// group is raised to the loser when the winner is a bound (a lower bound first), else the loser's
// group lowered. Games between groups go one way only, so the groups form a directed acyclic
// graph and this settles within one pass per group.
void keep_bounds_in_order(PoolFit& pool, const Groups& groups) {
    for (int pass = 0; pass <= groups.count(); ++pass) {
        bool moved = false;
        for (const Cell& cell : groups.crossing) {
            const bool white_won = cell.wins > 0;
            const int winner = white_won ? cell.white : cell.black;
            const int loser = white_won ? cell.black : cell.white;
            const double gap = pool.theta[loser] - pool.theta[winner];
            if (gap <= 0.0) continue;
            const bool winner_moves =
                groups.block[winner] != pool.core &&
                (pool.bound[winner] == RatingBound::lower || groups.block[loser] == pool.core);
            const int block = winner_moves ? groups.block[winner] : groups.block[loser];
            for (int p : groups.members[block]) pool.theta[p] += winner_moves ? gap : -gap;
            moved = true;
        }
        if (!moved) break;
    }
}

}  // namespace

// Fits the pool of `players` players on `cells`. In the main fit (strict) a confounded white
// advantage is an error; in bootstrap refits it falls back to the fixed eta_start.
PoolFit fit_pool(int players, const std::vector<Cell>& cells, const ModelSettings& settings,
                 double eta_start, const std::vector<double>* warm, bool strict, int anchor) {
    PoolFit pool;
    pool.theta.assign(players, 0.0);
    pool.bound.assign(players, RatingBound::none);

    // Step 1. Groups in which everyone is linked both ways by points scored against each other.
    const Groups groups = split_groups(players, cells);
    pool.block = groups.block;
    pool.block_nu.assign(groups.count(), 0.0);
    pool.group_count = groups.count();
    pool.reach = group_reach(groups);

    // Step 2. The core alone gets point estimates, unless it is a single player who won or lost
    // every game: then there is no finite rating anywhere, and the core is a bound as well.
    pool.core = choose_core(groups, anchor);
    GroupFit core = fit_core(groups, pool.core, settings, eta_start, warm, strict);
    pool.eta = core.eta;
    pool.block_nu[pool.core] = core.nu;
    pool.core_members = groups.members[pool.core];
    pool.core_covariance = std::move(core.covariance);
    const RatingBound core_bound = one_sided_bound(groups, pool.core);
    std::vector<bool> placed(players, false);
    for (int p : groups.members[pool.core]) {
        pool.theta[p] = core.theta[groups.local[p]];
        pool.bound[p] = core_bound;
        placed[p] = true;
    }

    // Step 3. Place the other groups outwards from the core, breadth first.
    std::vector<std::vector<int>> neighbours(groups.count());
    for (const Cell& cell : groups.crossing) {
        neighbours[groups.block[cell.white]].push_back(groups.block[cell.black]);
        neighbours[groups.block[cell.black]].push_back(groups.block[cell.white]);
    }
    for (auto& list : neighbours) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    std::vector<bool> visited(groups.count(), false);
    std::vector<int> queue = {pool.core};
    visited[pool.core] = true;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        for (int next : neighbours[queue[head]]) {
            if (visited[next]) continue;
            visited[next] = true;
            place_group(pool, groups, next, placed, settings, warm);
            queue.push_back(next);
        }
    }
    keep_bounds_in_order(pool, groups);
    return pool;
}

double elo_per_natural(const PoolFit& pool, DrawModel model) {
    if (model == DrawModel::none) return ELO_PER_NATURAL;
    const double nu = pool.block_nu[pool.core];
    return std::isinf(nu) ? 0.0 : ELO_PER_NATURAL * 2.0 / (2.0 + nu);
}

}  // namespace arbiter::rating_fit
