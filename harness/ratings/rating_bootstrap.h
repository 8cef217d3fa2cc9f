// The parametric bootstrap of the joint ratings: every game replayed from the fitted model and
// the pool refitted, many times over with seeded streams, for the 95% intervals. Internal to the
// joint ratings.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "harness/ratings/rating_groups.h"

namespace arbiter::rating_fit {

// Turns a pool fit into anchored Elo values, one per player; in the bootstrap a player cut off
// from the rest in a resample's fit is +infinity or -infinity.
using AnchorFunction = std::function<void(const PoolFit&, std::vector<double>&)>;

// The bootstrap's draws: Elo per player and sample (player-major: elo[player * samples + s]) and
// the white advantage per sample, in Elo.
struct BootstrapSamples {
    int samples = 0;
    std::vector<double> elo;
    std::vector<double> white_advantage;
};

// Replays the games `samples` times from `fit` and refits each replay. Games between different
// groups replay their (one-sided) observed results: the fitted gap is unbounded. Under the none
// model (and under Davidson's where every game was drawn) a cell replays its observed draw rate
// with half a draw and half a decisive game added, where the expected score allows it: a drawn
// game may come out otherwise. The games of `pairs` (counted in `cells` too) are replayed a pair
// at a time: the two games' joint outcomes as the group's pairs came out (paired_outcomes), tilted
// to the fitted expected scores; every other game is replayed alone, so that without pairs the
// draws are exactly those of the games alone. `anchor` (canonical, or -1) picks each refit's core.
// Sample s draws from the stream mix_seed(seed, s), so a seed gives the same intervals everywhere.
// The samples are shared out over `threads` threads (0: one per hardware thread; parallel.h), which
// changes nothing in them; `anchored` is called from those threads at once.
BootstrapSamples run_bootstrap(int players, const std::vector<Cell>& cells,
                               const std::vector<PairCell>& pairs, const PoolFit& fit,
                               const ModelSettings& settings, int samples, std::uint64_t seed,
                               int anchor, const AnchorFunction& anchored, int threads = 0);

// The joint outcome probabilities (as PairOutcomes, from each game's White side) of a pair whose
// first game White is expected to score `first_score` and whose second `second_score`: `shape`
// (the observed joint outcomes' weights, every entry positive) exponentially tilted, p[a * 3 + b]
// proportional to shape[a * 3 + b] e^(x s(a) + y s(b)) with s the White's points, so that the
// two expected scores are met. The tilt is the distribution nearest the shape (in relative
// entropy) with those scores: the pairs' dependence kept, their means the model's.
std::array<double, 9> tilted_pair(const std::array<double, 9>& shape, double first_score,
                                  double second_score);

// tilted_pair from the tilt (x, y) (e^(x s(a) + y s(b)); 0, 0 for the shape itself), which it
// leaves at the tilt found: a shape tilted again to nearby scores starts near its answer.
std::array<double, 9> tilt_from(const std::array<double, 9>& shape, double first_score,
                                double second_score, double& x, double& y);

// The shape of a pair's joint outcomes (as PairOutcomes, each game from its White's side) shared
// by the pool, from the pairs of players within a group: the maximum-likelihood shape of the model
// in which each pair of players' pairs are the shape tilted (tilted_pair) to their own two White
// scores, the same in both orders (which game came first is arbitrary), each pair of players' pairs
// with its share (by pairs) of one pair for the pool whose games are independent, each as that
// colour's games came out with a third of a game of each outcome added (so that every joint
// outcome can come out). Pairs of players far apart, one side winning nearly every game, tell
// little of how a pair's two games go together, and so weigh little in it. Returned tilted to the
// pool's White score in both games; all zero without pairs.
std::array<double, 9> paired_outcomes(const std::vector<PairCell>& pairs, const PoolFit& fit);

// Returns the q-quantile of sorted values, interpolating linearly between order statistics. The
// values may hold infinities (unbounded resamples): a quantile that puts any weight on one is
// that infinity (between -inf and +inf: -inf for q < 0.5, +inf otherwise); never NaN.
double quantile(const std::vector<double>& sorted, double q);

// The standard normal distribution function.
double normal_cdf(double x);

}  // namespace arbiter::rating_fit
