// TournamentRun: the checks and rows before the first game, the workers, one game played and
// recorded at a time, the SPRT and the summary (tournament_run.h).
#include "harness/tournament/tournament_run.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <thread>

#include "harness/game/tablebase.h"
#include "harness/identity/sha256.h"
#include "harness/process/engine_process.h"
#include "harness/tournament/changed_engines.h"
#include "harness/tournament/chess960_openings.h"
#include "harness/tournament/openings.h"
#include "harness/tournament/tournament_check.h"

namespace arbiter {

namespace {

// The name of this machine, recorded with each game (empty if the system will not say).
std::string host_name() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return "";
    return name;
}

// One engine's lines while its game is watched: every line still goes to the engine log (when
// there is one), and each `info` line the engine sends goes to the game's watcher too.
class WatchedEngineLines : public EngineIoObserver {
  public:
    WatchedEngineLines(EngineIoObserver* log, GameWatcher& watcher, Color side)
        : log_(log), watcher_(watcher), side_(side) {}
    void engine_line(const std::string& engine, Direction direction,
                     std::string_view line) noexcept override {
        if (log_) log_->engine_line(engine, direction, line);
        if (direction == Direction::from_engine && line.starts_with("info "))
            watcher_.thinking(side_, line);
    }

  private:
    EngineIoObserver* log_;
    GameWatcher& watcher_;
    Color side_;
};

}  // namespace

TournamentRun::TournamentRun(const TournamentConfig& config, Store& store,
                             TournamentObserver& observer, const std::atomic<bool>* stop,
                             CheckedTournament* checked)
    : config_(config),
      store_(store),
      observer_(observer),
      external_stop_(stop),
      checked_(checked) {}

TournamentRun::~TournamentRun() = default;

TournamentSummary TournamentRun::run() {
    auto started = std::chrono::steady_clock::now();
    // Openings, books and every engine once (unless the caller checked them): all errors surface
    // before any game. Then the engines' log folder and the engine log.
    CheckedTournament checked = checked_ ? std::move(*checked_) : check_tournament(config_);
    openings_.emplace(std::move(checked.openings));
    window_ = std::move(checked.window);
    books_ = std::move(checked.books);
    open_logs(checked);

    // The pool's claim on this shard (before anything is written, so a second process for a
    // running shard leaves its database as it was); the tournament and engine rows; what is
    // already done.
    const std::vector<EngineIdentity> identities = store_rows(checked);
    schedule_.emplace(Schedule::of(config_, openings_->size()));
    const std::optional<ShardNumber> shard = configured_shard(config_);
    const Restored restored = restore(shard, identities);
    summary_.scheduled = restored.scheduled;
    summary_.already_played = restored.already_played;
    for (const std::string& note :
         changed_engine_notes(store_, summary_.tournament_id, summary_.engine_ids, identities))
        observer_.engine_event(note);
    const std::int64_t pending = summary_.scheduled - summary_.already_played;
    if (config_.sprt) init_sprt();
    observer_.started(summary_.tournament_id, summary_.engine_ids, summary_.scheduled,
                      summary_.already_played);

    // The workers play until the queue is empty or a stop is requested (a pooled SPRT: batch by
    // batch, until the pool's verdict or the end of the shard's slots).
    const std::size_t handed_out = play_all(pending, shard);
    if (engine_log_) engine_log_->close();
    summary_.stopped_early = stopped_early(handed_out, pending);
    summary_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return summary_;
}

// The engines' start settings, their log folder beside the database and the engine log.
void TournamentRun::open_logs(CheckedTournament& checked) {
    engine_start_.engines = config_.engines;
    engine_start_.log_dir = std::filesystem::path(config_.db_path).parent_path() / "logs";
    engine_start_.handshake_timeout = config_.handshake_timeout;
    engine_start_.chess960 = config_.game.variant == Variant::chess960;
    log_folder_.emplace(engine_start_.log_dir, "the engines' logs folder beside the database");
    if (!config_.engine_log.empty()) {
        engine_log_.emplace(config_.engine_log, config_.engine_log_append, config_.engine_log_form);
        engine_log_->write_lines(checked.engine_log_lines);
        engine_start_.io_observer = &*engine_log_;
    }
}

