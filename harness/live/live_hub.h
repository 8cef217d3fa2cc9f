// The live state of a run: every game in progress move by move (with the engines' search as it
// arrives) and the finished games of the current round, turned into the events the live page and
// other tools read (README, "Watching a run live"). The games' threads hand it each move and
// return at once; readers (the server, the live file) take snapshots and events from it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "harness/config/json.h"
#include "harness/game/result.h"
#include "harness/live/live_game.h"
#include "harness/values/opening_slot.h"

namespace arbiter {

// How the run stands, for the progress line.
struct LiveProgress {
    std::int64_t scheduled = 0;
    std::int64_t done = 0;        // recorded, this run's games and earlier runs'
    std::int64_t done_now = 0;    // recorded by this run
    double games_per_minute = 0;  // this run's recorded games over its time so far
    std::optional<double> seconds_left;
    bool finished = false;  // the run has ended (its page is the final report)
};

// The live state and its events. Thread-safe: the games' threads call begin()/the watchers and
// game_over(), the tournament's observer calls the rest, readers call snapshot() and live_pgn().
// Every event carries a sequence number; a snapshot says the last one it includes, so a reader
// that starts from a snapshot skips the events it already holds. `publish` hears each event
// (under the hub's lock: it must only queue it).
class LiveHub {
  public:
    // One event as sent: its type ("move"), sequence number and JSON object text.
    struct Event {
        std::string type;
        std::int64_t sequence = 0;
        std::string data;
    };
    using Publish = std::function<void(const Event&)>;

    // At most this many games in the feed and the snapshot (lichess's broadcasts take 64 a round).
    static constexpr std::size_t MAX_GAMES = 64;
    // The shortest time between two `info` events of one side of one game.
    static constexpr std::chrono::milliseconds INFO_INTERVAL{250};

    // `event` names the run in the page and the PGN; `time_control` is shown beside the clocks.
    LiveHub(std::string event, std::string time_control);
    ~LiveHub();
    LiveHub(const LiveHub&) = delete;
    LiveHub& operator=(const LiveHub&) = delete;

    // Who hears the events (the server); set before the first game.
    void set_publish(Publish publish);

    // The run's engines and schedule (before the first game).
    void started(std::vector<std::string> names, std::int64_t scheduled, std::int64_t done);
    // A game begins: its watcher, owned by the hub until game_over().
    GameWatcher& begin(const ScheduleSlot& slot, const std::string& white,
                       const std::string& black);
    // The referee ended the game (`played.cut_short`: the stop ended it, it is dropped).
    void game_over(const ScheduleSlot& slot, const PlayedGame& played);
    // The game was recorded under `id`.
    void recorded(const ScheduleSlot& slot, std::int64_t id);
    // The ratings table as the page shows it (a JSON array of rows), after a game ends.
    void standings(json::Value rows, std::int64_t games);
    // The page changed (a new version to fetch).
    void page_changed(std::int64_t version);
    // The run has ended.
    void finished();

    // Applies a snapshot another process wrote (its live file; `arbiter serve`): the games it
    // holds replace this hub's, each change published as the events a writer would have sent.
    void follow(const json::Value& snapshot);

    // Everything a new reader needs, as one JSON object (the `snapshot` event's data).
    std::string snapshot() const;
    json::Value snapshot_value() const;
    // The games in progress and the finished games of the current round as PGN, each move with
    // its clock ([%clk]) and the engine's evaluation ([%eval]); games in progress end with "*".
    std::string live_pgn() const;
    // Bumped by every change: a writer of the live file writes when it moved.
    std::int64_t version() const;
    LiveProgress progress() const;

  private:
    class Watcher;

    void moved(std::int64_t number, const MoveRecord& move, const std::string& fen,
               const WatchedClocks& clocks);
    void began(std::int64_t number, const std::string& start_fen, const WatchedClocks& clocks);
    void thinking(std::int64_t number, Color side, std::string_view line);
    void publish(const std::string& type, const json::Value& data);  // under mutex_
    void publish_pending_info();                                     // the ticker's work
    // follow()'s part for one game this hub holds: the writer's newer moves, search and end.
    void follow_game(LiveGame& ours, const LiveGame& theirs);
    void drop_old_games();  // under mutex_
    LiveProgress progress_locked() const;
    json::Value progress_json() const;
    // snapshot_value() without its games (an empty array in their place); under mutex_.
    json::Value snapshot_head() const;
    // The game's JSON as snapshot() writes it, kept once the game is recorded; under mutex_.
    const std::string& game_text(const LiveGame& game, std::string& scratch) const;
    void tick();

    mutable std::mutex mutex_;
    std::string event_;
    std::string time_control_;
    std::vector<std::string> names_;
    Publish publish_;
    std::int64_t sequence_ = 0;
    std::int64_t version_ = 0;
    std::map<std::int64_t, LiveGame> games_;  // by game number
    std::map<std::int64_t, std::unique_ptr<Watcher>> watchers_;
    int current_round_ = 0;
    LiveProgress progress_;
    std::chrono::steady_clock::time_point started_at_ = std::chrono::steady_clock::now();
    json::Value standings_{json::Array{}};
    std::int64_t page_version_ = 0;
    // Each recorded game's game_text() by number: a recorded game no longer changes, and the
    // live file writes every game held once a second.
    mutable std::map<std::int64_t, std::string> recorded_texts_;

    std::condition_variable wake_;
    bool ending_ = false;
    std::thread ticker_;
};

}  // namespace arbiter
