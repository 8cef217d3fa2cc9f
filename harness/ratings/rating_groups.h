// Connected groups and bounds: the players of a pool split into groups in which everyone scored
// against everyone else through chains of games; the core group gets point estimates, and every
// other group, having swept or been swept by its neighbours, gets a bound. Internal to the joint
// ratings.
#pragma once

#include <vector>

#include "harness/ratings/rating_model.h"

namespace arbiter::rating_fit {

// Ratings of a whole (connected) pool in natural units. Players of the core group have point
// estimates (unless the core is a single player who won or lost everything); every other
// strongly connected group swept or was swept by its neighbours and carries a bound.
struct PoolFit {
    std::vector<double> theta;
    std::vector<RatingBound> bound;
    std::vector<int> block;
    std::vector<double> block_nu;
    int group_count = 0;
    // reach[a * group_count + b]: group a won every game against group b, directly or through a
    // chain of such groups; the ranking must respect it.
    std::vector<char> reach;
    int core = 0;
    double eta = 0.0;
    std::vector<int> core_members;
    std::vector<double> core_covariance;
};

// Fits the pool of `players` players on `cells`. In the main fit (strict) a confounded white
// advantage is an error; in bootstrap refits it falls back to the fixed eta_start. The core group
// (point estimates) is the one holding `anchor` (a canonical index, or -1 for none), otherwise
// the one the results pick (choose_core), never by names.
PoolFit fit_pool(int players, const std::vector<Cell>& cells, const ModelSettings& settings,
                 double eta_start, const std::vector<double>* warm, bool strict, int anchor);

// Whether the results order group a above group b.
inline bool group_above(const PoolFit& pool, int a, int b) {
    return pool.reach[static_cast<std::size_t>(a) * pool.group_count + b] != 0;
}

// Elo per natural unit of a fit. Davidson ratings are scaled by 2 / (2 + nu) so that the expected
// score rises at equal ratings as steeply as on the logistic Elo curve; without draws the factor
// is 1, and with nothing but draws every rating difference is 0 anyway.
double elo_per_natural(const PoolFit& pool, DrawModel model);

}  // namespace arbiter::rating_fit
