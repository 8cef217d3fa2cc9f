#include "harness/tournament/pooled_shard.h"

#include <unistd.h>

#include <chrono>

#include "harness/ratings/counts.h"
#include "harness/tournament/shard.h"

namespace arbiter {

std::string_view to_string(PoolStop stop) {
    switch (stop) {
        case PoolStop::verdict:
            return "stopped on the pool's verdict";
        case PoolStop::out_of_slots:
            return "out of slots";
        case PoolStop::interrupted:
            return "interrupted";
    }
    return "interrupted";
}

std::vector<std::vector<ScheduledGame>> cut_into_batches(const std::vector<ScheduledGame>& games,
                                                         int batch_pairs) {
    std::vector<std::vector<ScheduledGame>> batches;
    std::optional<std::int64_t> last_pair;
    int pairs_in_batch = 0;
    for (const ScheduledGame& game : games) {
        const std::int64_t pair = game.slot.pair_number();
        if (pair != last_pair) {
            if (batches.empty() || pairs_in_batch == batch_pairs) {
                batches.emplace_back();
                pairs_in_batch = 0;
            }
            ++pairs_in_batch;
            last_pair = pair;
        }
        batches.back().push_back(game);
    }
    return batches;
}

json::Value pool_test_json(const TournamentConfig& config, const std::string& tournament_key,
                           const std::string& engines_sha256) {
    json::Value v{json::Object{}};
    v.set("tournament", tournament_key);
    v.set("engines_sha256", engines_sha256);
    v.set("shards", config.shard_count);
    v.set("batch_pairs", config.batch_pairs);
    v.set("sprt", to_json(*config.sprt));
    return v;
}

PooledShard::PooledShard(const TournamentConfig& config, const json::Value& test, std::string host)
    : config_(config), pool_(config.pool), host_(std::move(host)) {
    pool_.join(test);
    claim_ = pool_.claim(config.shard_index);
}

void PooledShard::record(const ScheduledGame& game, Outcome result) {
    std::lock_guard lock(mutex_);
    recorded_.insert(game.slot.number);
    results_[game.slot.number] = {game.white, game.black, result, game.slot.pair_number()};
    // After a verdict the pool's counts stay as they were when it came: a batch that the games
    // in play complete afterwards is recorded in the database, not published.
    if (!batches_.empty() && !outcome_.verdict) publish_complete_batches();
}

PentanomialCounts PooledShard::batch_counts(const std::vector<ScheduledGame>& batch) const {
    std::vector<GameResult> games;
    for (const ScheduledGame& game : batch) {
        auto it = results_.find(game.slot.number);
        if (it != results_.end()) games.push_back(it->second);
    }
    return tally_match(games, 0, 1).pentanomial;
}

bool PooledShard::recorded(const std::vector<ScheduledGame>& batch) const {
    for (const ScheduledGame& game : batch)
        if (!recorded_.count(game.slot.number)) return false;
    return true;
}

void PooledShard::publish_complete_batches() {
    std::size_t next = std::size_t(outcome_.batches);
    const bool first = !last_publication_;
    while (next < batches_.size() && recorded(batches_[next]))
        outcome_.published += batch_counts(batches_[next++]);
    if (!first && next == std::size_t(outcome_.batches)) return;
    outcome_.batches = std::int64_t(next);
    const auto now = std::chrono::steady_clock::now();
    PoolShardCounts counts;
    counts.shard = config_.shard_index;
    counts.counts = outcome_.published;
    counts.batches = outcome_.batches;
    counts.published_ms = unix_time_ms();
    counts.batch_seconds =
        first ? 0 : std::chrono::duration<double>(now - *last_publication_).count();
    counts.finished = next == batches_.size();
    counts.pid = ::getpid();
    counts.host = host_;
    pool_.publish(counts);
    last_publication_ = now;
    if (!outcome_.verdict) outcome_.verdict = pool_.decide(*config_.sprt, config_.shard_index);
}

std::vector<ScheduledGame> PooledShard::start(const std::vector<ScheduledGame>& schedule) {
    std::lock_guard lock(mutex_);
    // Step 1. A verdict already there: nothing to play (a task that started late).
    if ((outcome_.verdict = pool_.read_verdict())) return {};
    // Step 2. The batches; those a previous run completed count at once: publish them again.
    batches_ = cut_into_batches(schedule, config_.batch_pairs);
    for (std::size_t b = 0; b < batches_.size(); ++b)
        for (const ScheduledGame& game : batches_[b]) batch_of_slot_[game.slot.number] = b;
    publish_complete_batches();
    if (outcome_.verdict) return {};
    // Step 3. The games still to play, in order.
    std::vector<ScheduledGame> games;
    for (const auto& batch : batches_)
        for (const ScheduledGame& game : batch)
            if (!recorded_.count(game.slot.number)) games.push_back(game);
    return games;
}

bool PooledShard::may_start(const ScheduledGame& game) {
    std::lock_guard lock(mutex_);
    if (outcome_.verdict) return false;
    const std::size_t batch = batch_of_slot_.at(game.slot.number);
    if (checked_batch_ && *checked_batch_ >= batch) return true;
    checked_batch_ = batch;
    outcome_.verdict = pool_.read_verdict();
    return !outcome_.verdict;
}

bool PooledShard::decided() const {
    std::lock_guard lock(mutex_);
    return outcome_.verdict.has_value();
}

PooledShardOutcome PooledShard::outcome() const {
    std::lock_guard lock(mutex_);
    PooledShardOutcome outcome = outcome_;
    outcome.stop = outcome.verdict                                   ? PoolStop::verdict
                   : std::size_t(outcome.batches) == batches_.size() ? PoolStop::out_of_slots
                                                                     : PoolStop::interrupted;
    return outcome;
}

}  // namespace arbiter
