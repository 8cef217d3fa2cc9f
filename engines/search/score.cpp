#include "engines/search/score.h"

namespace arbiter {

std::string uci_score(int score) {
    if (score >= SCORE_MATE_BOUND) return "mate " + std::to_string((SCORE_MATE - score + 1) / 2);
    if (score <= -SCORE_MATE_BOUND) return "mate -" + std::to_string((SCORE_MATE + score) / 2);
    return "cp " + std::to_string(score);
}

}  // namespace arbiter
