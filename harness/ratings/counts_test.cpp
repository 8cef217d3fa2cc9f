#include "harness/ratings/counts.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace arbiter {
namespace {

TEST(WdlCounts, AddsGamesFromEitherColour) {
    WdlCounts counts;
    counts.add(Outcome::white_win, true);   // won as White
    counts.add(Outcome::black_win, false);  // won as Black
    counts.add(Outcome::white_win, false);  // lost as Black
    counts.add(Outcome::draw, true);
    EXPECT_EQ(counts, (WdlCounts{2, 1, 1}));
    EXPECT_EQ(counts.games(), 4);
    EXPECT_DOUBLE_EQ(counts.points(), 2.5);
    EXPECT_DOUBLE_EQ(counts.score(), 0.625);
}

TEST(WdlCounts, SumsAsPlainValues) {
    WdlCounts total{1, 2, 3};
    total += WdlCounts{10, 20, 30};
    EXPECT_EQ(total, (WdlCounts{11, 22, 33}));
    EXPECT_EQ((total + WdlCounts{1, 1, 1}), (WdlCounts{12, 23, 34}));
    EXPECT_DOUBLE_EQ(WdlCounts{}.score(), 0.5);
}

TEST(PentanomialCounts, CountsPairsByHalfPoints) {
    PentanomialCounts counts;
    counts.add_pair(0);
    counts.add_pair(2);
    counts.add_pair(2);
    counts.add_pair(4);
    EXPECT_EQ(counts.pairs, (std::array<std::int64_t, 5>{1, 0, 2, 0, 1}));
    EXPECT_EQ(counts.pair_count(), 4);
    counts += PentanomialCounts{{1, 1, 1, 1, 1}};
    EXPECT_EQ(counts.pairs, (std::array<std::int64_t, 5>{2, 1, 3, 1, 2}));
    EXPECT_THROW(counts.add_pair(5), std::out_of_range);
    EXPECT_THROW(counts.add_pair(-1), std::out_of_range);
}

// Player 0 against player 1, with an unrelated game of player 2 mixed in.
const std::vector<GameResult> MIXED_GAMES = {
    {0, 1, Outcome::white_win, 7},        // pair 7: win as White
    {1, 0, Outcome::draw, 7},             //         draw as Black       -> 3 half-points
    {1, 0, Outcome::white_win, 8},        // pair 8: loss as Black
    {0, 1, Outcome::black_win, 8},        //         loss as White       -> 0
    {0, 2, Outcome::white_win, 8},        // another match: ignored
    {0, 1, Outcome::draw, 9},             // pair 9: draw
    {1, 0, Outcome::black_win, 9},        //         win as Black        -> 3
    {0, 1, Outcome::draw, std::nullopt},  // no pair id
    {0, 1, Outcome::white_win, 10},       // pair 10 has one game only
    {0, 1, Outcome::white_win, 11},       // pair 11: same colours twice
    {0, 1, Outcome::black_win, 11},
};

TEST(TallyMatch, GroupsColourReversedPairs) {
    const std::vector<GameResult>& games = MIXED_GAMES;
    const MatchTally tally = tally_match(games, 0, 1);
    EXPECT_EQ(tally.wdl, (WdlCounts{4, 3, 3}));
    EXPECT_EQ(tally.pentanomial.pairs, (std::array<std::int64_t, 5>{1, 0, 0, 2, 0}));
    EXPECT_EQ(tally.unpaired_games, 4);

    const MatchTally mirrored = tally_match(games, 1, 0);
    EXPECT_EQ(mirrored.wdl, (WdlCounts{3, 3, 4}));
    EXPECT_EQ(mirrored.pentanomial.pairs, (std::array<std::int64_t, 5>{0, 2, 0, 0, 1}));
}

TEST(LiveMatchTally, AgreesWithTallyMatchGameByGame) {
    for (auto [player, opponent] : {std::pair{0, 1}, std::pair{1, 0}}) {
        LiveMatchTally live(player, opponent);
        for (const GameResult& game : MIXED_GAMES) live.add(game);
        const MatchTally expected = tally_match(MIXED_GAMES, player, opponent);
        EXPECT_EQ(live.tally().wdl, expected.wdl);
        EXPECT_EQ(live.tally().pentanomial, expected.pentanomial);
        EXPECT_EQ(live.tally().unpaired_games, expected.unpaired_games);
    }
}

TEST(LiveMatchTally, CountsAPairWhenItsSecondGameArrives) {
    LiveMatchTally live(0, 1);
    live.add({0, 1, Outcome::white_win, 3});
    EXPECT_EQ(live.tally().pentanomial.pair_count(), 0);
    EXPECT_EQ(live.tally().unpaired_games, 1);  // waiting for its pair
    live.add({1, 0, Outcome::black_win, 3});    // two wins: 4 half-points
    EXPECT_EQ(live.tally().pentanomial.pairs, (std::array<std::int64_t, 5>{0, 0, 0, 0, 1}));
    EXPECT_EQ(live.tally().unpaired_games, 0);
    live.add({0, 1, Outcome::draw, 3});  // a third game with the same id
    EXPECT_EQ(live.tally().pentanomial.pair_count(), 1);
    EXPECT_EQ(live.tally().unpaired_games, 1);
    EXPECT_EQ(live.tally().wdl, (WdlCounts{2, 1, 0}));
}

TEST(PairHalfPoints, ScoresOnlyColourReversedPairsOfThePlayer) {
    const GameResult first{0, 1, Outcome::draw, 5}, second{1, 0, Outcome::white_win, 5};
    EXPECT_EQ(pair_half_points(first, second, 0), 1);
    EXPECT_EQ(pair_half_points(first, second, 1), 3);
    EXPECT_EQ(pair_half_points(first, first, 0), std::nullopt);   // same colours twice
    EXPECT_EQ(pair_half_points(first, second, 2), std::nullopt);  // not the player's games
}

TEST(GameResult, ParsesPgnResults) {
    EXPECT_EQ(parse_outcome("1-0"), Outcome::white_win);
    EXPECT_EQ(parse_outcome("0-1"), Outcome::black_win);
    EXPECT_EQ(parse_outcome("1/2-1/2"), Outcome::draw);
    EXPECT_EQ(parse_outcome("*"), std::nullopt);
    EXPECT_EQ(parse_outcome("1-1"), std::nullopt);
    EXPECT_EQ(to_pgn(Outcome::draw), "1/2-1/2");
    EXPECT_DOUBLE_EQ(white_points(Outcome::black_win), 0.0);
}

}  // namespace
}  // namespace arbiter
