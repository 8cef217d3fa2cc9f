// The text between "Results of " and the colon of fastchess's block: "A vs B (TC, THREADS, HASH,
// BOOK)", each field as fastchess 1.8 forms it (its output_fastchess.hpp) from the two engines'
// configurations and the options they declared in their handshakes.
#pragma once

#include <string>
#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/game/engine_types.h"

namespace arbiter {

// One engine of an encounter: its configuration and the options it declared, with the values
// its configuration set (UciClient::declared_options()).
struct MatchupSide {
    const EngineConfig& engine;
    const std::vector<DeclaredOption>& options;
};

// An engine's search limit as fastchess prints it: a time control ("40/60+0.6", "10+0.1", the
// increment to two significant digits), else "0.5/move", "12 plies", "5000 nodes", else "".
std::string fastchess_limit_text(const SearchLimitConfig& limits);

// fastchess's field for the option `name` (matched exactly, as fastchess does) of a spin such as
// Threads or Hash: its value and `unit` ("2t", "16MB"), or "NULL" when the engine declares no
// such option (an XBoard engine declares none).
std::string fastchess_option_field(const std::vector<DeclaredOption>& options,
                                   const std::string& name, const std::string& unit);

// "A vs B (1+0.01, 1t, 16MB, book.epd)": each field once when both engines agree, "X - Y" when
// they differ; the book's file name without its folder, left out with no opening suite.
std::string fastchess_matchup(const MatchupSide& first, const MatchupSide& second,
                              const TournamentConfig& config);

}  // namespace arbiter
