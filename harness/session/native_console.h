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

// What `arbiter tournament` shows beyond the standings, by its flags.
struct NativeOutputs {
    std::string html{};         // --html FILE: the report page, or empty
    bool resume = false;        // --resume was given
    bool show_latency = false;  // --show-latency: each engine's latency after the standings
};

// What `arbiter tournament` shows of the match: the progress lines with the standings (and the
// --html page) every --report-every games, in front of the live PGN; before the games the
// database, the shard and whether the run resumes; after them the summary, the standings and
// (--show-latency) each engine's latency.
class NativeConsole : public MatchConsole {
  public:
    NativeConsole(const TournamentConfig& config, NativeOutputs outputs);
    TournamentObserver& open(Store& store) override;
    void interrupted(int signal) override;
    void finish(Store& store, const TournamentSummary& summary, int signal) override;

  private:
    const TournamentConfig& config_;
    NativeOutputs outputs_;
    std::vector<std::string> names_;
    StandingsOptions standings_;
    std::optional<ProgressDisplay> display_;
    std::optional<LiveGameFiles> files_;
};

}  // namespace arbiter
