// The end-of-tournament report: a standings table with joint maximum-likelihood Elo and 95%
// error bars, what each engine spent per move, a crosstable, and for a two-engine match the
// cutechess-style score and Elo-difference lines with pentanomial counts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/store/store.h"

namespace arbiter {

struct StandingsOptions {
    int bootstrap_samples = 1000;
    std::uint64_t seed = 1;
};

// Writes the report for the games of `tournament` between the engines `engine_ids` (named in the
// same order by `names`). Returns an empty string when no game has been played yet.
std::string format_standings(Store& store, TournamentId tournament,
                             const std::vector<EngineId>& engine_ids,
                             const std::vector<std::string>& names,
                             const StandingsOptions& options = {});

}  // namespace arbiter
