// The profile likelihood-ratio interval of one rating: the ratings at which twice the
// log-likelihood, maximised over every other rating of the core group, falls 3.84 (the 95% point
// of chi-square with one degree of freedom) below its maximum. Unlike the bootstrap's percentiles
// it measures the spread at each candidate rating rather than at the estimate, so it does not
// narrow where a short match scored near 0% or 100%; and as the others are refitted at each
// candidate, their uncertainty counts as it does in the joint fit. Internal to the joint ratings.
#pragma once

#include <vector>

#include "harness/ratings/rating_groups.h"

namespace arbiter::rating_fit {

// The offsets in natural units (low < 0 < high) of the reported rating: the player's rating minus
// the anchor player's, or minus the core's average when `anchor` is -1.
struct LikelihoodOffsets {
    double low = 0.0;
    double high = 0.0;
    bool narrowed_by_pairs = false;  // false: the offsets of the games alone
};

// Returns the offsets for player `player` of the core group of `fit` (`anchor`, a canonical index
// or -1, is in the core when set), from the core's games with the white advantage and draw
// propensity held at their fit; an offset is +-infinity where the likelihood never falls that far,
// and both are 0 where every game of the player was drawn under the none model, or every core
// game under Davidson's (no spread to measure: the bootstrap's interval stands alone). Where the
// player played `pairs` (their games counted in `cells` too), the deviance is divided further by
// the pairs' design effect: the squares of the player's points about the fit's expectation, a pair
// at a time and its other games alone, over the same by games, compared with F(1, units - 1),
// where that is narrower than the games alone. Without pairs the offsets are those of the games
// alone.
LikelihoodOffsets likelihood_ratio_offsets(const std::vector<Cell>& cells, const PoolFit& fit,
                                           int player, int anchor, DrawModel model,
                                           const std::vector<PairCell>& pairs = {});

}  // namespace arbiter::rating_fit
