#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "harness/ratings/counts.h"
#include "harness/ratings/game_result.h"

namespace arbiter {

// How a game's outcome depends on the rating difference d (White's rating + white advantage -
// Black's rating). Both models put each player's expected score equal to its actual score at the
// maximum-likelihood solution, and both report on the logistic Elo scale.
//  none:     only the score is modelled, E = 1 / (1 + 10^(-d/400)); a draw is half a win and half
//            a loss.
//  davidson: P(win) : P(draw) : P(loss) = 10^(x/800) : nu : 10^(-x/800) with a fitted draw
//            propensity nu (Davidson 1970). The model difference x is reported as
//            d = x * 2 / (2 + nu), which makes the expected score rise at equal ratings exactly as
//            steeply as on the logistic curve; with no draws (nu = 0) d = x. Where the
//            likelihood has no finite maximum in nu (tiny samples), nu is fixed at the draw odds
//            at equal strength, 2 x draws / decisive games.
enum class DrawModel { none, davidson };

// Parses "none" or "davidson".
std::optional<DrawModel> parse_draw_model(std::string_view text);

// Returns "none" or "davidson".
std::string_view to_string(DrawModel model);

// How to fit and anchor the joint ratings.
struct RatingOptions {
    // When set, this player is rated exactly anchor_elo (and its group is the core, the group of
    // point estimates); otherwise the core group's average is anchor_elo.
    std::optional<std::string> anchor_player;
    double anchor_elo = 0.0;
    DrawModel draw_model = DrawModel::none;
    // --white-advantage auto fits the advantage of moving first; otherwise it is fixed at
    // white_advantage Elo (default 0: colours ignored).
    bool fit_white_advantage = false;
    double white_advantage = 0.0;
    // Parametric bootstrap replays for the 95% intervals; 0 skips them (no error bars).
    int bootstrap_samples = 1000;
    std::uint64_t seed = 1;
    // Threads for the bootstrap and the intervals (0: one per hardware thread). The results are
    // the same whatever the number. One by default, so that the standings a running tournament
    // prints take no core from its engines; `ratings` and `report` use every core.
    int threads = 1;
};

// The colour-reversed game pairs of two players (one opening, each with White once), by the
// outcomes of their two games: [a * 3 + b] counts the pairs whose game with the lower-numbered
// player as White ended a and whose game with the other as White ended b, each in Outcome's order
// (white_win, draw, black_win) from its own White's side.
using PairOutcomes = std::array<std::int64_t, 9>;

// Game results aggregated per ordered pair (White, Black) of player indices, and the games that
// were played as colour-reversed pairs: everything the rating fit needs, independent of the
// number of games. Fill it from games or from grouped database counts.
class ResultMatrix {
  public:
    explicit ResultMatrix(int players);

    // Adds `count` games of white against black ending in `outcome`. Throws std::invalid_argument
    // for an index out of range, a player against itself or a negative count.
    void add(int white, int black, Outcome outcome, std::int64_t count = 1);
    // Adds `count` pairs of games on one opening with the colours reversed: white against black
    // ending in `first`, black against white ending in `second`. Both games count as by add();
    // the bootstrap replays the two together. Throws as add().
    void add_pair(int white, int black, Outcome first, Outcome second, std::int64_t count = 1);

    int players() const { return players_; }
    // Results of the games white played as White against black, from White's side.
    const WdlCounts& cell(int white, int black) const {
        return cells_[static_cast<std::size_t>(white) * static_cast<std::size_t>(players_) +
                      static_cast<std::size_t>(black)];
    }
    // All games of one player in either colour, from that player's side.
    WdlCounts player_results(int player) const;
    std::int64_t games() const { return games_; }
    // The pairs, by (lower index, higher index); a pair of players without pairs is absent.
    const std::map<std::pair<int, int>, PairOutcomes>& pairs() const { return pairs_; }

