#pragma once

// The pooled SPRT (issue 24) in words: `arbiter status --pool DIR` (each shard's last
// publication, the pooled counts, the LLR in cutechess's SPRT line form, Elo and nElo, stale
// shards) and the lines `ratings --db` and the report print for a database that carries the
// pool's verdict (the counts at the decision beside the final ones).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/sprt_config.h"
#include "harness/ratings/counts.h"
#include "harness/store/pool_stops.h"
#include "harness/store/store.h"
#include "harness/tournament/pool.h"

namespace arbiter {

// "Elo: 12.3 +/- 4.5, nElo: 20.1 +/- 7.0 (95%)" for pentanomial counts.
std::string pool_elo_line(const PentanomialCounts& counts);

// A shard whose last publication is older than STALE_BATCHES times its batch time.
constexpr int STALE_BATCHES = 5;
// Whether `shard` is stale at `now_ms`: not finished, and no publication for more than
// STALE_BATCHES batch times (its own last batch time, else `typical_batch_seconds`; never when
// neither is known).
bool is_stale(const PoolShardCounts& shard, double typical_batch_seconds, std::int64_t now_ms);

// The status of the pool folder at `now_ms`. Throws ConfigError when the folder is no pool.
std::string format_pool_status(const SprtPool& pool, std::int64_t now_ms);

// The lines a database with pool stops shows: the pooled SPRT line at the decision and its
// verdict, the counts at the decision beside `final_counts`, or that the test ended inconclusive
// at the cap (every one of `shard_count` shards out of slots). Empty without pool stops.
std::string format_pool_record(const std::vector<PoolStopRecord>& stops,
                               const SprtParameters& parameters,
                               const PentanomialCounts& final_counts, int shard_count);

// format_pool_record() for tournament `tournament` of `store` (its SPRT from the
// stored configuration, the final counts from its games, the shard count from its shards): what
// `ratings --db` prints. Empty when the tournament was not a pooled SPRT.
std::string format_database_pool(Store& store, TournamentId tournament);

}  // namespace arbiter
