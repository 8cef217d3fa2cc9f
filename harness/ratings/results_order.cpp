#include "harness/ratings/results_order.h"

#include <algorithm>
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

// The most labellings tried when refinement leaves ties (7! = 5040).
constexpr double MAX_LABELLINGS = 5040.0;

// Among the orders that permute players within their class only, the one whose labelled games
// sort first; `order` as given when there are too many.
std::vector<int> smallest_labelling(std::vector<int> order, const std::vector<int>& classes,
                                    const std::vector<Cell>& cells,
                                    const std::vector<PairCell>& pairs) {
    std::vector<std::pair<std::size_t, std::size_t>> blocks;  // [begin, end) of each tied class
    double labellings = 1.0;
    for (std::size_t begin = 0; begin < order.size();) {
        std::size_t end = begin;
        while (end < order.size() && classes[order[end]] == classes[order[begin]]) ++end;
        if (end - begin > 1) {
            blocks.emplace_back(begin, end);
            for (std::size_t k = 2; k <= end - begin; ++k) labellings *= static_cast<double>(k);
        }
        begin = end;
    }
    if (blocks.empty() || labellings > MAX_LABELLINGS) return order;
    for (const auto& [begin, end] : blocks) std::sort(order.begin() + begin, order.begin() + end);
    std::vector<int> best = order;
    auto best_games = labelled_games(order, cells, pairs);
    // Odometer over the blocks' permutations.
    for (;;) {
        std::size_t b = 0;
        for (; b < blocks.size(); ++b) {
            const auto [begin, end] = blocks[b];
            if (std::next_permutation(order.begin() + begin, order.begin() + end)) break;
        }
        if (b == blocks.size()) break;
        auto games = labelled_games(order, cells, pairs);
        if (games < best_games) {
            best_games = std::move(games);
            best = order;
        }
    }
    return best;
}

}  // namespace

ResultsOrder results_order(int players, const std::vector<Cell>& cells,
                           const std::vector<PairCell>& pairs) {
    // Step 1. A player's own results: wins, draws, losses as White and as Black.
    std::vector<Signature> signatures(players, Signature(6, 0));
    for (const Cell& cell : cells) {
        signatures[cell.white][0] += cell.wins;
        signatures[cell.white][1] += cell.draws;
        signatures[cell.white][2] += cell.losses;
        signatures[cell.black][3] += cell.losses;
        signatures[cell.black][4] += cell.draws;
        signatures[cell.black][5] += cell.wins;
    }
    std::vector<int> classes = classes_of(signatures);
    int class_count = classes.empty() ? 0 : 1 + *std::max_element(classes.begin(), classes.end());

    // Step 2. Refine by the opponents' classes until the number of classes stops growing.
    for (int round = 0; round < players; ++round) {
        std::vector<std::vector<Signature>> seen(players);
        for (const Cell& cell : cells) {
            // From each side: the opponent's class, the side played, the results from that side.
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
        for (int p = 0; p < players; ++p) {
            std::sort(seen[p].begin(), seen[p].end());
            Signature signature = {classes[p]};
            for (const Signature& entry : seen[p])
                signature.insert(signature.end(), entry.begin(), entry.end());
            signatures[p] = std::move(signature);
        }
        classes = classes_of(signatures);
        const int refined =
            players == 0 ? 0 : 1 + *std::max_element(classes.begin(), classes.end());
        if (refined == class_count) break;
        class_count = refined;
    }

    // Step 3. By class. Players refinement cannot separate are ordered, where the choices are few
    // enough to try (MAX_LABELLINGS), by the labelling whose games sort first: any renaming of an
    // isomorphic pool then lands on the same games in the same order. Beyond that they keep their
    // given order.
    std::vector<int> order(players);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return classes[a] < classes[b]; });
    return {smallest_labelling(order, classes, cells, pairs), classes};
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
