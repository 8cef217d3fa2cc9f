// Keeps a node-count run in the arbiter database, next to the tournaments: one node run per
// invocation, one row per measurement keyed by engine identity (binary SHA-256 included),
// position and depth.
#pragma once

#include <string>
#include <vector>

#include "harness/config/engine_config.h"
#include "harness/node_counts/results.h"
#include "harness/store/store.h"

namespace arbiter::nodes {

// Writes the run as one node run described by `description` and returns its id. `engines` are
// the configurations the run was made with, in the results' order.
NodeRunId record_run(Store& store, const NodeResults& results,
                     const std::vector<EngineConfig>& engines, const std::string& description);

}  // namespace arbiter::nodes
