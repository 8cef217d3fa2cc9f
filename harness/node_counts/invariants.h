// What must hold between arbiter's own search engines whatever the baseline says:
//  - full-width minimax visits exactly the leaves of the legal move tree: its leaves equal the
//    perft of the depth it completed (the asked depth, unless it stopped early on a proven mate);
//  - pruning and ordering only ever shrink the tree: over the suite, total nodes of
//    minimax >= alphabeta >= alphabeta-mvvlva >= alphabeta-mvvlva-tt;
//  - alpha-beta, with or without ordering and a transposition table, returns minimax's score.
// Engines are recognised by their `id name`, and compared only with engines searching under the
// same conditions: the same options once those that do not change the tree's result (Hash,
// Clear Hash, Threads, Move Overhead) are set aside. Engines that are not ours are not checked.
#pragma once

#include <string>
#include <vector>

#include "harness/node_counts/results.h"

namespace arbiter::nodes {

// The engines of the ordering chain, in the order their totals must not increase.
inline const std::vector<std::string> ORDERING_CHAIN = {"minimax", "alphabeta", "alphabeta-mvvlva",
                                                        "alphabeta-mvvlva-tt"};

struct InvariantReport {
    std::vector<std::string> checked;     // one line per comparison made, e.g. "minimax leaves
                                          // equal perft at 24 positions x depths"
    std::vector<std::string> violations;  // one readable line per broken invariant

    bool passed() const { return violations.empty(); }
};

// The conditions key of an engine: its options without those listed above, lower-cased names,
// sorted. Engines with equal keys are compared.
std::string conditions_key(const NodeEngineInfo& engine);

// Checks every invariant that the run's engines and cells allow.
InvariantReport check_invariants(const NodeResults& results);

}  // namespace arbiter::nodes
