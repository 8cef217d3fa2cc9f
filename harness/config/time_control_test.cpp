// Issue 41: time controls of several periods in the PGN standard's form, beside cutechess's
// one-period form, read from every door (--tc, an engine's tc=, JSON, the dialect's tc=).
#include "harness/config/time_control.h"

#include <gtest/gtest.h>

#include <random>

#include "harness/config/config_error_of.h"
#include "harness/config/engine_config.h"
#include "harness/dialect/command_line/cutechess_args.h"

namespace arbiter {
namespace {

using testing::error_of;

TEST(TimeControlPeriods, ThePgnStandardsFormReadsEachPeriod) {
    EXPECT_EQ(parse_time_control("40/5400+30:1800+30"),
              TimeControl({{40, 5400000, 30000}, {0, 1800000, 30000}}));
    EXPECT_EQ(parse_time_control("40/7200:20/3600:900"),
              TimeControl({{40, 7200000, 0}, {20, 3600000, 0}, {0, 900000, 0}}));
    EXPECT_EQ(parse_time_control("10/2+0.05:5/1+0.05:3+0.05"),
              TimeControl({{10, 2000, 50}, {5, 1000, 50}, {0, 3000, 50}}));
    EXPECT_EQ(parse_time_control("40/120:60"), TimeControl({{40, 120000, 0}, {0, 60000, 0}}));
    EXPECT_EQ(parse_time_control("40/60:030"), TimeControl({{40, 60000, 0}, {0, 30000, 0}}));
}

// One ':' before two digits stays cutechess's minutes and seconds, as cutechess reads it.
TEST(TimeControlPeriods, CutechessMinutesAreUnchanged) {
    EXPECT_EQ(parse_time_control("1:30+1"), (TimeControl{0, 90000, 1000}));
    EXPECT_EQ(parse_time_control("40/1:30+0.5"), (TimeControl{40, 90000, 500}));
    EXPECT_EQ(parse_time_control("2:05.5"), (TimeControl{0, 125500, 0}));
    EXPECT_EQ(parse_time_control("hg1:30"), (TimeControl{0, 90000, 0, true}));
}

// The last period repeats when it has a move count; the setting of a period past the list is
// the last one's.
TEST(TimeControlPeriods, TheLastPeriodRepeats) {
    TimeControl tc = parse_time_control("40/5400:20/1800");
    EXPECT_EQ(tc.period(0), (TimePeriod{40, 5400000, 0}));
    EXPECT_EQ(tc.period(1), (TimePeriod{20, 1800000, 0}));
    EXPECT_EQ(tc.period(7), (TimePeriod{20, 1800000, 0}));
}

TEST(TimeControlPeriods, WrittenBackInTheSameForm) {
    for (const char* text :
         {"40/5400+30:1800+30", "40/7200:20/3600:900", "10/2+0.05:5/1+0.05:3+0.05",
          "40/5400:20/1800", "40/60:030", "40/60+1:30", "10+0.1", "40/60+0.6", "hg60"})
        EXPECT_EQ(to_string(parse_time_control(text)), text);
    // "2/60:30" would read as cutechess's one period of 60:30: the seconds get a leading zero.
    TimeControl two({{2, 60000, 0}, {0, 30000, 0}});
    EXPECT_EQ(to_string(two), "2/60:030");
    EXPECT_EQ(parse_time_control(to_string(two)), two);
    EXPECT_EQ(pgn_time_control(parse_time_control("40/5400+30:1800+30")), "40/5400+30:1800+30");
    EXPECT_EQ(pgn_time_control(parse_time_control("hg60")), "*60");  // the standard's sandclock
}

// Every valid control, written, reads back as itself (the stored configuration depends on it):
// generated controls of one to four periods, many with a last period under a minute, where
// cutechess's minutes could take "2/60:30" for one period.
TEST(TimeControlPeriods, EveryControlWrittenReadsBackAsItself) {
    std::mt19937 random(41);
    auto pick = [&](std::vector<std::int64_t> values) {
        return values[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(random)];
    };
    for (int i = 0; i < 5000; ++i) {
        std::vector<TimePeriod> periods(std::size_t(pick({1, 2, 2, 3, 4})));
        for (std::size_t k = 0; k < periods.size(); ++k) {
            TimePeriod& p = periods[k];
            p.moves = k + 1 < periods.size() ? int(pick({1, 2, 20, 40})) : int(pick({0, 0, 1, 20}));
            p.base_ms = pick({0, 500, 5000, 30000, 30500, 59000, 60000, 90000, 5400000});
            p.increment_ms = pick({0, 0, 50, 1000, 30000});
            if (p.base_ms == 0 && p.increment_ms == 0) p.base_ms = 9000;
        }
        const TimeControl tc(periods);
        ASSERT_NO_THROW(validate(tc)) << to_string(tc);
        ASSERT_EQ(parse_time_control(to_string(tc)), tc) << to_string(tc);
    }
}

TEST(TimeControlPeriods, ABadPeriodIsNamedByItsNumber) {
    EXPECT_EQ(error_of([] { parse_time_control("40/5400+30:x"); }),
              "time control '40/5400+30:x': period 2 'x' is not SECONDS+INC, SECONDS, "
              "MOVES/SECONDS+INC, MOVES/SECONDS or hgSECONDS");
    EXPECT_EQ(error_of([] { parse_time_control("40/7200:20/3600:0"); }),
              "time control '40/7200:20/3600:0': period 3 '0' gives no time");
    EXPECT_EQ(error_of([] { parse_time_control("300:60+1"); }),
              "time control '300:60+1': period 1 '300' has no move count, so it lasts the rest "
              "of the game and no period can follow it (write MOVES/SECONDS)");
    EXPECT_EQ(error_of([] { parse_time_control("40/60:hg30"); }),
              "time control '40/60:hg30': period 2 'hg30': an hourglass has one period");
    EXPECT_EQ(error_of([] { parse_time_control("40/60:20000000"); }),
              "time control '40/60:20000000': period 2 '20000000' is too large: the period and "
              "the increment may each be at most 10000000 seconds (115 days)");
    for (const char* bad : {"40/60:", ":40/60", "40/60::30", "0/60:30", "40/60+1:x+1"})
        EXPECT_THROW(parse_time_control(bad), ConfigError) << bad;
    // The same rules for a control built in code.
    EXPECT_EQ(error_of([] {
                  validate(TimeControl({{0, 60000, 0}, {10, 1000, 0}}));
              }),
              "time control '60:10/1': period 1 '60' has no move count, so it lasts the rest of "
              "the game and no period can follow it (write MOVES/SECONDS)");
    EXPECT_NO_THROW(validate(parse_time_control("40/5400+30:1800+30")));
}

// Every door reads the periods: an engine's tc=, the JSON engines file, the dialect's tc=, and
// the stored configuration writes them back.
TEST(TimeControlPeriods, EveryDoorReadsThem) {
    const TimeControl fide = parse_time_control("40/5400+30:1800+30");
    EngineConfig spec = parse_engine_spec("cmd=sf,tc=40/5400+30:1800+30");
    EXPECT_EQ(spec.limits.tc, fide);
    EXPECT_EQ(engine_from_json(to_json(spec), "engines.json").limits.tc, fide);
    EXPECT_EQ(to_json(spec.limits).dump(), R"({"tc":"40/5400+30:1800+30"})");
    EXPECT_EQ(error_of([] { parse_engine_spec("cmd=sf,tc=40/5400+30:x"); }),
              "--engine cmd=sf,tc=40/5400+30:x: time control '40/5400+30:x': period 2 'x' is not "
              "SECONDS+INC, SECONDS, "
              "MOVES/SECONDS+INC, MOVES/SECONDS or hgSECONDS");
    CutechessCommand c = read_cutechess_args(
        {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=40/7200:20/3600:900", "-games", "2"},
        SpokenTool::cutechess);
    EXPECT_EQ(c.config.engines[0].limits.tc, parse_time_control("40/7200:20/3600:900"));
}

}  // namespace
}  // namespace arbiter
