// Keeps a node-count run in the arbiter database, next to the tournaments: one node run per
// invocation, one row per measurement keyed by engine identity (binary SHA-256 included),
// position and depth.
#pragma once

#include <string>
#include <vector>

#include "harness/config/engine_config.h"
#include "harness/nodes/results.h"
#include "harness/store/store.h"

namespace arbiter::nodes {

// The file a command names: as given when it contains '/', otherwise the first executable of
// that name in PATH. Throws ConfigError if there is none.
std::string resolve_program(const std::string& command);

// The stored identity of an engine: name, command, arguments, working directory, options and
// the SHA-256 of the program file. Throws ConfigError if the program cannot be found or read.
EngineIdentity engine_identity(const EngineConfig& engine);

// Writes the run as one node run described by `description` and returns its id. `engines` are
// the configurations the run was made with, in the results' order.
NodeRunId record_run(Store& store, const NodeResults& results,
                     const std::vector<EngineConfig>& engines, const std::string& description);

}  // namespace arbiter::nodes
