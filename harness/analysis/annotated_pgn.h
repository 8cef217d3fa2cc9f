// `arbiter analyse --pgn`: a PGN game read back into positions, and written out again with the
// analysis: every move's [%eval] (from White's side), a NAG where the mover lost past the
// thresholds and the engine's move in the comment ("{[%eval -1.20] better: Nf3}").
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "harness/analysis/analysis.h"
#include "harness/pgn/pgn_reader.h"

namespace arbiter {

// A game's start position (its FEN tag, else the standard one) and its moves as UCI.
struct GameLine {
    std::string start_fen;
    std::vector<std::string> uci_moves;
};

// Replays `game`'s SAN moves with the chess core. Throws std::runtime_error "SOURCE:LINE: ..."
// for a bad FEN tag or a move that is not legal there.
GameLine game_line(const PgnGame& game, const std::string& source);

// The game as PGN: its tags as read, then the annotated moves, wrapped before 80 columns, then
// its termination marker ("*" when it had none).
std::string annotated_pgn(const PgnGame& game, const std::vector<AnnotatedMove>& moves,
                          const std::string& start_fen);

}  // namespace arbiter
