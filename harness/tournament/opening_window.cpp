#include "harness/tournament/opening_window.h"

#include <algorithm>
#include <random>

namespace arbiter {

std::vector<std::int64_t> opening_window_order(std::int64_t count, bool random_order,
                                               std::uint64_t seed, std::int64_t start) {
    std::vector<std::int64_t> order(std::size_t(std::max<std::int64_t>(count, 0)));
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = std::int64_t(i);
    if (order.empty()) return order;
    if (random_order) {
        std::mt19937_64 rng(seed);
        for (std::size_t i = order.size() - 1; i > 0; --i)
            std::swap(order[i], order[rng() % (i + 1)]);
    }
    std::int64_t first = (std::max<std::int64_t>(start, 1) - 1) % count;
    std::rotate(order.begin(), order.begin() + first, order.end());
    return order;
}

}  // namespace arbiter