  private:
    int players_;
    std::int64_t games_ = 0;
    std::vector<WdlCounts> cells_;
    std::map<std::pair<int, int>, PairOutcomes> pairs_;
};

// Aggregates games into a matrix for `players` players. Two games that share a pair_id, and no
// other game does, are a pair when their colours were reversed (tally_match's rule); every other
// game counts alone.
ResultMatrix aggregate_results(int players, std::span<const GameResult> games);

// Whether a rating is a point estimate or only a bound.
//  lower: the player (or a group of players) won every game against the rest of the pool, so the
//         likelihood grows without limit: the estimate is +infinity and only the 95% one-sided
//         lower bound is a number, the rating at which such a clean sweep would have had a 2.5%
//         chance (the low end of a two-sided 95% interval).
//  upper: the mirror image for players who lost every game against the rest (estimate
//         -infinity, a 95% upper bound).
//  fixed: the anchor player, rated exactly the anchor by definition.
enum class RatingBound { none, lower, upper, fixed };

// A 95% interval of a rating, in Elo. Either end may be unbounded: low is -infinity or high is
// +infinity, never NaN, and low <= high. Every output (terminal, CSV, JSON, the page's table and
// charts) writes this one value, an unbounded end as "-inf" or "+inf".
struct RatingInterval {
    double low = 0.0;
    double high = 0.0;

    bool bounded_below() const { return low != -std::numeric_limits<double>::infinity(); }
    bool bounded_above() const { return high != std::numeric_limits<double>::infinity(); }
};

// One player's line in the ratings table.
struct PlayerRating {
    int player = 0;  // index in the caller's list of names
    std::string name;
    // The maximum-likelihood rating: +infinity for a lower bound, -infinity for an upper bound
    // (the likelihood has no finite maximum), except for the anchor player, who is rated exactly
    // the anchor.
    double elo = 0.0;
    RatingBound bound = RatingBound::none;
    // The 95% interval. A point estimate's ends are the 2.5th and 97.5th percentiles of the
    // bootstrap (absent when no bootstrap was run), where a resample in which the player is cut
    // off from the rest (a bound in that resample's fit) counts as +infinity or -infinity: so an
    // end is unbounded once about 2.5% of the resamples are unbounded on its side; widened to the
    // profile likelihood-ratio interval and that interval moved against the bootstrap's median
    // bias (likelihood_interval.h; README's coverage table). A bound's
    // interval runs from the bound to infinity, bootstrap or not. The anchor's is [anchor,
    // anchor].
    std::optional<RatingInterval> interval_95;
    WdlCounts results;  // all games of the player, from its side
    // Likelihood of superiority over the next player in the table (normal approximation from the
    // Fisher information); absent for the last player and when either player is a bound.
    std::optional<double> los_next;

    // The rank: the row's position, or the previous row's rank when the results do not order the
    // two (order_proven false: their groups never met, directly or through players who won every
    // game between them), so that no name decides between them.
    int rank = 1;
    bool order_proven = true;

    double score_percent() const { return 100.0 * results.score(); }
    double draw_percent() const;
};

// The joint maximum-likelihood ratings of a pool of players.
struct RatingResult {
    std::vector<PlayerRating> players;  // best first; ties by name
    DrawModel draw_model = DrawModel::none;
    double white_advantage = 0.0;  // Elo; fitted or as given
    bool white_advantage_fitted = false;
    // The bootstrap's 95% interval of a fitted white advantage (2.5th and 97.5th percentiles).
    std::optional<RatingInterval> white_advantage_interval_95;
    // Davidson's nu fitted on the main group of players (absent for the none model); +infinity
    // when every game there was drawn.
    std::optional<double> draw_propensity;
    std::int64_t games = 0;
    int bootstrap_samples = 0;
    std::uint64_t seed = 0;
};

// Why a pool cannot be rated: disconnected groups, an unknown anchor, confounded colours, ...
class RatingError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Fits joint ratings: the maximum-likelihood solution in which every player's expected score
// equals its actual score, anchored as asked, with bootstrap intervals. Players without games
// are left out. Results do not depend on the order of games or of players. Throws RatingError
// when there are no games, the players form groups that no game links (the message lists the
// groups), names repeat, or the anchor player is unknown or has no games.
RatingResult compute_ratings(const std::vector<std::string>& names, const ResultMatrix& results,
                             const RatingOptions& options);

// The same from a list of games (aggregated first).
RatingResult compute_ratings(const std::vector<std::string>& names,
                             std::span<const GameResult> games, const RatingOptions& options);

}  // namespace arbiter
