// The CI gate: a run compared with a committed baseline. A count that moved by more than the
// tolerance, a changed score or best move, an engine whose options changed, or a broken
// invariant (see invariants.h) fails the comparison; measurements present on one side only
// are listed but do not fail it, unless nothing at all could be compared.
#pragma once

#include <string>
#include <vector>

#include "harness/node_counts/invariants.h"
#include "harness/node_counts/results.h"

namespace arbiter::nodes {

// One difference between the baseline and the run.
struct Difference {
    std::string engine;
    std::string position;  // the position's name in the run
    int depth = 0;         // 0 for an engine-wide difference (options)
    std::string what;      // "nodes", "score", "bestmove", "options"
    std::string baseline;
    std::string current;
    std::string change;  // "+12.50%" for counts, empty otherwise
};

struct Comparison {
    double tolerance_percent = 0;
    std::size_t compared = 0;             // measurements found on both sides
    std::vector<Difference> differences;  // each one fails the gate
    std::vector<std::string> unmatched;   // measurements on one side only (not a failure)
    InvariantReport invariants;           // of the run

    bool passed() const { return compared > 0 && differences.empty() && invariants.passed(); }
};

// Compares `current` with `baseline`: engines by name, positions by FEN and moves, then depth.
// Node counts may differ by at most `tolerance_percent` of the baseline's count; scores and best
// moves must be equal. Times are not compared.
Comparison compare_with_baseline(const NodeResults& baseline, const NodeResults& current,
                                 double tolerance_percent);

// Reads a baseline written with `--format json`. Throws std::runtime_error naming the file.
NodeResults load_baseline(const std::string& path);

}  // namespace arbiter::nodes
