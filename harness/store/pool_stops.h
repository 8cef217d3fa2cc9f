#pragma once

// How each shard of a pooled SPRT stopped (issue 24; the `pool_stops` table of schema version
// 5): on the pool's verdict, with the verdict JSON exactly as the pool wrote it, or out of slots;
// and the counts the shard had published by then. A merge copies these rows with the games, so a
// merged database still carries the verdict and the counts at the decision.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/store/records.h"
#include "harness/store/sqlite.h"

namespace arbiter {

struct PoolStopRecord {
    TournamentId tournament_id = 0;
    int shard = 0;
    std::string pool;                    // the pool folder
    std::string reason;                  // "stopped on the pool's verdict", "out of slots"
    std::optional<std::string> verdict;  // verdict.json's text, when there was one
    std::string published;               // the shard's last publication (JSON)
    std::int64_t stopped_ms = 0;
};

// Records (or replaces) how shard `record.shard` of `record.tournament_id` stopped, on the open
// store's connection (connection_of in shards.h). Throws StoreError.
void record_pool_stop(sql::Connection& connection, const PoolStopRecord& record);

// Every pool stop the database holds, by tournament and shard; empty for a database older than
// version 5 or never pooled. The file is opened read-only. Throws StoreError.
std::vector<PoolStopRecord> pool_stops(sql::Connection& connection);
std::vector<PoolStopRecord> pool_stops(const std::filesystem::path& path);

// Copies the pool stops of tournament `from` in `in` to tournament `to` in `out` (merge; inside
// the caller's transaction), keeping rows already there.
void copy_pool_stops(sql::Connection& in, TournamentId from, sql::Connection& out, TournamentId to);

}  // namespace arbiter
