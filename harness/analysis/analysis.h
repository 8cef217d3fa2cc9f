// Where a game was lost: a reference engine's word on every position of a recorded game, and
// the annotations made of it (README, "arbiter analyse"): each move's evaluation from White's
// side, a NAG where the mover's own evaluation falls past the thresholds below, and the move the
// engine preferred. Plain values and pure functions, but for analyse_positions(), which asks an
// engine.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engines/core/types.h"
#include "harness/game/engine_types.h"
#include "harness/game/score.h"
#include "harness/uci/client.h"

namespace arbiter {

// What the engine said of one position: its score from the side to move's point of view and
// the move it would play (UCI), both empty when it said none (a position with no legal move).
struct PositionVerdict {
    std::optional<Score> score;
    std::string best_move;
};

// The loss, in centipawns of the mover's own evaluation, past which a move is marked: `?!` an
// inaccuracy, `?` a mistake, `??` a blunder. Evaluations are clamped to +/-1000 centipawns
// first (a mate counts as 1000), so that a won position stays won however it is won.
struct MistakeThresholds {
    int inaccuracy = 50;
    int mistake = 100;
    int blunder = 300;
};

// One move of an analysed game.
struct AnnotatedMove {
    std::string san;
    std::optional<Score> eval_after;  // the engine's score after the move, from White's side
    int loss = 0;                     // centipawns the mover lost by it (clamped, at least 0)
    std::string nag;                  // "?!", "?", "??" or empty
    std::string better;               // the engine's move (SAN) where the move was marked
};

// Asks `engine` (started and ready) for every position of the game: the start and the position
// after each move, under `limits`, each at most `timeout` (then the game is given up: throws
// UciError naming the position). Returns moves.size() + 1 verdicts.
std::vector<PositionVerdict> analyse_positions(UciClient& engine, const std::string& start_fen,
                                               const std::vector<std::string>& uci_moves,
                                               const GoLimits& limits,
                                               std::chrono::milliseconds timeout);

// The annotations of a game of `uci_moves` from `start_fen` given its positions' verdicts
// (moves.size() + 1 of them).
std::vector<AnnotatedMove> annotate_game(const std::string& start_fen,
                                         const std::vector<std::string>& uci_moves,
                                         const std::vector<PositionVerdict>& verdicts,
                                         const MistakeThresholds& thresholds = {});

// A score clamped to +/-1000 centipawns, a mate as 1000 (for the losses above).
int clamped_centipawns(const Score& score);

}  // namespace arbiter
