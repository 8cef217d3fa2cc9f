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

// The report's sections as values: each table's rows (its header first) and the lines around
// them, before they are laid out as text. A section without rows is left out of the text, so a
// reader drops one by clearing it (`arbiter status` drops the per-move statistics, which the
// games it copies without their moves cannot give).
struct StandingsTables {
    using Rows = std::vector<std::vector<std::string>>;
    Rows ratings;              // Rank, Name, Elo, 95% low, 95% high, Games, Score, Draw
    std::string ratings_note;  // the line below it, or "Ratings: " and why there are none
    Rows move_statistics;      // Name, Depth, Nodes, Time ms, Moves
    Rows crosstable;           // more than two engines: points by row against column
    std::vector<std::string> match_lines;  // two engines: "Score of", "Elo difference", "Ptnml"
    bool empty() const { return ratings.empty() && ratings_note.empty(); }
};

// The sections of the report for the games of `tournament` between the engines `engine_ids`
// (named in the same order by `names`); empty when no game has been played yet.
StandingsTables standings_tables(Store& store, TournamentId tournament,
                                 const std::vector<EngineId>& engine_ids,
                                 const std::vector<std::string>& names,
                                 const StandingsOptions& options = {});

// The text of `tables`: each section that has rows, a blank line between two; "" when empty.
std::string format_standings(const StandingsTables& tables);

// The text of standings_tables().
std::string format_standings(Store& store, TournamentId tournament,
                             const std::vector<EngineId>& engine_ids,
                             const std::vector<std::string>& names,
                             const StandingsOptions& options = {});

}  // namespace arbiter
