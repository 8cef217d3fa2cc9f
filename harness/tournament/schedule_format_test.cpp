// Gauntlet and pyramid schedules and opening windows (cutechess's -tournament gauntlet|pyramid
// and -openings start=).
#include <gtest/gtest.h>

#include <set>

#include "harness/tournament/opening_window.h"
#include "harness/tournament/tournament.h"

namespace arbiter {
namespace {

TEST(Gauntlet, SeedsPlayEveryOtherEngineButNotEachOther) {
    auto pairs = schedule_pairs(5, 2);
    std::vector<std::pair<int, int>> expected = {{0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}};
    EXPECT_EQ(pairs, expected);
    EXPECT_EQ(schedule_pairs(3, 0).size(), 3u);  // round-robin unchanged
}

TEST(Gauntlet, ScheduleKeepsPairsOnOneOpeningWithTheSeedWhiteFirst) {
    auto schedule = make_schedule(4, 2, 1, false, 1, 1);
    ASSERT_EQ(schedule.size(), 2u * 3u * 2u);  // openings x opponents x colours
    for (std::size_t k = 0; k < schedule.size(); k += 2) {
        const auto& first = schedule[k];
        const auto& second = schedule[k + 1];
        EXPECT_EQ(first.slot.number, std::int64_t(k));
        EXPECT_EQ(first.white, 0);  // odd-numbered (1-based) games: the seed has White
        EXPECT_EQ(second.black, 0);
        EXPECT_EQ(first.black, second.white);
        EXPECT_EQ(first.slot.opening_index, second.slot.opening_index);
        EXPECT_NE(first.black, 0);
    }
}

TEST(Pyramid, EachEngineMeetsThoseBeforeItTheLaterOneWhiteFirst) {
    ScheduleShape shape;
    shape.engines = 4;
    shape.openings = 1;
    shape.pyramid = true;
    const std::vector<ScheduledGame> games = all_games(Schedule(shape));
    std::vector<std::pair<int, int>> order;
    for (const ScheduledGame& g : games) order.emplace_back(g.white, g.black);
    EXPECT_EQ(order, (std::vector<std::pair<int, int>>{{1, 0},
                                                       {0, 1},
                                                       {2, 0},
                                                       {0, 2},
                                                       {2, 1},
                                                       {1, 2},
                                                       {3, 0},
                                                       {0, 3},
                                                       {3, 1},
                                                       {1, 3},
                                                       {3, 2},
                                                       {2, 3}}));
}

TEST(Colours, NoswapAndReverseKeepSlotsAndOpeningsAndOnlyTurnColours) {
    auto alternate = make_schedule(3, 2, 2, true, 5, 0);
    struct Case {
        Colours colours;
        int first_white_in_first, first_white_in_second;  // 1: the pair's first engine is White
    };
    for (Case c : {Case{Colours::alternate, 1, 0}, Case{Colours::reversed, 0, 1},
                   Case{Colours::first_white, 1, 1}, Case{Colours::second_white, 0, 0}}) {
        auto schedule = make_schedule(3, 2, 2, true, 5, 0, c.colours);
        ASSERT_EQ(schedule.size(), alternate.size());
        for (std::size_t k = 0; k < schedule.size(); ++k) {
            const auto& game = schedule[k];
            EXPECT_EQ(game.slot, alternate[k].slot);  // resume works on these numbers
            auto [first, second] = schedule_pairs(3, 0)[std::size_t(game.slot.pair_index)];
            bool first_white =
                game.slot.game_in_pair == 0 ? c.first_white_in_first : c.first_white_in_second;
            EXPECT_EQ(game.white, first_white ? first : second) << colours_name(c.colours);
            EXPECT_EQ(game.black, first_white ? second : first) << colours_name(c.colours);
        }
    }
    EXPECT_EQ(read_colours("second-white"), Colours::second_white);
    try {
        read_colours("swap");
        FAIL() << "no error";
    } catch (const ConfigError& e) {
        EXPECT_STREQ(e.what(),
                     "colours must be alternate, reversed, first-white or second-white (got swap)");
    }
}

TEST(OpeningWindow, TwoRunsWithDisjointStartsPartitionTheSuite) {
    for (bool random : {false, true}) {
        auto first = opening_window_order(20, random, 42, 1);
        auto second = opening_window_order(20, random, 42, 11);
        std::set<std::int64_t> seen;
        for (int i = 0; i < 10; ++i) {
            EXPECT_TRUE(seen.insert(first[std::size_t(i)]).second);
            EXPECT_TRUE(seen.insert(second[std::size_t(i)]).second);
        }
        EXPECT_EQ(seen.size(), 20u);
    }
}

TEST(OpeningWindow, RandomOrderDependsOnTheSeedOnly) {
    EXPECT_EQ(opening_window_order(50, true, 7, 3), opening_window_order(50, true, 7, 3));
    EXPECT_NE(opening_window_order(50, true, 7, 1), opening_window_order(50, true, 8, 1));
    auto order = opening_window_order(5, false, 7, 4);
    EXPECT_EQ(order, (std::vector<std::int64_t>{3, 4, 0, 1, 2}));
    EXPECT_EQ(opening_window_order(5, false, 7, 9)[0], 3);  // wraps past the end
}

}  // namespace
}  // namespace arbiter
