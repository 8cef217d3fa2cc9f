// The 95% interval of every player of the joint ratings: the bootstrap's percentiles, widened by
// the profile likelihood-ratio interval and, with pairs, the games' own where narrower. Internal
// to the joint ratings.
#pragma once

#include <optional>
#include <vector>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/likelihood_interval.h"
#include "harness/ratings/rating_bootstrap.h"

namespace arbiter::rating_fit {

// The pool's games and which players the results cannot tell apart, by canonical index.
struct IntervalInputs {
    const std::vector<Cell>& cells;
    const std::vector<PairCell>& pairs;
    const std::vector<int>& classes;
};

// Every player's interval, by canonical index (nothing for a point estimate without a bootstrap),
// the players shared out over options.threads threads: each interval is its player's alone,
// whichever thread computes it. `elo` holds the anchored fit; `games_alone` the bootstrap of the
// games replayed alone (no samples without pairs).
std::vector<std::optional<RatingInterval>> player_intervals(const IntervalInputs& pool,
                                                            const RatingOptions& options,
                                                            const PoolFit& fit, int anchor,
                                                            const std::vector<double>& elo,
                                                            const BootstrapSamples& bootstrap,
                                                            const BootstrapSamples& games_alone);

}  // namespace arbiter::rating_fit
