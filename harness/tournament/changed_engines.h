// What a re-run says before it plays again the games of an engine that changed: which engine,
// which of its files (a Python entrant's own file and the modules it loads), and how many games.
// explain_new_tournament() (tournament.h), the same for a whole tournament, is defined here too.
#pragma once

#include <string>
#include <vector>

#include "harness/store/store.h"

namespace arbiter {

// One line for each engine of the run (`ids` and `identities`, by index) whose games of this
// tournament were played by an older identity of the same name and are not yet played by the
// current one: "Robert_AI.py changed since the last run (and the modules it loads: none): its 8
// games are played again". Empty on a first run and when nothing changed.
std::vector<std::string> changed_engine_notes(Store& store, TournamentId tournament,
                                              const std::vector<EngineId>& ids,
                                              const std::vector<EngineIdentity>& identities);

}  // namespace arbiter
