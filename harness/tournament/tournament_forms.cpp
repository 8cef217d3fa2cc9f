// The tournament forms, one class each over the shared game loop and store (tournament_run.h):
// round-robin and gauntlet play the schedule's pending slots; a knockout or pyramid plays the
// games its bracket asks for; a pooled SPRT's shard plays its slots batch by batch until the
// pool decides. make_tournament_run() chooses one from the configuration.
#include <limits>

#include "harness/store/pool_stops.h"
#include "harness/tournament/knockout_run.h"
#include "harness/tournament/pooled_shard.h"
#include "harness/tournament/swiss_run.h"
#include "harness/tournament/tournament_run.h"

namespace arbiter {

namespace {

// Round-robin and gauntlet (and every shard of one): the schedule's slots that have no game yet,
// handed to the workers in order.
class RoundRobinRun : public TournamentRun {
  public:
    using TournamentRun::TournamentRun;

  protected:
    void restore(const std::optional<ShardNumber>& shard,
                 const std::vector<EngineIdentity>& identities) override {
        claim_configured_shard(config_, store_, summary_.tournament_id, identities, *schedule_);
        // Only counts and the played set: the slots to play are found as they are handed out.
        done_ = store_.finished_slots(summary_.tournament_id, summary_.engine_ids);
        summary_.scheduled = shard ? shard_size(*schedule_, *shard) : schedule_->size();
        for (std::int64_t slot : done_)
            if (slot < schedule_->size() && in_shard(*schedule_, slot, shard))
                ++summary_.already_played;
    }
    std::size_t play_all(std::int64_t pending, const std::optional<ShardNumber>&) override {
        if (stopping()) return 0;
        return run_worker_pool(
            engine_start_, config_.workers(), std::size_t(pending),
            [this](std::size_t, WorkerEngines& engines) {
                if (engines.jobs_done > 0) pause_between_games();
                play(next_pending_game(), engines);
            },
            [this] { return stopping(); });
    }

    // The next slot of the run (its shard) that has no game yet, as a game of the schedule.
    // Called once for each game still to play.
    ScheduledGame next_pending_game() {
        std::lock_guard lock(cursor_mutex_);
        const std::optional<ShardNumber> shard = configured_shard(config_);
        while (cursor_ < schedule_->size() &&
               (done_.count(cursor_) || !in_shard(*schedule_, cursor_, shard)))
            ++cursor_;
        if (cursor_ >= schedule_->size()) throw std::logic_error("no slot left to play");
        return schedule_->at(cursor_++);
    }

    std::set<std::int64_t> done_;  // slots of the schedule with a current game
    std::mutex cursor_mutex_;      // guards cursor_
    std::int64_t cursor_ = 0;      // every slot before it is done or handed out
};

// A pooled SPRT's shard (--pool): its slots in batches, each game started only while the pool
// has not decided; the pool's verdict, not this shard's own SPRT, stops the run.
class PooledShardRun : public RoundRobinRun {
  public:
    using RoundRobinRun::RoundRobinRun;

  protected:
    void claim_pool(const std::vector<EngineIdentity>& identities) override {
        const std::string engines_sha256 =
            sha256_hex(shard_identity(config_, identities, config_.shard_count));
        pooled_.emplace(config_, pool_test_json(config_, tournament_key(config_), engines_sha256),
                        host_);
    }
    std::size_t play_all(std::int64_t, const std::optional<ShardNumber>& shard) override {
        return play_pooled(shard_games(shard));
    }
    void count_for_pool(const ScheduledGame& game, Outcome outcome) override {
        pooled_->record(game, outcome);
    }
    bool decides_sprt() const override { return false; }  // the pool, at batch boundaries only

  private:
    // The shard's games in order, which a pooled SPRT cuts into batches (its cap is a test's size).
    std::vector<ScheduledGame> shard_games(const std::optional<ShardNumber>& shard) const {
        std::vector<ScheduledGame> games;
        for (std::int64_t slot = 0; slot < schedule_->size(); ++slot)
            if (in_shard(*schedule_, slot, shard)) games.push_back(schedule_->at(slot));
        return games;
    }

