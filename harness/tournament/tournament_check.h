// The checks of a tournament that can refuse it, made before it creates anything: the opening
// suite and each engine's book are read, the tablebases opened, and every engine started once
// and ended. A command line runs them before it creates a folder, the database or an output, so
// a refused run leaves its folder as it was; run_tournament() then plays from what they read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engines/book/polyglot.h"
#include "harness/config/tournament_config.h"
#include "harness/game/engine_types.h"
#include "harness/tournament/openings.h"

namespace arbiter {

// What the checks read, kept for the games: the suite, its window order (openings_start), each
// engine's book (by engine index), and the engine log's lines of the check (worker 0), written
// first once the log file is opened.
struct CheckedTournament {
    OpeningSuite openings;
    std::vector<std::int64_t> window;
    std::vector<std::optional<PolyglotBook>> books;
    std::vector<std::string> engine_log_lines;      // formatted, without '\n'; empty without a log
    std::vector<EngineOwnIdentity> own_identities;  // what each engine said of itself, by index
    // Each engine's declared options with the values its configuration set, by index.
    std::vector<std::vector<DeclaredOption>> declared_options;
};

// Validates `config`, reads its openings and books, opens its tablebases and starts every engine
// once (its stderr into a temporary file of the system's temporary folder, removed at once).
// Throws ConfigError or OpeningError for anything that refuses the run (an engine that is missing,
// not executable or fails its handshake: "engine NAME: ...", with the last line the engine wrote
// to stderr). Creates no file or folder outside the system's temporary folder.
CheckedTournament check_tournament(const TournamentConfig& config);

}  // namespace arbiter
