#pragma once

// Copying shard databases into one (issue 11): `arbiter merge --into all.sqlite shards/*.sqlite`.
// The merged file holds the tournament, engines, openings, games, moves and node counts of every
// shard, exactly as if one process had played them, plus each shard's slot list so that what is
// missing can still be named.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "harness/store/shards.h"

namespace arbiter {

struct MergeOptions {
    bool copy_moves = true;  // false: games only (enough for standings; `arbiter status`)
    // Called after each shard file is copied (inside the merge's transaction) with the file and
    // the games it added. Progress output; an exception thrown here aborts the whole merge.
    std::function<void(const std::filesystem::path& shard, std::int64_t added)> after_shard;
};

// What a merge did, and how far every shard the target now knows got.
struct MergeSummary {
    std::int64_t games_added = 0;
    std::int64_t games_already_there = 0;
    std::vector<ShardProgress> shards;
};

// Copies the games of every shard database into `target` (created if absent) and returns what
// was added. Idempotent: games already in the target (same tournament, slot and engines) are
// skipped, so merging a shard again, or after it has grown, adds exactly the new games. Atomic:
// the whole merge is one transaction on the target, so an interruption leaves it as it was.
// The shards are opened read-only, and each must pass SQLite's quick_check.
// Throws ShardMismatchError, before writing anything, if a file is not a shard database, or
// holds shards of another tournament, engine build or shard count than the others (or than
// the target): the message names the file, the shard and the first difference; if the target
// is a shard's own database (it holds one shard, and the inputs bring only others); or, leaving
// the target as it was, if two files hold different games for one slot (named with both files).
MergeSummary merge_shards(const std::filesystem::path& target,
                          std::span<const std::filesystem::path> shards,
                          const MergeOptions& options = {});

}  // namespace arbiter
