// The engines' stderr logs as a reader of one game's fault needs them: each game's start written
// into both engines' logs, so that a line an engine wrote (a traceback, the Python host's
// explanation of an impossible board) is found under the game it belongs to, and the faulty
// engine's log named in the game's fault detail.
#pragma once

#include <string>

#include "harness/game/result.h"
#include "harness/tournament/schedule.h"
#include "harness/tournament/worker_pool.h"

namespace arbiter {

// Appends "[arbiter DATE TIME] game N (WHITE vs BLACK)" to the log file of each engine of `game`
// that has one, so the engine's own lines that follow belong to game N. A log that cannot be
// opened is skipped: the engine writes there itself and the run reports its own problems.
void mark_game_in_logs(const ScheduledGame& game, const WorkerEngines& engines,
                       const std::string& white_name, const std::string& black_name);

// For a game lost by an engine's fault (illegal move, disconnection, stall, time, false claim),
// adds the faulty engine's log file to the result's fault detail ("...; its log:
// logs/anna.stderr.log"). Does nothing for other endings or when that engine has no log file.
void name_log_in_fault(Result& result, const ScheduledGame& game, const WorkerEngines& engines);

}  // namespace arbiter
