// A knockout as a tournament run plays it (harness/tournament/knockout.h for the rules): the
// bracket rebuilt from the games the database holds, then the games handed to the workers as the
// bracket asks for them, numbered in the order they start (cutechess's game numbers), each
// round's games only once the round before is decided.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/store/store.h"
#include "harness/tournament/knockout.h"
#include "harness/tournament/schedule.h"

namespace arbiter {

// The rank order of a knockout's engines: `seeds` in configuration order, the rest by `seed`.
std::vector<int> knockout_ranking(const TournamentConfig& config);
// Games per encounter: `rounds` game pairs, or `rounds` games with single_games.
int knockout_games_per_encounter(const TournamentConfig& config);

// The bracket of a knockout run, shared by its workers. Thread-safe.
class KnockoutRun {
  public:
    // `openings` orders the suite (a round-robin schedule of `config` over it: its first round's
    // opening order is the knockout's); the games take its openings as deal_opening() says.
    KnockoutRun(const TournamentConfig& config, const Schedule& openings);

    // Replays the games an earlier run recorded (`engines`: the engine rows in configuration
    // order), in slot order. Throws std::runtime_error naming the first game that does not fit
    // the bracket drawn from the games before it.
    void restore(const std::vector<GameSummary>& games, const std::vector<EngineId>& engines);
    // The next game to play, waiting while the round's last games are played; nullopt once the
    // final is decided or `stopping()` is true.
    std::optional<ScheduledGame> next(const std::function<bool()>& stopping);
    // Scores a game next() handed out. Returns true if it decided its round.
    bool finish(const ScheduledGame& game, Outcome outcome);

    // cutechess's bracket text with the engines' names (knockout.h).
    std::string text() const;
    // The text, unless this returned the same text last time (a bracket is shown once).
    std::optional<std::string> unshown_text();
    // The champion's engine index, or -1 while the final is open.
    int winner() const;
    // The games cutechess announces ("Started game N of M"): G per encounter of the bracket.
    std::int64_t nominal_games() const;
    std::int64_t restored() const { return restored_; }

  private:
    // cutechess's default policy over the games in the order they start (restored games
    // replayed in slot order): a new encounter draws the suite's next opening, and so does
    // every other game of an encounter (every game with single_games); the suite's index.
    std::int64_t deal_opening(int round, int encounter);

    const TournamentConfig& config_;
    const Schedule& openings_;
    std::vector<std::string> names_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    Knockout bracket_;
    std::int64_t next_number_ = 0;  // the slot number of the next game to start
    std::int64_t restored_ = 0;
    int dealt_round_ = -1, dealt_encounter_ = -1;  // the encounter of the last game started
    std::int64_t drawn_ = 0;                       // openings drawn so far
    std::int64_t kept_ = -1;                       // the draw the next game repeats, or -1
    std::string shown_;                            // what unshown_text() returned last
};

}  // namespace arbiter
