// What the best possible move ordering could achieve. Knuth and Moore (1975) showed that
// alpha-beta with perfect ordering visits b^ceil(d/2) + b^floor(d/2) - 1 leaves of a uniform
// tree of branching factor b and depth d; for a real position we take b from its perft, the
// geometric mean of its legal move counts: b = perft(d)^(1/d).
#pragma once

#include <cstdint>

#include "harness/node_counts/suite.h"

namespace arbiter::nodes {

// The leaves of the legal move tree of `position` at `depth` plies (perft). depth >= 0.
std::uint64_t perft_of(const NodePosition& position, int depth);

// The average branching factor of a tree with `leaves` leaves at `depth` plies:
// leaves^(1/depth). Returns 0 when leaves is 0; depth >= 1.
double branching_factor(std::uint64_t leaves, int depth);

// The Knuth-Moore minimal tree's leaves, b^ceil(d/2) + b^floor(d/2) - 1, for branching factor
// `b` and depth `depth` >= 1 (not rounded: b is an average).
double minimal_tree_leaves(double b, int depth);

}  // namespace arbiter::nodes
