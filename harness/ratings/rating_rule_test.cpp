// The rule for separated results on the issue's own cases: groups of players who scored against
// each other, the order that sweeps between groups prove, shared ranks where nothing orders two
// groups, and names that decide nothing. ratings_reference_test.py checks the same rule over
// every small pool and a few hundred random ones; these are the examples a reader can follow.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "harness/ratings/joint_ratings.h"

namespace arbiter {
namespace {

// X and Y win and draw against each other and beat C and D in every game; D beats C in every
// game: 14 games.
ResultMatrix fourteen_games() {
    ResultMatrix m(4);  // 0 X, 1 Y, 2 D, 3 C
    m.add(0, 1, Outcome::white_win);
    m.add(1, 0, Outcome::draw);
    m.add(0, 1, Outcome::draw);
    m.add(1, 0, Outcome::white_win);
    for (int strong : {0, 1}) {
        for (int weak : {2, 3}) {
            m.add(strong, weak, Outcome::white_win);
            m.add(weak, strong, Outcome::black_win);
        }
    }
    m.add(2, 3, Outcome::white_win);
    m.add(3, 2, Outcome::black_win);
    return m;
}

std::map<std::string, PlayerRating> by_name(const RatingResult& result) {
    std::map<std::string, PlayerRating> players;
    for (const PlayerRating& p : result.players) players[p.name] = p;
    return players;
}

TEST(RatingRule, SweptGroupsRankBelowTheirWinnersWhateverTheNames) {
    RatingOptions options;
    options.bootstrap_samples = 200;
    const ResultMatrix m = fourteen_games();
    const RatingResult plain = compute_ratings({"X", "Y", "D", "C"}, m, options);
    ASSERT_EQ(m.games(), 14);
    std::vector<std::string> order;
    for (const PlayerRating& p : plain.players) order.push_back(p.name);
    EXPECT_EQ(order, (std::vector<std::string>{"X", "Y", "D", "C"}));
    const auto players = by_name(plain);
    EXPECT_EQ(players.at("X").bound, RatingBound::none);
    EXPECT_EQ(players.at("Y").bound, RatingBound::none);
    EXPECT_NEAR(players.at("X").elo + players.at("Y").elo, 0.0, 1e-9);  // the core's average
    EXPECT_EQ(players.at("D").bound, RatingBound::upper);
    EXPECT_EQ(players.at("C").bound, RatingBound::upper);
    EXPECT_GE(players.at("D").interval_95->high, players.at("C").interval_95->high);
    // Names that sort the other way round, in another order: the same numbers for the same
    // players, and the same order.
    const std::vector<std::string> renamed = {"a-X", "b-Y", "z-D", "y-C"};
    ResultMatrix reordered(4);  // 0 C, 1 D, 2 Y, 3 X
    const int position[4] = {3, 2, 1, 0};
    for (int white = 0; white < 4; ++white) {
        for (int black = 0; black < 4; ++black) {
            if (white == black) continue;
            const WdlCounts& c = m.cell(white, black);
            reordered.add(position[white], position[black], Outcome::white_win, c.wins);
            reordered.add(position[white], position[black], Outcome::draw, c.draws);
            reordered.add(position[white], position[black], Outcome::black_win, c.losses);
        }
    }
    const RatingResult moved = compute_ratings({"y-C", "z-D", "b-Y", "a-X"}, reordered, options);
    const auto moved_players = by_name(moved);
    for (std::size_t i = 0; i < 4; ++i) {
        const PlayerRating& before = players.at(std::string(1, "XYDC"[i]));
        const PlayerRating& after = moved_players.at(renamed[i]);
        EXPECT_EQ(before.bound, after.bound) << renamed[i];
        EXPECT_EQ(before.elo, after.elo) << renamed[i];
        EXPECT_EQ(before.interval_95->low, after.interval_95->low) << renamed[i];
        EXPECT_EQ(before.interval_95->high, after.interval_95->high) << renamed[i];
        EXPECT_EQ(before.rank, after.rank) << renamed[i];
    }
}

TEST(RatingRule, GroupsTheResultsDoNotOrderShareARank) {
    // M and N drew each other; both beat P; Q beat P too and met no one else. Nothing orders Q
    // against M and N: Q shares their rank, P (beaten by everyone) is last.
    ResultMatrix m(4);  // 0 M, 1 N, 2 P, 3 Q
    m.add(0, 1, Outcome::draw, 2);
    m.add(0, 2, Outcome::white_win);
    m.add(1, 2, Outcome::white_win);
    m.add(3, 2, Outcome::white_win);
    RatingOptions options;
    options.bootstrap_samples = 100;
    const RatingResult result = compute_ratings({"M", "N", "P", "Q"}, m, options);
    ASSERT_EQ(result.players.size(), 4u);
    EXPECT_EQ(result.players.back().name, "P");
    EXPECT_EQ(result.players.back().rank, 4);
    EXPECT_TRUE(result.players.back().order_proven);
    int shared = 0;
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(result.players[i].rank, 1) << result.players[i].name;
        shared += result.players[i].order_proven ? 0 : 1;
    }
    EXPECT_EQ(shared, 1);  // Q against the group {M, N}
}

TEST(RatingRule, OneDrawnGameIsNotCertain) {
    ResultMatrix m(2);
    m.add(0, 1, Outcome::draw);
    const RatingResult result = compute_ratings({"A", "B"}, m, RatingOptions{});
    for (const PlayerRating& p : result.players) {
        EXPECT_EQ(p.elo, 0.0);
        EXPECT_EQ(p.bound, RatingBound::none);
        EXPECT_EQ(p.interval_95->low, -INFINITY) << p.name;
        EXPECT_EQ(p.interval_95->high, INFINITY) << p.name;
    }
}

}  // namespace
}  // namespace arbiter
