// Runs a node-count suite: every engine on every position at every depth, plus the perft of each
// position for the minimal-tree reference. Work is shared by `concurrency` worker threads, each
// with its own engine processes; every search starts with `ucinewgame`, so which worker ran it
// does not matter and the results are the same for any concurrency.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/config/engine_config.h"
#include "harness/node_counts/results.h"
#include "harness/node_counts/suite.h"

namespace arbiter::nodes {

struct RunSettings {
    // Each engine's `depth=N` (limits.depth) caps the depths it is measured at; no other limit
    // is allowed.
    std::vector<EngineConfig> engines;
    std::vector<NodePosition> positions;
    std::vector<int> depths;  // ascending, each >= 1
    int concurrency = 1;
    std::chrono::milliseconds search_timeout{std::chrono::hours(1)};
    // Perft is computed at the suite's depths up to this one (perft(6) of a busy middlegame
    // takes tens of seconds); deeper rows take b from the deepest computed perft.
    int perft_depth = 6;
    // Called after each finished job with a line such as "[3/40] minimax startpos depth 4";
    // calls are serialised. May be empty.
    std::function<void(const std::string&)> progress;
};

// Parses a `--depth` value: "6", "1..6", or a list of those separated by commas ("1..3,5").
// Returns the depths ascending without repeats. Throws ConfigError for anything else, or for a
// depth below 1 or above 100.
std::vector<int> parse_depths(std::string_view text);

// Checks the settings: at least one engine, position and depth; unique engine names; depths
// ascending without repeats and >= 1; no engine limit other than depth. Throws ConfigError.
void validate(const RunSettings& settings);

// Runs the suite and returns its results. Throws ConfigError for invalid settings, UciError or
// ProcessError when an engine cannot be started or configured (the run stops), and, once every
// other measurement is made, std::runtime_error naming the engine, position and depth of each
// search that timed out, exited, or reported no nodes or no move (the engine is restarted for
// its next job). All engines are ended before it returns or throws. When it throws and `partial`
// is given, the measurements that succeeded are stored there first.
NodeResults run_measurements(const RunSettings& settings, NodeResults* partial = nullptr);

}  // namespace arbiter::nodes
