// Perft: counts the leaf nodes of the legal move tree, the standard test of a move generator.
#pragma once

#include <cstdint>
#include <ostream>

#include "engines/core/position.h"

namespace arbiter {

// Leaves at `depth` plies (the last ply is counted from the legal move list, in bulk).
std::uint64_t perft(Position& pos, int depth);

// Perft with a divide, in Stockfish's format: "e2e4: 20" per root move, a blank line, then
// "Nodes searched: N". Returns the total.
std::uint64_t perft_divide(Position& pos, int depth, std::ostream& out);

}  // namespace arbiter
