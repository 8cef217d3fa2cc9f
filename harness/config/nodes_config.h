// The settings of `arbiter nodes` that are values, declared once like the tournament's
// (tournament_config.h): each with its key, flag, help, reader and rule, read and checked by the
// rules of values.h. Its concurrency is the tournament's rule, CONCURRENCY_RULE: a positive
// integer, unset meaning one per core (0 is refused, as `arbiter tournament` refuses it).
#pragma once

#include <chrono>
#include <optional>
#include <string_view>
#include <vector>

#include "harness/config/values.h"

namespace arbiter {

// How an `arbiter nodes` run is carried out, apart from what it measures (engines, positions,
// depths) and where its outputs go: workers, the time one search may take, the perft depth of the
// minimal-tree reference, and the baseline comparison's tolerance.
struct NodesConfig {
    std::optional<int> concurrency;  // worker threads, each with its own engines (unset: cores)
    double timeout_seconds = 3600;   // for one search
    int perft_depth = 6;             // perft computed up to this depth
    double tolerance = 0;            // allowed change of a node count, in percent

    // Worker threads: `concurrency`, or the number of cores when unset.
    int workers() const;
    std::chrono::milliseconds search_timeout() const;

    bool operator==(const NodesConfig&) const = default;
};

// One setting of `arbiter nodes`: key, flag (without "--"), value name, help, reader and rule.
struct NodesSetting {
    std::string_view key;
    std::string_view flag;
    std::string_view value_name;
    std::string_view help;
    void (*read)(NodesConfig& config, std::string_view text);
    void (*check)(const NodesConfig& config);
};

// Every setting of NodesConfig; the `arbiter nodes` flags come from this table.
const std::vector<NodesSetting>& nodes_settings();

// Lays (key, text) pairs over `config`. Throws ConfigError naming the key.
void apply_settings(NodesConfig& config, const KeyValues& settings);

// Checks a NodesConfig however it was built, by the readers' rules. Throws ConfigError.
void validate(const NodesConfig& config);

}  // namespace arbiter
