// The sequential probability ratio test of a two-engine match: log-likelihood ratios for
// pentanomial (pair) and trinomial (game) counts under normalized or logistic Elo, and the test
// that stops a match. Its parameters are configuration (harness/config/sprt_config.h).
#pragma once

#include <string>
#include <string_view>

#include "harness/config/sprt_config.h"
#include "harness/ratings/counts.h"

namespace arbiter {

// Generalized log-likelihood ratio of H1 (normalized Elo nelo1) against H0 (nelo0) for pentanomial
// pair counts: N x sum p_i log(p1_i / p0_i), where p is the empirical distribution and p0, p1 are
// its maximum-likelihood fits under the constraint (mean - 1/2) / sigma = t of each hypothesis.
// Empty cells are regularised to 1e-3 pairs as fishtest does. Returns 0 when there are no pairs.
double llr_normalized(const PentanomialCounts& counts, double nelo0, double nelo1);

// The same for single games (trinomial counts).
double llr_normalized(const WdlCounts& counts, double nelo0, double nelo1);

// Generalized log-likelihood ratio with hypotheses on the expected score 1/(1+10^(-elo/400)).
double llr_logistic(const PentanomialCounts& counts, double elo0, double elo1);

// The same for single games (trinomial counts).
double llr_logistic(const WdlCounts& counts, double elo0, double elo1);

// Where a sequential test stands.
enum class SprtState { continue_testing, h0_accepted, h1_accepted };

// Returns "continue", "H0 accepted" or "H1 accepted".
std::string_view to_string(SprtState state);

// A sequential probability ratio test for a two-engine match played in colour-reversed pairs.
// Feed it the pair counts so far; it stops the match when the LLR leaves
// (ln(beta/(1-alpha)), ln((1-beta)/alpha)).
class Sprt {
  public:
    // Throws ConfigError unless 0 < alpha, beta, alpha + beta < 1 and elo0 < elo1.
    explicit Sprt(const SprtParameters& parameters);

    // Replaces the pair counts seen so far and recomputes the LLR.
    void update(const PentanomialCounts& totals);

    double llr() const { return llr_; }
    double lower_bound() const { return lower_bound_; }
    double upper_bound() const { return upper_bound_; }
    SprtState state() const;
    const SprtParameters& parameters() const { return parameters_; }
    const PentanomialCounts& totals() const { return totals_; }

    // Returns "LLR: 2.16 (-2.94, 2.94)".
    std::string format_llr() const;
    // Returns the LLR line followed by the verdict: "LLR: 2.98 (-2.94, 2.94) H1 accepted".
    std::string summary() const;

  private:
    SprtParameters parameters_;
    PentanomialCounts totals_;
    double llr_ = 0.0;
    double lower_bound_ = 0.0;
    double upper_bound_ = 0.0;
};

}  // namespace arbiter
