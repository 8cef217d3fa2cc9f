// Where a game was lost: a reference engine's word on every position of a recorded game, and
// the annotations made of it (README, "arbiter analyse"): each move's evaluation from White's
// side, a NAG where the mover's own evaluation falls past the thresholds below, and the move the
// engine preferred. Plain values and pure functions; engine_analysis.h asks the engine.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engines/core/types.h"
#include "harness/game/engine_types.h"
#include "harness/game/score.h"
#include "harness/store/records.h"

namespace arbiter {

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
    std::string engine_move;          // the engine's move (SAN) wherever it differs from `san`
};

// One player's analysed moves summed: the loss (for the average centipawn loss) and the marked
// moves, over `games` games.
struct LossTally {
    std::int64_t games = 0, moves = 0, loss = 0, inaccuracies = 0, mistakes = 0, blunders = 0;

    // Counts one move (its loss and NAG).
    void add(const AnnotatedMove& move);
    // The loss per move (0 without moves) and the marks per game (0 without games).
    double average_loss() const;
    double per_game(std::int64_t count) const;
};

// Where a decisive game was lost: among the loser's moves, the first after which the engine's
// evaluation from the loser's side (clamped as above) is at most minus the blunder threshold and
// stays there after each of the loser's later moves. The engine's move in the position before
// it, when it differs, is `better`.
struct TurningPoint {
    std::size_t ply = 0;  // the move's ply, from 1
    std::string san;
    std::string better;
    int before = 0;  // the loser's evaluation before the move (the engine's, clamped)
    int after = 0;   // and after it
};

// The turning point of a game lost by `loser` whose first move is White's when `white_first`,
// from its annotated moves and their verdicts; none when the loser's evaluation after its last
// move was above minus `threshold` (lost on time, by a fault, or not seen lost by the engine)
// or unknown.
std::optional<TurningPoint> turning_point(const std::vector<AnnotatedMove>& moves,
                                          const std::vector<PositionVerdict>& verdicts,
                                          bool white_first, Color loser, int threshold);

// The annotations of a game of `uci_moves` from `start_fen` given its positions' verdicts
// (moves.size() + 1 of them).
std::vector<AnnotatedMove> annotate_game(const std::string& start_fen,
                                         const std::vector<std::string>& uci_moves,
                                         const std::vector<PositionVerdict>& verdicts,
                                         const MistakeThresholds& thresholds = {});

// A score clamped to +/-1000 centipawns, a mate as 1000 (for the losses above).
int clamped_centipawns(const Score& score);

}  // namespace arbiter
