// The likelihood-ratio interval of one rating with the others held at their fit: the offsets at
// which twice the log-likelihood falls 3.84 (the 95% point of chi-square with one degree of
// freedom) below its maximum. Unlike the bootstrap's percentiles it measures the spread at each
// candidate rating rather than at the estimate, so it does not narrow where a short match scored
// near 0% or 100%. Internal to the joint ratings.
#pragma once

#include <vector>

#include "harness/ratings/rating_groups.h"

namespace arbiter::rating_fit {

// The offsets in natural units (low < 0 < high).
struct LikelihoodOffsets {
    double low = 0.0;
    double high = 0.0;
};

// Returns the offsets for player `player` of the core group of `fit`, from its games against the
// other core players; an offset is +-infinity where the likelihood never falls that far, and
// both are 0 where every such game was drawn under the none model (no spread to measure: the
// bootstrap's interval stands alone).
LikelihoodOffsets likelihood_ratio_offsets(const std::vector<Cell>& cells, const PoolFit& fit,
                                           int player, DrawModel model);

}  // namespace arbiter::rating_fit
