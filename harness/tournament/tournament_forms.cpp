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
    Restored restore(const std::optional<ShardNumber>& shard,
                     const std::vector<EngineIdentity>& identities) override {
        claim_configured_shard(config(), store(), tournament_id(), identities, schedule());
        // Only counts and the played set: the slots to play are found as they are handed out.
        done_ = store().finished_slots(tournament_id(), engine_ids());
        Restored restored{shard ? shard_size(schedule(), *shard) : schedule().size(), 0};
        for (std::int64_t slot : done_)
            if (slot < schedule().size() && in_shard(schedule(), slot, shard))
                ++restored.already_played;
        return restored;
    }
    std::size_t play_all(std::int64_t pending, const std::optional<ShardNumber>&) override {
        return play_on_workers(std::size_t(pending),
                               [this](std::size_t) { return next_pending_game(); });
    }

    // The next slot of the run (its shard) that has no game yet, as a game of the schedule.
    // Called once for each game still to play.
    ScheduledGame next_pending_game() {
        std::lock_guard lock(cursor_mutex_);
        const std::optional<ShardNumber> shard = configured_shard(config());
        while (cursor_ < schedule().size() &&
               (done_.count(cursor_) || !in_shard(schedule(), cursor_, shard)))
            ++cursor_;
        if (cursor_ >= schedule().size()) throw std::logic_error("no slot left to play");
        return schedule().at(cursor_++);
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
            sha256_hex(shard_identity(config(), identities, config().shard_count));
        pooled_.emplace(config(),
                        pool_test_json(config(), tournament_key(config()), engines_sha256), host());
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
        for (std::int64_t slot = 0; slot < schedule().size(); ++slot)
            if (in_shard(schedule(), slot, shard)) games.push_back(schedule().at(slot));
        return games;
    }

    // The shard's part of a pooled SPRT, until the pool's verdict or the end of the shard's
    // slots; records in the database how it ended.
    std::size_t play_pooled(const std::vector<ScheduledGame>& schedule) {
        const std::vector<ScheduledGame> games = pooled_->start(schedule);
        std::size_t handed_out = 0;
        if (!stopping())
            handed_out = play_on_workers(
                games.size(),
                [&](std::size_t job) -> std::optional<ScheduledGame> {
                    if (!pooled_->may_start(games[job])) return std::nullopt;
                    return games[job];
                },
                [this] { return pooled_->decided(); });
        const PooledShardOutcome outcome = pooled_->outcome();
        if (outcome.stop == PoolStop::interrupted) return handed_out;
        PoolStopRecord record{tournament_id(), config().shard_index,
                              config().pool,   std::string(to_string(outcome.stop)),
                              std::nullopt,    "",
                              unix_time_ms()};
        if (outcome.verdict) record.verdict = outcome.verdict->to_json().dump();
        json::Value published{json::Object{}};
        published.set("batches", outcome.batches);
        published.set("pairs", outcome.published.pair_count());
        published.set("pentanomial", counts_json(outcome.published));
        record.published = published.dump();
        record_pool_stop(connection_of(store()), record);
        std::optional<std::string> verdict;
        if (outcome.verdict) {
            Sprt test(*config().sprt);
            test.update(outcome.verdict->pooled);
            verdict =
                test.summary() + " (pooled over " + std::to_string(outcome.verdict->shards.size()) +
                " shards, decided by shard " + std::to_string(outcome.verdict->decided_by) + ")";
        }
        set_pool_result(std::move(verdict), std::string(to_string(outcome.stop)));
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
        play_on_workers(
            std::numeric_limits<std::size_t>::max(),
            [&](std::size_t) {
                std::optional<ScheduledGame> game = next([this] { return stopping(); });
                if (!game) over = !stopping();
                return game;
            },
            [&] { return bool(over); });
    }
};

// A knockout or pyramid: the games its bracket asks for, round by round, until the final is
// decided; the bracket shown as cutechess shows it.
class KnockoutBracketRun : public DrawnRoundsRun {
  public:
    using DrawnRoundsRun::DrawnRoundsRun;

  protected:
    Restored restore(const std::optional<ShardNumber>&,
                     const std::vector<EngineIdentity>&) override {
        // The bracket as the recorded games left it (no shards).
        bracket_.emplace(config(), schedule());
        bracket_->restore(store().list_games(tournament_id(), engine_ids()), engine_ids());
        return {bracket_->nominal_games(), bracket_->restored()};
    }
    std::size_t play_all(std::int64_t, const std::optional<ShardNumber>&) override {
        play_knockout();
        return 0;
    }
    bool stopped_early(std::size_t, std::int64_t) const override { return bracket_->winner() < 0; }
    void show_game(const ScheduledGame& game, const GameRecord& record, GameId id,
                   const std::string& white, const std::string& black) override {
        const bool round_decided = bracket_->finish(game, record.result.outcome);
        observer().bracket(bracket_->text(), false);
        observer().game_finished(record, id, white, black);
        if (round_decided) show_bracket();
    }

  private:
    // A knockout: the workers take the games as the bracket asks for them, until the final is
    // decided or the run stops; the bracket is shown when the run resumes one and as it ends.
    void play_knockout() {
        {
            auto held = lock();
            if (bracket_->restored() > 0) show_bracket();  // where the earlier run left it
        }
        play_drawn([this](const std::function<bool()>& stop) { return bracket_->next(stop); });
        auto held = lock();
        show_bracket();
        // Encounters extended past their games make more games than cutechess announces.
        count_extended_games();
    }

    // Shows the bracket unless it is as it was last shown (called under the run's lock).
    void show_bracket() {
        if (auto text = bracket_->unshown_text()) observer().bracket(*text, true);
    }

    std::optional<KnockoutRun> bracket_;  // the bracket (config().knockout)
};

// A Swiss: each round's boards once the round before has ended, until the last round; the
// pairings and standings shown as each round ends.
class SwissBracketRun : public DrawnRoundsRun {
  public:
    using DrawnRoundsRun::DrawnRoundsRun;

  protected:
    Restored restore(const std::optional<ShardNumber>&,
                     const std::vector<EngineIdentity>&) override {
        swiss_.emplace(config(), schedule());
        swiss_->restore(store().list_games(tournament_id(), engine_ids()), engine_ids());
        return {swiss_->nominal_games(), swiss_->restored()};
    }
    std::size_t play_all(std::int64_t, const std::optional<ShardNumber>&) override {
        play_drawn([this](const std::function<bool()>& stop) { return swiss_->next(stop); });
        auto held = lock();
        if (auto text = swiss_->unshown_text()) observer().bracket(*text, true);
        return 0;
    }
    bool stopped_early(std::size_t, std::int64_t) const override { return !swiss_->over(); }
    void show_game(const ScheduledGame& game, const GameRecord& record, GameId id,
                   const std::string& white, const std::string& black) override {
        const bool round_ended = swiss_->finish(game, record.result.outcome);
        observer().game_finished(record, id, white, black);
        if (round_ended)
            if (auto text = swiss_->unshown_text()) observer().bracket(*text, true);
    }

  private:
    std::optional<SwissRun> swiss_;  // the rounds (config().swiss)
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
