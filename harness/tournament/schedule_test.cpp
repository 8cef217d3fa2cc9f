// The schedule as a function of the slot number (issue 20, item 5): any length costs nothing
// until a game is played.
#include "harness/tournament/schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "harness/tournament/shard.h"
#include "harness/tournament/tournament_test_fixture.h"

namespace arbiter {
namespace {

using tournament_testing::Recorder;
using tournament_testing::TournamentTest;

TEST(LazySchedule, AHundredMillionRoundsAreCountedNotBuilt) {
    const Schedule schedule({3, 123, 100'000'000, true, 5, 0, Colours::alternate, 0});
    EXPECT_EQ(schedule.size(), std::int64_t(100'000'000) * 123 * 3 * 2);
    const ScheduledGame last = schedule.at(schedule.size() - 1);
    EXPECT_EQ(last.slot.number, schedule.size() - 1);
    EXPECT_EQ(last.slot.round, 99'999'999);
    EXPECT_EQ(last.slot.pair_index, 2);
    EXPECT_EQ(last.slot.game_in_pair, 1);
    EXPECT_EQ(last.white, 2);  // pair (1, 2), colours reversed
    EXPECT_EQ(last.black, 1);
    // A capped schedule counts only its first games.
    EXPECT_EQ(Schedule({2, 1, 100'000'000, false, 1, 0, Colours::alternate, 2}).size(), 2);
}

// -games 1 (issue 22): one game per opening and pair, no colour-reversed partner, and the
// colours alternate from game to game as fastchess swaps every even game.
TEST(LazySchedule, SingleGamesPlayEachOpeningOnceWithAlternatingColours) {
    ScheduleShape shape{2, 5, 1, false, 1, 0, Colours::alternate, 0};
    shape.single_games = true;
    const std::vector<ScheduledGame> games = all_games(Schedule(shape));
    ASSERT_EQ(games.size(), 5u);
    for (int g = 0; g < 5; ++g) {
        EXPECT_EQ(games[std::size_t(g)].slot.opening_index, g);
        EXPECT_EQ(games[std::size_t(g)].slot.game_in_pair, 0);
        EXPECT_EQ(games[std::size_t(g)].white,
                  g % 2);  // 0 1 0 1 0: the first engine, then the second
    }
    // Three engines: the three pairs on each opening, colours still alternating slot by slot.
    const std::vector<ScheduledGame> three =
        make_schedule(3, 2, 2, false, 1, 0, Colours::alternate, true);
    ASSERT_EQ(three.size(), 12u);
    EXPECT_EQ(three[3].slot.opening_index, 1);
    EXPECT_EQ(three[6].slot.round, 1);
    EXPECT_EQ(three[1].white, 2);  // pair (0, 2), second game of the run: the second engine White
    // -noswap: the first engine keeps White.
    shape.colours = Colours::first_white;
    for (const ScheduledGame& game : all_games(Schedule(shape))) EXPECT_EQ(game.white, 0);
}

TEST(LazySchedule, SlotsPastTheSixtyFourBitRangeAreRefused) {
    try {
        Schedule({200, 10'000'000, 2'147'483'647, false, 1, 0, Colours::alternate, 0});
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("64-bit"), std::string::npos) << e.what();
    }
}

// Databases of earlier runs resume by slot number, so the random order must stay the one they
// were played in (seed 7's first two rounds over 20 openings, as every earlier release dealt it).
TEST(LazySchedule, TheRandomOrderIsTheOneEarlierRunsPlayed) {
    const std::vector<int> round0 = {13, 12, 10, 15, 4,  9,  14, 6,  5,  7,
                                     16, 2,  3,  1,  17, 18, 0,  11, 19, 8};
    const std::vector<int> round1 = {16, 17, 19, 0,  15, 8, 5,  6, 11, 12,
                                     14, 3,  7,  10, 2,  9, 13, 4, 18, 1};
    const Schedule schedule({2, 20, 2, true, 7, 0, Colours::alternate, 0});
    std::vector<int> seen0, seen1;
    // Read backwards, so the per-round cache is refilled between rounds.
    for (std::int64_t slot = schedule.size() - 2; slot >= 0; slot -= 2) {
        ScheduledGame game = schedule.at(slot);
        (game.slot.round == 0 ? seen0 : seen1).push_back(game.slot.opening_index);
        EXPECT_EQ(schedule.at(slot + 1).slot.opening_index, game.slot.opening_index);
    }
    std::reverse(seen0.begin(), seen0.end());
    std::reverse(seen1.begin(), seen1.end());
    EXPECT_EQ(seen0, round0);
    EXPECT_EQ(seen1, round1);
}

TEST_F(TournamentTest, AHundredMillionRoundsPlayTheTwoGamesAskedFor) {
    config.engines.resize(2);
    config.rounds = 100'000'000;
    config.max_games = 2;
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary summary = run_tournament(config, store, recorder);
    EXPECT_EQ(summary.scheduled, 2);
    EXPECT_EQ(summary.played_now, 2);
    EXPECT_EQ(recorder.results.size(), 2u);
    EXPECT_EQ(store.count_games(summary.tournament_id), 2);
    // Without the cap, the same tournament is 400 million games long and resumes after the two.
    config.max_games = 4;
    TournamentSummary again = run_tournament(config, store, recorder);
    EXPECT_EQ(again.already_played, 2);
    EXPECT_EQ(again.played_now, 2);
    EXPECT_EQ(store.finished_slots(summary.tournament_id, summary.engine_ids),
              (std::set<std::int64_t>{0, 1, 2, 3}));
}

}  // namespace
}  // namespace arbiter