    // Plays `games` on the worker pool until all are handed out or a stop is requested; returns
    // how many were handed out. A game `may_start` (when given) refuses is skipped.
    std::size_t play_games(const std::vector<ScheduledGame>& games,
                           const std::function<bool(const ScheduledGame&)>& may_start = {}) {
        return run_worker_pool(
            engine_start_, config_.workers(), games.size(),
            [&](std::size_t job, WorkerEngines& engines) {
                if (may_start && !may_start(games[job])) return;
                if (engines.jobs_done > 0) pause_between_games();
                play(games[job], engines);
            },
            [this] { return stopping() || pooled_->decided(); });
    }

    // The shard's part of a pooled SPRT, until the pool's verdict or the end of the shard's
    // slots; records in the database how it ended.
    std::size_t play_pooled(const std::vector<ScheduledGame>& schedule) {
        const std::vector<ScheduledGame> games = pooled_->start(schedule);
        std::size_t handed_out = 0;
        if (!stopping())
            handed_out = play_games(
                games, [this](const ScheduledGame& game) { return pooled_->may_start(game); });
        const PooledShardOutcome outcome = pooled_->outcome();
        if (outcome.stop == PoolStop::interrupted) return handed_out;
        PoolStopRecord record{summary_.tournament_id, config_.shard_index,
                              config_.pool,           std::string(to_string(outcome.stop)),
                              std::nullopt,           "",
                              unix_time_ms()};
        if (outcome.verdict) record.verdict = outcome.verdict->to_json().dump();
        json::Value published{json::Object{}};
        published.set("batches", outcome.batches);
        published.set("pairs", outcome.published.pair_count());
        published.set("pentanomial", counts_json(outcome.published));
        record.published = published.dump();
        record_pool_stop(connection_of(store_), record);
        if (outcome.verdict) {
            Sprt test(*config_.sprt);
            test.update(outcome.verdict->pooled);
            summary_.sprt_result =
                test.summary() + " (pooled over " + std::to_string(outcome.verdict->shards.size()) +
                " shards, decided by shard " + std::to_string(outcome.verdict->decided_by) + ")";
        }
        summary_.pool_stop = std::string(to_string(outcome.stop));
        return handed_out;
    }

    std::optional<PooledShard> pooled_;  // the shard's side of the pooled SPRT
};

// A form whose games are drawn as results come in (knockout, Swiss): the workers take the games
// `next` hands out (it waits while a round's last games are played) until it has none or the run
// stops.
class DrawnRoundsRun : public TournamentRun {
  public:
    using TournamentRun::TournamentRun;

  protected:
    using Next = std::function<std::optional<ScheduledGame>(const std::function<bool()>&)>;
    void play_drawn(const Next& next) {
        std::atomic<bool> over{false};
        if (stopping()) return;
        run_worker_pool(
            engine_start_, config_.workers(), std::numeric_limits<std::size_t>::max(),
            [&](std::size_t, WorkerEngines& engines) {
                std::optional<ScheduledGame> game = next([this] { return stopping(); });
                if (!game) {
                    over = !stopping();
                    return;
                }
                if (engines.jobs_done > 0) pause_between_games();
                try {
                    play(*game, engines);
                } catch (...) {
                    stop_ = true;  // the workers waiting for this game's round stop too
                    throw;
                }
            },
            [&] { return stopping() || over; });
    }
};

// A knockout or pyramid: the games its bracket asks for, round by round, until the final is
// decided; the bracket shown as cutechess shows it.
class KnockoutBracketRun : public DrawnRoundsRun {
  public:
    using DrawnRoundsRun::DrawnRoundsRun;

