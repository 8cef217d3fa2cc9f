#include "harness/game/adjudicators.h"

#include <cstdlib>

namespace arbiter {

bool DrawTracker::update(Color mover, std::optional<int> score, int fullmove_number) {
    if (!rule_.draw_move_number) return false;
    quiet_moves_[mover] =
        score && std::abs(*score) <= rule_.draw_score ? quiet_moves_[mover] + 1 : 0;
    return fullmove_number > *rule_.draw_move_number &&
           quiet_moves_[WHITE] >= rule_.draw_move_count &&
           quiet_moves_[BLACK] >= rule_.draw_move_count;
}

bool ResignTracker::update(Color mover, std::optional<int> score) {
    if (rule_.resign_move_count <= 0) return false;
    losing_moves_[mover] = score && *score <= -rule_.resign_score ? losing_moves_[mover] + 1 : 0;
    winning_moves_[mover] = score && *score >= rule_.resign_score ? winning_moves_[mover] + 1 : 0;
    return losing_moves_[mover] >= rule_.resign_move_count &&
           (!rule_.resign_two_sided || winning_moves_[~mover] >= rule_.resign_move_count);
}

}  // namespace arbiter
