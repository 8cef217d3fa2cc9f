// What the opening fuzz targets require of every suite the readers accept: each opening's start
// position is a valid FEN and its moves are legal from it, in order.
#pragma once

#include <cstdlib>
#include <deque>
#include <vector>

#include "engines/core/notation.h"
#include "engines/core/position.h"
#include "harness/store/records.h"

namespace arbiter {

inline void require_playable(const std::vector<Opening>& openings) {
    if (openings.empty()) std::abort();  // the readers promise an error instead
    for (const Opening& opening : openings) {
        Position pos;
        std::deque<StateInfo> states;
        if (!pos.set(opening.start_fen, states.emplace_back()).empty()) std::abort();
        for (const std::string& text : opening.moves) {
            Move move = move_from_uci(pos, text);
            if (!move) std::abort();
            pos.do_move(move, states.emplace_back());
        }
    }
}

}  // namespace arbiter
