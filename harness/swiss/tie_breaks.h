// The standings of a Swiss tournament with FIDE's tie-breaks (Handbook C.07, the 2024 rules):
// Buchholz, Buchholz cut 1, Sonneborn-Berger and direct encounter. Each is exact: points and
// Buchholz in half points, Sonneborn-Berger in quarter points (a half-point score times a
// half-point result).
//
// Unplayed rounds (a pairing-allocated bye) count as a game against a dummy opponent whose score
// is the player's own final score (C.07 article 16): the bye adds the player's own score to their
// Buchholz and the bye's points times that score to their Sonneborn-Berger; cut 1 removes the
// lowest contribution. Opponents' scores are their final
// points, byes included. Direct encounter ranks players tied on points by the points they scored
// against each other, and only when every two of them met; otherwise it leaves them tied (0).
#pragma once

#include <vector>

#include "harness/swiss/tournament_record.h"

namespace arbiter::swiss {

// One player's line in the standings.
struct SwissStanding {
    int player = 0;            // pairing number, 0-based
    int points = 0;            // half points
    int direct_encounter = 0;  // half points against the players tied on points
    int buchholz_cut1 = 0;     // half points
    int buchholz = 0;          // half points
    int sonneborn_berger = 0;  // quarter points
    int place = 0;             // 1-based; players tied on every criterion share it
};

// The standings after every round with results, in order: points, direct encounter, Buchholz cut
// 1, Buchholz, Sonneborn-Berger (highest first), then pairing number. A round whose games are not
// all finished is left out.
std::vector<SwissStanding> swiss_standings(const SwissTournament& tournament);

}  // namespace arbiter::swiss
