#include "harness/game/adjudicators.h"

#include <cstdlib>
#include <string>

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

Result unchecked_claim_draw(const Position& pos, Color claimant, const DrawClaim& claim) {
    const bool threefold = claim.rule == Termination::threefold;
    const int occurrences = pos.repetitions() + 1;
    const bool valid = threefold ? occurrences >= 3 : pos.rule50() >= 100;
    const std::string why = threefold ? "the position has occurred " + std::to_string(occurrences) +
                                            (occurrences == 1 ? " time" : " times")
                                      : std::to_string(pos.rule50()) +
                                            " half-moves without a capture or pawn move (100 "
                                            "needed)";
    return Result::draw(Termination::unchecked_claim,
                        std::string("Draw claimed (unchecked): ") +
                            (claimant == WHITE ? "White" : "Black") + " claims " +
                            (threefold ? "threefold repetition" : "the fifty-move rule") +
                            (claim.name.empty() ? "" : " (" + claim.name + ")") + ", " +
                            (valid ? "valid" : "false") + " under FIDE's rules: " + why);
}

}  // namespace arbiter
