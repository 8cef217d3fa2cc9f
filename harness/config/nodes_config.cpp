#include "harness/config/nodes_config.h"

#include <string>

namespace arbiter {

namespace {

constexpr IntegerRule PERFT_DEPTH_RULE{"perft_depth", 0, 20, "a depth from 0 to 20"};
// The longest search timeout in seconds: the tournament's longest timeout (MAX_TIMEOUT_MS).
constexpr double MAX_TIMEOUT_SECONDS = double(MAX_TIMEOUT_MS / 1000);
constexpr NumberRule TIMEOUT_RULE{"timeout", "a positive number of seconds"};
constexpr NumberRule TOLERANCE_RULE{"tolerance", "a percentage, 0 or more"};

std::string number_text(double value) {
    return json::Value(value).dump();
}

// A search timeout in seconds within its rule; `shown` is the value as the user gave it.
void check_timeout(double seconds, std::string_view shown) {
    if (!(seconds > 0)) throw ConfigError(rule_message(TIMEOUT_RULE.key, TIMEOUT_RULE.what, shown));
    if (seconds > MAX_TIMEOUT_SECONDS)
        throw ConfigError(rule_message(
            TIMEOUT_RULE.key,
            std::string(TIMEOUT_RULE.what) + ", at most " + number_text(MAX_TIMEOUT_SECONDS),
            shown));
}

void check_tolerance(double percent, std::string_view shown) {
    if (!(percent >= 0))
        throw ConfigError(rule_message(TOLERANCE_RULE.key, TOLERANCE_RULE.what, shown));
}

const std::vector<NodesSetting>& table() {
    static const std::vector<NodesSetting> settings = {
        {"concurrency", "concurrency", "N",
         "Worker threads, each with its own engines (default: number of cores)",
         [](NodesConfig& c, std::string_view t) {
             c.concurrency = int(read_integer(CONCURRENCY_RULE, t));
         },
         [](const NodesConfig& c) {
             if (c.concurrency) check_integer(CONCURRENCY_RULE, *c.concurrency);
         }},
        {"timeout", "timeout", "SECONDS", "Seconds allowed for one search (default: 3600)",
         [](NodesConfig& c, std::string_view t) {
             c.timeout_seconds = read_number(TIMEOUT_RULE, t);
             check_timeout(c.timeout_seconds, t);
         },
         [](const NodesConfig& c) {
             check_timeout(c.timeout_seconds, number_text(c.timeout_seconds));
         }},
        {"perft_depth", "perft-depth", "D",
         "Compute perft (for the minimal tree and minimax's check) up to this depth (default: 6)",
         [](NodesConfig& c, std::string_view t) {
             c.perft_depth = int(read_integer(PERFT_DEPTH_RULE, t));
         },
         [](const NodesConfig& c) { check_integer(PERFT_DEPTH_RULE, c.perft_depth); }},
        {"tolerance", "tolerance", "PERCENT",
         "Allowed change of a node count, in percent of the baseline's (default: 0)",
         [](NodesConfig& c, std::string_view t) {
             c.tolerance = read_number(TOLERANCE_RULE, t);
             check_tolerance(c.tolerance, t);
         },
         [](const NodesConfig& c) { check_tolerance(c.tolerance, number_text(c.tolerance)); }},
    };
    return settings;
}

}  // namespace

int NodesConfig::workers() const {
    return concurrency ? *concurrency : default_concurrency();
}

std::chrono::milliseconds NodesConfig::search_timeout() const {
    return std::chrono::milliseconds(std::int64_t(timeout_seconds * 1000));
}

const std::vector<NodesSetting>& nodes_settings() {
    return table();
}

void apply_settings(NodesConfig& config, const KeyValues& settings) {
    for (const auto& [key, text] : settings) {
        const NodesSetting* found = nullptr;
        for (const NodesSetting& setting : table())
            if (setting.key == key) found = &setting;
        if (!found) throw ConfigError("unknown setting \"" + key + "\"");
        found->read(config, text);
    }
}

void validate(const NodesConfig& config) {
    for (const NodesSetting& setting : table()) setting.check(config);
}

}  // namespace arbiter
