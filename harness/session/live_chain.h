// The part of the chain of observers both consoles (native_console.h, tool_lines_console.h) put in
// front of their own lines: the live files of the output plan (the PGN with its comment fields
// and CRC32 line, the EPD) and, with --check-mate-pvs / -check-mate-pvs, fastchess's PV audit.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "harness/dialect/output/fastchess_pv_check.h"
#include "harness/report/live_games.h"
#include "harness/session/match_session.h"

namespace arbiter {

// The live files and the PV audit of one run, built when the console opens and closed when it
// finishes; their lines (CRC32, PV warnings) go to the console's own print_line.
class LiveChain {
  public:
    LiveChain(const TournamentConfig& config, const MatchOutputs& outputs);
    // Chains the live files in front of `console`, then the audit when the plan asks for it;
    // returns the head of the chain, which the tournament reports to.
    TournamentObserver& open(TournamentObserver& console,
                             const std::function<void(const std::string&)>& print_line);
    // Closes the live files (after the last game; nothing before open()).
    void close() {
        if (files_) files_->close();
    }

  private:
    const TournamentConfig& config_;
    LiveGameFileSettings settings_;
    std::optional<LiveGameFiles> files_;
    std::optional<MatePvAudit> audit_;
};

}  // namespace arbiter
