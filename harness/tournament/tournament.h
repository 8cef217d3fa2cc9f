// A round-robin tournament: every pair of engines meets on every opening with colours reversed
// (a game pair), for a number of rounds, on a pool of worker threads. Every finished game goes to
// the store in one transaction; a re-run of the same configuration on the same database plays only
// the games that are missing, or that involve an engine whose identity (binary hash, options,
// limits) changed since.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/json.h"
#include "harness/config/tournament_config.h"
#include "harness/game/game.h"
#include "harness/store/store.h"
#include "harness/tournament/schedule.h"
#include "harness/tournament/tournament_check.h"

namespace arbiter {

// The key that names a tournament in the store: a hash of config.identity() with the opening
// file's content hash ("unreadable" when it cannot be read).
std::string tournament_key(const TournamentConfig& config);
// The identity JSON behind tournament_key().
json::Value tournament_identity(const TournamentConfig& config);

// When `config` has no tournament in `store` yet but the store holds others: which one it is
// closest to and why it is a new tournament (one line per differing setting, as
// identity_differences() words them). Empty when the store holds no other tournament with a
// recorded identity.
std::string explain_new_tournament(Store& store, const TournamentConfig& config);

// What the tournament tells the outside world while it runs (progress display, tests).
class TournamentObserver {
  public:
    virtual ~TournamentObserver() = default;
    // Before started(): what each engine said of itself in its first handshake, by engine row.
    virtual void engines_identified(const std::map<EngineId, EngineOwnIdentity>& own) { (void)own; }
    // Before the first game: the tournament and engine rows, how many games the schedule holds
    // and how many are already done.
    virtual void started(TournamentId tournament, const std::vector<EngineId>& engines,
                         std::int64_t scheduled, std::int64_t already_played) {
        (void)tournament, (void)engines, (void)scheduled, (void)already_played;
    }
    // Before a game of the schedule starts (called under the lock of game_finished).
    virtual void game_started(const ScheduleSlot& slot, const std::string& white,
                              const std::string& black) {
        (void)slot, (void)white, (void)black;
    }
    // Right after game_started(), under the same lock: the watcher of this game while it is
    // played (game_watcher.h; the live server's), or null for none. A watched game ends with
    // game_over(), whether it is recorded or not.
    virtual GameWatcher* watch_game(const ScheduleSlot& slot, const std::string& white,
                                    const std::string& black) {
        (void)slot, (void)white, (void)black;
        return nullptr;
    }
    // After a watched game ends, before it is recorded (game_finished() follows when it is; a game
    // a stopping run cut short, PlayedGame::cut_short, is not), under the lock of game_finished.
    virtual void game_over(const ScheduleSlot& slot, const PlayedGame& played) {
        (void)slot, (void)played;
    }
    // After each game is recorded (called under a lock, one at a time).
    virtual void game_finished(const GameRecord& game, GameId id, const std::string& white,
                               const std::string& black) = 0;
    // When an engine had to be restarted after a crash or stall, or could not be restarted
    // (called under the same lock as game_finished).
    virtual void engine_event(const std::string& message) { (void)message; }
    // A knockout's bracket in cutechess's text (knockout.h), under the same lock: before each
    // game_finished with `show` false (the bracket as that game leaves it), then with `show` true
    // when a round is decided, when a run resumes an earlier one and when the run ends.
    virtual void bracket(const std::string& text, bool show) { (void)text, (void)show; }
};

// A link of a chain of observers: hands every event on to `next`. A link overrides the events it
// acts on and passes them on itself (next_), so that no event stops at a link that forgot it.
class ObserverRelay : public TournamentObserver {
  public:
    explicit ObserverRelay(TournamentObserver& next) : next_(next) {}
    void engines_identified(const std::map<EngineId, EngineOwnIdentity>& own) override {
        next_.engines_identified(own);
    }
    void started(TournamentId tournament, const std::vector<EngineId>& engines,
                 std::int64_t scheduled, std::int64_t already_played) override {
        next_.started(tournament, engines, scheduled, already_played);
    }
    void game_started(const ScheduleSlot& slot, const std::string& white,
                      const std::string& black) override {
        next_.game_started(slot, white, black);
    }
    GameWatcher* watch_game(const ScheduleSlot& slot, const std::string& white,
                            const std::string& black) override {
        return next_.watch_game(slot, white, black);
    }
    void game_over(const ScheduleSlot& slot, const PlayedGame& played) override {
        next_.game_over(slot, played);
    }
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override {
        next_.game_finished(game, id, white, black);
    }
    void engine_event(const std::string& message) override { next_.engine_event(message); }
    void bracket(const std::string& text, bool show) override { next_.bracket(text, show); }

  protected:
    TournamentObserver& next_;
};

// The outcome of run_tournament().
struct TournamentSummary {
    TournamentId tournament_id = 0;
    std::vector<EngineId> engine_ids;  // current identities, in configuration order
    std::int64_t scheduled = 0;
    std::int64_t played_now = 0;
    std::int64_t already_played = 0;
    bool stopped_early = false;  // by SPRT or by request
    std::optional<std::string> sprt_result;
    std::optional<std::string> pool_stop;  // --pool: how this shard's part ended
    double seconds = 0;
};

// Runs (or resumes) a tournament. Before any game is played it checks everything a user can get
// wrong (engines that are missing, not executable, never answer uciok, or reject an option; an
// opening file with a bad line; a database that is not arbiter's) and throws with a clear message;
// `checked`, when given, is check_tournament(config) already made (tournament_check.h), moved
// from rather than made again. `stop` may be set from another thread to finish the games in
// progress and return.
TournamentSummary run_tournament(const TournamentConfig& config, Store& store,
                                 TournamentObserver& observer,
                                 const std::atomic<bool>* stop = nullptr,
                                 CheckedTournament* checked = nullptr);

}  // namespace arbiter
