#include "harness/tournament/tournament.h"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <limits>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "engines/book/polyglot.h"
#include "harness/game/tablebase.h"
#include "harness/identity/engine_identity.h"
#include "harness/identity/sha256.h"
#include "harness/process/engine_process.h"
#include "harness/ratings/counts.h"
#include "harness/ratings/sprt.h"
#include "harness/store/pool_stops.h"
#include "harness/tournament/changed_engines.h"
#include "harness/tournament/chess960_openings.h"
#include "harness/tournament/engine_log.h"
#include "harness/tournament/game_logs.h"
#include "harness/tournament/knockout_run.h"
#include "harness/tournament/openings.h"
#include "harness/tournament/pooled_shard.h"
#include "harness/tournament/shard.h"
#include "harness/tournament/tournament_check.h"
#include "harness/tournament/worker_pool.h"

namespace arbiter {

json::Value tournament_identity(const TournamentConfig& config) {
    std::string openings_hash;
    try {
        // A generated suite is its spec (its random draws follow from the seed, in the identity).
        openings_hash = is_generated_suite(config.openings_path)
                            ? sha256_hex("generated " + config.openings_path)
                            : sha256_file_hex(config.openings_path);
    } catch (const std::exception&) {
        openings_hash = "unreadable";
    }
    return config.identity(openings_hash);
}

std::string tournament_key(const TournamentConfig& config) {
    return sha256_hex(tournament_identity(config).dump());
}

namespace {

using std::chrono::milliseconds;

// The name of this machine, recorded with each game (empty if the system will not say).
std::string host_name() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return "";
    return name;
}

// The shared state of one run: the games still to play (handed to the worker pool), the store,
// the engines' ids, SPRT bookkeeping. Games are recorded one at a time, under mutex_.
class Runner {
  public:
    Runner(const TournamentConfig& config, Store& store, TournamentObserver& observer,
           const std::atomic<bool>* stop, RecordingGate* gate, CheckedTournament* checked)
        : config_(config),
          store_(store),
          observer_(observer),
          external_stop_(stop),
          checked_(checked),
          gate_(gate ? *gate : own_gate_),
          mutex_(gate_.mutex()) {}

