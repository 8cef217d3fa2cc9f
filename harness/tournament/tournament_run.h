// The game loop and the store shared by the tournament forms (tournament_forms.cpp): one class
// each for round-robin and gauntlet, knockout, Swiss and a pooled SPRT's shard, over
// TournamentRun. Internal to harness/tournament: run_tournament() is the room's entry.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engines/book/polyglot.h"
#include "harness/identity/engine_identity.h"
#include "harness/ratings/counts.h"
#include "harness/ratings/sprt.h"
#include "harness/text/output_file.h"
#include "harness/tournament/engine_log.h"
#include "harness/tournament/game_logs.h"
#include "harness/tournament/shard.h"
#include "harness/tournament/tournament.h"
#include "harness/tournament/worker_pool.h"

namespace arbiter {

// The game loop and the store of one run, shared by every tournament form: the checks and the
// rows before the first game, one game played and recorded at a time (under the run's lock), the
// SPRT and the summary. A form (tournament_forms.cpp, one class each, as cutechess makes each
// tournament form in its own class) says what the database already holds of it, which games the
// workers play and how a finished game is shown; it is given the configuration, the store, the
// schedule, the workers and the run's lock, never the run's own state. make_tournament_run()
// chooses the form.
class TournamentRun {
  public:
    TournamentRun(const TournamentConfig& config, Store& store, TournamentObserver& observer,
                  const std::atomic<bool>* stop, CheckedTournament* checked);
    virtual ~TournamentRun();
    TournamentRun(const TournamentRun&) = delete;
    TournamentRun& operator=(const TournamentRun&) = delete;

    // Checks, then plays (or resumes) the run until its form is done or a stop is requested.
    TournamentSummary run();

  protected:
    // What the database already holds of a form's games.
    struct Restored {
        std::int64_t scheduled = 0;       // the games the form (its shard) plays in all
        std::int64_t already_played = 0;  // of those, the games recorded before this run
    };
    // The next game a worker's job plays, or none (the job is skipped).
    using NextGame = std::function<std::optional<ScheduledGame>(std::size_t job)>;

    // What a form says.
    // The claim of a pooled SPRT's shard, before anything is written (none by default).
    virtual void claim_pool(const std::vector<EngineIdentity>&) {}
    // What the database already holds of this run.
    virtual Restored restore(const std::optional<ShardNumber>& shard,
                             const std::vector<EngineIdentity>& identities) = 0;
    // Plays the games still to play (`pending` of the schedule) until done or stopped; returns
    // how many were handed out.
    virtual std::size_t play_all(std::int64_t pending, const std::optional<ShardNumber>& shard) = 0;
    // Whether the run ended before its schedule did.
    virtual bool stopped_early(std::size_t handed_out, std::int64_t pending) const;
    // Tells the observer of a recorded game (called under the run's lock).
    virtual void show_game(const ScheduledGame&, const GameRecord& record, GameId id,
                           const std::string& white, const std::string& black);
    // A game the SPRT counts, handed to a pool when the run is part of one (none by default).
    virtual void count_for_pool(const ScheduledGame&, Outcome) {}
    // Whether the run's own SPRT stops it (a pool decides at its batch boundaries instead).
    virtual bool decides_sprt() const { return true; }

    // What a form is given.
    const TournamentConfig& config() const { return config_; }
    Store& store() const { return store_; }
    const Schedule& schedule() const { return *schedule_; }
    TournamentId tournament_id() const { return summary_.tournament_id; }
    const std::vector<EngineId>& engine_ids() const { return summary_.engine_ids; }
    const std::string& host() const { return host_; }  // recorded with each game
    // The run's lock: the observer hears one event at a time, and the store and the summary are
    // written under it. observer() is to be used only while it is held.
    std::unique_lock<std::mutex> lock() { return std::unique_lock(mutex_); }
    TournamentObserver& observer() { return observer_; }
    bool stopping() const { return stop_ || (external_stop_ && *external_stop_); }
    // Plays `jobs` jobs on the run's workers, each the game `next` gives (none: the job is
    // skipped), cutechess's -wait between a worker's games, until every job is handed out, the
    // run stops or `also_stop` says so; returns how many were handed out. A game that throws
    // stops the run (workers waiting on it stop too), then the error is rethrown.
    std::size_t play_on_workers(std::size_t jobs, const NextGame& next,
                                const std::function<bool()>& also_stop = {});
    // A pooled shard's end: the pool's verdict as the run's SPRT result, and how the shard ended.
    void set_pool_result(std::optional<std::string> sprt_result, std::string pool_stop);
    // A knockout's encounters extended past their games: the schedule is at least what was played.
    void count_extended_games();

  private:
    json::Value stored_json() const;
    void pause_between_games() const;
    EngineSession* ensure_engine(int index, WorkerEngines& engines);
    std::int64_t suite_index(const ScheduleSlot& slot) const;
    void play(const ScheduledGame& game, WorkerEngines& engines);
    PlayedGame play_watched(Player& white, Player& black, const Opening& opening,
                            const ScheduledGame& game, WorkerEngines& engines,
                            GameWatcher& watcher);
    void record(PlayedGame played, const ScheduledGame& game, const Opening& opening,
                const Player& white, const Player& black);
    GameRecord to_record(PlayedGame played, const ScheduledGame& game, OpeningId opening_id) const;
    bool terminated_from_outside(const ScheduledGame& game, WorkerEngines& engines);
    void open_logs(CheckedTournament& checked);
    std::vector<EngineIdentity> store_rows(const CheckedTournament& checked);
    void init_sprt();
    void update_sprt(const ScheduledGame& game, const GameRecord& record);
    void add_sprt_game(const ScheduleSlot& slot, int white, Outcome result);
    void check_sprt();

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
    std::optional<RunFolder> log_folder_;  // engine_start_.log_dir, gone again if left empty
    std::string host_;                     // recorded with each game
    std::optional<Schedule> schedule_;
    std::mutex mutex_;  // guards the store, the summary, the observer and SPRT
    std::atomic<bool> stop_{false};
    TournamentSummary summary_;
    std::optional<Sprt> sprt_;
    LiveMatchTally sprt_tally_{0, 1};  // the first engine against the second
};

// The run of `config`'s tournament form: RoundRobinRun, KnockoutBracketRun, SwissBracketRun or
// PooledShardRun.
std::unique_ptr<TournamentRun> make_tournament_run(const TournamentConfig& config, Store& store,
                                                   TournamentObserver& observer,
                                                   const std::atomic<bool>* stop,
                                                   CheckedTournament* checked);

}  // namespace arbiter
