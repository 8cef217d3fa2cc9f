// The published Polyglot random numbers (see polyglot_random.cpp).
#pragma once

#include <array>
#include <cstdint>

namespace arbiter {

// Offsets into POLYGLOT_RANDOM: 64 * kind + square for pieces (kind 0 black pawn, 1 white pawn,
// 2 black knight, ..., 11 white king; square a1 = 0 ... h8 = 63), then the castling rights (white
// short, white long, black short, black long), the en-passant file, and White to move.
inline constexpr int POLYGLOT_CASTLE_OFFSET = 768;
inline constexpr int POLYGLOT_EN_PASSANT_OFFSET = 772;
inline constexpr int POLYGLOT_TURN_OFFSET = 780;

extern const std::array<std::uint64_t, 781> POLYGLOT_RANDOM;

}  // namespace arbiter
