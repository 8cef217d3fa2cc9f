// The FIDE Dutch system (Handbook C.04.3, the 2025 rules in force from 2026, with the general
// rules C.04.1): the next round's pairing of a Swiss tournament, computed from the rounds played.
//
// Every criterion of the rules becomes bits of one integer edge weight, most important first:
// the absolute criteria (no second meeting, no two non-topscorers with the same absolute colour
// preference, one pairing-allocated bye per player) decide whether an edge exists; then the
// completion of the round, the pairs and scores paired in the bracket and in the next one, the
// bye assignee's unplayed games, the four colour criteria and the eight float criteria. A
// maximum-weight matching (weighted_matching.h) then finds the best pairing of the bracket with
// the rest of the round still completable; the rules' order of candidates (transpositions of S2,
// then exchanges between S1 and S2 by the count, the sum difference and the numbers exchanged)
// is imposed by fixing one player at a time and re-solving. Colours follow the rules' section E.
#pragma once

#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "harness/swiss/tournament_record.h"

namespace arbiter::swiss {

// The pairing of one round: boards as (White, Black) pairing numbers, 0-based, highest board
// first, and the player given the pairing-allocated bye.
struct RoundPairing {
    std::vector<std::pair<int, int>> boards;
    std::optional<int> bye;
};

// Thrown when no pairing satisfies the absolute criteria (for instance a fourth round of four
// players who all met).
class NoValidPairing : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Pairs round tournament.rounds.size() + 1. The first round gives pairing number 1 White.
// Throws NoValidPairing when the round cannot be paired.
RoundPairing pair_dutch(const SwissTournament& tournament);

}  // namespace arbiter::swiss
