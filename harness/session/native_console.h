// What `arbiter tournament` shows of a match (harness/session/match_session.h): the progress and
// standings on standard output, the live PGN and the --html page.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/report/live_games.h"
#include "harness/report/progress.h"
#include "harness/report/standings.h"
#include "harness/session/match_session.h"

namespace arbiter {

// What `arbiter tournament` shows of the match: the progress lines with the standings (and the
// --html page) every --report-every games, in front of the live PGN; before the games the
// database, the shard and whether the run resumes; after them the summary and the standings.
class NativeConsole : public MatchConsole {
  public:
    // `html`: the --html page, or empty; `resume`: --resume was given.
    NativeConsole(const TournamentConfig& config, std::string html, bool resume);
    TournamentObserver& open(Store& store) override;
    void interrupted(int signal) override;
    void finish(Store& store, const TournamentSummary& summary, int signal) override;

  private:
    const TournamentConfig& config_;
    std::string html_;
    bool resume_ = false;
    std::vector<std::string> names_;
    StandingsOptions standings_;
    std::optional<ProgressDisplay> display_;
    std::optional<LiveGameFiles> files_;
};

}  // namespace arbiter
