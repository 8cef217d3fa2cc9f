#include "harness/node_counts/reference.h"

#include <cmath>

#include "engines/core/perft.h"

namespace arbiter::nodes {

std::uint64_t perft_of(const NodePosition& position, int depth) {
    PlayedPosition played(position);
    return perft(played.position(), depth);
}

double branching_factor(std::uint64_t leaves, int depth) {
    if (leaves == 0) return 0;
    return std::pow(static_cast<double>(leaves), 1.0 / depth);
}

double minimal_tree_leaves(double b, int depth) {
    return std::pow(b, (depth + 1) / 2) + std::pow(b, depth / 2) - 1;
}

}  // namespace arbiter::nodes
