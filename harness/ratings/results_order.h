// An order of the players that the results alone define, so that no rating, bound or bootstrap
// stream depends on players' names or on the order in which they were listed. Internal to the
// joint ratings.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/ratings/rating_model.h"

namespace arbiter::rating_fit {

// Returns the players of `cells` (indices 0..players-1) in a canonical order: sorted by colour
// refinement over the results (first by each player's own results as White and as Black, then
// repeatedly by the multiset of (opponent's class, results against that opponent, the pairs
// played with that opponent's outcomes), until no class splits), and players that refinement
// cannot tell apart ordered by individualization and refinement: the order whose labelled games
// sort first, found with automorphism pruning. Any renaming and reordering of the same results
// gives the same labelled games, at any size.
// `classes` numbers each player's refinement class (players alike to refinement share a class).
struct ResultsOrder {
    std::vector<int> order;
    std::vector<int> classes;
};
ResultsOrder results_order(int players, const std::vector<Cell>& cells,
                           const std::vector<PairCell>& pairs = {});

// A hash of the games themselves (cells and pairs between canonical indices, in canonical order),
// mixed into the bootstrap's seed so that the resamples follow the results, not the names: over
// the canonical order it is the same for every renaming and reordering of the same results. Without
// pairs it is the hash of the cells alone.
std::uint64_t results_hash(const std::vector<Cell>& cells, const std::vector<PairCell>& pairs = {});

}  // namespace arbiter::rating_fit
