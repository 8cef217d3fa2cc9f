#pragma once

#include <cstdint>
#include <random>

namespace arbiter {

// A seeded stream of uniform numbers for the parametric bootstrap. It is built on the fully
// specified std::mt19937_64 and converts to doubles itself, so a seed gives the same stream on
// every platform and standard library.
class RandomStream {
  public:
    explicit RandomStream(std::uint64_t seed) : engine_(seed) {}

    // Returns a uniform number in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

  private:
    std::mt19937_64 engine_;
};

// Returns a well-mixed seed for the stream-th independent stream derived from seed.
std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t stream);

// Maps a uniform number in [0, 1) to a binomial count of successes in `trials` tries with success
// probability `probability`: the set of uniforms mapped to k has measure P(k). The search starts
// at the mode and walks outwards, so it costs about one standard deviation of steps.
std::int64_t binomial_from_uniform(std::int64_t trials, double probability, double uniform);

// Draws a binomial count from the stream.
inline std::int64_t sample_binomial(RandomStream& stream, std::int64_t trials, double probability) {
    return binomial_from_uniform(trials, probability, stream.uniform());
}

}  // namespace arbiter
