// Adjudication from the engines' own scores as small trackers (fastchess's DrawTracker and
// ResignTracker): each hears every engine move's score and says when its rule ends the game.
// The referee owns one of each; their counters are theirs alone. Beside them, the draw an
// engine's claim gives when claims are trusted.
#pragma once

#include <optional>

#include "engines/core/position.h"
#include "engines/core/types.h"
#include "harness/config/game_config.h"
#include "harness/game/engine_types.h"
#include "harness/game/result.h"

namespace arbiter {

// cutechess's -draw: the game is drawn after move `draw_move_number` once both engines have
// scored within `draw_score` of zero for `draw_move_count` consecutive moves each.
class DrawTracker {
  public:
    explicit DrawTracker(const Adjudication& rule) : rule_(rule) {}

    // Counts `mover`'s move scored `score` (centipawns, mates as +/-(100000 - moves); nothing if
    // the engine gave none). True if the rule draws the game after `fullmove_number`.
    bool update(Color mover, std::optional<int> score, int fullmove_number);

  private:
    const Adjudication& rule_;
    int quiet_moves_[COLOR_NB] = {0, 0};
};

// cutechess's -resign: a side whose engine scored at most -`resign_score` for
// `resign_move_count` consecutive moves loses; with two-sided resign only while its opponent
// scored at least +`resign_score` for as many moves.
class ResignTracker {
  public:
    explicit ResignTracker(const Adjudication& rule) : rule_(rule) {}

    // Counts `mover`'s move scored `score`. True if `mover` loses by adjudication now.
    bool update(Color mover, std::optional<int> score);

  private:
    const Adjudication& rule_;
    int losing_moves_[COLOR_NB] = {0, 0};
    int winning_moves_[COLOR_NB] = {0, 0};
};

// The draw an unchecked claim gives (DrawClaims::trusted): `claimant` claimed `claim` in `pos`
// in place of a move. The result's description names the claim and says whether FIDE's rules
// would grant it there (the position has occurred at least three times; 100 half-moves passed
// without a capture or a pawn move): "Draw claimed (unchecked): White claims threefold repetition
// (ThreeFoldRepetition), false under FIDE's rules: the position has occurred 2 times".
Result unchecked_claim_draw(const Position& pos, Color claimant, const DrawClaim& claim);

}  // namespace arbiter
