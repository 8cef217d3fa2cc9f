#pragma once

// Splitting one tournament into shards (issue 11): `arbiter tournament --shard K/N` plays only
// shard K of N of the schedule. The schedule itself does not depend on N; shards are a dealing of
// its colour-reversed game pairs, so pentanomial statistics survive and the union of all shards
// is exactly the single-machine schedule, slot for slot.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/store/records.h"
#include "harness/store/shards.h"
#include "harness/tournament/schedule.h"
#include "harness/tournament/tournament.h"

namespace arbiter {

// Reads an environment variable; nullptr when unset (std::getenv by default, a map in tests).
using EnvironmentReader = std::function<const char*(const char*)>;

// Parses --shard: "K/N" (1 <= K <= N), or "auto", which reads a Slurm job array
// (K = SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1, N = SLURM_ARRAY_TASK_COUNT, so arrays
// numbered from 0 or from 1 both work) or a Kubernetes Indexed Job (K = JOB_COMPLETION_INDEX + 1,
// N = `shard_count`, which also overrides the Slurm count). Throws ConfigError saying what is
// missing or wrong.
ShardNumber parse_shard(const std::string& text, std::optional<int> shard_count,
                        const EnvironmentReader& environment);
ShardNumber parse_shard(const std::string& text, std::optional<int> shard_count);

// The shard (0-based) a game's pair goes to. Pairs are dealt along diagonals of the grid of
// opening rows (round by round, in schedule order) and engine pairs: row u, engine pair p goes to
// shard (u + p) mod N. Each engine pair's games thus spread over the shards one opening row at a
// time, and each opening row's pairs one engine pair at a time: every shard gets the same mix.
// `engine_pairs` is the schedule's own count (a gauntlet's or a round-robin's).
int shard_of(std::int64_t slot, int engine_pairs, int shard_count);
int shard_of(const Schedule& schedule, std::int64_t slot, int shard_count);

// Whether shard `shard` plays slot `slot` of `schedule` (every slot when `shard` is empty).
bool in_shard(const Schedule& schedule, std::int64_t slot, std::optional<ShardNumber> shard);

// How many slots of `schedule` shard `shard` plays, counted without visiting them.
std::int64_t shard_size(const Schedule& schedule, ShardNumber shard);

// The games of `schedule` that shard `shard` plays, in schedule order.
std::vector<ScheduledGame> shard_schedule(const Schedule& schedule, ShardNumber shard);

// What every shard of one run must share, as JSON text: the tournament key, the settings that
// decide results (limits, openings, seed, adjudication, margins), each engine's identity
// (binary SHA-256, command, arguments, options and limits; not its working folder) and the
// shard count. Rounds and --max-games are not part of it: they only add or remove slots.
std::string shard_identity(const TournamentConfig& config,
                           const std::vector<EngineIdentity>& engines, int shard_count);

}  // namespace arbiter

namespace arbiter {

// The shard `config` plays (its shard_index and shard_count), or nothing for the whole schedule.
std::optional<ShardNumber> configured_shard(const TournamentConfig& config);
void set_shard(TournamentConfig& config, std::optional<ShardNumber> shard);

// Records in the open database `store` the claim of the shard `config` names (identity and
// the slots of `schedule` it plays); does nothing when the run is not sharded. Throws
// ShardMismatchError if that database holds another shard or run.
void claim_configured_shard(const TournamentConfig& config, Store& store, TournamentId tournament,
                            const std::vector<EngineIdentity>& engines, const Schedule& schedule);

}  // namespace arbiter
