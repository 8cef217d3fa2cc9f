// What a `go` command asks of a search: depth, node and time limits.
#pragma once

#include <cstdint>

#include "engines/core/types.h"

namespace arbiter {

// Limits of one search. Zero (or -1 for the clocks) means "not given". Several limits may be
// combined; the search stops at whichever is reached first.
struct SearchLimits {
    int depth = 0;                           // plies
    std::uint64_t nodes = 0;                 // node budget, counted as SearchResult::nodes counts
    std::int64_t movetime = 0;               // milliseconds for this move
    std::int64_t time[COLOR_NB] = {-1, -1};  // milliseconds left on each clock
    std::int64_t increment[COLOR_NB] = {0, 0};
    int movestogo = 0;      // moves to the next time control, 0 = sudden death
    bool infinite = false;  // search until told to stop

    bool has_clock(Color c) const { return time[c] >= 0; }
};

}  // namespace arbiter
