// The node-count table built from a run: rows are positions x depths, columns are engines, plus
// a total row. For each engine cell it derives the ratio to the engine on its left (how many
// times fewer nodes it needed), the effective branching factor nodes(d)/nodes(d-1), and how far
// its leaves are from the Knuth-Moore minimal tree of the position.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/node_counts/results.h"

namespace arbiter::nodes {

struct TableCell {
    std::optional<std::uint64_t> nodes;   // empty: not measured
    std::optional<std::uint64_t> leaves;  // when the engine reports them
    std::optional<double> ratio;          // nodes of the engine on the left / these nodes
    std::optional<double> branching;      // nodes(d) / nodes(d-1), effective branching factor
    std::optional<double> vs_minimal;     // leaves / minimal-tree leaves
};

struct TableRow {
    std::size_t position = 0;
    int depth = 0;
    std::optional<std::uint64_t> perft;
    std::optional<double> minimal_leaves;  // Knuth-Moore reference (see reference.h)
    std::vector<TableCell> cells;          // one per engine, in the run's order
};

// Sums per engine over every row it was measured in. The ratio to the engine on the left is
// taken over the rows both were measured in, so an engine capped at a lower depth is compared
// fairly.
struct TotalRow {
    std::vector<std::uint64_t> nodes;
    std::vector<std::optional<double>> ratio;
    std::optional<double> minimal_leaves;  // summed over the rows that have a reference
};

struct NodeTable {
    std::vector<std::string> engines;    // column names
    std::vector<std::string> positions;  // row names
    std::vector<TableRow> rows;          // by position, then depth
    TotalRow total;
};

// Builds the table of a run. Rows where no engine was measured are left out.
NodeTable build_table(const NodeResults& results);

// The totals of one depth over every position measured at it: how the work grows with depth.
struct DepthTotal {
    int depth = 0;
    std::optional<std::uint64_t> perft;               // empty unless every position has its perft
    std::uint64_t minimal_leaves = 0;                 // sum of each position's rounded minimal tree
    std::vector<std::optional<std::uint64_t>> nodes;  // per engine; empty: not measured
};

// The totals by depth of a table, depths ascending.
std::vector<DepthTotal> depth_totals(const NodeTable& table);

}  // namespace arbiter::nodes
