#pragma once

#include <array>
#include <numbers>
#include <optional>

#include "harness/ratings/counts.h"

namespace arbiter {

// Normalized Elo per unit of t-value (score excess over its standard deviation).
inline constexpr double NORMALIZED_ELO_PER_T = 800.0 / std::numbers::ln10;
// The scores a game pair (pentanomial) and a single game (trinomial) can have.
inline constexpr std::array<double, 5> PAIR_VALUES = {0.0, 0.25, 0.5, 0.75, 1.0};
inline constexpr std::array<double, 3> GAME_VALUES = {0.0, 0.5, 1.0};

// Returns the logistic Elo difference whose expected score is `score`: -400 log10(1/score - 1).
// A score of 1 gives +infinity and a score of 0 gives -infinity.
double elo_from_score(double score);

// Returns the expected score of a player rated `elo` above the opponent: 1 / (1 + 10^(-elo/400)).
double score_from_elo(double elo);

// An Elo difference between two players with its 95% confidence interval and the likelihood of
// superiority. The interval is the Elo of the score's normal 95% interval, so it need not be
// symmetric; error_95 is half its width. Values are never NaN: a perfect score gives elo = +inf
// with low_95 at the exact (Clopper-Pearson) 97.5% lower limit of the score, a zero score the
// mirror image, and an interval reaching a score of 0 or 1 has an infinite end and error_95.
struct EloEstimate {
    double elo = 0.0;
    double low_95 = 0.0;
    double high_95 = 0.0;
    double error_95 = 0.0;
    double los = 0.5;  // probability that the player is the stronger one, 0..1
};

// Normalized Elo (fishtest): the score's distance from 0.5 in units of its per-game standard
// deviation, times 800/ln 10. error_95 comes from the delta method.
struct NormalizedElo {
    double elo = 0.0;
    double error_95 = 0.0;
};

// Trinomial Elo from single games (as cutechess-cli computes it): W=7 D=4 L=3 gives 102 +- 174.
// LOS is 0.5 + 0.5 erf((W-L)/sqrt(2(W+L))), and 0.5 when there are no decisive games.
EloEstimate trinomial_elo(const WdlCounts& counts);

// Pentanomial Elo from colour-reversed game pairs: the mean pair score per game and its variance
// between pairs, so correlated openings do not inflate confidence. LOS from the normal model.
EloEstimate pentanomial_elo(const PentanomialCounts& counts);

// Normalized Elo from game pairs (per-game deviation = sqrt(2) x the pair score's deviation).
NormalizedElo normalized_elo(const PentanomialCounts& counts);

// Normalized Elo from single games.
NormalizedElo normalized_elo(const WdlCounts& counts);

// Everything arbiter reports about one player against one opponent. The pentanomial figures are
// present only when at least one complete game pair was played.
struct PairStatistics {
    MatchTally tally;
    EloEstimate trinomial;
    std::optional<EloEstimate> pentanomial;
    std::optional<NormalizedElo> normalized;
};

// Computes the pair statistics of one match tally (see tally_match).
PairStatistics pair_statistics(const MatchTally& tally);

}  // namespace arbiter
