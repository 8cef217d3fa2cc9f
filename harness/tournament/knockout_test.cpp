// Knockout seeding, byes, tie rules, round drawing and bracket text; the pyramid's order. The
// expected brackets are worked by hand from cutechess's playerSeed() and bye rule.
#include "harness/tournament/knockout.h"

#include <gtest/gtest.h>

#include <set>

namespace arbiter {
namespace {

using Pairs = std::vector<std::pair<int, int>>;

std::vector<int> identity_ranking(int n) {
    std::vector<int> r;
    for (int i = 0; i < n; ++i) r.push_back(i);
    return r;
}

TEST(KnockoutSeeding, BracketPositions) {
    // Seeds 1..8 of an eight-place bracket: 1 and 2 in opposite halves, 1 and 3 in one half.
    std::vector<int> places;
    for (int rank = 1; rank <= 8; ++rank) places.push_back(bracket_position(rank, 8));
    EXPECT_EQ(places, (std::vector<int>{0, 4, 2, 6, 1, 5, 3, 7}));
}

TEST(KnockoutSeeding, FourAndEightPlayersHaveNoByes) {
    EXPECT_EQ(knockout_first_round(identity_ranking(4)), (Pairs{{0, 2}, {1, 3}}));
    EXPECT_EQ(knockout_first_round(identity_ranking(8)), (Pairs{{0, 4}, {2, 6}, {1, 5}, {3, 7}}));
    EXPECT_EQ(knockout_first_round(identity_ranking(2)), (Pairs{{0, 1}}));
}

TEST(KnockoutSeeding, ByesGoToTheTopSeeds) {
    EXPECT_EQ(knockout_first_round(identity_ranking(3)), (Pairs{{0, -1}, {1, 2}}));
    EXPECT_EQ(knockout_first_round(identity_ranking(5)),
              (Pairs{{0, -1}, {2, -1}, {1, -1}, {3, 4}}));
    EXPECT_EQ(knockout_first_round(identity_ranking(6)), (Pairs{{0, -1}, {2, 4}, {1, -1}, {3, 5}}));
    // The ranking, not the engine number, decides: engine 5 ranked first gets the first bye.
    EXPECT_EQ(knockout_first_round({5, 4, 3, 2, 1, 0}), (Pairs{{5, -1}, {3, 1}, {4, -1}, {2, 0}}));
}

TEST(KnockoutSeeding, SeedsKeepTheirOrderTheRestIsDrawnBySeed) {
    EXPECT_EQ(knockout_ranking(6, 6, 1), identity_ranking(6));
    std::vector<int> drawn = knockout_ranking(6, 2, 7);
    EXPECT_EQ(drawn[0], 0);
    EXPECT_EQ(drawn[1], 1);
    EXPECT_EQ(std::set<int>(drawn.begin(), drawn.end()), (std::set<int>{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(drawn, knockout_ranking(6, 2, 7));  // the same seed draws the same bracket
    bool differs = false;
    for (std::uint64_t seed = 1; seed < 20 && !differs; ++seed)
        differs = knockout_ranking(6, 0, seed) != knockout_ranking(6, 0, 0);
    EXPECT_TRUE(differs);
}

// cutechess-cli 1.3.1's draws from -srand (its own twister): four engines, no seeds, -srand 7
// printed the bracket minimax / alphabeta-mvvlva, alphabeta / alphabeta-mvvlva-tt (engines 3 1 0
// 2 in bracket order: ranks 1 and 3 in the upper half, 2 and 4 in the lower).
TEST(KnockoutSeeding, TheUnseededAreDrawnAsCutechessDrawsThem) {
    const std::vector<int> ranking = knockout_ranking(4, 0, 7);
    EXPECT_EQ(ranking, (std::vector<int>{3, 0, 1, 2}));
    EXPECT_EQ(knockout_first_round(ranking), (std::vector<std::pair<int, int>>{{3, 1}, {0, 2}}));
    // cutechess reads -srand as 32 bits.
    EXPECT_EQ(knockout_ranking(4, 0, 7 + (std::uint64_t(1) << 32)), ranking);
}

// Plays every game next() hands out, one at a time, the result chosen by `result`.
template <class Result>
int play_out(Knockout& k, Result result, int* games = nullptr) {
    KnockoutGame g;
    int played = 0;
    for (;;) {
        Knockout::Step step = k.next(g);
        if (step == Knockout::Step::done) break;
        EXPECT_EQ(step, Knockout::Step::play);
        if (step != Knockout::Step::play) break;
        k.finish(g, result(g));
        ++played;
    }
    if (games) *games = played;
    return k.winner();
}

TEST(Knockout, LowerEngineNumberWinsEveryGame) {
    auto lower_wins = [](const KnockoutGame& g) {
        return g.white < g.black ? Outcome::white_win : Outcome::black_win;
    };
    for (int n : {2, 3, 4, 5, 6, 8}) {
        Knockout k(identity_ranking(n), 2, Colours::alternate);
        int games = 0;
        EXPECT_EQ(play_out(k, lower_wins, &games), 0) << n;
        EXPECT_EQ(games, 2 * (n - 1)) << n;  // n - 1 encounters of two games
        EXPECT_EQ(k.nominal_games(), 2 * (n - 1));
    }
}

TEST(Knockout, ColoursAlternateWithinAnEncounter) {
    Knockout k(identity_ranking(2), 2, Colours::alternate);
    KnockoutGame g;
    ASSERT_EQ(k.next(g), Knockout::Step::play);
    EXPECT_EQ(std::pair(g.white, g.black), std::pair(0, 1));
    ASSERT_EQ(k.next(g), Knockout::Step::play);  // both games may run at once
    EXPECT_EQ(std::pair(g.white, g.black), std::pair(1, 0));
    EXPECT_EQ(g.game, 1);
    EXPECT_EQ(k.next(g), Knockout::Step::wait);
}

TEST(KnockoutTies, OddGamesPlayOneMoreUntilSomeoneLeads) {
    Knockout k(identity_ranking(2), 1, Colours::alternate);
    int n = 0;
    // Draw, draw, then the second player wins: three games.
    int winner = play_out(k, [&](const KnockoutGame& g) {
        return ++n < 3 ? Outcome::draw : (g.white == 1 ? Outcome::white_win : Outcome::black_win);
    });
    EXPECT_EQ(winner, 1);
    EXPECT_EQ(k.rounds()[0][0].started, 3);
}

TEST(KnockoutTies, EvenGamesExtendByPairs) {
    // 1-1 after two games; 2-1 after the third does not decide (an odd count); the fourth drawn
    // leaves 2.5-1.5 after an even count: decided.
    Knockout k(identity_ranking(2), 2, Colours::alternate);
    std::vector<Outcome> results = {Outcome::white_win, Outcome::white_win, Outcome::white_win,
                                    Outcome::draw};
    std::size_t i = 0;
    int games = 0;
    EXPECT_EQ(play_out(
                  k, [&](const KnockoutGame&) { return results.at(i++); }, &games),
              0);
    EXPECT_EQ(games, 4);
    EXPECT_EQ(k.rounds()[0][0].first_half_points, 5);
    // Level again after four games: two more.
    Knockout level(identity_ranking(2), 2, Colours::alternate);
    std::vector<Outcome> six = {Outcome::white_win, Outcome::white_win, Outcome::white_win,
                                Outcome::white_win, Outcome::draw,      Outcome::white_win};
    i = 0;
    EXPECT_EQ(play_out(
                  level, [&](const KnockoutGame&) { return six.at(i++); }, &games),
              1);
    EXPECT_EQ(games, 6);
}

TEST(KnockoutTies, DecidedEncountersStopEarly) {
    // Best of three: two wins decide it.
    Knockout k(identity_ranking(2), 3, Colours::alternate);
    int games = 0;
    play_out(
        k,
        [](const KnockoutGame& g) {
            return g.white == 0 ? Outcome::white_win : Outcome::black_win;
        },
        &games);
    EXPECT_EQ(games, 2);
    EXPECT_EQ(k.winner(), 0);
}

TEST(Knockout, NextRoundWaitsForTheLastGameOfARound) {
    Knockout k(identity_ranking(4), 1, Colours::alternate);
    KnockoutGame a, b, c;
    ASSERT_EQ(k.next(a), Knockout::Step::play);
    ASSERT_EQ(k.next(b), Knockout::Step::play);
    EXPECT_EQ(k.next(c), Knockout::Step::wait);
    k.finish(a, Outcome::black_win);  // engine 2 beats engine 0
    EXPECT_EQ(k.next(c), Knockout::Step::wait);
    k.finish(b, Outcome::white_win);  // engine 1 beats engine 3
    ASSERT_EQ(k.next(c), Knockout::Step::play);
    EXPECT_EQ(c.round, 1);
    EXPECT_EQ(std::pair(c.white, c.black), std::pair(2, 1));
}

TEST(Knockout, RestoreReplaysAnEarlierRun) {
    Knockout k(identity_ranking(4), 1, Colours::alternate);
    EXPECT_TRUE(k.restore(0, 0, 0, 2, Outcome::white_win));
    EXPECT_FALSE(k.restore(1, 0, 0, 1, Outcome::draw));  // round 0 not decided yet
    EXPECT_TRUE(k.restore(0, 1, 1, 3, Outcome::draw));
    EXPECT_TRUE(k.restore(0, 1, 3, 1, Outcome::white_win));
    EXPECT_FALSE(k.restore(1, 0, 0, 1, Outcome::draw));  // the final is 0 against 3
    EXPECT_TRUE(k.restore(1, 0, 3, 0, Outcome::draw));
    KnockoutGame g;
    ASSERT_EQ(k.next(g), Knockout::Step::play);
    EXPECT_EQ(std::tuple(g.round, g.game, g.white, g.black), std::tuple(1, 1, 3, 0));
}

TEST(KnockoutBracket, SixPlayersAsCutechessPrintsIt) {
    std::vector<std::string> names = {"A", "B", "C", "D", "E", "F"};
    Knockout k(identity_ranking(6), 2, Colours::alternate);
    EXPECT_EQ(k.bracket_text(names),
              "A\n\t\tA\nbye\n\nC\n\t\t...\nE\n\nB\n\t\tB\nbye\n\nD\n\t\t...\nF");
    play_out(k, [](const KnockoutGame& g) {
        if (g.white + g.black == 8 && g.game == 0) return Outcome::draw;  // D-F: 1.5-0.5
        return g.white < g.black ? Outcome::white_win : Outcome::black_win;
    });
    EXPECT_EQ(k.bracket_text(names),
              "A\n\t\tA\nbye\n\t\t\t\tA (2-0)\nC\n\t\tC (2-0)\nE\n\t\t\t\t\t\tA (2-0)\n"
              "B\n\t\tB\nbye\n\t\t\t\tB (2-0)\nD\n\t\tD (1.5-0.5)\nF");
}

TEST(Pyramid, EachEngineMeetsEveryEngineBeforeIt) {
    EXPECT_EQ(pyramid_pairs(4), (Pairs{{1, 0}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {3, 2}}));
    EXPECT_EQ(pyramid_pairs(2), (Pairs{{1, 0}}));
}

}  // namespace
}  // namespace arbiter
