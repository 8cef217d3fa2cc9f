#pragma once

// The shard side of the database (issue 11): a database played with `arbiter tournament --shard
// K/N` says which part of which tournament it holds (the `shards` and `shard_slots` tables), and
// any database holding shards can say how far each one got. The SQL lives in shards.cpp; copying
// shards into one database is merge.h.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/store/records.h"
#include "harness/store/sqlite.h"
#include "harness/store/store.h"
#include "harness/store/store_error.h"

namespace arbiter {

// A shard database holds another shard, or shards of another tournament or engine build. The
// message names both sides and the first difference.
class ShardMismatchError : public StoreError {
  public:
    using StoreError::StoreError;
};

// What a shard run writes before its first game: the tournament row it plays, its number, the
// identity every shard of the run shares (JSON: tournament key, settings, engine identities) and
// the schedule slots it must play.
struct ShardClaim {
    TournamentId tournament_id = 0;
    ShardNumber shard;
    std::string identity_json;
    std::vector<std::int64_t> slots;
};

// How far one shard got, as one database knows it.
struct ShardProgress {
    TournamentId tournament_id = 0;
    ShardNumber shard;
    std::string identity_json;
    std::string variant;  // its tournament's: "standard" or "chess960"
    std::int64_t scheduled = 0;
    std::int64_t played = 0;
    std::vector<std::int64_t> missing_slots;       // ascending
    std::optional<std::int64_t> first_started_ms;  // over the shard's games
    std::optional<std::int64_t> last_finished_ms;
};

// Records in `store` that it plays `claim`, replacing the slot list of an earlier run of the same
// shard (more rounds), through the store's own connection. Throws ShardMismatchError if the file
// holds another shard, another identity (a rebuilt engine, another setting) or games of another
// tournament, so two runs can never mix in one file.
void claim_shard(Store& store, const ShardClaim& claim);

// Replaces the slots shard `shard` of `tournament` must play (inside the caller's transaction):
// a claim writes them, a merge copies them.
void replace_shard_slots(sql::Connection& connection, TournamentId tournament, int shard,
                         const std::vector<std::int64_t>& slots);

// Every shard the database at `path` knows, ordered by shard number; empty for a database that
// was not played in shards. The file is opened read-only. Throws StoreError if the file is
// missing, not arbiter's or damaged.
std::vector<ShardProgress> shard_progress(const std::filesystem::path& path);
std::vector<ShardProgress> shard_progress(sql::Connection& connection);

// The first difference between two identity JSON texts in words, e.g. "engine alphabeta:
// binary_sha256 is 1f2e... here, 9a8b... there"; empty when they are equal.
std::string describe_identity_difference(const std::string& here, const std::string& there);

// Opens an arbiter database read-write through Store::open (created when `create`; checked and
// migrated). Throws StoreError, "no such database" when it is absent and !create.
Store open_database(const std::filesystem::path& path, bool create);

// The one connection of `store`, for the SQL of shards and merges. Hold no statement of it
// while calling a method of `store`.
sql::Connection& connection_of(Store& store);

}  // namespace arbiter
