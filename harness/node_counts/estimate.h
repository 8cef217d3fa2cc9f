// How much searching a node-count run asks for, known before any engine starts: each position's
// perft growth extrapolated to every depth asked. That is the work of a full-width search
// (minimax, and perft itself); alpha-beta engines visit far fewer nodes, so it is an upper bound,
// but it is what stops `--depth 1..99` from running for days without a word.
#pragma once

#include <string>

#include "harness/node_counts/runner.h"

namespace arbiter::nodes {

// Runs whose full-width estimate is above this many nodes are refused without --force: hours at
// the ten million nodes per second of a fast full-width search.
constexpr double MAX_ESTIMATED_NODES = 1e11;

struct WorkEstimate {
    double nodes = 0;         // every search and perft of the run, full width
    double largest = 0;       // the largest single job
    std::string largest_job;  // "engine 'minimax', position 'startpos', depth 12"
};

// Estimates a run from the perft of each position at depths 1 to 3 (computed here, in
// milliseconds) and the growth from depth 2 to 3 beyond. An engine's search to depth d counts the
// perft of every depth up to d (iterative deepening); engines capped with depth=N stop there.
WorkEstimate estimate_work(const RunSettings& settings);

// The refusal of a run above MAX_ESTIMATED_NODES: the estimate, its largest job and the ways out
// (lower --depth, depth=N on an engine, --force).
std::string refusal_message(const WorkEstimate& estimate);

// "3.1e+11": a count too large for digits.
std::string scientific(double value);

}  // namespace arbiter::nodes
