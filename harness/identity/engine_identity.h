// How an engine configuration becomes the identity its games and node counts are stored under.
#pragma once

#include "harness/config/engine_config.h"
#include "harness/store/records.h"

namespace arbiter {

// The identity of an engine: name, command, arguments, working directory, options and the
// SHA-256 of the program file (found as the engine process would find it). With
// `include_limits`, the engine's own search limits count too, as options named "@depth",
// "@nodes", "@movetime" and "@tc": a tournament replays an engine's games when they change.
// Every argument that names an existing file (relative to the engine's working directory) adds
// an option "@file:ARG" holding the file's SHA-256, and so does each .py file under a Python
// file's folder that Python loads for it, directly or not ("@file:DIR/MODULE.py", found by
// python_imports.py): a student's entrant run by engines/python/arbiter-python is identified by
// every module it loads, not only by the host's.
// Throws ConfigError naming the engine if its program cannot be found or read.
EngineIdentity engine_identity(const EngineConfig& engine, bool include_limits);

}  // namespace arbiter
