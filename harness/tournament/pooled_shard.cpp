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
}

void PooledShard::record(const ScheduledGame& game, const std::string& result) {
    recorded_.insert(game.slot.number);
    if (std::optional<Outcome> outcome = parse_outcome(result))
        results_[game.slot.number] = {game.white, game.black, *outcome, game.slot.pair_number()};
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

void PooledShard::publish(PooledShardOutcome& outcome, bool finished, double batch_seconds) const {
    PoolShardCounts counts;
    counts.shard = config_.shard_index;
    counts.counts = outcome.published;
    counts.batches = outcome.batches;
    counts.published_ms = unix_time_ms();
    counts.batch_seconds = batch_seconds;
    counts.finished = finished;
    counts.pid = ::getpid();
    counts.host = host_;
    pool_.publish(counts);
}

PooledShardOutcome PooledShard::run(
    const std::vector<ScheduledGame>& schedule, const std::set<std::int64_t>& done,
    const std::function<void(const std::vector<ScheduledGame>&)>& play,
    const std::function<bool()>& stopping) {
    // Step 1. A verdict already there: nothing to play (a task that started late).
    PooledShardOutcome outcome;
    outcome.verdict = pool_.read_verdict();
    if (outcome.verdict) {
        outcome.stop = PoolStop::verdict;
        return outcome;
    }
    // Step 2. The batches a previous run completed count at once: publish them again.
    const auto batches = cut_into_batches(schedule, config_.batch_pairs);
    std::size_t next = 0;
    auto complete = [&](const std::vector<ScheduledGame>& batch) {
        for (const ScheduledGame& game : batch)
            if (!done.count(game.slot.number) && !recorded_.count(game.slot.number)) return false;
        return true;
    };
    while (next < batches.size() && complete(batches[next])) {
        outcome.published += batch_counts(batches[next]);
        ++next;
    }
    outcome.batches = std::int64_t(next);
    publish(outcome, next == batches.size(), 0);
    outcome.verdict = pool_.decide(*config_.sprt, config_.shard_index);

    // Step 3. Batch by batch: check, play, publish, decide.
    while (!outcome.verdict && next < batches.size()) {
        if (stopping()) return outcome;
        if ((outcome.verdict = pool_.read_verdict())) break;
        const auto started = std::chrono::steady_clock::now();
        std::vector<ScheduledGame> to_play;
        for (const ScheduledGame& game : batches[next])
            if (!done.count(game.slot.number) && !recorded_.count(game.slot.number))
                to_play.push_back(game);
        play(to_play);
        if (!recorded(to_play)) return outcome;  // stopped mid-batch: the last counts stand
        outcome.published += batch_counts(batches[next]);
        outcome.batches = std::int64_t(++next);
        publish(outcome, next == batches.size(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
        outcome.verdict = pool_.decide(*config_.sprt, config_.shard_index);
    }
    outcome.stop = outcome.verdict ? PoolStop::verdict : PoolStop::out_of_slots;
    return outcome;
}

}  // namespace arbiter
