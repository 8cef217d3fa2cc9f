#include "harness/ratings/joint_ratings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "harness/ratings/pair_statistics.h"

namespace arbiter {
namespace {

constexpr double NATURAL = std::numbers::ln10 / 400.0;  // natural units per Elo

// Adds `count` games of a against b with a's results given, half of them (rounded down) with a as
// White, so colours stay balanced.
void add_match(ResultMatrix& m, int a, int b, std::int64_t wins, std::int64_t draws,
               std::int64_t losses) {
    m.add(a, b, Outcome::white_win, wins / 2);
    m.add(b, a, Outcome::black_win, wins - wins / 2);
    m.add(a, b, Outcome::draw, draws / 2);
    m.add(b, a, Outcome::draw, draws - draws / 2);
    m.add(a, b, Outcome::black_win, losses / 2);
    m.add(b, a, Outcome::white_win, losses - losses / 2);
}

const PlayerRating& find(const RatingResult& result, const std::string& name) {
    const auto it = std::find_if(result.players.begin(), result.players.end(),
                                 [&](const PlayerRating& p) { return p.name == name; });
    if (it == result.players.end()) throw std::runtime_error("no player " + name);
    return *it;
}

// The fitted value of a player: its rating, or for a bound the bound.
double fitted(const PlayerRating& p) {
    if (std::isfinite(p.elo)) return p.elo;
    return p.elo > 0 ? p.interval_95->low : p.interval_95->high;
}

// Fitted values by name, bounds at their bound.
std::map<std::string, double> elo_by_name(const RatingResult& result) {
    std::map<std::string, double> elo;
    for (const PlayerRating& p : result.players) elo[p.name] = fitted(p);
    return elo;
}

void expect_no_nan(const RatingResult& result) {
    EXPECT_FALSE(std::isnan(result.white_advantage));
    for (const PlayerRating& p : result.players) {
        EXPECT_FALSE(std::isnan(p.elo)) << p.name;
        if (std::isinf(p.elo)) {
            EXPECT_NE(p.bound, RatingBound::none) << p.name;
        }
        if (p.interval_95) {
            EXPECT_FALSE(std::isnan(p.interval_95->low)) << p.name;
            EXPECT_FALSE(std::isnan(p.interval_95->high)) << p.name;
            EXPECT_LE(p.interval_95->low, p.interval_95->high) << p.name;
        }
        EXPECT_FALSE(p.los_next && std::isnan(*p.los_next)) << p.name;
        EXPECT_FALSE(std::isnan(p.score_percent()));
        EXPECT_FALSE(std::isnan(p.draw_percent()));
    }
}

// A four-player double round robin with uneven results (rows: White; counts W, D, L for White).
ResultMatrix round_robin() {
    const int results[4][4][3] = {
        {{0, 0, 0}, {5, 3, 2}, {6, 2, 2}, {7, 2, 1}},
        {{3, 3, 4}, {0, 0, 0}, {4, 4, 2}, {6, 3, 1}},
        {{2, 3, 5}, {3, 4, 3}, {0, 0, 0}, {5, 3, 2}},
        {{1, 2, 7}, {2, 3, 5}, {3, 3, 4}, {0, 0, 0}},
    };
    ResultMatrix m(4);
    for (int w = 0; w < 4; ++w) {
        for (int b = 0; b < 4; ++b) {
            if (w == b) continue;
            m.add(w, b, Outcome::white_win, results[w][b][0]);
            m.add(w, b, Outcome::draw, results[w][b][1]);
            m.add(w, b, Outcome::black_win, results[w][b][2]);
        }
    }
    return m;
}

const std::vector<std::string> FOUR = {"alpha", "bravo", "charlie", "delta"};

TEST(JointRatings, TwoPlayersByHand) {
    // 7 wins, 4 draws, 3 losses: score 9/14, so the gap is 400 log10(9/5) = 102.109 Elo, split
    // evenly around the pool average.
    ResultMatrix m(2);
    add_match(m, 0, 1, 7, 4, 3);
    RatingOptions options;
    options.bootstrap_samples = 0;
    const RatingResult result = compute_ratings({"a", "b"}, m, options);
    const double gap = 400.0 * std::log10(9.0 / 5.0);
    ASSERT_EQ(result.players.size(), 2u);
    EXPECT_EQ(result.players[0].name, "a");
    EXPECT_NEAR(result.players[0].elo, gap / 2.0, 1e-9);
    EXPECT_NEAR(result.players[1].elo, -gap / 2.0, 1e-9);
    EXPECT_FALSE(result.players[0].interval_95.has_value());
    EXPECT_EQ(result.players[0].results, (WdlCounts{7, 4, 3}));

    options.anchor_player = "b";
    options.anchor_elo = 1500.0;
    const RatingResult anchored = compute_ratings({"a", "b"}, m, options);
    EXPECT_NEAR(find(anchored, "a").elo, 1500.0 + gap, 1e-9);
    EXPECT_EQ(find(anchored, "b").elo, 1500.0);
}

TEST(JointRatings, TwoPlayerErrorAndLosMatchTheHandFormulas) {
    // 70 wins, 40 draws, 30 losses. With b anchored, a's bootstrap interval is the interval of
    // the gap, which the trinomial formula gives by hand: 400 log10(1.8) +- 56.9.
    ResultMatrix m(2);
    add_match(m, 0, 1, 70, 40, 30);
    RatingOptions options;
    options.anchor_player = "b";
    options.bootstrap_samples = 2000;
    options.seed = 3;
    const RatingResult result = compute_ratings({"a", "b"}, m, options);
    const EloEstimate by_hand = trinomial_elo({70, 40, 30});
    const PlayerRating& a = find(result, "a");
    ASSERT_TRUE(a.interval_95.has_value());
    const double width = a.interval_95->high - a.interval_95->low;
    EXPECT_NEAR(width / 2.0, by_hand.error_95, 0.08 * by_hand.error_95);
    EXPECT_NEAR(a.interval_95->low, by_hand.low_95, 0.15 * by_hand.error_95);
    EXPECT_NEAR(a.interval_95->high, by_hand.high_95, 0.15 * by_hand.error_95);
    const PlayerRating& b = find(result, "b");  // the anchor does not move
    EXPECT_EQ(b.interval_95->low, 0.0);
    EXPECT_EQ(b.interval_95->high, 0.0);
    // LOS from the Fisher information: gap ln(1.8) over sqrt(1 / (n s (1 - s))), s = 9/14.
    const double s = 90.0 / 140.0;
    const double z = std::log(1.8) * std::sqrt(140.0 * s * (1.0 - s));
    ASSERT_TRUE(a.los_next.has_value());
    EXPECT_NEAR(*a.los_next, 0.5 * std::erfc(-z / std::numbers::sqrt2), 1e-12);
    EXPECT_FALSE(find(result, "b").los_next.has_value());
}

TEST(JointRatings, RoundRobinExpectedScoreEqualsActual) {
    const ResultMatrix m = round_robin();
    for (const bool fit_white : {false, true}) {
        RatingOptions options;
        options.bootstrap_samples = 0;
        options.fit_white_advantage = fit_white;
        const RatingResult result = compute_ratings(FOUR, m, options);
        const std::map<std::string, double> elo = elo_by_name(result);
        double average = 0.0;
        for (const auto& [name, value] : elo) average += value / 4.0;
        EXPECT_NEAR(average, 0.0, 1e-9);
        double white_expected = 0.0;
        double white_actual = 0.0;
        for (int p = 0; p < 4; ++p) {
            double expected = 0.0;
            for (int q = 0; q < 4; ++q) {
                if (p == q) continue;
                const double advantage = result.white_advantage;
                const WdlCounts& as_white = m.cell(p, q);
                const WdlCounts& as_black = m.cell(q, p);
                const double e_white =
                    score_from_elo(elo.at(FOUR[p]) + advantage - elo.at(FOUR[q]));
                const double e_black =
                    1.0 - score_from_elo(elo.at(FOUR[q]) + advantage - elo.at(FOUR[p]));
                expected += as_white.games() * e_white + as_black.games() * e_black;
                white_expected += as_white.games() * e_white;
                white_actual += as_white.points();
            }
            EXPECT_NEAR(expected, m.player_results(p).points(), 1e-6) << FOUR[p];
        }
        if (fit_white) {
            EXPECT_NEAR(white_expected, white_actual, 1e-6);
            EXPECT_GT(result.white_advantage, 10.0);
        } else {
            EXPECT_EQ(result.white_advantage, 0.0);
        }
    }
}

TEST(JointRatings, DavidsonMatchesScoresAndDraws) {
    const ResultMatrix m = round_robin();
    RatingOptions options;
    options.bootstrap_samples = 0;
    options.draw_model = DrawModel::davidson;
    options.fit_white_advantage = true;
    const RatingResult result = compute_ratings(FOUR, m, options);
    ASSERT_TRUE(result.draw_propensity.has_value());
    const double nu = *result.draw_propensity;
    const std::map<std::string, double> elo = elo_by_name(result);
    // The model as documented: x = d (2 + nu) / 2 in natural units; P(W):P(D):P(L) =
    // e^(x/2) : nu : e^(-x/2).
    auto probabilities = [&](int white, int black) {
        const double d = elo.at(FOUR[white]) + result.white_advantage - elo.at(FOUR[black]);
        const double x = d * NATURAL * (2.0 + nu) / 2.0;
        const double z = std::exp(x / 2.0) + nu + std::exp(-x / 2.0);
        return std::array<double, 3>{std::exp(x / 2.0) / z, nu / z, std::exp(-x / 2.0) / z};
    };
    double expected_draws = 0.0;
    double draws = 0.0;
    for (int p = 0; p < 4; ++p) {
        double expected = 0.0;
        for (int q = 0; q < 4; ++q) {
            if (p == q) continue;
            const auto as_white = probabilities(p, q);
            const auto as_black = probabilities(q, p);
            expected += m.cell(p, q).games() * (as_white[0] + as_white[1] / 2.0) +
                        m.cell(q, p).games() * (as_black[2] + as_black[1] / 2.0);
            expected_draws += m.cell(p, q).games() * as_white[1];
            draws += static_cast<double>(m.cell(p, q).draws);
        }
        EXPECT_NEAR(expected, m.player_results(p).points(), 1e-6) << FOUR[p];
    }
    EXPECT_NEAR(expected_draws, draws, 1e-6);
}

TEST(JointRatings, DavidsonTwoPlayersByHand) {
    // Two players, no colour effect: the model is saturated, so P(W), P(D), P(L) equal the observed
    // 7/14, 4/14, 3/14: x = ln(7/3) and nu = 4 / sqrt(21); the gap is x (2 / (2 + nu)) in Elo.
    ResultMatrix m(2);
    add_match(m, 0, 1, 7, 4, 3);
    RatingOptions options;
    options.bootstrap_samples = 0;
    options.draw_model = DrawModel::davidson;
    const RatingResult result = compute_ratings({"a", "b"}, m, options);
    const double nu = 4.0 / std::sqrt(21.0);
    EXPECT_NEAR(*result.draw_propensity, nu, 1e-9);
    EXPECT_NEAR(result.players[0].elo - result.players[1].elo,
                std::log(7.0 / 3.0) / NATURAL * 2.0 / (2.0 + nu), 1e-8);
}

TEST(JointRatings, InvariantUnderRelabellingAndReordering) {
    // The same games, once in one order and player numbering and once permuted and shuffled.
    std::mt19937 random(5);
    std::vector<GameResult> games;
    const ResultMatrix m = round_robin();
    for (int w = 0; w < 4; ++w) {
        for (int b = 0; b < 4; ++b) {
            if (w == b) continue;
            const WdlCounts& c = m.cell(w, b);
            for (int i = 0; i < c.wins; ++i) games.push_back({w, b, Outcome::white_win, {}});
            for (int i = 0; i < c.draws; ++i) games.push_back({w, b, Outcome::draw, {}});
            for (int i = 0; i < c.losses; ++i) games.push_back({w, b, Outcome::black_win, {}});
        }
    }
    const std::vector<int> permutation = {2, 0, 3, 1};  // old index -> new index
    std::vector<std::string> permuted_names(4);
    for (int i = 0; i < 4; ++i) permuted_names[permutation[i]] = FOUR[i];
    std::vector<GameResult> permuted = games;
    for (GameResult& game : permuted) {
        game.white = permutation[game.white];
        game.black = permutation[game.black];
    }
    std::shuffle(permuted.begin(), permuted.end(), random);

    for (const DrawModel model : {DrawModel::none, DrawModel::davidson}) {
        RatingOptions options;
        options.bootstrap_samples = 200;
        options.fit_white_advantage = true;
        options.draw_model = model;
        const RatingResult original = compute_ratings(FOUR, games, options);
        const RatingResult relabelled = compute_ratings(permuted_names, permuted, options);
        ASSERT_EQ(original.players.size(), relabelled.players.size());
        for (std::size_t i = 0; i < original.players.size(); ++i) {
            const PlayerRating& a = original.players[i];
            const PlayerRating& b = relabelled.players[i];
            EXPECT_EQ(a.name, b.name);
            EXPECT_NEAR(a.elo, b.elo, 1e-9);
            ASSERT_TRUE(a.interval_95 && b.interval_95);
            EXPECT_NEAR(a.interval_95->low, b.interval_95->low, 1e-9);
            EXPECT_NEAR(a.interval_95->high, b.interval_95->high, 1e-9);
            EXPECT_EQ(a.los_next.has_value(), b.los_next.has_value());
            if (a.los_next) {
                EXPECT_NEAR(*a.los_next, *b.los_next, 1e-9);
            }
        }
        EXPECT_NEAR(original.white_advantage, relabelled.white_advantage, 1e-9);
    }
}

TEST(JointRatings, GauntletJointRatingsBeatScoreRatings) {
    // g meets a strong player 200 times (scoring 10%), an equal one 20 times (50%) and a weak one
    // 20 times (90%). The right answer: each opponent is exactly as far from g as its own score
    // says, a = g + 400 log10 9, b = g, c = g - 400 log10 9. Per-player score ratings mislead:
    // g's overall 48/240 = 20% makes it look 241 Elo weaker than the field.
    ResultMatrix m(4);
    add_match(m, 1, 0, 180, 0, 20);  // a vs g
    add_match(m, 2, 0, 6, 8, 6);     // b vs g
    add_match(m, 3, 0, 2, 0, 18);    // c vs g
    RatingOptions options;
    options.bootstrap_samples = 0;
    options.anchor_player = "g";
    const RatingResult result = compute_ratings({"g", "a", "b", "c"}, m, options);
    const double gap = 400.0 * std::log10(9.0);
    EXPECT_NEAR(find(result, "a").elo, gap, 1e-6);
    EXPECT_NEAR(find(result, "b").elo, 0.0, 1e-6);
    EXPECT_NEAR(find(result, "c").elo, -gap, 1e-6);

    // The score-based view: each player's Elo from its own overall score.
    const double g_score = elo_from_score(m.player_results(0).score());
    const double b_score = elo_from_score(m.player_results(2).score());
    const double c_score = elo_from_score(m.player_results(3).score());
    EXPECT_NEAR(g_score, elo_from_score(0.2), 1e-9);
    EXPECT_GT(b_score - g_score, 200.0);  // says b is far stronger than g: it is not
    EXPECT_GT(std::abs((c_score - g_score) - (-gap)), 200.0);  // c's gap off by over 200 Elo
}

TEST(JointRatings, AllDrawsHaveNoNan) {
    ResultMatrix m(3);
    add_match(m, 0, 1, 0, 10, 0);
    add_match(m, 1, 2, 0, 10, 0);
    add_match(m, 0, 2, 0, 10, 0);
    for (const DrawModel model : {DrawModel::none, DrawModel::davidson}) {
        for (const bool fit_white : {false, true}) {
            RatingOptions options;
            options.bootstrap_samples = 50;
            options.draw_model = model;
            options.fit_white_advantage = fit_white;
            const RatingResult result = compute_ratings({"x", "y", "z"}, m, options);
            expect_no_nan(result);
            for (const PlayerRating& p : result.players) {
                EXPECT_NEAR(p.elo, 0.0, 1e-12);
                // Every game could have gone otherwise: the interval is not a point.
                EXPECT_LT(p.interval_95->low, -5.0);
                EXPECT_GT(p.interval_95->high, 5.0);
                EXPECT_EQ(p.draw_percent(), 100.0);
                EXPECT_EQ(p.bound, RatingBound::none);
            }
            EXPECT_EQ(*result.players[0].los_next, 0.5);
            if (model == DrawModel::davidson) {
                EXPECT_EQ(*result.draw_propensity, INFINITY);
            }
        }
    }
}

TEST(JointRatings, PerfectScoresAreBounds) {
    // "top" beats everyone; "bottom" loses to everyone; the middle three are mixed.
    ResultMatrix m(5);
    const std::vector<std::string> names = {"top", "m1", "m2", "m3", "bottom"};
    for (int i = 1; i < 5; ++i) add_match(m, 0, i, 6, 0, 0);
    for (int i = 1; i < 4; ++i) add_match(m, i, 4, 6, 0, 0);
    add_match(m, 1, 2, 3, 2, 1);
    add_match(m, 2, 3, 2, 3, 1);
    add_match(m, 1, 3, 2, 2, 2);
    RatingOptions options;
    options.bootstrap_samples = 100;
    const RatingResult result = compute_ratings(names, m, options);
    expect_no_nan(result);
    const std::map<std::string, double> elo = elo_by_name(result);
    const PlayerRating& top = find(result, "top");
    const PlayerRating& bottom = find(result, "bottom");
    EXPECT_EQ(top.bound, RatingBound::lower);
    EXPECT_EQ(bottom.bound, RatingBound::upper);
    EXPECT_EQ(top.elo, INFINITY);
    EXPECT_EQ(bottom.elo, -INFINITY);
    EXPECT_EQ(top.interval_95->high, INFINITY);
    EXPECT_EQ(bottom.interval_95->low, -INFINITY);
    EXPECT_EQ(result.players.front().name, "top");
    EXPECT_EQ(result.players.back().name, "bottom");
    // Groups are placed outwards from the core (the middle three) in the results' order, so
    // "bottom" is placed against the middle players and then "top" against them and "bottom". At
    // each bound the sweep has a 2.5% chance: the product of the win probabilities is 0.025.
    double log_probability = 0.0;
    for (int i = 1; i < 4; ++i) {
        log_probability += 6.0 * std::log(score_from_elo(elo.at(names[i]) - fitted(bottom)));
    }
    EXPECT_NEAR(log_probability, std::log(0.025), 1e-9);
    log_probability = 0.0;
    for (int i = 1; i < 5; ++i) {
        log_probability += 6.0 * std::log(score_from_elo(fitted(top) - elo.at(names[i])));
    }
    EXPECT_NEAR(log_probability, std::log(0.025), 1e-9);
    // The middle players satisfy expected = actual among themselves.
    for (int p = 1; p < 4; ++p) {
        double expected = 0.0;
        double actual = 0.0;
        for (int q = 1; q < 4; ++q) {
            if (p == q) continue;
            const double games = m.cell(p, q).games() + m.cell(q, p).games();
            expected += games * score_from_elo(elo.at(names[p]) - elo.at(names[q]));
            actual += m.cell(p, q).points() + (m.cell(q, p).games() - m.cell(q, p).points());
        }
        EXPECT_NEAR(expected, actual, 1e-6);
        EXPECT_EQ(find(result, names[p]).bound, RatingBound::none);
        EXPECT_TRUE(find(result, names[p]).interval_95.has_value());
    }
    EXPECT_FALSE(result.players[0].los_next.has_value());  // top is a bound
    EXPECT_TRUE(result.players[1].los_next.has_value());
    EXPECT_FALSE(result.players[3].los_next.has_value());  // next is bottom, a bound
}

TEST(JointRatings, TwoPlayerSweep) {
    // The anchor's group is the core: "loser", who lost every game, is rated the anchor and
    // labelled fixed; the winner gets a lower bound where score_from_elo(gap)^10 = 0.025.
    ResultMatrix m(2);
    add_match(m, 0, 1, 10, 0, 0);
    RatingOptions options;
    options.bootstrap_samples = 20;
    options.anchor_player = "loser";
    const RatingResult result = compute_ratings({"winner", "loser"}, m, options);
    expect_no_nan(result);
    EXPECT_EQ(result.players[0].name, "winner");
    EXPECT_EQ(result.players[0].bound, RatingBound::lower);
    EXPECT_EQ(result.players[0].elo, INFINITY);
    EXPECT_NEAR(result.players[0].interval_95->low, elo_from_score(std::pow(0.025, 0.1)), 1e-9);
    EXPECT_EQ(result.players[0].interval_95->high, INFINITY);
    // The anchor is rated the anchor, bound or not.
    EXPECT_EQ(result.players[1].elo, 0.0);
    EXPECT_EQ(result.players[1].bound, RatingBound::fixed);
    EXPECT_EQ(result.players[1].interval_95->low, 0.0);
    EXPECT_EQ(result.players[1].interval_95->high, 0.0);
}

TEST(JointRatings, SweptPlayerRanksBelowItsWinner) {
    // "a" loses both games to "b". The 5% point of two wins lies 216 Elo *below* the loser, which
    // once put the loser first at +108.1 and the winner at "> -108.1". The winner now ranks
    // first with a lower bound, the loser last with an upper bound, and neither crosses the other.
    for (const bool a_is_white : {true, false}) {
        ResultMatrix m(2);
        m.add(a_is_white ? 0 : 1, a_is_white ? 1 : 0,
              a_is_white ? Outcome::black_win : Outcome::white_win, 2);
        RatingOptions options;
        options.bootstrap_samples = 50;
        const RatingResult result = compute_ratings({"a", "b"}, m, options);
        ASSERT_EQ(result.players.size(), 2u);
        EXPECT_EQ(result.players[0].name, "b");
        EXPECT_EQ(result.players[0].bound, RatingBound::lower);
        EXPECT_EQ(result.players[1].name, "a");
        EXPECT_EQ(result.players[1].bound, RatingBound::upper);
        EXPECT_GE(fitted(result.players[0]), fitted(result.players[1]));
        EXPECT_EQ(result.players[0].interval_95->high, INFINITY);
        EXPECT_EQ(result.players[1].interval_95->low, -INFINITY);
    }
}

// Checks that every player with a perfect score is a lower bound placed and ranked at or above
// every opponent, and every player with a zero score an upper bound at or below every opponent.
void expect_sweeps_in_order(const RatingResult& result, const ResultMatrix& m,
                            const std::string& context) {
    std::map<int, std::size_t> rank;
    for (std::size_t r = 0; r < result.players.size(); ++r) rank[result.players[r].player] = r;
    for (const PlayerRating& p : result.players) {
        const WdlCounts& own = p.results;
        const bool perfect = own.games() > 0 && own.wins == own.games();
        const bool zero = own.games() > 0 && own.losses == own.games();
        if (!perfect && !zero) continue;
        EXPECT_EQ(p.bound, perfect ? RatingBound::lower : RatingBound::upper)
            << context << " " << p.name;
        for (const PlayerRating& q : result.players) {
            if (m.cell(p.player, q.player).games() + m.cell(q.player, p.player).games() == 0)
                continue;
            if (perfect) {
                EXPECT_GE(fitted(p), fitted(q)) << context << " " << p.name << " beat " << q.name;
                EXPECT_LT(rank[p.player], rank[q.player]) << context << " " << p.name;
            } else {
                EXPECT_LE(fitted(p), fitted(q))
                    << context << " " << p.name << " lost to " << q.name;
                EXPECT_GT(rank[p.player], rank[q.player]) << context << " " << p.name;
            }
        }
    }
}

TEST(JointRatings, SweepsInsideLargerPoolsKeepTheOrder) {
    // "A" beats everyone and "Z" loses to everyone, one game each, among five mixed players of
    // whom m1 is far ahead: the 5% point of A's six single wins lies below m1, yet A must lead.
    const std::vector<std::string> names = {"A", "m1", "m2", "m3", "m4", "m5", "Z"};
    ResultMatrix m(7);
    for (int i = 1; i < 7; ++i) m.add(0, i, Outcome::white_win);
    for (int i = 1; i < 6; ++i) m.add(6, i, Outcome::black_win);
    for (int i = 2; i < 6; ++i) add_match(m, i, i % 4 + 2, 3, 2, 1);
    for (int i = 2; i < 6; ++i) add_match(m, 1, i, 8, 1, 1);  // m1 far above the rest
    for (const DrawModel model : {DrawModel::none, DrawModel::davidson}) {
        RatingOptions options;
        options.bootstrap_samples = 50;
        options.draw_model = model;
        const RatingResult result = compute_ratings(names, m, options);
        expect_no_nan(result);
        EXPECT_EQ(result.players.front().name, "A");
        EXPECT_EQ(result.players.back().name, "Z");
        expect_sweeps_in_order(result, m, std::string(to_string(model)));
        for (const PlayerRating& p : result.players) {
            if (p.name != "A" && p.name != "Z") {
                EXPECT_EQ(p.bound, RatingBound::none) << p.name;
            }
        }
    }
}

TEST(JointRatings, RandomSparsePoolsKeepSweepsInOrder) {
    // Sparse pools of one or two games per pair: many perfect and zero scores, chains of sweeps
    // and pools with no group at all that has point estimates.
    int checked = 0;
    for (unsigned seed = 0; seed < 300; ++seed) {
        std::mt19937 random(seed);
        const int n = 2 + static_cast<int>(random() % 7);
        std::vector<std::string> names;
        std::vector<double> strength;
        for (int i = 0; i < n; ++i) {
            names.push_back(std::string{'p', static_cast<char>('0' + i)});
            strength.push_back(std::uniform_real_distribution<double>(-800.0, 800.0)(random));
        }
        ResultMatrix m(n);
        for (int a = 0; a < n; ++a) {
            for (int b = a + 1; b < n; ++b) {
                if (random() % 3 == 0) continue;
                const int games = 1 + static_cast<int>(random() % 2);
                for (int g = 0; g < games; ++g) {
                    const double e = score_from_elo(strength[a] - strength[b]);
                    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(random);
                    m.add(a, b,
                          u < e - 0.1   ? Outcome::white_win
                          : u < e + 0.1 ? Outcome::draw
                                        : Outcome::black_win);
                }
            }
        }
        RatingOptions options;
        options.bootstrap_samples = 0;
        options.draw_model = seed % 2 == 0 ? DrawModel::none : DrawModel::davidson;
        RatingResult result;
        try {
            result = compute_ratings(names, m, options);
        } catch (const RatingError&) {
            continue;  // disconnected or empty pools
        }
        ++checked;
        expect_sweeps_in_order(result, m, "seed " + std::to_string(seed));
    }
    EXPECT_GT(checked, 200);
}

TEST(JointRatings, WhiteAdvantageByHand) {
    // Both players score 35/50 as White: equal strength, and White's 70% is 400 log10(7/3) Elo.
    ResultMatrix m(2);
    m.add(0, 1, Outcome::white_win, 30);
    m.add(0, 1, Outcome::draw, 10);
    m.add(0, 1, Outcome::black_win, 10);
    m.add(1, 0, Outcome::white_win, 30);
    m.add(1, 0, Outcome::draw, 10);
    m.add(1, 0, Outcome::black_win, 10);
    RatingOptions options;
    options.bootstrap_samples = 100;
    options.fit_white_advantage = true;
    const RatingResult result = compute_ratings({"p", "q"}, m, options);
    EXPECT_NEAR(result.white_advantage, 400.0 * std::log10(7.0 / 3.0), 1e-8);
    ASSERT_TRUE(result.white_advantage_interval_95.has_value());
    EXPECT_LT(result.white_advantage_interval_95->low, result.white_advantage);
    EXPECT_GT(result.white_advantage_interval_95->high, result.white_advantage);
    EXPECT_NEAR(result.players[0].elo, 0.0, 1e-9);

    options.fit_white_advantage = false;
    options.white_advantage = 50.0;
    const RatingResult fixed = compute_ratings({"p", "q"}, m, options);
    EXPECT_EQ(fixed.white_advantage, 50.0);
    EXPECT_NEAR(fixed.players[0].elo, 0.0, 1e-9);

    options.draw_model = DrawModel::davidson;
    const RatingResult davidson = compute_ratings({"p", "q"}, m, options);
    EXPECT_NEAR(davidson.white_advantage, 50.0, 1e-9);
}

TEST(JointRatings, ConfoundedWhiteAdvantageIsAnError) {
    ResultMatrix m(2);
    m.add(0, 1, Outcome::white_win, 5);
    m.add(0, 1, Outcome::black_win, 3);
    RatingOptions options;
    options.fit_white_advantage = true;
    EXPECT_THROW(compute_ratings({"p", "q"}, m, options), RatingError);
}

TEST(JointRatings, DisconnectedGroupsAreNamed) {
    ResultMatrix m(5);
    add_match(m, 0, 3, 2, 1, 1);
    add_match(m, 1, 4, 1, 1, 1);
    add_match(m, 4, 2, 1, 0, 1);
    try {
        compute_ratings({"e", "b", "d", "a", "c"}, m, RatingOptions{});
        FAIL() << "expected a RatingError";
    } catch (const RatingError& error) {
        EXPECT_STREQ(error.what(),
                     "the players form 2 groups that no game links: {a, e}, {b, c, d}");
    }
}

TEST(JointRatings, RejectsBadInput) {
    ResultMatrix m(3);
    add_match(m, 0, 1, 1, 1, 1);
    RatingOptions options;
    options.anchor_player = "nobody";
    EXPECT_THROW(compute_ratings({"a", "b", "c"}, m, options), RatingError);
    options.anchor_player = "c";  // in the list but without games
    EXPECT_THROW(compute_ratings({"a", "b", "c"}, m, options), RatingError);
    EXPECT_THROW(compute_ratings({"a", "a", "c"}, m, RatingOptions{}), RatingError);
    EXPECT_THROW(compute_ratings({"a", "b"}, m, RatingOptions{}), RatingError);
    EXPECT_THROW(compute_ratings({"a", "b", "c"}, ResultMatrix(3), RatingOptions{}), RatingError);
    EXPECT_THROW(m.add(1, 1, Outcome::draw), std::invalid_argument);
    EXPECT_THROW(m.add(0, 3, Outcome::draw), std::invalid_argument);
    // Players without games are left out of the table.
    const RatingResult result = compute_ratings({"a", "b", "c"}, m, RatingOptions{});
    EXPECT_EQ(result.players.size(), 2u);
}

TEST(JointRatings, BootstrapIsReproducible) {
    const ResultMatrix m = round_robin();
    RatingOptions options;
    options.bootstrap_samples = 300;
    options.seed = 11;
    const RatingResult first = compute_ratings(FOUR, m, options);
    const RatingResult second = compute_ratings(FOUR, m, options);
    options.seed = 12;
    const RatingResult other_seed = compute_ratings(FOUR, m, options);
    int moved = 0;  // ends another seed moves (an end the likelihood ratio sets does not move)
    for (std::size_t i = 0; i < first.players.size(); ++i) {
        const RatingInterval& interval = *first.players[i].interval_95;
        EXPECT_EQ(interval.low, second.players[i].interval_95->low);
        EXPECT_EQ(interval.high, second.players[i].interval_95->high);
        moved += interval.low != other_seed.players[i].interval_95->low;
        moved += interval.high != other_seed.players[i].interval_95->high;
        // 20 games per pair: the intervals are wide but not absurd.
        EXPECT_GT(interval.high - interval.low, 60.0);
        EXPECT_LT(interval.high - interval.low, 240.0);
        EXPECT_LT(interval.low, first.players[i].elo);
        EXPECT_GT(interval.high, first.players[i].elo);
    }
    EXPECT_GT(moved, 0);
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

TEST(JointRatings, RandomSmallPoolsStayFiniteAndSatisfyTheCondition) {
    // 300 small pools with strengths up to 3000 Elo apart, few games, many sweeps and, every
    // third pool, 90% draws. Every value must be finite, and the players with point estimates
    // must meet expected = actual over the games among themselves (none model).
    int rated = 0;
    for (unsigned seed = 0; seed < 300; ++seed) {
        std::mt19937 random(seed);
        const int n = 2 + static_cast<int>(random() % 6);
        std::vector<std::string> names;
        std::vector<double> strength;
        for (int i = 0; i < n; ++i) {
            names.push_back(std::string{'p', static_cast<char>('0' + i)});
            strength.push_back(std::uniform_real_distribution<double>(-1500.0, 1500.0)(random));
        }
        ResultMatrix m(n);
        const int games = 1 + static_cast<int>(random() % 60);
        for (int g = 0; g < games; ++g) {
            const int w = static_cast<int>(random() % n);
            const int b = static_cast<int>(random() % n);
            if (w == b) continue;
            const double e = score_from_elo(strength[w] - strength[b]);
            const double u = std::uniform_real_distribution<double>(0.0, 1.0)(random);
            const double d = seed % 3 == 0 ? 0.9 : 0.3 * std::min(e, 1.0 - e);
            m.add(w, b,
                  u < e - d / 2.0   ? Outcome::white_win
                  : u < e + d / 2.0 ? Outcome::draw
                                    : Outcome::black_win);
        }
        RatingOptions options;
        options.bootstrap_samples = 20;
        options.draw_model = seed % 2 == 0 ? DrawModel::none : DrawModel::davidson;
        RatingResult result;
        try {
            result = compute_ratings(names, m, options);
        } catch (const RatingError& error) {
            // Only pools that cannot be rated at all may fail.
            const std::string message = error.what();
            EXPECT_TRUE(message.find("groups that no game links") != std::string::npos ||
                        message == "there are no games to rate")
                << "seed " << seed << ": " << message;
            continue;
        }
        ++rated;
        for (const PlayerRating& p : result.players) {
            EXPECT_TRUE(std::isfinite(fitted(p))) << "seed " << seed;
            EXPECT_TRUE(!p.interval_95 || p.interval_95->low <= p.interval_95->high)
                << "seed " << seed;
            EXPECT_TRUE(!p.los_next || std::isfinite(*p.los_next)) << "seed " << seed;
        }
        if (options.draw_model != DrawModel::none) continue;
        std::map<int, double> core;  // player index -> Elo
        for (const PlayerRating& p : result.players) {
            if (p.bound == RatingBound::none) core[p.player] = p.elo;
        }
        for (const auto& [p, elo_p] : core) {
            double expected = 0.0;
            double actual = 0.0;
            for (const auto& [q, elo_q] : core) {
                if (p == q) continue;
                const WdlCounts& as_white = m.cell(p, q);
                const WdlCounts& as_black = m.cell(q, p);
                expected += (as_white.games() + as_black.games()) * score_from_elo(elo_p - elo_q);
                actual += as_white.points() + (as_black.games() - as_black.points());
            }
            EXPECT_NEAR(expected, actual, 1e-6) << "seed " << seed << " player " << p;
        }
    }
    EXPECT_GT(rated, 250);
}

// The bootstrap's replays and the players' intervals are shared out over threads: one thread,
// two or five give the same table to the last bit, over generated pools with pairs, a fitted or
// fixed white advantage and either draw model.
TEST(JointRatings, TheNumberOfThreadsChangesNothing) {
    for (unsigned seed = 0; seed < 24; ++seed) {
        std::mt19937 random(seed);
        const int n = 3 + static_cast<int>(random() % 6);
        std::vector<std::string> names;
        std::vector<double> strength;
        for (int i = 0; i < n; ++i) {
            names.push_back("p" + std::to_string(i));
            strength.push_back(std::uniform_real_distribution<double>(-300.0, 300.0)(random));
        }
        std::vector<GameResult> games;
        const int pairs = 20 + static_cast<int>(random() % 200);
        for (int p = 0; p < pairs; ++p) {
            const int a = static_cast<int>(random() % n);
            const int b = (a + 1 + static_cast<int>(random() % (n - 1))) % n;
            for (int g = 0; g < 2; ++g) {
                const int white = g == 0 ? a : b, black = g == 0 ? b : a;
                const double e = score_from_elo(strength[white] - strength[black] + 30.0);
                const double u = std::uniform_real_distribution<double>(0.0, 1.0)(random);
                const double d = 0.5 * std::min(e, 1.0 - e);
                games.push_back({white, black,
                                 u < e - d / 2.0   ? Outcome::white_win
                                 : u < e + d / 2.0 ? Outcome::draw
                                                   : Outcome::black_win,
                                 seed % 3 == 0 ? std::nullopt : std::optional<std::int64_t>(p)});
            }
        }
        RatingOptions options;
        options.bootstrap_samples = 60;
        options.draw_model = seed % 2 == 0 ? DrawModel::none : DrawModel::davidson;
        options.fit_white_advantage = seed % 4 < 2;
        std::vector<RatingResult> results;
        for (int threads : {1, 2, 5}) {
            options.threads = threads;
            results.push_back(compute_ratings(names, games, options));
        }
        for (std::size_t r = 1; r < results.size(); ++r) {
            SCOPED_TRACE("seed " + std::to_string(seed) + ", run " + std::to_string(r));
            ASSERT_EQ(results[r].players.size(), results[0].players.size());
            EXPECT_EQ(results[r].white_advantage, results[0].white_advantage);
            EXPECT_EQ(results[r].white_advantage_interval_95.has_value(),
                      results[0].white_advantage_interval_95.has_value());
            if (results[0].white_advantage_interval_95) {
                EXPECT_EQ(results[r].white_advantage_interval_95->low,
                          results[0].white_advantage_interval_95->low);
                EXPECT_EQ(results[r].white_advantage_interval_95->high,
                          results[0].white_advantage_interval_95->high);
            }
            for (std::size_t i = 0; i < results[0].players.size(); ++i) {
                const PlayerRating& a = results[0].players[i];
                const PlayerRating& b = results[r].players[i];
                EXPECT_EQ(b.name, a.name);
                EXPECT_EQ(b.elo, a.elo);
                ASSERT_TRUE(a.interval_95 && b.interval_95);
                EXPECT_EQ(b.interval_95->low, a.interval_95->low) << a.name;
                EXPECT_EQ(b.interval_95->high, a.interval_95->high) << a.name;
                EXPECT_EQ(b.los_next, a.los_next);
            }
        }
    }
}

}  // namespace
}  // namespace arbiter
