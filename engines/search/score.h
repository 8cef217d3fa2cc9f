// Search scores: centipawns from the side to move's point of view, plus mate scores that carry
// the distance to mate in plies, so that a shorter mate always scores higher.
#pragma once

#include <string>

namespace arbiter {

constexpr int MAX_PLY = 128;  // no search line is longer than this
constexpr int SCORE_INFINITE = 32001;
constexpr int SCORE_MATE = 32000;  // mate on the board at the root, never reached in play
constexpr int SCORE_MATE_BOUND = SCORE_MATE - MAX_PLY;  // scores beyond this are mates
constexpr int SCORE_DRAW = 0;

// The score of being mated `ply` plies from the root.
constexpr int mated_in(int ply) {
    return -SCORE_MATE + ply;
}
// The score of mating `ply` plies from the root.
constexpr int mate_in(int ply) {
    return SCORE_MATE - ply;
}
constexpr bool is_mate_score(int score) {
    return score >= SCORE_MATE_BOUND || score <= -SCORE_MATE_BOUND;
}

// The UCI text of a score: "cp 35", "mate 3" (we mate in 3 moves), "mate -2" (we are mated in 2).
std::string uci_score(int score);

}  // namespace arbiter