// The pool's claim, then the tournament's row and each engine's (with its own identity, as the
// check read it); returns the engines' identities in configuration order.
std::vector<EngineIdentity> TournamentRun::store_rows(const CheckedTournament& checked) {
    std::vector<EngineIdentity> identities;
    for (const auto& engine : config_.engines) identities.push_back(engine_identity(engine, true));
    host_ = host_name();
    claim_pool(identities);
    summary_.tournament_id = store_.get_or_create_tournament(
        tournament_key(config_), stored_json().dump(), variant_name(config_.game.variant));
    std::map<EngineId, EngineOwnIdentity> own_by_id;
    for (std::size_t i = 0; i < identities.size(); ++i) {
        summary_.engine_ids.push_back(store_.get_or_create_engine(identities[i]));
        store_.set_engine_own_identity(summary_.engine_ids.back(), checked.own_identities[i]);
        own_by_id[summary_.engine_ids.back()] = checked.own_identities[i];
    }
    observer_.engines_identified(own_by_id);
    return identities;
}

bool TournamentRun::stopped_early(std::size_t handed_out, std::int64_t pending) const {
    return handed_out < std::size_t(pending);
}

void TournamentRun::show_game(const ScheduledGame&, const GameRecord& record, GameId id,
                              const std::string& white, const std::string& black) {
    observer_.game_finished(record, id, white, black);
}

std::size_t TournamentRun::play_on_workers(std::size_t jobs, const NextGame& next,
                                           const std::function<bool()>& also_stop) {
    if (stopping()) return 0;
    return run_worker_pool(
        engine_start_, config_.workers(), jobs,
        [&](std::size_t job, WorkerEngines& engines) {
            std::optional<ScheduledGame> game = next(job);
            if (!game) return;
            if (engines.jobs_done > 0) pause_between_games();
            try {
                play(*game, engines);
            } catch (...) {
                stop_ = true;  // the other workers, and those waiting for this game's round, stop
                throw;
            }
        },
        [&] { return stopping() || (also_stop && also_stop()); });
}

void TournamentRun::set_pool_result(std::optional<std::string> sprt_result, std::string pool_stop) {
    if (sprt_result) summary_.sprt_result = std::move(sprt_result);
    summary_.pool_stop = std::move(pool_stop);
}

void TournamentRun::count_extended_games() {
    summary_.scheduled =
        std::max(summary_.scheduled, summary_.already_played + summary_.played_now);
}

// The configuration as stored with the tournament, with the identity it was keyed by, so that a
// later run can say why it is a different tournament.
json::Value TournamentRun::stored_json() const {
    json::Value v = config_.to_json();
    v.set("identity", tournament_identity(config_));
    return v;
}

// cutechess's -wait: the worker rests `config_.wait` before its next game, unless stopped.
void TournamentRun::pause_between_games() const {
    auto until = std::chrono::steady_clock::now() + config_.wait;
    while (!stopping() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::min(std::chrono::milliseconds(20),
                                             std::chrono::duration_cast<std::chrono::milliseconds>(
                                                 until - std::chrono::steady_clock::now()) +
                                                 std::chrono::milliseconds(1)));
}

// The engine `index` of this worker, started if needed. An engine that cannot be started again is
// reported and handed to the game as it is: the game scores its disconnection.
EngineSession* TournamentRun::ensure_engine(int index, WorkerEngines& engines) {
    try {
        return &engines.ensure(index);
    } catch (const std::exception& e) {
        std::lock_guard lock(mutex_);  // the observer hears one event at a time
        observer_.engine_event(std::string("cannot restart ") + e.what());
        return &engines.client(index);
    }
}

// The opening a slot plays: the suite's entry, through the window (openings_start) if any.
std::int64_t TournamentRun::suite_index(const ScheduleSlot& slot) const {
    return window_.empty() ? slot.opening_index : window_[std::size_t(slot.opening_index)];
}

