#pragma once

// The shard side of a pooled SPRT (issue 24): `arbiter tournament --sprt ... --shard K/N --pool
// DIR`. The shard's part of the schedule is cut into batches of `batch_pairs` colour-reversed
// pairs, in schedule order, the same cut on every run of the shard. Before each batch the shard
// stops if the pool holds a verdict; after each batch it publishes its cumulative counts over
// complete batches and asks the pool to decide. Batch boundaries are thus the only points where
// the pooled test can stop, and a killed shard's re-run finishes the batch it was in, so no pair
// is ever published twice or left out.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/tournament/pool.h"
#include "harness/tournament/tournament.h"

namespace arbiter {

// How a shard's part of a pooled SPRT ended.
enum class PoolStop {
    verdict,       // the pool holds a verdict (this shard's or another's)
    out_of_slots,  // the shard played every slot it has; no verdict yet
    interrupted,   // stopped from outside; the batch in progress is not published
};

// "stopped on the pool's verdict", "out of slots", "interrupted".
std::string_view to_string(PoolStop stop);

struct PooledShardOutcome {
    PoolStop stop = PoolStop::interrupted;
    std::optional<PoolVerdict> verdict;
    PentanomialCounts published;  // this shard's last publication
    std::int64_t batches = 0;
};

// The batches of a shard's schedule: whole pairs (games with one pair_number), `batch_pairs` per
// batch, the last one shorter.
std::vector<std::vector<ScheduledGame>> cut_into_batches(const std::vector<ScheduledGame>& games,
                                                         int batch_pairs);

// The JSON every shard of one pooled test writes to, or finds in, DIR/pool.json.
json::Value pool_test_json(const TournamentConfig& config, const std::string& tournament_key,
                           const std::string& engines_sha256);

// One shard of a pooled SPRT while it plays.
class PooledShard {
  public:
    // Joins the pool `config.pool` as the test `test` (throws ConfigError if the pool belongs to
    // another test); `host` names this machine in the shard's publications.
    PooledShard(const TournamentConfig& config, const json::Value& test, std::string host);

    // Records a finished game of the schedule. Not thread-safe: the runner calls it under its lock.
    void record(const ScheduledGame& game, const std::string& result);

    // Plays `schedule` (the shard's games, in order; `done` holds the slots already recorded)
    // batch by batch through `play`, which plays the games it is given and returns when they are
    // all recorded or `stopping` turned true.
    PooledShardOutcome run(const std::vector<ScheduledGame>& schedule,
                           const std::set<std::int64_t>& done,
                           const std::function<void(const std::vector<ScheduledGame>&)>& play,
                           const std::function<bool()>& stopping);

  private:
    // The pairs of `batch` that are complete, from the first engine's side.
    PentanomialCounts batch_counts(const std::vector<ScheduledGame>& batch) const;
    bool recorded(const std::vector<ScheduledGame>& batch) const;
    void publish(PooledShardOutcome& outcome, bool finished, double batch_seconds) const;

    const TournamentConfig& config_;
    SprtPool pool_;
    std::string host_;
    std::map<std::int64_t, GameResult> results_;  // by slot number, games with a result
    std::set<std::int64_t> recorded_;             // every slot recorded
};

}  // namespace arbiter
