// The measurements of one `arbiter nodes` run as plain values: which engines, positions and
// depths, what each `go depth` reported, and the perft of each position. The same values are the
// `--format json` output and the committed baselines, so a run can be compared with an old one.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/config/json.h"
#include "harness/node_counts/suite.h"
#include "harness/uci/protocol.h"

namespace arbiter::nodes {

// One engine column: the user's name for it, what the engine calls itself, and the options that
// distinguish its search (they decide which engines the invariants compare).
struct NodeEngineInfo {
    std::string name;     // unique within a run
    std::string id_name;  // the engine's `id name` (our engines: "minimax", "alphabeta", ...)
    std::vector<std::pair<std::string, std::string>> options;  // sent with setoption, in order
    std::optional<int> max_depth;                              // deepest depth measured, if capped

    bool operator==(const NodeEngineInfo&) const = default;
};

// What one `go depth N` reported: the last info line's nodes, time, score and pv, the engine's
// `info string leaves N` if it sends one, and the best move.
struct NodeCell {
    std::size_t engine = 0;            // index into NodeResults::engines
    std::size_t position = 0;          // index into NodeResults::positions
    int depth = 0;                     // the depth asked for
    std::optional<int> reached_depth;  // the last principal-variation line's depth (that of
                                       // the last depth line when none has a score or a pv):
                                       // an engine may stop early, e.g. once it proved a mate
    std::uint64_t nodes = 0;
    std::optional<std::uint64_t> leaves;
    std::optional<std::int64_t> time_ms;  // as the engine reported it; not compared
    std::optional<Score> score;
    std::string bestmove;
    std::vector<std::string> pv;

    bool operator==(const NodeCell&) const = default;
};

// A whole run. Cells are ordered by position, then depth, then engine.
struct NodeResults {
    std::vector<NodeEngineInfo> engines;
    std::vector<NodePosition> positions;
    std::vector<int> depths;  // ascending
    std::vector<NodeCell> cells;
    // perft[{position, depth}] for the depths where it was computed.
    std::map<std::pair<std::size_t, int>, std::uint64_t> perft;

    // The cell of this engine, position and depth, or nullptr if it was not measured.
    const NodeCell* find(std::size_t engine, std::size_t position, int depth) const;
    // Puts cells in their canonical order.
    void sort_cells();

    bool operator==(const NodeResults&) const = default;
};

// "cp 35", "mate -2", with " lowerbound"/" upperbound" for bounds.
std::string score_text(const Score& score);

// The minimal-tree reference of a position at a depth: b from the perft of the deepest depth at
// most `depth` that was computed (the same depth whenever it was). Nothing when no perft of the
// position is known.
struct MinimalTree {
    int perft_depth = 0;  // the depth whose perft gave b
    double branching = 0;
    double leaves = 0;
};
std::optional<MinimalTree> minimal_tree(const NodeResults& results, std::size_t position,
                                        int depth);

// The JSON document of a run (format "arbiter-nodes", version 1).
json::Value to_json(const NodeResults& results);
// Reads a document written by to_json(). Throws std::runtime_error naming `where` and the
// problem if it is not one.
NodeResults results_from_json(const json::Value& value, const std::string& where);

}  // namespace arbiter::nodes
