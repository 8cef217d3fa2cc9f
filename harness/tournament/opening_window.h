// Opening windows (cutechess's `-openings start=N`): fishtest and OpenBench give each worker its
// own stretch of one suite, either in file order or shuffled by a shared seed, so that workers
// with disjoint windows never play the same opening.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/store/records.h"

namespace arbiter {

// The order in which a window plays a suite of `count` openings: file order, or one shuffle by
// `seed` when `random_order`, rotated so that the `start`-th (1-based, wrapping past the end)
// comes first. A deterministic function of its arguments: two runs with the same seed and starts
// s and s + k play disjoint openings for their first k.
std::vector<std::int64_t> opening_window_order(std::int64_t count, bool random_order,
                                               std::uint64_t seed, std::int64_t start);

}  // namespace arbiter
