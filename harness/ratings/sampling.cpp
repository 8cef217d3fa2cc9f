#include "harness/ratings/sampling.h"

#include <algorithm>
#include <cmath>

namespace arbiter {

std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t stream) {
    // SplitMix64 finaliser over the seed advanced by the stream number.
    std::uint64_t z = seed + (stream + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::int64_t binomial_from_uniform(std::int64_t trials, double probability, double uniform) {
    if (trials <= 0 || probability <= 0.0) return 0;
    if (probability >= 1.0) return trials;
    const double n = static_cast<double>(trials);
    const double odds = probability / (1.0 - probability);
    const std::int64_t mode =
        std::min(trials, static_cast<std::int64_t>(std::floor((n + 1.0) * probability)));
    const double k = static_cast<double>(mode);
    const double log_mode_probability = std::lgamma(n + 1.0) - std::lgamma(k + 1.0) -
                                        std::lgamma(n - k + 1.0) + k * std::log(probability) +
                                        (n - k) * std::log1p(-probability);
    const double mode_probability = std::exp(log_mode_probability);

    double remaining = uniform - mode_probability;
    if (remaining < 0.0) return mode;
    std::int64_t below = mode;
    std::int64_t above = mode;
    double below_probability = mode_probability;
    double above_probability = mode_probability;
    // Alternate one step down and one step up, taking each count's probability off the uniform.
    while (below > 0 || above < trials) {
        if (below > 0) {
            below_probability *=
                static_cast<double>(below) / (static_cast<double>(trials - below + 1) * odds);
            --below;
            remaining -= below_probability;
            if (remaining < 0.0) return below;
        }
        if (above < trials) {
            above_probability *=
                static_cast<double>(trials - above) * odds / static_cast<double>(above + 1);
            ++above;
            remaining -= above_probability;
            if (remaining < 0.0) return above;
        }
        // Whatever is left is rounding error once both tails are exhausted or negligible.
        const bool below_done = below == 0 || below_probability < 1e-300;
        const bool above_done = above == trials || above_probability < 1e-300;
        if (below_done && above_done) break;
    }
    return mode;
}

}  // namespace arbiter
