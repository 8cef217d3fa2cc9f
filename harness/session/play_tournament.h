// The one entry both doors play a tournament through (`arbiter tournament` and the cutechess and
// fastchess command lines, which only translate their flags): the Python entrants' start-up
// check, the console of the output plan's form, the saved configuration, then the session.
#pragma once

#include "harness/config/tournament_config.h"
#include "harness/session/match_session.h"

namespace arbiter {

// Plays (or resumes) the tournament `config` describes: check_entrants() (which may leave some
// Python entrants out), then the console of the output plan's form (config.output.format),
// arbiter's (NativeConsole) or the cutechess or fastchess lines (ToolLinesConsole), with the
// plan's saved configuration (--save-config, -config outname=) as the session's last closing
// step, fed the tournament just played; then run_match(). Returns the exit code.
int play_tournament(const TournamentConfig& config, const MatchOutputs& outputs);

}  // namespace arbiter
