// The output plan's entries of the settings table (output_settings.cpp): each flag fills its
// field of TournamentConfig::output, from flags and from JSON alike; a bad value is refused
// naming the setting; none is stored or changes the tournament's identity.
#include <gtest/gtest.h>

#include "harness/config/config_error_of.h"
#include "harness/config/tournament_config.h"

namespace arbiter {
namespace {

using testing::error_of;

TournamentConfig two_engines() {
    TournamentConfig c;
    c.engines = {parse_engine_spec("name=a,cmd=a"), parse_engine_spec("name=b,cmd=b")};
    c.openings_path = "openings/startpos.epd";
    c.limits.depth = 1;
    return c;
}

TEST(OutputSettings, EachFlagFillsItsFieldOfTheOutputPlan) {
    TournamentConfig c = two_engines();
    EXPECT_EQ(c.output.format, ConsoleFormat::arbiter);        // arbiter's own lines by default
    EXPECT_EQ(OutputPlan{}.format, ConsoleFormat::cutechess);  // the dialect's default
    const TournamentConfig before = c;
    apply_settings(c, {{"console", "fastchess"},
                       {"html", "page.html"},
                       {"epd", "end.epd"},
                       {"crc32", "true"},
                       {"check_mate_pvs", "true"},
                       {"affinity", "0-2,5"},
                       {"show_latency", "true"}});
    validate(c);
    OutputPlan expected{.format = ConsoleFormat::fastchess,
                        .epd_path = "end.epd",
                        .crc32 = true,
                        .check_mate_pvs = true,
                        .show_latency = true,
                        .html_path = "page.html",
                        .affinity = std::vector<int>{0, 1, 2, 5}};
    EXPECT_EQ(c.output, expected);
    // How a run is shown is neither stored nor part of the tournament.
    EXPECT_EQ(c.to_json().dump(), before.to_json().dump());
    EXPECT_EQ(c.identity("h").dump(), before.identity("h").dump());
    // --affinity without a list: every CPU.
    apply_settings(c, {{"affinity", ""}, {"console", "cutechess"}, {"crc32", "false"}});
    EXPECT_EQ(c.output.affinity, std::vector<int>{});
    EXPECT_EQ(c.output.format, ConsoleFormat::cutechess);
    EXPECT_FALSE(c.output.crc32);
}

TEST(OutputSettings, JsonNamesTheSameOutputs) {
    TournamentConfig c = tournament_config_from_json(
        json::parse(R"({"console": "cutechess", "epd": "e.epd", "check_mate_pvs": true})"),
        "c.json");
    EXPECT_EQ(c.output.format, ConsoleFormat::cutechess);
    EXPECT_EQ(c.output.epd_path, "e.epd");
    EXPECT_TRUE(c.output.check_mate_pvs);
}

TEST(OutputSettings, BadValuesAreRefusedNamingTheSetting) {
    auto apply = [](const KeyValues& flags) {
        TournamentConfig c = two_engines();
        apply_settings(c, flags);
    };
    EXPECT_EQ(error_of([&] {
                  apply({{"console", "xboard"}});
              }),
              "console must be arbiter, cutechess or fastchess (got xboard)");
    EXPECT_EQ(error_of([&] {
                  apply({{"affinity", "3-1"}});
              }),
              "affinity: bad CPU range '3-1' in '3-1'");
    EXPECT_EQ(error_of([&] {
                  apply({{"affinity", "0,x"}});
              }),
              "affinity: bad CPU list '0,x' (e.g. 0-3,6)");
    EXPECT_EQ(error_of([&] {
                  apply({{"affinity", "99999999999"}});
              }),
              "affinity: bad CPU range '99999999999' in '99999999999'");
    EXPECT_EQ(error_of([&] { apply({{"epd", ""}}); }), "epd must name a file");
    EXPECT_EQ(error_of([&] { apply({{"html", ""}}); }), "html must name a file");
    EXPECT_EQ(error_of([&] {
                  apply({{"crc32", "maybe"}});
              }),
              "crc32 must be true or false (got maybe)");
}

}  // namespace
}  // namespace arbiter
