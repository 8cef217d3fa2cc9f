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

// The 144-game ladder of README (`OPENINGS=2 scripts/tournament --fresh`), game counts by
// colour: {white, black, wins, draws, losses}, players numbered as the engines' ids.
ResultMatrix ladder_games() {
    constexpr std::int64_t CELLS[][5] = {
        {1, 2, 0, 0, 2}, {1, 3, 0, 0, 2}, {1, 4, 0, 0, 2}, {1, 5, 0, 0, 2}, {1, 6, 0, 0, 2},
        {1, 7, 0, 0, 2}, {1, 8, 0, 0, 2}, {1, 9, 0, 0, 2}, {2, 1, 2, 0, 0}, {2, 3, 0, 0, 2},
        {2, 4, 0, 0, 2}, {2, 5, 0, 0, 2}, {2, 6, 0, 0, 2}, {2, 7, 0, 0, 2}, {2, 8, 0, 0, 2},
        {2, 9, 0, 0, 2}, {3, 1, 2, 0, 0}, {3, 2, 2, 0, 0}, {3, 4, 0, 0, 2}, {3, 5, 0, 0, 2},
        {3, 6, 0, 0, 2}, {3, 7, 0, 0, 2}, {3, 8, 0, 0, 2}, {3, 9, 0, 0, 2}, {4, 1, 2, 0, 0},
        {4, 2, 2, 0, 0}, {4, 3, 2, 0, 0}, {4, 5, 0, 0, 2}, {4, 6, 0, 0, 2}, {4, 7, 0, 0, 2},
        {4, 8, 0, 0, 2}, {4, 9, 0, 0, 2}, {5, 1, 2, 0, 0}, {5, 2, 2, 0, 0}, {5, 3, 2, 0, 0},
        {5, 4, 2, 0, 0}, {5, 6, 2, 0, 0}, {5, 7, 0, 0, 2}, {5, 8, 0, 0, 2}, {5, 9, 0, 0, 2},
        {6, 1, 2, 0, 0}, {6, 2, 2, 0, 0}, {6, 3, 2, 0, 0}, {6, 4, 2, 0, 0}, {6, 5, 1, 1, 0},
        {6, 7, 0, 1, 1}, {6, 8, 0, 0, 2}, {6, 9, 0, 0, 2}, {7, 1, 2, 0, 0}, {7, 2, 2, 0, 0},
        {7, 3, 2, 0, 0}, {7, 4, 2, 0, 0}, {7, 5, 0, 2, 0}, {7, 6, 1, 1, 0}, {7, 8, 0, 2, 0},
        {7, 9, 0, 1, 1}, {8, 1, 2, 0, 0}, {8, 2, 2, 0, 0}, {8, 3, 2, 0, 0}, {8, 4, 2, 0, 0},
        {8, 5, 2, 0, 0}, {8, 6, 1, 1, 0}, {8, 7, 1, 0, 1}, {8, 9, 0, 2, 0}, {9, 1, 2, 0, 0},
        {9, 2, 2, 0, 0}, {9, 3, 2, 0, 0}, {9, 4, 2, 0, 0}, {9, 5, 2, 0, 0}, {9, 6, 1, 1, 0},
        {9, 7, 0, 0, 2}, {9, 8, 1, 1, 0}};
    ResultMatrix m(9);
    for (const auto& [white, black, wins, draws, losses] : CELLS) {
        const int w = static_cast<int>(white) - 1;
        const int b = static_cast<int>(black) - 1;
        m.add(w, b, Outcome::white_win, wins);
        m.add(w, b, Outcome::draw, draws);
        m.add(w, b, Outcome::black_win, losses);
    }
    return m;
}

TEST(RatingRule, TheLaddersBoundsStopAtThePlayersThatBeatThem) {
    // README's example of the move: greedy's own 2.5% point lies below random, which it beat in
    // every game, and alphabeta's above the two alphabeta-mvvlva engines, which beat it in every
    // game; each bound is moved to the player it would have crossed.
    const std::vector<std::string> names = {"random",     "greedy",           "minimax",
                                            "alphabeta",  "alphabeta-mvvlva", "alphabeta-mvvlva-tt",
                                            "quiescence", "ordering",         "pruning"};
    const ResultMatrix m = ladder_games();
    ASSERT_EQ(m.games(), 144);
    RatingOptions options;
    options.bootstrap_samples = 0;
    const auto players = by_name(compute_ratings(names, m, options));
    const double mvvlva = players.at("alphabeta-mvvlva").elo;
    EXPECT_NEAR(mvvlva, -203.3, 0.05);
    EXPECT_NEAR(players.at("alphabeta-mvvlva-tt").elo, mvvlva, 1e-9);
    EXPECT_NEAR(players.at("alphabeta").interval_95->high, mvvlva, 1e-9);
    EXPECT_NEAR(players.at("minimax").interval_95->high, -250.8, 0.05);
    EXPECT_NEAR(players.at("greedy").interval_95->high, -343.7, 0.05);
    EXPECT_NEAR(players.at("random").interval_95->high, players.at("greedy").interval_95->high,
                1e-9);
    // No bound above a player that beat it in every game.
    for (int loser = 0; loser < 9; ++loser) {
        const PlayerRating& lost = players.at(names[loser]);
        if (lost.bound != RatingBound::upper) continue;
        for (int winner = 0; winner < 9; ++winner) {
            const PlayerRating& won = players.at(names[winner]);
            const double at = won.bound == RatingBound::none ? won.elo : won.interval_95->high;
            if (m.cell(winner, loser).wins + m.cell(loser, winner).losses > 0) {
                EXPECT_LE(lost.interval_95->high, at + 1e-9)
                    << names[loser] << " " << names[winner];
            }
        }
    }
}

}  // namespace
}  // namespace arbiter
