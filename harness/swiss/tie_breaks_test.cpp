// Tie-breaks against hand-worked tournaments (the sums are written out beside each figure).
#include "harness/swiss/tie_breaks.h"

#include <gtest/gtest.h>

namespace arbiter::swiss {
namespace {

SwissTournament named(int players) {
    SwissTournament t;
    for (int i = 0; i < players; ++i) t.players.push_back({std::string(1, char('A' + i)), 0});
    return t;
}

const SwissStanding& of(const std::vector<SwissStanding>& standings, int player) {
    for (const SwissStanding& s : standings)
        if (s.player == player) return s;
    throw std::logic_error("no such player");
}

constexpr GameResult kWhite = GameResult::white_wins;
constexpr GameResult kDraw = GameResult::draw;
constexpr GameResult kBlack = GameResult::black_wins;

// Five players, three rounds, a bye each round: A=0 B=1 C=2 D=3 E=4.
// R1 A-B 1-0, C-D =, E bye; R2 E-A 0-1, B-C 1-0, D bye; R3 A-C =, D-E 1-0, B bye.
// Points: A 2.5, B 2, C 1, D 2.5, E 1.
TEST(SwissTieBreaks, ByesCountAsADummyOpponentWithTheOwnScore) {
    SwissTournament t = named(5);
    t.planned_rounds = 3;
    t.rounds = {{{{0, 1, kWhite}, {2, 3, kDraw}}, 4},
                {{{4, 0, kBlack}, {1, 2, kWhite}}, 3},
                {{{0, 2, kDraw}, {3, 4, kWhite}}, 1}};
    auto s = swiss_standings(t);
    // Buchholz in half points. A: B 4 + E 2 + C 2; B: A 5 + C 2 + own 4 (bye); C: D 5 + B 4 + A 5;
    // D: C 2 + own 5 (bye) + E 2; E: own 2 (bye) + A 5 + D 5.
    EXPECT_EQ(of(s, 0).buchholz, 8);
    EXPECT_EQ(of(s, 1).buchholz, 11);
    EXPECT_EQ(of(s, 2).buchholz, 14);
    EXPECT_EQ(of(s, 3).buchholz, 9);
    EXPECT_EQ(of(s, 4).buchholz, 12);
    // Cut 1 drops the lowest: A 8-2, B 11-2, C 14-4, D 9-2, E 12-2.
    EXPECT_EQ(of(s, 0).buchholz_cut1, 6);
    EXPECT_EQ(of(s, 1).buchholz_cut1, 9);
    EXPECT_EQ(of(s, 2).buchholz_cut1, 10);
    EXPECT_EQ(of(s, 3).buchholz_cut1, 7);
    EXPECT_EQ(of(s, 4).buchholz_cut1, 10);
    // Sonneborn-Berger in quarter points (opponent's half points x own half points).
    // A: 4x2 + 2x2 + 2x1; B: 5x0 + 2x2 + 4x2; C: 5x1 + 4x0 + 5x1; D: 2x1 + 5x2 + 2x2; E: 2x2.
    EXPECT_EQ(of(s, 0).sonneborn_berger, 14);
    EXPECT_EQ(of(s, 1).sonneborn_berger, 12);
    EXPECT_EQ(of(s, 2).sonneborn_berger, 10);
    EXPECT_EQ(of(s, 3).sonneborn_berger, 16);
    EXPECT_EQ(of(s, 4).sonneborn_berger, 4);
    // A and D (2.5) never met, nor C and E (1): no direct encounter. D passes A on cut 1 (7 > 6);
    // C and E tie on cut 1 (10) and C passes on Buchholz (14 > 12).
    std::vector<int> order;
    for (const SwissStanding& x : s) order.push_back(x.player);
    EXPECT_EQ(order, (std::vector<int>{3, 0, 1, 2, 4}));
    EXPECT_EQ(of(s, 0).direct_encounter, 0);
    EXPECT_EQ(of(s, 2).direct_encounter, 0);
    EXPECT_EQ(s[4].place, 5);
}

// Four players, three rounds: R1 A-B 1-0, C-D =; R2 A-C 0-1, B-D 1-0; R3 A-D 1-0, B-C =.
// A and C tie on 2 points and on Buchholz (8 each); C beat A, so direct encounter ranks C first.
TEST(SwissTieBreaks, DirectEncounterBreaksATieOfPlayersWhoMet) {
    SwissTournament t = named(4);
    t.planned_rounds = 3;
    t.rounds = {{{{0, 1, kWhite}, {2, 3, kDraw}}, std::nullopt},
                {{{0, 2, kBlack}, {1, 3, kWhite}}, std::nullopt},
                {{{0, 3, kWhite}, {1, 2, kDraw}}, std::nullopt}};
    auto s = swiss_standings(t);
    EXPECT_EQ(of(s, 0).points, 4);
    EXPECT_EQ(of(s, 2).points, 4);
    EXPECT_EQ(of(s, 0).buchholz, 8);  // B 3 + C 4 + D 1
    EXPECT_EQ(of(s, 2).buchholz, 8);  // D 1 + A 4 + B 3
    EXPECT_EQ(of(s, 2).direct_encounter, 2);
    EXPECT_EQ(of(s, 0).direct_encounter, 0);
    EXPECT_EQ(of(s, 3).buchholz, 11);          // C 4 + B 3 + A 4
    EXPECT_EQ(of(s, 3).buchholz_cut1, 8);      // less B's 3
    EXPECT_EQ(of(s, 2).sonneborn_berger, 12);  // D 1x1 + A 4x2 + B 3x1
    EXPECT_EQ(of(s, 0).sonneborn_berger, 8);   // B 3x2 + C 4x0 + D 1x2
    std::vector<int> order;
    for (const SwissStanding& x : s) order.push_back(x.player);
    EXPECT_EQ(order, (std::vector<int>{2, 0, 1, 3}));
    EXPECT_EQ(s[1].place, 2);
}

// A round still being played is left out of the standings.
TEST(SwissTieBreaks, AnUnfinishedRoundIsLeftOut) {
    SwissTournament t = named(2);
    t.planned_rounds = 2;
    t.rounds = {{{{0, 1, kWhite}}, std::nullopt}, {{{1, 0, GameResult::unfinished}}, std::nullopt}};
    auto s = swiss_standings(t);
    EXPECT_EQ(of(s, 0).points, 2);
    EXPECT_EQ(of(s, 1).points, 0);
    EXPECT_EQ(of(s, 0).buchholz, 0);
    EXPECT_EQ(of(s, 1).buchholz, 2);
    EXPECT_EQ(of(s, 1).buchholz_cut1, 0);
}

}  // namespace
}  // namespace arbiter::swiss
