#include "engines/search/time_manager.h"

#include <algorithm>

namespace arbiter {

TimeBudget plan_time(const SearchLimits& limits, Color us, std::int64_t overhead_ms) {
    TimeBudget budget;
    if (limits.infinite) return budget;
    overhead_ms = std::max<std::int64_t>(0, overhead_ms);
    if (limits.movetime > 0) {
        // Use the whole move time but the reserve (at most half of it).
        std::int64_t t = limits.movetime - std::min(overhead_ms, limits.movetime / 2);
        budget.soft_ms = budget.hard_ms = std::max<std::int64_t>(1, t);
    }
    if (limits.has_clock(us)) {
        std::int64_t left = limits.time[us];
        std::int64_t inc = std::max<std::int64_t>(0, limits.increment[us]);
        // What may be spent at all: the clock minus the reserve, but never less than a quarter
        // of the clock (the reserve is meant for long controls, not to freeze a short one).
        std::int64_t usable = std::max(left - overhead_ms, left / 4);
        std::int64_t moves = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : 30;
        std::int64_t soft = usable / moves + inc * 3 / 4;
        std::int64_t hard = std::min(3 * soft, usable * 7 / 10);
        soft = std::min(soft, hard);
        soft = std::max<std::int64_t>(1, soft);
        hard = std::max<std::int64_t>(1, hard);
        if (!budget.limited() || hard < budget.hard_ms) {
            budget.hard_ms = hard;
            budget.soft_ms = std::min(soft, hard);
        }
    }
    return budget;
}

}  // namespace arbiter
