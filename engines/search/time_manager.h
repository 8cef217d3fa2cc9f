// The time manager: turns a `go` command's clock into a budget for one move.
#pragma once

#include <cstdint>

#include "engines/search/limits.h"

namespace arbiter {

// How long a search may run: no new iteration starts after `soft_ms`, and a running iteration
// is abandoned at `hard_ms` (both measured from the `go`). hard_ms == 0 means no time limit.
struct TimeBudget {
    std::int64_t soft_ms = 0;
    std::int64_t hard_ms = 0;
    bool limited() const { return hard_ms > 0; }
};

// The budget for the side `us` under `limits`. `overhead_ms` is kept in reserve on every move
// for the time the move takes to reach the clock (pipes, scheduling, the referee). With a clock
// the hard limit never exceeds 70% of what is left after that reserve, so a clock with an
// increment never runs out: each move leaves at least 30% of the remaining time.
// `go infinite`, or a `go` with neither movetime nor a clock for `us`, gives no time limit.
TimeBudget plan_time(const SearchLimits& limits, Color us, std::int64_t overhead_ms);

}  // namespace arbiter