// Plays one game of the schedule with this worker's engines and records it.
void TournamentRun::play(const ScheduledGame& game, WorkerEngines& engines) {
    auto player = [&](int index) {
        const EngineConfig& engine = config_.engines[std::size_t(index)];
        Player p{ensure_engine(index, engines), engine.name, engine.limits.or_else(config_.limits)};
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
    GameWatcher* watcher = nullptr;
    {
        std::lock_guard lock(mutex_);
        observer_.game_started(game.slot, white.name, black.name);
        watcher = observer_.watch_game(game.slot, white.name, black.name);
    }
    const Opening opening = openings_->at(suite_index(game.slot));
    mark_game_in_logs(game, engines, white.name, black.name);
    PlayedGame played = watcher ? play_watched(white, black, opening, game, engines, *watcher)
                                : play_game(white, black, opening, config_.game);
    name_log_in_fault(played.result, game, engines);
    if (played.cut_short || (played.result.termination == Termination::disconnect &&
                             terminated_from_outside(game, engines)))
        return;  // a re-run plays it
    for (int index : {game.white, game.black})
        if (config_.engines[std::size_t(index)].restart_each_game) engines.retire(index);
    std::lock_guard lock(mutex_);
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
    record(std::move(played), game, opening, white, black);
}

// Stores a finished game and shows it; the SPRT counts it (called under mutex_).
void TournamentRun::record(PlayedGame played, const ScheduledGame& game, const Opening& opening,
                           const Player& white, const Player& black) {
    auto [known, is_new] = opening_ids_.try_emplace(suite_index(game.slot), 0);
    if (is_new) known->second = store_.get_or_create_opening(opening);
    GameRecord record = to_record(std::move(played), game, known->second);
    GameId id = store_.record_game(record);
    ++summary_.played_now;
    show_game(game, record, id, white.name, black.name);
    if (config_.sprt) update_sprt(game, record);
    if (engine_log_) engine_log_->check();  // a log that lost lines ends the run
}

// play_game() with `watcher` hearing the referee and both engines' `info` lines (through the
// engine log's observer, put back afterwards); game_over() when it ends.
PlayedGame TournamentRun::play_watched(Player& white, Player& black, const Opening& opening,
                                       const ScheduledGame& game, WorkerEngines& engines,
                                       GameWatcher& watcher) {
    EngineIoObserver* log = engine_start_.io_observer;
    WatchedEngineLines lines[] = {{log, watcher, WHITE}, {log, watcher, BLACK}};
    white.engine->observe(&lines[WHITE], engines.io_name(game.white));
    black.engine->observe(&lines[BLACK], engines.io_name(game.black));
    PlayedGame played = play_game(white, black, opening, config_.game, real_clock(), &watcher);
    white.engine->observe(log, engines.io_name(game.white));
    black.engine->observe(log, engines.io_name(game.black));
    std::lock_guard lock(mutex_);
    observer_.game_over(game.slot, played);
    return played;
}

// The store's record of a game of the schedule: the game as played, under this tournament's ids
// for its slot, engines and opening.
GameRecord TournamentRun::to_record(PlayedGame played, const ScheduledGame& game,
                                    OpeningId opening_id) const {
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

// True if an engine of `game` died of SIGTERM, SIGINT or SIGHUP: it was stopped from outside (a
// cancelled Slurm task, a shutdown), which signals every process of the job, sometimes the
// engines before arbiter. Such a game is not the engine's loss: it is not recorded, and the run
// stops as if interrupted, so that a re-run plays it again.
bool TournamentRun::terminated_from_outside(const ScheduledGame& game, WorkerEngines& engines) {
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
void TournamentRun::init_sprt() {
    sprt_.emplace(*config_.sprt);
    for (const auto& g : store_.list_games(summary_.tournament_id, summary_.engine_ids)) {
        int white = g.white_engine_id == summary_.engine_ids[0] ? 0 : 1;
        add_sprt_game(g.slot, white, g.result.outcome);
        count_for_pool({g.slot, white, 1 - white}, g.result.outcome);
    }
    if (decides_sprt()) check_sprt();
}

void TournamentRun::update_sprt(const ScheduledGame& game, const GameRecord& record) {
    add_sprt_game(game.slot, game.white, record.result.outcome);
    count_for_pool(game, record.result.outcome);
    if (decides_sprt()) check_sprt();
}

void TournamentRun::add_sprt_game(const ScheduleSlot& slot, int white, Outcome result) {
    sprt_tally_.add({white, 1 - white, result, slot.pair_number()});
}

void TournamentRun::check_sprt() {
    sprt_->update(sprt_tally_.tally().pentanomial);
    if (sprt_->state() != SprtState::continue_testing) {
        stop_ = true;
        summary_.sprt_result = sprt_->summary();
    }
}

}  // namespace arbiter
