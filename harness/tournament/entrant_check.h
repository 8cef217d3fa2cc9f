// The start-up check of a class's Python entrants (issue 39): an engine whose command is
// engines/python/arbiter-python answers the handshake before it loads its student's file, so the
// handshake alone cannot tell a student who cannot play. Each such engine is run once more as
// `arbiter-python --check ARGS...`, the host's own check: it loads the entrant (within its
// --load-timeout, 60 s unless the engine's arguments say otherwise) and asks it for one move in
// the starting position, then prints what it played or what stops it. The script
// scripts/class-tournament leaves this check to arbiter.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "harness/config/tournament_config.h"

namespace arbiter {

// What the check of one Python entrant found: its engine index, its file's name, whether it plays
// a legal move, whether it loads and answers at all (an entrant that answers illegally, such as
// the family's no_move_AI, which returns the board unchanged, loads but does not play), the host's
// sentence ("plays e2e4 in the starting position (0.21 s)", or the reason) and the seconds the
// whole check took (the interpreter's start, the load and the move).
struct EntrantVerdict {
    std::size_t engine = 0;
    std::string file;
    bool plays = false;
    bool loads = false;
    std::string said;
    double seconds = 0;
};

// True if `engine` runs engines/python/arbiter-python (its command's file name), whose last
// argument names the entrant's file.
bool is_python_entrant(const EngineConfig& engine);

// Checks every Python entrant of `config` in order (none when config.entrant_check is off),
// calling `heard` with each verdict as it comes, so that a teacher sees the list grow. Never
// throws for an entrant's fault: a host that cannot be started or does not answer is a verdict
// too ("the check could not start: ...").
std::vector<EntrantVerdict> check_python_entrants(
    const TournamentConfig& config, const std::function<void(const EntrantVerdict&)>& heard);

// Leaves out of `config` the engines whose verdict says they cannot play, and adds a line
// "Left out: FILE: REASON" for each to config.note (the page lists them under its title). An
// entrant that loads but answers illegally cannot play a legal move; it is left out only with
// leave-out-illegal, and otherwise plays (and loses those games, as in the family tournament's
// runner) with a line "Plays, answering illegally: FILE: REASON". Throws ConfigError instead,
// naming how many cannot play, when config.entrant_check is strict, or when fewer than two
// engines would be left.
void leave_out_entrants(TournamentConfig& config, const std::vector<EntrantVerdict>& verdicts);

}  // namespace arbiter
