// The joint ratings over game pairs: the bootstrap replays a pair's two games together and the
// profile interval divides by the pairs' design effect. Properties over generated pools: the same
// pairs listed in any order, under any names and ids, give the same intervals; games that form no
// pair give exactly the intervals of games alone; pairs move no estimate; pairs whose openings
// decide both games narrow the interval, in a round robin too, and pairs never widen it; the pool's
// pair shape is the maximum-likelihood one.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/rating_bootstrap.h"

namespace arbiter {
namespace {

constexpr double WHITE_POINTS[3] = {1.0, 0.5, 0.0};

// A generated pool: every two of `players` players play `pairs_each` pairs (ids from 0), each on
// an opening that gives White an advantage drawn from a normal spread (Elo), and `alone` games
// without an id.
std::vector<GameResult> generated_pool(std::mt19937& random, int players, int pairs_each,
                                       double spread, int alone) {
    std::normal_distribution<double> opening(0.0, spread);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::vector<double> truth(players);
    for (double& t : truth) t = 300.0 * (uniform(random) - 0.5);
    auto play = [&](int white, int black, double advantage) {
        const double expected =
            1.0 / (1.0 + std::pow(10.0, -(truth[white] - truth[black] + advantage) / 400.0));
        const double draw = std::min({0.3, expected, 1.0 - expected});
        const double u = uniform(random);
        return u < expected - draw / 2.0   ? Outcome::white_win
               : u < expected + draw / 2.0 ? Outcome::draw
                                           : Outcome::black_win;
    };
    std::vector<GameResult> games;
    std::int64_t id = 0;
    for (int a = 0; a < players; ++a)
        for (int b = a + 1; b < players; ++b)
            for (int k = 0; k < pairs_each; ++k, ++id) {
                const double advantage = opening(random);
                games.push_back({a, b, play(a, b, advantage), id});
                games.push_back({b, a, play(b, a, advantage), id});
            }
    std::uniform_int_distribution<int> anyone(0, players - 1);
    for (int g = 0; g < alone; ++g) {
        const int white = anyone(random);
        const int black = (white + 1 + anyone(random) % (players - 1)) % players;
        games.push_back({white, black, play(white, black, 0.0), std::nullopt});
    }
    return games;
}

std::vector<std::string> names_of(int players, const std::string& prefix) {
    std::vector<std::string> names;
    for (int p = 0; p < players; ++p) names.push_back(prefix + std::to_string(p));
    return names;
}

// The same games rated as pairs and as games alone (their pair ids dropped), `samples` resamples.
struct RatedBothWays {
    RatingResult paired;
    RatingResult alone;
};
RatedBothWays rated_both_ways(const std::vector<GameResult>& paired, int players, int samples) {
    std::vector<GameResult> alone = paired;
    for (GameResult& game : alone) game.pair_id.reset();
    RatingOptions options;
    options.bootstrap_samples = samples;
    const std::vector<std::string> names = names_of(players, "p");
    return {compute_ratings(names, paired, options), compute_ratings(names, alone, options)};
}

// Expects the two results to hold the same players, estimates and intervals exactly.
void expect_identical(const RatingResult& a, const RatingResult& b,
                      const std::vector<int>& renamed_to) {
    ASSERT_EQ(a.players.size(), b.players.size());
    for (const PlayerRating& p : a.players) {
        const auto other =
            std::find_if(b.players.begin(), b.players.end(),
                         [&](const PlayerRating& q) { return q.player == renamed_to[p.player]; });
        ASSERT_NE(other, b.players.end());
        EXPECT_EQ(p.elo, other->elo) << p.name;
        ASSERT_EQ(p.interval_95.has_value(), other->interval_95.has_value());
        if (!p.interval_95) continue;
        EXPECT_EQ(p.interval_95->low, other->interval_95->low) << p.name;
        EXPECT_EQ(p.interval_95->high, other->interval_95->high) << p.name;
    }
}

TEST(RatingPairs, ShuffledRenamedAndSwappedPairsGiveTheSameIntervals) {
    std::mt19937 random(47);
    for (int trial = 0; trial < 12; ++trial) {
        const int players = 2 + trial % 5;
        const std::vector<GameResult> games =
            generated_pool(random, players, 1 + trial % 4, trial % 2 ? 300.0 : 0.0, trial % 3);
        // Another numbering and other names, the games shuffled, each pair's two games in either
        // order and under another id.
        std::vector<int> renamed_to(players);
        std::iota(renamed_to.begin(), renamed_to.end(), 0);
        std::shuffle(renamed_to.begin(), renamed_to.end(), random);
        std::vector<std::string> renamed_names(players);
        const std::vector<std::string> names = names_of(players, "p");
        for (int p = 0; p < players; ++p) renamed_names[renamed_to[p]] = "q" + names[p];
        std::vector<GameResult> shuffled = games;
        for (GameResult& game : shuffled) {
            game.white = renamed_to[game.white];
            game.black = renamed_to[game.black];
            if (game.pair_id) game.pair_id = 1000 - 3 * *game.pair_id;
        }
        std::shuffle(shuffled.begin(), shuffled.end(), random);
        RatingOptions options;
        options.bootstrap_samples = 100;
        const RatingResult original = compute_ratings(names, games, options);
        const RatingResult moved = compute_ratings(renamed_names, shuffled, options);
        expect_identical(original, moved, renamed_to);
    }
}

TEST(RatingPairs, GamesThatFormNoPairGiveTheIntervalsOfGamesAlone) {
    std::mt19937 random(48);
    for (int trial = 0; trial < 10; ++trial) {
        const int players = 2 + trial % 4;
        std::vector<GameResult> alone = generated_pool(random, players, 3, 100.0, trial);
        for (GameResult& game : alone) game.pair_id.reset();
        // Ids that pair nothing: each game its own, or two games with the same White.
        std::vector<GameResult> unpaired = alone;
        for (std::size_t g = 0; g < unpaired.size(); ++g)
            unpaired[g].pair_id = static_cast<std::int64_t>(g);
        std::vector<GameResult> whites;
        for (GameResult game : alone) {
            if (game.white < game.black) whites.push_back(game);
        }
        for (std::size_t g = 0; g + 1 < whites.size(); g += 2) {
            if (whites[g].white != whites[g + 1].white || whites[g].black != whites[g + 1].black)
                continue;
            whites[g].pair_id = whites[g + 1].pair_id = static_cast<std::int64_t>(g);
        }
        RatingOptions options;
        options.bootstrap_samples = 100;
        const std::vector<std::string> names = names_of(players, "p");
        std::vector<int> same(players);
        std::iota(same.begin(), same.end(), 0);
        const RatingResult today = compute_ratings(names, alone, options);
        expect_identical(today, compute_ratings(names, unpaired, options), same);
        std::vector<GameResult> mixed = alone;
        mixed.erase(std::remove_if(mixed.begin(), mixed.end(),
                                   [](const GameResult& g) { return g.white < g.black; }),
                    mixed.end());
        mixed.insert(mixed.end(), whites.begin(), whites.end());
        expect_identical(today, compute_ratings(names, mixed, options), same);
        EXPECT_TRUE(aggregate_results(players, mixed).pairs().empty());
    }
}

TEST(RatingPairs, PairsMoveNoEstimateAndCountEveryGame) {
    std::mt19937 random(49);
    for (int trial = 0; trial < 8; ++trial) {
        const int players = 2 + trial % 5;
        const std::vector<GameResult> paired = generated_pool(random, players, 4, 300.0, 2);
        const auto [a, b] = rated_both_ways(paired, players, 50);
        ASSERT_EQ(a.players.size(), b.players.size());
        for (std::size_t i = 0; i < a.players.size(); ++i) {
            EXPECT_EQ(a.players[i].name, b.players[i].name);
            EXPECT_EQ(a.players[i].elo, b.players[i].elo);
            EXPECT_EQ(a.players[i].results, b.players[i].results);
        }
        EXPECT_EQ(a.games, b.games);
        std::int64_t pairs = 0;
        const ResultMatrix matrix = aggregate_results(players, paired);
        for (const auto& [players_of_pair, outcomes] : matrix.pairs())
            for (std::int64_t count : outcomes) pairs += count;
        EXPECT_EQ(pairs, 4 * players * (players - 1) / 2);
    }
}

// Openings that decide both games (each side wins its White game, or the same advantage draws
// both) make the pairs' scores vary far less than their games': the interval narrows, whatever
// the share of split pairs.
TEST(RatingPairs, PairsThatOpeningsDecideNarrowTheInterval) {
    for (int split = 20; split <= 60; split += 10) {
        std::vector<GameResult> games;
        std::int64_t id = 0;
        auto pair = [&](Outcome first, Outcome second) {
            games.push_back({0, 1, first, id});
            games.push_back({1, 0, second, id++});
        };
        for (int k = 0; k < split; ++k) pair(Outcome::white_win, Outcome::white_win);
        for (int k = 0; k < 20; ++k) pair(Outcome::white_win, Outcome::draw);
        for (int k = 0; k < 10; ++k) pair(Outcome::draw, Outcome::white_win);
        for (int k = 0; k < 10; ++k) pair(Outcome::draw, Outcome::draw);
        std::vector<GameResult> alone = games;
        for (GameResult& game : alone) game.pair_id.reset();
        RatingOptions options;
        options.anchor_player = "B";
        const auto width = [&](const std::vector<GameResult>& list) {
            const RatingResult r = compute_ratings({"A", "B"}, list, options);
            for (const PlayerRating& p : r.players) {
                if (p.name == "A") return p.interval_95->high - p.interval_95->low;
            }
            return 0.0;
        };
        EXPECT_LT(width(games), 0.85 * width(alone)) << split << " split pairs";
    }
}

// Pairs never widen an interval: where the pairs' interval would be wider than the games' (a
// balanced book, few pairs), the games' own is printed, the very interval of the games alone.
TEST(RatingPairs, PairsNeverWidenTheIntervalOfTheirGames) {
    std::mt19937 random(51);
    int narrower = 0;
    int same = 0;
    for (int trial = 0; trial < 12; ++trial) {
        const int players = 2 + trial % 5;
        const std::vector<GameResult> paired =
            generated_pool(random, players, 1 + trial % 4, trial % 3 == 0 ? 300.0 : 0.0, 0);
        const auto [a, b] = rated_both_ways(paired, players, 100);
        for (std::size_t i = 0; i < a.players.size(); ++i) {
            if (a.players[i].bound != RatingBound::none) continue;
            const RatingInterval& with_pairs = *a.players[i].interval_95;
            const RatingInterval& games = *b.players[i].interval_95;
            EXPECT_LE(with_pairs.high - with_pairs.low, games.high - games.low)
                << "trial " << trial << " " << a.players[i].name;
            if (with_pairs.low == games.low && with_pairs.high == games.high) {
                ++same;
            } else {
                ++narrower;
            }
        }
    }
    EXPECT_GT(narrower, 5);
    EXPECT_GT(same, 5);
}

// A round robin in which neighbours in a line split every pair (each winning its White game, or
// both games drawn) and every other player won one game and drew the other of every pair against
// those two or more places below it: the neighbours' pairs say that the opening decides both games;
// the others', all one way, say nothing of how a pair's two games go together and must not dilute
// that. Every rated player's interval is then far narrower than the same games' unpaired, however
// many players, pairs and draws.
TEST(RatingPairs, OneWayPairsBetweenFarPlayersDoNotHideTheNeighboursSplitPairs) {
    for (int players = 3; players <= 6; ++players)
        for (int pairs_each = 2; pairs_each <= 4; ++pairs_each)
            for (int drawn = 0; drawn < pairs_each; ++drawn) {
                std::vector<GameResult> games;
                std::int64_t id = 0;
                for (int a = 0; a < players; ++a)
                    for (int b = a + 1; b < players; ++b)
                        for (int k = 0; k < pairs_each; ++k, ++id) {
                            if (b == a + 1) {
                                const Outcome both = k < drawn ? Outcome::draw : Outcome::white_win;
                                games.push_back({a, b, both, id});
                                games.push_back({b, a, both, id});
                            } else {  // b, two or more places above a: a win and a draw
                                games.push_back({a, b, Outcome::draw, id});
                                games.push_back({b, a, Outcome::white_win, id});
                            }
                        }
                const auto [paired, alone] = rated_both_ways(games, players, 100);
                for (std::size_t i = 0; i < paired.players.size(); ++i) {
                    ASSERT_EQ(paired.players[i].bound, RatingBound::none);
                    const RatingInterval& with_pairs = *paired.players[i].interval_95;
                    const RatingInterval& by_games = *alone.players[i].interval_95;
                    EXPECT_LT(with_pairs.high - with_pairs.low,
                              0.75 * (by_games.high - by_games.low))
                        << players << " players, " << pairs_each << " pairs each, " << drawn
                        << " drawn, " << paired.players[i].name;
                }
            }
}

// The pool's pair shape is the maximum-likelihood one: tilted to each pair of players' own White
// scores and summed over their pairs in both orders, it gives back the pool's joint outcomes in
// both orders. Pools of 2 to 6 players whose pairs of players each have joint outcomes of their own
// (not tilts of one shape), in counts so large that the pool's one independent pair is lost in
// them.
TEST(RatingPairs, ThePoolsPairShapeGivesBackItsJointOutcomes) {
    std::mt19937 random(52);
    std::uniform_real_distribution<double> uniform(0.05, 1.0);
    for (int trial = 0; trial < 30; ++trial) {
        const int players = 2 + trial % 5;
        std::vector<rating_fit::PairCell> pairs;
        for (int a = 0; a < players; ++a)
            for (int b = a + 1; b < players; ++b) {
                rating_fit::PairCell pair;
                pair.first = a;
                pair.second = b;
                for (std::int64_t& count : pair.outcomes)
                    count = static_cast<std::int64_t>(1e9 * uniform(random));
                pairs.push_back(pair);
            }
        rating_fit::PoolFit fit;
        fit.block.assign(static_cast<std::size_t>(players), 0);
        const std::array<double, 9> shape = rating_fit::paired_outcomes(pairs, fit);
        std::array<double, 9> expected{};
        std::array<double, 9> observed{};
        for (const rating_fit::PairCell& pair : pairs) {
            const double n = static_cast<double>(pair.pairs());
            double first = 0.0;
            double second = 0.0;
            for (int a = 0; a < 3; ++a)
                for (int b = 0; b < 3; ++b) {
                    const double count = static_cast<double>(pair.outcomes[a * 3 + b]);
                    first += count * WHITE_POINTS[a] / n;
                    second += count * WHITE_POINTS[b] / n;
                    observed[a * 3 + b] += count;
                    observed[b * 3 + a] += count;
                }
            const std::array<double, 9> p = rating_fit::tilted_pair(shape, first, second);
            for (int a = 0; a < 3; ++a)
                for (int b = 0; b < 3; ++b) {
                    expected[a * 3 + b] += n * p[a * 3 + b];
                    expected[b * 3 + a] += n * p[a * 3 + b];
                }
        }
        for (std::size_t o = 0; o < 9; ++o)
            EXPECT_NEAR(expected[o] / observed[o], 1.0, 1e-6)
                << "trial " << trial << " outcome " << o;
    }
}

TEST(RatingPairs, TiltedPairsMeetTheExpectedScoresAndKeepIndependence) {
    std::mt19937 random(50);
    std::uniform_real_distribution<double> uniform(0.01, 1.0);
    for (int trial = 0; trial < 200; ++trial) {
        std::array<double, 9> shape;
        for (double& w : shape) w = uniform(random);
        if (trial % 2 == 0) {  // a product of two marginals: the tilt stays a product
            std::array<double, 3> first, second;
            for (double& w : first) w = uniform(random);
            for (double& w : second) w = uniform(random);
            for (int a = 0; a < 3; ++a)
                for (int b = 0; b < 3; ++b) shape[a * 3 + b] = first[a] * second[b];
        }
        const double first_score = uniform(random) * 0.98;
        const double second_score = uniform(random) * 0.98;
        const std::array<double, 9> p = rating_fit::tilted_pair(shape, first_score, second_score);
        double total = 0.0, mean_a = 0.0, mean_b = 0.0;
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) {
                total += p[a * 3 + b];
                mean_a += p[a * 3 + b] * WHITE_POINTS[a];
                mean_b += p[a * 3 + b] * WHITE_POINTS[b];
            }
        EXPECT_NEAR(total, 1.0, 1e-12);
        EXPECT_NEAR(mean_a, first_score, 1e-9);
        EXPECT_NEAR(mean_b, second_score, 1e-9);
        if (trial % 2 == 0) {
            for (int a = 0; a < 3; ++a)
                for (int b = 0; b < 3; ++b) {
                    const double row = p[a * 3] + p[a * 3 + 1] + p[a * 3 + 2];
                    const double column = p[b] + p[3 + b] + p[6 + b];
                    EXPECT_NEAR(p[a * 3 + b], row * column, 1e-9);
                }
        }
    }
}

}  // namespace
}  // namespace arbiter
