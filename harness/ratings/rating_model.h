// The rating model and its fit on one group of players: the logistic (score-only) and Davidson
// (win/draw/loss) likelihoods, and Newton's method on them. Internal to the joint ratings.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

#include "harness/ratings/joint_ratings.h"

namespace arbiter::rating_fit {

// Ratings are fitted in natural units (log-odds); this converts them to Elo.
constexpr double ELO_PER_NATURAL = 400.0 / std::numbers::ln10;
constexpr double INF = std::numeric_limits<double>::infinity();

// Games of White against Black, by canonical player index, from White's side.
struct Cell {
    int white = 0;
    int black = 0;
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;

    std::int64_t games() const { return wins + draws + losses; }
};

// The colour-reversed game pairs of two players by canonical index, first < second: outcomes as
// ResultMatrix's PairOutcomes, [a * 3 + b] for the game with `first` as White ending a and the
// game with `second` as White ending b. Their games are counted in the two cells too.
struct PairCell {
    int first = 0;
    int second = 0;
    PairOutcomes outcomes{};

    std::int64_t pairs() const {
        std::int64_t total = 0;
        for (std::int64_t count : outcomes) total += count;
        return total;
    }
};

// The model choices that the fits share. white_advantage is in natural units.
struct ModelSettings {
    DrawModel draw_model = DrawModel::none;
    bool fit_white_advantage = false;
    double white_advantage = 0.0;
};

inline double log_sigmoid(double z) {
    return z >= 0.0 ? -std::log1p(std::exp(-z)) : z - std::log1p(std::exp(z));
}

inline double sigmoid(double z) {
    if (z >= 0.0) return 1.0 / (1.0 + std::exp(-z));
    const double e = std::exp(z);
    return e / (1.0 + e);
}

// Davidson's outcome probabilities for a rating difference d (natural units) and draw
// propensity nu, with the log of their normaliser e^(d/2) + nu + e^(-d/2).
struct Davidson {
    double win = 0.0;
    double draw = 0.0;
    double loss = 0.0;
    double log_normaliser = 0.0;
};

// Returns Davidson's probabilities for rating difference d and draw propensity nu.
Davidson davidson(double d, double nu);

// One cell's log-likelihood at rating difference d (natural units), with its slope and curvature
// (minus the second derivative) in d. Under Davidson's model the draws' own term, draws x log nu,
// is left out (constant unless nu is fitted), and the outcome probabilities are kept for nu's
// derivatives.
struct CellLikelihood {
    double log_likelihood = 0.0;
    double slope = 0.0;
    double curvature = 0.0;
    Davidson davidson;
};

CellLikelihood cell_likelihood(const Cell& cell, double d, DrawModel model, double nu);

// What the none model's terms of a cell need of the transcendental functions at rating
// difference d: e^-|d| and log(1 + e^-|d|). The same at -d.
struct LogisticParts {
    double small = 0.0;
    double log_one_plus = 0.0;
};
LogisticParts logistic_parts(double d);

// The none model's cell likelihood at d from the parts at d or -d: cell_likelihood's values.
CellLikelihood logistic_cell_likelihood(const Cell& cell, double d, const LogisticParts& parts);

// The none model's cell likelihoods over a list of cells, the two cells of two players in the
// opposite colours sharing their logistic parts: with no white advantage their rating differences
// are d and -d exactly, so each pair's exponential and logarithm are computed once, and every
// value is cell_likelihood's to the bit.
class SharedLogistic {
  public:
    // Cells sorted by (white, black) share; otherwise each cell computes its own.
    explicit SharedLogistic(const std::vector<Cell>& cells);
    // The likelihood of cells[c] at d. Within one pass over the cells, call it for c in order,
    // every d from the same ratings.
    CellLikelihood at(std::size_t c, const Cell& cell, double d);

  private:
    std::vector<int> earlier_;  // the opposite cell when it comes earlier, else -1
    std::vector<LogisticParts> parts_;
};

// Thrown when a group's information matrix is singular (white advantage confounded with players).
struct SingularFit {};

// The maximum-likelihood fit of one strongly connected group of players on its internal games.
// theta holds natural-unit ratings per member with the first member at 0.
struct GroupFit {
    std::vector<double> theta;
    double eta = 0.0;  // white advantage, natural units
    double nu = 0.0;   // Davidson draw propensity; +infinity when every game was drawn
    std::vector<double> covariance;  // members x members, when asked for
};

// Fits one strongly connected group. Under the Davidson model nu is fitted jointly when the group
// has both draws and decisive games; if the likelihood then has no finite maximum (small samples
// in which, say, no pair has both a win and a loss) nu is fixed at the draw odds at equal
// strength, 2 draws / decisive games. Throws SingularFit when the white advantage is at fault.
GroupFit fit_group(const std::vector<int>& members, const std::vector<Cell>& cells,
                   const std::vector<int>& local, DrawModel model, bool fit_eta, double eta_start,
                   const std::vector<double>* warm, bool want_covariance);

}  // namespace arbiter::rating_fit
