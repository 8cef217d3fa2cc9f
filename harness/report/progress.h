// What a user sees while a tournament runs: on a terminal, one progress line with a bar, the
// ETA and the current leader, redrawn after each game; otherwise one line per finished game in
// cutechess-cli's words ("Finished game 12 (alphabeta vs minimax): 1-0 {White mates}").
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <ostream>
#include <string>

#include "harness/tournament/tournament.h"

namespace arbiter {

class ProgressDisplay : public TournamentObserver {
  public:
    using Standings = std::function<std::string(TournamentId, const std::vector<EngineId>&)>;
    // `standings` is called every `report_every` games (0: never) and its text printed.
    ProgressDisplay(std::ostream& out, bool terminal, int report_every = 0,
                    Standings standings = {});

    void started(TournamentId tournament, const std::vector<EngineId>& engines,
                 std::int64_t scheduled, std::int64_t already_played) override;
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override;
    void engine_event(const std::string& message) override;
    // A knockout's bracket, printed when `show` (each round decided, and at the end).
    void bracket(const std::string& text, bool show) override;
    // Ends the progress line on a terminal.
    void finish();

  private:
    void draw();
    void clear_line();

    std::ostream& out_;
    bool terminal_;
    int report_every_;
    Standings standings_;
    TournamentId tournament_ = 0;
    std::vector<EngineId> engines_;
    std::int64_t scheduled_ = 0, done_ = 0, played_now_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::map<std::string, std::pair<double, int>> points_;  // name -> points, games (this run)
};

}  // namespace arbiter
