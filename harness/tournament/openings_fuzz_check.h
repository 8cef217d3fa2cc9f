// What the opening fuzz targets require of every suite the readers accept: each opening's start
// position is a valid FEN and its moves are legal from it, in order.
#pragma once

#include <cstdlib>
#include <vector>

#include "engines/core/board.h"
#include "harness/store/records.h"

namespace arbiter {

inline void require_playable(const std::vector<Opening>& openings) {
    if (openings.empty()) std::abort();  // the readers promise an error instead
    for (const Opening& opening : openings) {
        Board board;
        if (!board.set(opening.start_fen).empty()) std::abort();
        for (const std::string& text : opening.moves)
            if (!board.play_uci(text)) std::abort();
    }
}

}  // namespace arbiter
