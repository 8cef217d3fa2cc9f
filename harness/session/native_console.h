// What `arbiter tournament` shows of a match (harness/session/match_session.h): the progress and
// standings on standard output, the live PGN and the --html page.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/report/progress.h"
#include "harness/report/standings.h"
#include "harness/session/live_chain.h"
#include "harness/session/match_session.h"

namespace arbiter {

// What `arbiter tournament` shows of the match: the progress lines with the standings (and the
// --html page) every --report-every games, behind the PV audit (--check-mate-pvs) and the live
// files (--pgn, its --crc32 line, --epd), whose lines it prints among its own; before the games
// the database, the shard and whether the run resumes; after them the summary, the standings and
// (--show-latency) each engine's latency.
class NativeConsole : public MatchConsole {
  public:
    NativeConsole(const TournamentConfig& config, const MatchOutputs& outputs);
    TournamentObserver& open(Store& store) override;
    void finish(Store& store, const TournamentSummary& summary, int signal,
                const PageStep& page) override;

  private:
    const TournamentConfig& config_;
    const OutputPlan& plan_;
    bool resume_ = false;
    std::vector<std::string> names_;
    StandingsOptions standings_;
    std::optional<ProgressDisplay> display_;
    LiveChain live_;
};

}  // namespace arbiter
