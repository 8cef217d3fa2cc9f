#include "harness/ratings/results_order.h"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>

#include "harness/ratings/sampling.h"

namespace arbiter::rating_fit {

namespace {

using Signature = std::vector<std::int64_t>;

// Numbers the signatures by their sorted order: equal signatures share a class.
std::vector<int> classes_of(const std::vector<Signature>& signatures) {
    std::vector<Signature> sorted = signatures;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    std::vector<int> classes(signatures.size());
    for (std::size_t p = 0; p < signatures.size(); ++p) {
        classes[p] = static_cast<int>(
            std::lower_bound(sorted.begin(), sorted.end(), signatures[p]) - sorted.begin());
    }
    return classes;
}

int class_count(const std::vector<int>& classes) {
    return classes.empty() ? 0 : 1 + *std::max_element(classes.begin(), classes.end());
}

// The pair outcomes seen from the second player: the two games swapped.
PairOutcomes transposed(const PairOutcomes& outcomes) {
    PairOutcomes swapped{};
    for (std::size_t a = 0; a < 3; ++a)
        for (std::size_t b = 0; b < 3; ++b) swapped[b * 3 + a] = outcomes[a * 3 + b];
    return swapped;
}

// The games and pairs as sorted rows under a labelling (order[k] is the player labelled k).
std::vector<Signature> labelled_games(const std::vector<int>& order, const std::vector<Cell>& cells,
                                      const std::vector<PairCell>& pairs) {
    std::vector<int> label(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) label[order[k]] = static_cast<int>(k);
    std::vector<Signature> rows;
    rows.reserve(cells.size() + pairs.size());
    for (const Cell& cell : cells)
        rows.push_back(
            {0, label[cell.white], label[cell.black], cell.wins, cell.draws, cell.losses});
    for (const PairCell& pair : pairs) {
        const bool kept = label[pair.first] < label[pair.second];
        const PairOutcomes outcomes = kept ? pair.outcomes : transposed(pair.outcomes);
        Signature row = {1, std::min(label[pair.first], label[pair.second]),
                         std::max(label[pair.first], label[pair.second])};
        row.insert(row.end(), outcomes.begin(), outcomes.end());
        rows.push_back(std::move(row));
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

// What a player's games against one opponent came out as, from the player's side: the games
// as White (wins, draws, losses), the opponent's games as White (its wins, draws, losses), the
// pairs' outcomes with the player's game first.
struct Meeting {
    int opponent = 0;
    std::array<std::int64_t, 15> results{};

    bool operator==(const Meeting&) const = default;
};

// Every player's meetings, sorted by opponent.
std::vector<std::vector<Meeting>> meetings_of(int players, const std::vector<Cell>& cells,
                                              const std::vector<PairCell>& pairs) {
    std::vector<std::map<int, std::array<std::int64_t, 15>>> met(players);
    for (const Cell& cell : cells) {
        const std::array<std::int64_t, 3> wdl = {cell.wins, cell.draws, cell.losses};
        for (std::size_t k = 0; k < 3; ++k) {
            met[cell.white][cell.black][k] += wdl[k];
            met[cell.black][cell.white][3 + k] += wdl[k];
        }
    }
    for (const PairCell& pair : pairs) {
        const PairOutcomes swapped = transposed(pair.outcomes);
        for (std::size_t k = 0; k < 9; ++k) {
            met[pair.first][pair.second][6 + k] += pair.outcomes[k];
            met[pair.second][pair.first][6 + k] += swapped[k];
        }
    }
    std::vector<std::vector<Meeting>> meetings(players);
    for (int p = 0; p < players; ++p)
        for (const auto& [opponent, results] : met[p]) meetings[p].push_back({opponent, results});
    return meetings;
}

// Whether swapping players a and b changes no result: each met every third player alike, and
// their games against each other look the same from both sides.
bool twins(const std::vector<std::vector<Meeting>>& meetings, int a, int b) {
    auto without = [](const std::vector<Meeting>& row, int other, Meeting& mutual) {
        std::vector<Meeting> rest;
        for (const Meeting& m : row) {
            if (m.opponent == other) {
                mutual = m;
                mutual.opponent = -1;
            } else {
                rest.push_back(m);
            }
        }
        return rest;
    };
    Meeting a_with_b{-1, {}};
    Meeting b_with_a{-1, {}};
    return without(meetings[a], b, a_with_b) == without(meetings[b], a, b_with_a) &&
           a_with_b == b_with_a;
}

// The groups of players that are twins of each other (each of two or more players, in
// ascending order): swapping any two of a group is an automorphism of the results.
std::vector<std::vector<int>> twin_groups(int players, const std::vector<Cell>& cells,
                                          const std::vector<PairCell>& pairs,
                                          const std::vector<int>& classes) {
    const auto meetings = meetings_of(players, cells, pairs);
    std::vector<std::vector<std::vector<int>>> by_class(class_count(classes));
    for (int p = 0; p < players; ++p) {
        auto& groups = by_class[classes[p]];
        const auto twin = std::find_if(groups.begin(), groups.end(), [&](const auto& group) {
            return twins(meetings, group.front(), p);
        });
        if (twin != groups.end()) {
            twin->push_back(p);
        } else {
            groups.push_back({p});
        }
    }
    std::vector<std::vector<int>> result;
    for (auto& groups : by_class)
        for (auto& group : groups)
            if (group.size() > 1) result.push_back(std::move(group));
    return result;
}

// The players' results as a coloured graph, and colour refinement over it.
struct ResultsGraph {
    int players = 0;
    const std::vector<Cell>& cells;
    const std::vector<PairCell>& pairs;

    // Each player's own results: wins, draws, losses as White and as Black, numbered as classes.
    std::vector<int> own_classes() const {
        std::vector<Signature> signatures(players, Signature(6, 0));
        for (const Cell& cell : cells) {
            signatures[cell.white][0] += cell.wins;
            signatures[cell.white][1] += cell.draws;
            signatures[cell.white][2] += cell.losses;
            signatures[cell.black][3] += cell.losses;
            signatures[cell.black][4] += cell.draws;
            signatures[cell.black][5] += cell.wins;
        }
        return classes_of(signatures);
    }

    // Splits `classes` by the multiset of (opponent's class, side, results) each player saw,
    // until no class splits. A class keeps its place before the classes it split from came after
    // it, so that the partition stays ordered, and the result depends on the results and the
    // classes given, never on the players' indices.
    std::vector<int> refined(std::vector<int> classes) const {
        int count = class_count(classes);
        for (int round = 0; round < players; ++round) {
            std::vector<std::vector<Signature>> seen(players);
            for (const Cell& cell : cells) {
                seen[cell.white].push_back(
                    {classes[cell.black], 0, cell.wins, cell.draws, cell.losses});
                seen[cell.black].push_back(
                    {classes[cell.white], 1, cell.losses, cell.draws, cell.wins});
            }
            for (const PairCell& pair : pairs) {
                Signature first = {classes[pair.second], 2};
                first.insert(first.end(), pair.outcomes.begin(), pair.outcomes.end());
                seen[pair.first].push_back(std::move(first));
                const PairOutcomes swapped = transposed(pair.outcomes);
                Signature second = {classes[pair.first], 2};
                second.insert(second.end(), swapped.begin(), swapped.end());
                seen[pair.second].push_back(std::move(second));
            }
            std::vector<Signature> signatures(players);
            for (int p = 0; p < players; ++p) {
                std::sort(seen[p].begin(), seen[p].end());
                signatures[p] = {classes[p]};
                for (const Signature& entry : seen[p])
                    signatures[p].insert(signatures[p].end(), entry.begin(), entry.end());
            }
            classes = classes_of(signatures);
            const int refined_count = class_count(classes);
            if (refined_count == count) break;
            count = refined_count;
        }
        return classes;
    }

    // `classes` with `player` taken out of its class, just before the rest of it, and refined.
    std::vector<int> individualized(const std::vector<int>& classes, int player) const {
        std::vector<Signature> signatures(players);
        for (int p = 0; p < players; ++p) signatures[p] = {classes[p], p == player ? 0 : 1};
        return refined(classes_of(signatures));
    }
};

// The canonical labelling by individualization and refinement (the method of McKay's nauty, in
// its plainest form): where refinement leaves a class of several players, each of them in turn
// is taken out first and the rest refined again, down to orders with one player a class (the
// leaves); the leaf whose labelled games sort first is the canonical order. Two leaves with the
// same labelled games give an automorphism of the results: the search then skips what that
// automorphism maps onto subtrees already searched (McKay's two prunings), which keeps
// symmetric pools (a drawn round robin, a cycle) to a few leaves per player. Which leaf sorts
// first depends on the results alone, never on the given order, at any size.
class CanonicalSearch {
  public:
    // `twins` seeds the automorphisms: swapping two twins not yet individualized changes nothing,
    // so of a twin group only one player is tried at a node (a drawn round robin is one path).
    CanonicalSearch(const ResultsGraph& graph, std::vector<std::vector<int>> twins)
        : graph_(graph), twins_(std::move(twins)) {}

    std::vector<int> order(const std::vector<int>& classes) {
        std::vector<int> path;
        search(classes, path);
        return best_.order;
    }

  private:
    // Searches below the node reached by individualizing `path`, whose refined partition is
    // `classes`. Returns the depth the search goes back to: the node's own depth to go on with
    // its siblings, less when an automorphism showed the subtree above it already searched.
    std::size_t search(const std::vector<int>& classes, std::vector<int>& path) {
        const int players = graph_.players;
        if (class_count(classes) == players) return leaf(classes, path);
        // The first class with several players, by the partition's order.
        std::vector<int> counts(players, 0);
        for (int c : classes) ++counts[c];
        const int target = static_cast<int>(
            std::find_if(counts.begin(), counts.end(), [](int n) { return n > 1; }) -
            counts.begin());
        std::vector<int> tried;
        for (int player = 0; player < players; ++player) {
            if (classes[player] != target || mapped_onto_tried(player, tried, path)) continue;
            path.push_back(player);
            const std::size_t back = search(graph_.individualized(classes, player), path);
            path.pop_back();
            tried.push_back(player);
            if (back < path.size()) return back;
        }
        return path.size();
    }

    std::size_t leaf(const std::vector<int>& classes, const std::vector<int>& path) {
        Leaf found{std::vector<int>(classes.size()), {}, path};
        for (std::size_t p = 0; p < classes.size(); ++p)
            found.order[classes[p]] = static_cast<int>(p);
        found.games = labelled_games(found.order, graph_.cells, graph_.pairs);
        if (first_.order.empty()) {
            first_ = best_ = std::move(found);
            return path.size();
        }
        for (const Leaf* known : {&first_, &best_}) {
            if (found.games != known->games) continue;
            // The same games: the map from the known leaf's order to this one is an automorphism,
            // and it maps the known leaf's subtree below their common node onto this one's.
            std::vector<int> automorphism(found.order.size());
            for (std::size_t k = 0; k < found.order.size(); ++k)
                automorphism[known->order[k]] = found.order[k];
            automorphisms_.push_back(std::move(automorphism));
            std::size_t common = 0;
            while (common < path.size() && path[common] == known->path[common]) ++common;
            return common;
        }
        if (found.games < best_.games) best_ = std::move(found);
        return path.size();
    }

    // Whether an automorphism found so far that fixes every player of `path` maps `player` onto
    // one already tried at this node (their subtrees then hold the same leaves, renamed).
    bool mapped_onto_tried(int player, const std::vector<int>& tried,
                           const std::vector<int>& path) const {
        if (tried.empty()) return false;
        std::vector<int> parent(graph_.players);
        std::iota(parent.begin(), parent.end(), 0);
        auto root = [&](int v) {
            while (parent[v] != v) v = parent[v] = parent[parent[v]];
            return v;
        };
        std::vector<bool> on_path(graph_.players, false);
        for (int fixed : path) on_path[fixed] = true;
        for (const std::vector<int>& group : twins_) {
            int previous = -1;
            for (int twin : group) {
                if (on_path[twin]) continue;
                if (previous >= 0) parent[root(previous)] = root(twin);
                previous = twin;
            }
        }
        for (const std::vector<int>& automorphism : automorphisms_) {
            if (!std::all_of(path.begin(), path.end(),
                             [&](int fixed) { return automorphism[fixed] == fixed; }))
                continue;
            for (int p = 0; p < graph_.players; ++p) parent[root(p)] = root(automorphism[p]);
        }
        return std::any_of(tried.begin(), tried.end(),
                           [&](int done) { return root(done) == root(player); });
    }

    // A leaf: its order, its labelled games, the players individualized on the way to it.
    struct Leaf {
        std::vector<int> order;
        std::vector<Signature> games;
        std::vector<int> path;
    };

    const ResultsGraph& graph_;
    Leaf first_;  // the first leaf reached
    Leaf best_;   // the leaf whose games sort first so far
    std::vector<std::vector<int>> twins_;
    std::vector<std::vector<int>> automorphisms_;
};

}  // namespace

ResultsOrder results_order(int players, const std::vector<Cell>& cells,
                           const std::vector<PairCell>& pairs) {
    if (players == 0) return {};
    const ResultsGraph graph{players, cells, pairs};
    // Classes of the players the results cannot tell apart by refinement alone, then the
    // canonical order, which ties them up by the labelling whose games sort first.
    std::vector<int> classes = graph.refined(graph.own_classes());
    std::vector<int> order =
        CanonicalSearch(graph, twin_groups(players, cells, pairs, classes)).order(classes);
    return {std::move(order), std::move(classes)};
}

std::uint64_t results_hash(const std::vector<Cell>& cells, const std::vector<PairCell>& pairs) {
    std::uint64_t hash = 0x5eed0f9a3e5u;
    for (const Cell& cell : cells) {
        for (std::int64_t value : {std::int64_t{cell.white}, std::int64_t{cell.black}, cell.wins,
                                   cell.draws, cell.losses}) {
            hash = mix_seed(hash, static_cast<std::uint64_t>(value));
        }
    }
    for (const PairCell& pair : pairs) {
        hash = mix_seed(hash, static_cast<std::uint64_t>(pair.first));
        hash = mix_seed(hash, static_cast<std::uint64_t>(pair.second));
        for (std::int64_t count : pair.outcomes)
            hash = mix_seed(hash, static_cast<std::uint64_t>(count));
    }
    return hash;
}

}  // namespace arbiter::rating_fit
