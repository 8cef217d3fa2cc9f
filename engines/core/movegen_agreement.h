// The cross-check behind the move generator's tests: at one position, every shortcut the search
// and the referee take (has_legal_move, count_legal, the staged generations, is_legal) must give
// what full generation gives. Shared by the unit sample and the deep runs over perft trees and
// random playouts.
#pragma once

#include <bitset>
#include <cstdint>
#include <random>
#include <string>

#include "engines/core/movegen.h"

namespace arbiter::testing {

// Returns "" when every shortcut agrees with generate_legal() at pos, else what disagreed.
// is_legal is asked of every legal move and of `probes` random encodings (none when 0).
inline std::string generation_disagreement(const Position& pos, std::mt19937_64& rng, int probes) {
    MoveList all, captures, quiets, noisy;
    generate_legal(pos, all);
    generate_captures(pos, captures);
    generate_quiets(pos, quiets);
    generate_noisy(pos, noisy);
    if (has_legal_move(pos) != !all.empty()) return "has_legal_move";
    if (count_legal(pos) != all.size()) return "count_legal";
    std::size_t c = 0, q = 0, n = 0;
    std::bitset<65536> legal;
    for (Move m : all) {
        legal.set(m.raw());
        bool capture = pos.is_capture(m), promotion = m.kind() == Move::PROMOTION;
        if (capture && (c >= captures.size() || captures[c++] != m)) return "generate_captures";
        if (!capture && (q >= quiets.size() || quiets[q++] != m)) return "generate_quiets";
        if ((capture || promotion) && (n >= noisy.size() || noisy[n++] != m))
            return "generate_noisy";
        if (!is_legal(pos, m)) return "is_legal refuses " + std::to_string(m.raw());
    }
    if (c != captures.size()) return "generate_captures";
    if (q != quiets.size()) return "generate_quiets";
    if (n != noisy.size()) return "generate_noisy";
    for (int i = 0; i < probes; ++i) {
        // Half the probes start from a square of the side to move, where legal moves are.
        std::uint16_t raw = std::uint16_t(rng());
        if (i % 2 == 0) {
            Bitboard own = pos.pieces(pos.side_to_move());
            int skip = int(rng() % popcount(own));
            while (skip--) own &= own - 1;
            raw = std::uint16_t((raw & ~0x3f) | lsb(own));
        }
        if (is_legal(pos, Move(raw)) != legal[raw]) return "is_legal on " + std::to_string(raw);
    }
    return "";
}

}  // namespace arbiter::testing
