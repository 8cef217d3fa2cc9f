// The parameters of a sequential probability ratio test, as the user gives them: hypotheses,
// error rates and the Elo model. harness/ratings/sprt.h runs the test itself.
#pragma once

#include <string_view>

#include "harness/config/json.h"
#include "harness/config/values.h"

namespace arbiter {

// Which Elo the SPRT hypotheses are stated in: normalized Elo (fishtest's default) or logistic Elo.
enum class SprtModel { normalized, logistic };

std::string_view to_string(SprtModel model);

// The two hypotheses H0: elo = elo0 and H1: elo = elo1, with the error rates alpha (accepting H1
// when H0 holds) and beta (accepting H0 when H1 holds).
struct SprtParameters {
    double elo0 = 0.0;
    double elo1 = 10.0;
    double alpha = 0.05;
    double beta = 0.05;
    SprtModel model = SprtModel::normalized;

    bool operator==(const SprtParameters&) const = default;
};

// Reads "elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=normalized|logistic]"; elo0 and elo1 are
// required, alpha and beta default to 0.05. Throws ConfigError naming the problem.
SprtParameters parse_sprt_parameters(std::string_view text);

// The JSON "sprt" object with the same keys, read by the same rules.
json::Value to_json(const SprtParameters& parameters);
SprtParameters sprt_from_json(const json::Value& value);

// Throws ConfigError unless 0 < alpha, beta, alpha + beta < 1 and elo0 < elo1.
void validate(const SprtParameters& parameters);

}  // namespace arbiter
