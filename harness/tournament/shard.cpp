#include "harness/tournament/shard.h"

#include <cstdlib>

#include "harness/config/json.h"

namespace arbiter {

namespace {

// A whole number in [minimum, maximum] from `text`, or nothing.
std::optional<int> whole_number(const char* text, int minimum, int maximum) {
    if (!text || !*text) return std::nullopt;
    char* end = nullptr;
    long value = std::strtol(text, &end, 10);
    if (*end != '\0' || value < minimum || value > maximum) return std::nullopt;
    return int(value);
}

constexpr int MAX_SHARDS = 1'000'000;

ShardNumber checked(int index, int count, const std::string& from) {
    if (count < 1 || index < 1 || index > count)
        throw ConfigError(from + ": shard " + std::to_string(index) + " of " +
                          std::to_string(count) + " does not exist (K must be 1..N)");
    return {index, count};
}

ShardNumber from_environment(std::optional<int> shard_count, const EnvironmentReader& env) {
    auto number = [&](const char* name, int minimum) {
        std::optional<int> value = whole_number(env(name), minimum, MAX_SHARDS);
        if (!value && env(name))
            throw ConfigError(std::string("--shard auto: ") + name + "=" + env(name) +
                              " is not a whole number");
        return value;
    };
    // Step 1. A Kubernetes Indexed Job: the index, and the count from --shard-count.
    if (std::optional<int> index = number("JOB_COMPLETION_INDEX", 0)) {
        if (!shard_count)
            throw ConfigError(
                "--shard auto: JOB_COMPLETION_INDEX is set; give the number of shards with "
                "--shard-count N (the Job's completions)");
        return checked(*index + 1, *shard_count, "--shard auto (JOB_COMPLETION_INDEX)");
    }
    // Step 2. A Slurm job array, numbered from any first index.
    std::optional<int> task = number("SLURM_ARRAY_TASK_ID", 0);
    if (!task)
        throw ConfigError(
            "--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor "
            "JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; give --shard K/N");
    std::optional<int> first = number("SLURM_ARRAY_TASK_MIN", 0);
    std::optional<int> count = shard_count ? shard_count : number("SLURM_ARRAY_TASK_COUNT", 1);
    if (!count)
        throw ConfigError("--shard auto: SLURM_ARRAY_TASK_COUNT is not set; give --shard-count N");
    return checked(*task - first.value_or(0) + 1, *count, "--shard auto (SLURM_ARRAY_TASK_ID)");
}

}  // namespace

ShardNumber parse_shard(const std::string& text, std::optional<int> shard_count,
                        const EnvironmentReader& environment) {
    if (shard_count && *shard_count < 1) throw ConfigError("--shard-count must be at least 1");
    if (text == "auto") return from_environment(shard_count, environment);
    const auto slash = text.find('/');
    std::optional<int> index, count;
    if (slash != std::string::npos) {
        index = whole_number(text.substr(0, slash).c_str(), 1, MAX_SHARDS);
        count = whole_number(text.substr(slash + 1).c_str(), 1, MAX_SHARDS);
    }
    if (!index || !count)
        throw ConfigError("--shard " + text + ": expected K/N (shard K of N, 1 <= K <= N) or auto");
    if (shard_count && *shard_count != *count)
        throw ConfigError("--shard " + text + " disagrees with --shard-count " +
                          std::to_string(*shard_count));
    return checked(*index, *count, "--shard " + text);
}

ShardNumber parse_shard(const std::string& text, std::optional<int> shard_count) {
    return parse_shard(text, shard_count, [](const char* name) { return std::getenv(name); });
}

int shard_of(std::int64_t slot, int engine_pairs, int shard_count) {
    const std::int64_t row = slot / (2 * std::int64_t(engine_pairs));
    const std::int64_t pair = slot / 2 % engine_pairs;
    return int((row % shard_count + pair) % shard_count);
}

int shard_of(const Schedule& schedule, std::int64_t slot, int shard_count) {
    return shard_of(slot, schedule.engine_pairs(), shard_count);
}

bool in_shard(const Schedule& schedule, std::int64_t slot, std::optional<ShardNumber> shard) {
    return !shard || shard_of(schedule, slot, shard->count) == shard->index - 1;
}

std::int64_t shard_size(const Schedule& schedule, ShardNumber shard) {
    const int pairs = schedule.engine_pairs();
    if (pairs == 0 || schedule.size() == 0) return 0;
    const std::int64_t row_length = 2 * std::int64_t(pairs);
    const std::int64_t rows = schedule.size() / row_length;
    const std::int64_t n = shard.count, k = shard.index - 1;
    std::int64_t games = 0;
    // Step 1. Whole rows: engine pair p is in this shard on the rows u = k - p (mod N).
    for (std::int64_t p = 0; p < pairs; ++p) {
        const std::int64_t first_row = ((k - p) % n + n) % n;
        if (first_row < rows) games += 2 * ((rows - 1 - first_row) / n + 1);
    }
    // Step 2. The last row, cut short by --max-games.
    for (std::int64_t slot = rows * row_length; slot < schedule.size(); ++slot)
        games += in_shard(schedule, slot, shard) ? 1 : 0;
    return games;
}

std::vector<ScheduledGame> shard_schedule(const Schedule& schedule, ShardNumber shard) {
    std::vector<ScheduledGame> games;
    for (std::int64_t slot = 0; slot < schedule.size(); ++slot)
        if (in_shard(schedule, slot, shard)) games.push_back(schedule.at(slot));
    return games;
}

std::string shard_identity(const TournamentConfig& config,
                           const std::vector<EngineIdentity>& engines, int shard_count) {
    json::Value settings = config.to_json();
    json::Object kept;
    for (auto& [key, value] : settings.as_object())
        if (key != "engines" && key != "rounds" && key != "max_games")
            kept.emplace_back(key, value);
    json::Value list{json::Array{}};
    for (const EngineIdentity& e : engines) {
        json::Value engine{json::Object{}};
        engine.set("name", e.name);
        engine.set("command", e.command);
        json::Value args{json::Array{}};
        for (const auto& a : e.args) args.push(a);
        engine.set("args", args);
        json::Value options{json::Object{}};
        for (const auto& o : e.options) options.set(o.name, o.value);
        engine.set("options", options);
        engine.set("binary_sha256", e.binary_sha256);
        list.push(engine);
    }
    // Readable parts first: a difference is named by the first member that differs.
    json::Value identity{json::Object{}};
    identity.set("settings", json::Value(std::move(kept)));
    identity.set("engines", list);
    identity.set("shard_count", shard_count);
    identity.set("tournament", tournament_key(config));
    return identity.dump();
}

}  // namespace arbiter

namespace arbiter {

std::optional<ShardNumber> configured_shard(const TournamentConfig& config) {
    if (config.shard_count == 0) return std::nullopt;
    return ShardNumber{config.shard_index, config.shard_count};
}

void set_shard(TournamentConfig& config, std::optional<ShardNumber> shard) {
    config.shard_index = shard ? shard->index : 0;
    config.shard_count = shard ? shard->count : 0;
}

void claim_configured_shard(const TournamentConfig& config, Store& store, TournamentId tournament,
                            const std::vector<EngineIdentity>& engines, const Schedule& schedule) {
    const std::optional<ShardNumber> shard = configured_shard(config);
    if (!shard) return;
    ShardClaim claim{tournament, *shard, shard_identity(config, engines, shard->count), {}};
    claim.slots.reserve(std::size_t(shard_size(schedule, *shard)));
    for (std::int64_t slot = 0; slot < schedule.size(); ++slot)
        if (in_shard(schedule, slot, shard)) claim.slots.push_back(slot);
    claim_shard(store, claim);
}

}  // namespace arbiter