    TournamentSummary run() {
        auto started = std::chrono::steady_clock::now();
        // Step 1. Openings, books and every engine once (unless the caller checked them):
        // all errors surface before any game. Then the engines' log folder and the engine log.
        CheckedTournament checked = checked_ ? std::move(*checked_) : check_tournament(config_);
        openings_.emplace(std::move(checked.openings));
        window_ = std::move(checked.window);
        books_ = std::move(checked.books);
        engine_start_.engines = config_.engines;
        engine_start_.log_dir = std::filesystem::path(config_.db_path).parent_path() / "logs";
        engine_start_.handshake_timeout = config_.handshake_timeout;
        engine_start_.chess960 = config_.game.variant == Variant::chess960;
        create_folder(engine_start_.log_dir, "the engines' logs folder beside the database");
        if (!config_.engine_log.empty()) {
            engine_log_.emplace(config_.engine_log, config_.engine_log_append,
                                config_.engine_log_form);
            engine_log_->write_lines(checked.engine_log_lines);
            engine_start_.io_observer = &*engine_log_;
        }

        // Step 2. The pool's claim on this shard (before anything is written, so a second process
        // for a running shard leaves its database as it was); the tournament and engine rows;
        // what is already done.
        std::vector<EngineIdentity> identities;
        for (const auto& engine : config_.engines)
            identities.push_back(engine_identity(engine, true));
        host_ = host_name();
        if (!config_.pool.empty()) {
            const std::string engines_sha256 =
                sha256_hex(shard_identity(config_, identities, config_.shard_count));
            pooled_.emplace(
                config_, pool_test_json(config_, tournament_key(config_), engines_sha256), host_);
        }
        summary_.tournament_id = store_.get_or_create_tournament(
            tournament_key(config_), stored_json().dump(), variant_name(config_.game.variant));
        std::map<EngineId, EngineOwnIdentity> own_by_id;
        for (std::size_t i = 0; i < identities.size(); ++i) {
            summary_.engine_ids.push_back(store_.get_or_create_engine(identities[i]));
            store_.set_engine_own_identity(summary_.engine_ids.back(), checked.own_identities[i]);
            own_by_id[summary_.engine_ids.back()] = checked.own_identities[i];
        }
        observer_.engines_identified(own_by_id);
        schedule_.emplace(Schedule::of(config_, openings_->size()));
        const std::optional<ShardNumber> shard = configured_shard(config_);
        if (config_.knockout) {  // the bracket as the recorded games left it (no shards)
            knockout_.emplace(config_, *schedule_);
            knockout_->restore(store_.list_games(summary_.tournament_id, summary_.engine_ids),
                               summary_.engine_ids);
            summary_.scheduled = knockout_->nominal_games();
            summary_.already_played = knockout_->restored();
        } else {
            claim_configured_shard(config_, store_, summary_.tournament_id, identities, *schedule_);
            // Only counts and the played set: the slots to play are found as they are handed out.
            done_ = store_.finished_slots(summary_.tournament_id, summary_.engine_ids);
            summary_.scheduled = shard ? shard_size(*schedule_, *shard) : schedule_->size();
            for (std::int64_t slot : done_)
                if (slot < schedule_->size() && in_shard(*schedule_, slot, shard))
                    ++summary_.already_played;
        }
        for (const std::string& note :
             changed_engine_notes(store_, summary_.tournament_id, summary_.engine_ids, identities))
            observer_.engine_event(note);
        const std::int64_t pending = summary_.scheduled - summary_.already_played;
        if (config_.sprt) init_sprt();
        observer_.started(summary_.tournament_id, summary_.engine_ids, summary_.scheduled,
                          summary_.already_played);

        // Step 3. The workers play until the queue is empty or a stop is requested (a pooled
        // SPRT: batch by batch, until the pool's verdict or the end of the shard's slots).
        std::size_t handed_out = 0;
        if (pooled_) {
            handed_out = play_pooled(shard_games(shard));
        } else if (knockout_) {
            play_knockout();
        } else if (!stopping()) {
            handed_out = run_worker_pool(
                engine_start_, config_.workers(), std::size_t(pending),
                [this](std::size_t, WorkerEngines& engines) {
                    if (engines.jobs_done > 0) pause_between_games();
                    play(next_pending_game(), engines);
                },
                [this] { return stopping(); });
        }
        if (engine_log_) engine_log_->close();
        summary_.stopped_early =
            knockout_ ? knockout_->winner() < 0 : handed_out < std::size_t(pending);
        summary_.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return summary_;
    }

  private:
    // The shard's games in order, which a pooled SPRT cuts into batches (its cap is a test's size).
    std::vector<ScheduledGame> shard_games(const std::optional<ShardNumber>& shard) const {
        std::vector<ScheduledGame> games;
        for (std::int64_t slot = 0; slot < schedule_->size(); ++slot)
            if (in_shard(*schedule_, slot, shard)) games.push_back(schedule_->at(slot));
        return games;
    }

