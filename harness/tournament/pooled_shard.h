#pragma once

// The shard side of a pooled SPRT (issue 24): `arbiter tournament --sprt ... --shard K/N --pool
// DIR`. The shard's part of the schedule is cut into batches of `batch_pairs` colour-reversed
// pairs, in schedule order, the same cut on every run of the shard. Before each batch the shard
// stops if the pool holds a verdict; after each batch it publishes its cumulative counts over
// complete batches and asks the pool to decide. Batch boundaries are thus the only points where
// the pooled test can stop, and a killed shard's re-run finishes the batch it was in, so no pair
// is ever published twice or left out.

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
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

// One shard of a pooled SPRT while it plays. The games are played without a pause between
// batches (a batch is published as soon as it and every batch before it are complete), so no
// worker waits for the slowest game of a batch and the engines stay up. Thread-safe.
class PooledShard {
  public:
    // Joins the pool `config.pool` as the test `test` and claims this shard in it for as long as
    // the object lives (throws ConfigError if the pool belongs to another test, or another
    // process plays this shard); `host` names this machine in the shard's publications.
    PooledShard(const TournamentConfig& config, const json::Value& test, std::string host);

    // Records a finished game of the schedule. After start() and until a verdict, a game that
    // completes the next unpublished batch publishes the shard's counts and asks the pool to
    // decide; after it, the pool's counts stay as the verdict read them.
    void record(const ScheduledGame& game, Outcome result);

    // Before the first game, after record() of the games already played: cuts `schedule` (the
    // shard's games, in order) into batches, publishes the batches a previous run completed and
    // asks the pool. Returns the games still to play, in order; none if the pool has decided.
    std::vector<ScheduledGame> start(const std::vector<ScheduledGame>& schedule);
    // Whether `game` may start: false once the pool has a verdict. The first game of each batch
    // to start looks for one in the pool.
    bool may_start(const ScheduledGame& game);
    // Whether the pool has a verdict (this shard has seen it).
    bool decided() const;
    // How the shard's part ended, once no game is being played.
    PooledShardOutcome outcome() const;

  private:
    // The pairs of `batch` that are complete, from the first engine's side.
    PentanomialCounts batch_counts(const std::vector<ScheduledGame>& batch) const;
    bool recorded(const std::vector<ScheduledGame>& batch) const;
    // Publishes the complete batches not yet published, in order, and asks the pool to decide.
    void publish_complete_batches();

    const TournamentConfig& config_;
    SprtPool pool_;
    std::unique_ptr<PoolShardClaim> claim_;
    std::string host_;
    mutable std::mutex mutex_;
    std::map<std::int64_t, GameResult> results_;  // by slot number, games with a result
    std::set<std::int64_t> recorded_;             // every slot recorded
    std::vector<std::vector<ScheduledGame>> batches_;
    std::map<std::int64_t, std::size_t> batch_of_slot_;
    std::optional<std::size_t> checked_batch_;  // the last batch that looked for a verdict
    std::optional<std::chrono::steady_clock::time_point> last_publication_;
    PooledShardOutcome outcome_;  // published counts, complete batches, verdict
};

}  // namespace arbiter
