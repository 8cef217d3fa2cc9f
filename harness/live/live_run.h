// A run watched live: the hub of its games, the page rendered from its database as games end,
// the live file other processes follow (`arbiter serve`), and the server when one is asked for.
// `arbiter tournament --live`, the dialect's `-live` and `arbiter serve` each make one.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "harness/live/live_hub.h"
#include "harness/live/live_server.h"
#include "harness/report/html/report_data.h"
#include "harness/tournament/tournament.h"

namespace arbiter {

// The page of a database, rendered again on its own thread whenever touch() says a game was
// recorded (at most once a second), with the live section; each rendering also gives the hub
// the standings. Never blocks a game: a page that cannot be rendered keeps the last one.
class LivePage {
  public:
    struct Source {
        std::string db_path;
        std::optional<TournamentId> tournament;  // none: the database's latest
        int bootstrap = 1000;
        bool public_view = false;
        std::string title = "arbiter tournament";
        // Look at the database every second for new games (`arbiter serve`: another process
        // writes it).
        bool follow_database = false;
    };
    LivePage(LiveHub& hub, Source source);
    ~LivePage();
    LivePage(const LivePage&) = delete;
    LivePage& operator=(const LivePage&) = delete;

    // The tournament is known (the run made its row).
    void set_tournament(TournamentId tournament);
    // A game was recorded: render again soon.
    void touch();
    // Renders now, on the caller's thread, and waits for it (the run's last page).
    void render_now();
    // The latest page (the live shell before the first rendering).
    std::shared_ptr<const std::string> page() const;
    // Why the last rendering failed, or empty.
    std::string last_error() const;

  private:
    void loop();
    void render();

    LiveHub& hub_;
    Source source_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool dirty_ = true;
    bool ending_ = false;
    std::shared_ptr<const std::string> page_;
    std::int64_t version_ = 0;
    std::int64_t seen_games_ = -1;
    TournamentId page_version_rendered_for_ = 0;  // the tournament seen_games_ counts
    std::string error_;
    std::mutex render_mutex_;  // one rendering at a time
    std::thread thread_;
};

// The live run's observer: in front of the door's chain, it tells the hub of each game (its
// watcher) and the page of each recorded game, and passes everything on.
class LiveObserver : public ObserverRelay {
  public:
    // `page`, when there is one, is told of each recorded game.
    LiveObserver(TournamentObserver& next, LiveHub& hub, LivePage* page,
                 std::vector<std::string> names);

    void started(TournamentId tournament, const std::vector<EngineId>& engines,
                 std::int64_t scheduled, std::int64_t already_played) override;
    GameWatcher* watch_game(const ScheduleSlot& slot, const std::string& white,
                            const std::string& black) override {
        return &hub_.begin(slot, white, black);
    }
    void game_over(const ScheduleSlot& slot, const PlayedGame& played) override {
        hub_.game_over(slot, played);
    }
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override;

  private:
    LiveHub& hub_;
    LivePage* page_;
    std::vector<std::string> names_;
};

// The file beside a database that holds its run's live snapshot ("FILE-live.json").
std::filesystem::path live_file_path(const std::string& db_path);

// Writes the hub's snapshot to the live file whenever it changed (at most once every INTERVAL, on
// its own thread, atomically by rename but without an fsync) and at least every HEARTBEAT, and
// removes the file when it ends. Twice a second with an fsync cost 500 cheap games about 9% of
// their wall time (scripts/bench-harness); `arbiter serve` is the file's only reader.
class LiveFileWriter {
  public:
    static constexpr std::chrono::milliseconds INTERVAL{1000};
    static constexpr std::chrono::seconds HEARTBEAT{5};
    // A file not rewritten for this long was left by a run that died: no game of it is in play.
    static constexpr std::chrono::seconds STALE{15};

    LiveFileWriter(LiveHub& hub, std::filesystem::path path);
    ~LiveFileWriter();
    LiveFileWriter(const LiveFileWriter&) = delete;
    LiveFileWriter& operator=(const LiveFileWriter&) = delete;

  private:
    void loop();

    LiveHub& hub_;
    std::filesystem::path path_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool ending_ = false;
    std::thread thread_;
};

// Everything a watched run has: made by run_match() for every run (the hub and the live file that
// `arbiter serve` follows), with the page and the server when `address` is given (then it prints
// the server's address on standard error).
class LiveRun {
  public:
    LiveRun(const TournamentConfig& config, const std::optional<LiveAddress>& address);
    ~LiveRun();

    // The observer to hand the tournament, in front of `next`.
    TournamentObserver& observe(TournamentObserver& next);
    // The run is over: the last page, the `finished` event, then the server closes.
    void finish();
    const LiveServer* server() const { return server_.get(); }

  private:
    LiveHub hub_;
    std::unique_ptr<LivePage> page_;
    std::unique_ptr<LiveServer> server_;
    std::unique_ptr<LiveFileWriter> file_;
    std::unique_ptr<LiveObserver> observer_;
    std::vector<std::string> names_;
    bool finished_ = false;
};

}  // namespace arbiter