    // A knockout: the workers take the games as the bracket asks for them, until the final is
    // decided or the run stops; the bracket is shown when the run resumes one and as it ends.
    void play_knockout() {
        {
            std::lock_guard lock(mutex_);
            if (knockout_->restored() > 0) show_bracket();  // where the earlier run left it
        }
        std::atomic<bool> decided{false};
        if (!stopping())
            run_worker_pool(
                engine_start_, config_.workers(), std::numeric_limits<std::size_t>::max(),
                [&](std::size_t, WorkerEngines& engines) {
                    std::optional<ScheduledGame> game =
                        knockout_->next([this] { return stopping(); });
                    if (!game) {
                        decided = !stopping();
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
                [&] { return stopping() || decided; });
        std::lock_guard lock(mutex_);
        show_bracket();
        // Encounters extended past their games make more games than cutechess announces.
        summary_.scheduled =
            std::max(summary_.scheduled, summary_.already_played + summary_.played_now);
    }

    // Shows the bracket unless it is as it was last shown (called under mutex_).
    void show_bracket() {
        if (auto text = knockout_->unshown_text()) observer_.bracket(*text, true);
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
            [this] { return stopping() || (pooled_ && pooled_->decided()); });
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

    // The configuration as stored with the tournament, with the identity it was keyed by, so that
    // a later run can say why it is a different tournament.
    json::Value stored_json() const {
        json::Value v = config_.to_json();
        v.set("identity", tournament_identity(config_));
        return v;
    }

    bool stopping() const { return stop_ || (external_stop_ && *external_stop_) || gate_.closed(); }

    // cutechess's -wait: the worker rests `config_.wait` before its next game, unless stopped.
    void pause_between_games() const {
        auto until = std::chrono::steady_clock::now() + config_.wait;
        while (!stopping() && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::min(
                milliseconds(20),
                std::chrono::duration_cast<milliseconds>(until - std::chrono::steady_clock::now()) +
                    milliseconds(1)));
    }

    // The engine `index` of this worker, started if needed. An engine that cannot be started
    // again is reported and handed to the game as it is: the game scores its disconnection.
    EngineSession* ensure_engine(int index, WorkerEngines& engines) {
        try {
            return &engines.ensure(index);
        } catch (const std::exception& e) {
            std::lock_guard lock(mutex_);  // the observer hears one event at a time
            observer_.engine_event(std::string("cannot restart ") + e.what());
            return &engines.client(index);
        }
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

    // The opening a slot plays: the suite's entry, through the window (openings_start) if any.
    std::int64_t suite_index(const ScheduleSlot& slot) const {
        return window_.empty() ? slot.opening_index : window_[std::size_t(slot.opening_index)];
    }

    // Plays one game of the schedule with this worker's engines and records it.
    void play(const ScheduledGame& game, WorkerEngines& engines) {
        auto player = [&](int index) {
            const EngineConfig& engine = config_.engines[std::size_t(index)];
            Player p{ensure_engine(index, engines), engine.name,
                     engine.limits.or_else(config_.limits)};
            p.ponder = engine.ponder;
            if (const auto& book = books_[std::size_t(index)]) {
                p.book = &*book;
                p.book_depth = engine.book_depth;
                p.book_seed =
                    config_.seed ^ (std::uint64_t(game.slot.number) << 8) ^ std::uint64_t(index);
            }
            return p;
        };
        Player white = player(game.white), black = player(game.black);
        {
            std::lock_guard lock(mutex_);
            observer_.game_started(game.slot, white.name, black.name);
        }
        const Opening opening = openings_->at(suite_index(game.slot));
        mark_game_in_logs(game, engines, white.name, black.name);
        PlayedGame played = play_game(white, black, opening, config_.game);
        name_log_in_fault(played.result, game, engines);
        if (played.cut_short || (played.result.termination == Termination::disconnect &&
                                 terminated_from_outside(game, engines)))
            return;  // a re-run plays it
        for (int index : {game.white, game.black})
            if (config_.engines[std::size_t(index)].restart_each_game) engines.retire(index);
        std::lock_guard lock(mutex_);
        if (gate_.closed()) return;  // the run has ended without this game: a re-run plays it
        for (const std::string& event : played.events) observer_.engine_event(event);
        for (auto [needs_restart, index] : {std::pair{played.white_needs_restart, game.white},
                                            std::pair{played.black_needs_restart, game.black}}) {
            if (!needs_restart) continue;
            engines.discard(index);
            // The reason is on the game's own line; said once, so that the frameworks that count
            // crashes and time losses by their words across stdout and stderr count them once.
            observer_.engine_event(config_.engines[std::size_t(index)].name +
                                   " will be restarted after game " +
                                   std::to_string(game.slot.number + 1));
        }

        auto [known, is_new] = opening_ids_.try_emplace(suite_index(game.slot), 0);
        if (is_new) known->second = store_.get_or_create_opening(opening);
        GameRecord record = to_record(std::move(played), game, known->second);
        GameId id = store_.record_game(record);
        ++summary_.played_now;
        const bool round_decided = knockout_ && knockout_->finish(game, record.result.outcome);
        if (knockout_) observer_.bracket(knockout_->text(), false);
        observer_.game_finished(record, id, white.name, black.name);
        if (round_decided) show_bracket();
        if (config_.sprt) update_sprt(game, record);
        if (engine_log_) engine_log_->check();  // a log that lost lines ends the run
    }

    // The store's record of a game of the schedule: the game as played, under this tournament's
    // ids for its slot, engines and opening.
    GameRecord to_record(PlayedGame played, const ScheduledGame& game, OpeningId opening_id) const {
        GameRecord record;
        static_cast<PlayedGame&>(record) = std::move(played);
        record.tournament_id = summary_.tournament_id;
        record.slot = game.slot;
        record.white_engine_id = summary_.engine_ids[std::size_t(game.white)];
        record.black_engine_id = summary_.engine_ids[std::size_t(game.black)];
        record.opening_id = opening_id;
        record.shard = configured_shard(config_);
        record.host = host_;
        return record;
    }

    // True if an engine of `game` died of SIGTERM, SIGINT or SIGHUP: it was stopped from outside
    // (a cancelled Slurm task, a shutdown), which signals every process of the job, sometimes the
    // engines before arbiter. Such a game is not the engine's loss: it is not recorded, and the
    // run stops as if interrupted, so that a re-run plays it again.
    bool terminated_from_outside(const ScheduledGame& game, WorkerEngines& engines) {
        for (int index : {game.white, game.black}) {
            EngineSession& engine = engines.client(index);
            if (engine.alive()) continue;
            const ExitStatus& status = engine.exit_status();
            for (int signal : {SIGTERM, SIGINT, SIGHUP}) {
                if (!status.killed_by(signal)) continue;
                stop_ = true;
                std::lock_guard lock(mutex_);
                observer_.engine_event(config_.engines[std::size_t(index)].name + " was " +
                                       status.text() + " from outside; game " +
                                       std::to_string(game.slot.number + 1) +
                                       " is not recorded and the run stops");
                return true;
            }
        }
        return false;
    }

    // SPRT on colour-reversed pairs, from the first engine's side.
    void init_sprt() {
        sprt_.emplace(*config_.sprt);
        for (const auto& g : store_.list_games(summary_.tournament_id, summary_.engine_ids)) {
            int white = g.white_engine_id == summary_.engine_ids[0] ? 0 : 1;
            add_sprt_game(g.slot, white, g.result.outcome);
            if (pooled_) pooled_->record({g.slot, white, 1 - white}, g.result.outcome);
        }
        if (!pooled_) check_sprt();
    }

    void update_sprt(const ScheduledGame& game, const GameRecord& record) {
        add_sprt_game(game.slot, game.white, record.result.outcome);
        if (pooled_) {
            pooled_->record(game, record.result.outcome);
            return;  // the pool decides, at batch boundaries only
        }
        check_sprt();
    }

    void add_sprt_game(const ScheduleSlot& slot, int white, Outcome result) {
        sprt_tally_.add({white, 1 - white, result, slot.pair_number()});
    }

    void check_sprt() {
        sprt_->update(sprt_tally_.tally().pentanomial);
        if (sprt_->state() != SprtState::continue_testing) {
            stop_ = true;
            summary_.sprt_result = sprt_->summary();
        }
    }

    const TournamentConfig& config_;
    Store& store_;
    TournamentObserver& observer_;
    const std::atomic<bool>* external_stop_;
    CheckedTournament* checked_;  // the caller's check_tournament(), taken by run()
    std::optional<OpeningSuite> openings_;
    std::vector<std::int64_t> window_;  // openings_start: the suite's entries in window order
    std::vector<std::optional<PolyglotBook>> books_;  // by engine index, book=FILE
    std::map<std::int64_t, OpeningId> opening_ids_;   // by suite index, stored on first use
    std::optional<EngineLog> engine_log_;             // config_.engine_log, when set
    EngineStart engine_start_;
    std::string host_;  // recorded with each game
    std::optional<Schedule> schedule_;
    std::set<std::int64_t> done_;  // slots of the schedule with a current game
    std::mutex cursor_mutex_;      // guards cursor_
    std::int64_t cursor_ = 0;      // every slot before it is done or handed out
    RecordingGate own_gate_;       // when the caller gives none
    RecordingGate& gate_;
    std::mutex& mutex_;  // the gate's: guards the store, the summary, the observer and SPRT
    std::atomic<bool> stop_{false};
    TournamentSummary summary_;
    std::optional<Sprt> sprt_;
    std::optional<PooledShard> pooled_;    // --pool: the shard's side of the pooled SPRT
    std::optional<KnockoutRun> knockout_;  // a knockout's bracket (config_.knockout)
    LiveMatchTally sprt_tally_{0, 1};      // the first engine against the second
};

}  // namespace

TournamentSummary run_tournament(const TournamentConfig& config, Store& store,
                                 TournamentObserver& observer, const std::atomic<bool>* stop,
                                 RecordingGate* gate, CheckedTournament* checked) {
    return Runner(config, store, observer, stop, gate, checked).run();
}

}  // namespace arbiter
