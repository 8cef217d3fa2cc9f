// The rules that end a game, as a referee applies them.
#pragma once

#include "engines/core/position.h"

namespace arbiter {

enum class GameStatus {
    ongoing,
    checkmate,  // the side to move is mated
    stalemate,
    fifty_moves,            // 100 plies without capture or pawn move (and no mate on the board)
    threefold_repetition,   // this position has occurred three times
    insufficient_material,  // neither side can ever mate
};

// The case of insufficient_material() with at most minor pieces on the board.
bool insufficient_minor_material(const Position& pos);

// True if no sequence of legal moves can mate either side: K v K, K+minor v K, and kings with
// bishops only, all on squares of one colour. (Inline: the search asks at every node, and a
// pawn, rook or queen on the board answers it.)
inline bool insufficient_material(const Position& pos) {
    if (pos.pieces(PAWN) || pos.pieces(ROOK) || pos.pieces(QUEEN)) return false;
    return insufficient_minor_material(pos);
}

// True if colour c has too little material to mate even with help (for flag falls: a player
// whose opponent cannot mate draws instead of losing on time). Covers a lone king, and a king
// with one minor piece when the other side has nothing but a king.
bool cannot_mate(const Position& pos, Color c);

// The status of the game after the moves that led to pos, checking mate before the 50-move
// rule (a mate on the 100th ply counts as mate).
GameStatus game_status(const Position& pos);

const char* to_string(GameStatus status);

}  // namespace arbiter