  protected:
    void restore(const std::optional<ShardNumber>&, const std::vector<EngineIdentity>&) override {
        // The bracket as the recorded games left it (no shards).
        bracket_.emplace(config_, *schedule_);
        bracket_->restore(store_.list_games(summary_.tournament_id, summary_.engine_ids),
                          summary_.engine_ids);
        summary_.scheduled = bracket_->nominal_games();
        summary_.already_played = bracket_->restored();
    }
    std::size_t play_all(std::int64_t, const std::optional<ShardNumber>&) override {
        play_knockout();
        return 0;
    }
    bool stopped_early(std::size_t, std::int64_t) const override { return bracket_->winner() < 0; }
    void show_game(const ScheduledGame& game, const GameRecord& record, GameId id,
                   const std::string& white, const std::string& black) override {
        const bool round_decided = bracket_->finish(game, record.result.outcome);
        observer_.bracket(bracket_->text(), false);
        observer_.game_finished(record, id, white, black);
        if (round_decided) show_bracket();
    }

  private:
    // A knockout: the workers take the games as the bracket asks for them, until the final is
    // decided or the run stops; the bracket is shown when the run resumes one and as it ends.
    void play_knockout() {
        {
            std::lock_guard lock(mutex_);
            if (bracket_->restored() > 0) show_bracket();  // where the earlier run left it
        }
        play_drawn([this](const std::function<bool()>& stop) { return bracket_->next(stop); });
        std::lock_guard lock(mutex_);
        show_bracket();
        // Encounters extended past their games make more games than cutechess announces.
        summary_.scheduled =
            std::max(summary_.scheduled, summary_.already_played + summary_.played_now);
    }

    // Shows the bracket unless it is as it was last shown (called under mutex_).
    void show_bracket() {
        if (auto text = bracket_->unshown_text()) observer_.bracket(*text, true);
    }

    std::optional<KnockoutRun> bracket_;  // the bracket (config_.knockout)
};

// A Swiss: each round's boards once the round before has ended, until the last round; the
// pairings and standings shown as each round ends.
class SwissBracketRun : public DrawnRoundsRun {
  public:
    using DrawnRoundsRun::DrawnRoundsRun;

  protected:
    void restore(const std::optional<ShardNumber>&, const std::vector<EngineIdentity>&) override {
        swiss_.emplace(config_, *schedule_);
        swiss_->restore(store_.list_games(summary_.tournament_id, summary_.engine_ids),
                        summary_.engine_ids);
        summary_.scheduled = swiss_->nominal_games();
        summary_.already_played = swiss_->restored();
    }
    std::size_t play_all(std::int64_t, const std::optional<ShardNumber>&) override {
        play_drawn([this](const std::function<bool()>& stop) { return swiss_->next(stop); });
        std::lock_guard lock(mutex_);
        if (auto text = swiss_->unshown_text()) observer_.bracket(*text, true);
        return 0;
    }
    bool stopped_early(std::size_t, std::int64_t) const override { return !swiss_->over(); }
    void show_game(const ScheduledGame& game, const GameRecord& record, GameId id,
                   const std::string& white, const std::string& black) override {
        const bool round_ended = swiss_->finish(game, record.result.outcome);
        observer_.game_finished(record, id, white, black);
        if (round_ended)
            if (auto text = swiss_->unshown_text()) observer_.bracket(*text, true);
    }

  private:
    std::optional<SwissRun> swiss_;  // the rounds (config_.swiss)
};

}  // namespace

std::unique_ptr<TournamentRun> make_tournament_run(const TournamentConfig& config, Store& store,
                                                   TournamentObserver& observer,
                                                   const std::atomic<bool>* stop,
                                                   CheckedTournament* checked) {
    if (config.knockout)
        return std::make_unique<KnockoutBracketRun>(config, store, observer, stop, checked);
    if (config.swiss)
        return std::make_unique<SwissBracketRun>(config, store, observer, stop, checked);
    if (!config.pool.empty())
        return std::make_unique<PooledShardRun>(config, store, observer, stop, checked);
    return std::make_unique<RoundRobinRun>(config, store, observer, stop, checked);
}

}  // namespace arbiter
