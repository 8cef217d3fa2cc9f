// One node-count measurement over UCI: `ucinewgame`, `isready`, `position ...`, then
// UciClient::go with `go depth N`. The client reads the info lines; this adds the leaf count
// arbiter's engines send as `info string leaves N`.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "harness/node_counts/suite.h"
#include "harness/uci/client.h"

namespace arbiter::nodes {

// What an engine reported during one `go depth N`: the client's SearchReply (depth, score and
// pv of the last principal-variation line, nodes and time of the last line reporting them,
// which may be a closing bare `info nodes N time T`) and the engine's leaf count.
struct DepthReport : SearchReply {
    std::optional<std::uint64_t> leaves;  // `info string leaves N` (arbiter's engines)
};

// The N of the last `leaves N` among an engine's info strings; nothing if none is well formed.
std::optional<std::uint64_t> leaves_reported(std::span<const std::string> info_strings);

// Measures `position` at `depth` on an engine whose handshake and options are done. The search
// must end within `timeout`; the status says whether it did (timeout) or the engine went away
// (disconnected).
DepthReport measure_depth(UciClient& engine, const NodePosition& position, int depth,
                          std::chrono::milliseconds timeout);

}  // namespace arbiter::nodes
