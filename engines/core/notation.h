// Move text: UCI long algebraic ("e2e4", "e7e8q") and Standard Algebraic Notation ("Nf3",
// "exd5", "O-O", "e8=Q+").
#pragma once

#include <string>
#include <string_view>

#include "engines/core/position.h"

namespace arbiter {

// "e2e4", "e7e8q", "e1g1" for castling; "0000" for Move::none().
std::string move_to_uci(Move m);

// The legal move that the UCI text names in pos, or Move::none() if the text is malformed or
// the move is not legal. The promotion letter may be in either case ("e7e8Q" is "e7e8q"), as
// cutechess reads it; the squares must be lower case.
Move move_from_uci(const Position& pos, std::string_view text);

// SAN with disambiguation, 'x', "=Q", "+" and "#". pos is changed and restored (the move is
// played to find check and mate). m must be legal.
std::string move_to_san(Position& pos, Move m);

// The legal move that the SAN text names in pos, or Move::none(). Accepts the usual variants:
// "0-0", missing or extra '+'/'#', "!?" annotations, "e8Q" and "e8(Q)" promotions, an omitted
// or over-specified disambiguation, and "P" before pawn moves.
Move move_from_san(Position& pos, std::string_view text);

}  // namespace arbiter
