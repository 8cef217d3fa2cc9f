// What the Swiss tests share: a field of players and a round played with seeded random results.
#pragma once

#include <algorithm>
#include <random>
#include <string>

#include "harness/swiss/dutch.h"

namespace arbiter::swiss {

inline SwissTournament generated_field(int players, int rounds, int bye_half_points) {
    SwissTournament t;
    for (int i = 0; i < players; ++i)
        t.players.push_back({"Player " + std::to_string(i), 1000 + 37 * i});
    t.planned_rounds = rounds;
    t.bye_half_points = bye_half_points;
    return t;
}

// A field of 2 to max_players players, 1 to max_rounds rounds (fewer than the players) and a
// bye worth 0, 0.5 or 1 point.
inline SwissTournament random_field(std::mt19937_64& random, int max_players, int max_rounds) {
    int players = std::uniform_int_distribution<int>(2, max_players)(random);
    int rounds = std::uniform_int_distribution<int>(
        1, std::max(1, std::min(max_rounds, players - 1)))(random);
    return generated_field(players, rounds, std::uniform_int_distribution<int>(0, 2)(random));
}

// Appends the paired round with a random result on every board.
inline void play_round(SwissTournament& t, const RoundPairing& pairing, std::mt19937_64& random) {
    SwissRound round;
    round.bye = pairing.bye;
    for (auto [w, b] : pairing.boards) {
        int r = std::uniform_int_distribution<int>(0, 2)(random);
        GameResult result = r == 0   ? GameResult::white_wins
                            : r == 1 ? GameResult::draw
                                     : GameResult::black_wins;
        round.games.push_back({w, b, result});
    }
    t.rounds.push_back(round);
}

}  // namespace arbiter::swiss
