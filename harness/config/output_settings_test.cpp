// The output plan's entries of the settings table (output_settings.cpp): each flag fills its
// field of TournamentConfig::output, from flags and from JSON alike; a bad value is refused
// naming the setting; none is stored or changes the tournament's identity.
#include <gtest/gtest.h>

#include "harness/config/config_error_of.h"
#include "harness/config/tournament_config.h"

namespace arbiter {
namespace {

using testing::error_of;

TournamentConfig output_two_engines() {
    TournamentConfig c;
    c.engines = {parse_engine_spec("name=a,cmd=a"), parse_engine_spec("name=b,cmd=b")};
    c.openings_path = "openings/startpos.epd";
    c.limits.depth = 1;
    return c;
}

TEST(OutputSettings, EachFlagFillsItsFieldOfTheOutputPlan) {
    TournamentConfig c = output_two_engines();
    EXPECT_EQ(c.output.format, ConsoleFormat::arbiter);        // arbiter's own lines by default
    EXPECT_EQ(OutputPlan{}.format, ConsoleFormat::cutechess);  // the dialect's default
    const TournamentConfig before = c;
    apply_settings(c, {{"console", "fastchess"},
                       {"html", "page.html"},
                       {"epd", "end.epd"},
                       {"crc32", "true"},
                       {"check_mate_pvs", "true"},
                       {"affinity", "0-2,5"},
                       {"show_latency", "true"},
                       {"pgn_fields", "nodes,seldepth,pv"}});
    c.pgn_path = "games.pgn";  // --crc32 prints this file's CRC32 (validate() refuses it alone)
    validate(c);
    OutputPlan expected{
        .format = ConsoleFormat::fastchess,
        .epd_path = "end.epd",
        .crc32 = true,
        .pgn_fields = {.nodes = true, .seldepth = true, .pv = true, .fastchess = true},
        .check_mate_pvs = true,
        .show_latency = true,
        .html_path = "page.html",
        .affinity = std::vector<int>{0, 1, 2, 5}};
    EXPECT_EQ(c.output, expected);
    // How a run is shown is neither stored nor part of the tournament.
    TournamentConfig before_with_pgn = before;
    before_with_pgn.pgn_path = c.pgn_path;
    EXPECT_EQ(c.to_json().dump(), before_with_pgn.to_json().dump());
    EXPECT_EQ(c.identity("h").dump(), before_with_pgn.identity("h").dump());
    // --affinity without a list: every CPU.
    apply_settings(c, {{"affinity", ""}, {"console", "cutechess"}, {"crc32", "false"}});
    EXPECT_EQ(c.output.affinity, std::vector<int>{});
    EXPECT_EQ(c.output.format, ConsoleFormat::cutechess);
    EXPECT_FALSE(c.output.crc32);
    EXPECT_EQ(c.engine_log_form, EngineLogForm::stamped);
    apply_settings(c, {{"engine_log_form", "cutechess"}});
    EXPECT_EQ(c.engine_log_form, EngineLogForm::cutechess);
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
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"console=xboard", "console must be arbiter, cutechess or fastchess (got xboard)"},
        {"affinity=3-1", "affinity: bad CPU range '3-1' in '3-1'"},
        {"affinity=0,x", "affinity: bad CPU list '0,x' (e.g. 0-3,6)"},
        {"affinity=99999999999", "affinity: bad CPU range '99999999999' in '99999999999'"},
        {"epd=", "epd must name a file"},
        {"html=", "html must name a file"},
        {"crc32=maybe", "crc32 must be true or false (got maybe)"},
        {"show_latency=yes", "show_latency must be true or false (got yes)"},
        {"engine_log_form=xboard", "engine_log_form must be stamped or cutechess (got xboard)"},
        {"pgn_fields=nodes,clock",
         "pgn-fields: unknown field 'clock' (known: timeleft, latency, nodes, seldepth, nps, "
         "hashfull, tbhits, pv)"},
    };
    for (const auto& [item, message] : cases) {
        const std::size_t equals = item.find('=');
        TournamentConfig c = output_two_engines();
        EXPECT_EQ(error_of([&] {
                      apply_settings(c, {{item.substr(0, equals), item.substr(equals + 1)}});
                  }),
                  message);
    }
}

// The console forms' intervals, the pentanomial line and the test-env form of the warnings, which
// the dialect spells -ratinginterval, -scoreinterval, -outcomeinterval, -report penta= and
// -testEnv.
TEST(OutputSettings, TheConsoleFormsIntervalsAndReports) {
    TournamentConfig c = output_two_engines();
    EXPECT_FALSE(c.output.pentanomial.has_value());
    apply_settings(c, {{"console", "cutechess"},
                       {"rating_interval", "10"},
                       {"score_interval", "4"},
                       {"outcome_interval", "20"},
                       {"pentanomial", "true"},
                       {"test_env", "true"}});
    validate(c);
    EXPECT_EQ(c.output.rating_interval, 10);
    EXPECT_EQ(c.output.score_interval, 4);
    EXPECT_EQ(c.output.outcome_interval, 20);
    EXPECT_EQ(c.output.pentanomial, true);
    EXPECT_TRUE(c.output.test_env);
    apply_settings(c, {{"pentanomial", "false"}});
    EXPECT_EQ(c.output.pentanomial, false);
    EXPECT_EQ(error_of([&] {
                  apply_settings(c, {{"score_interval", "0"}});
              }),
              "score_interval must be a positive number of games (got 0)");
    EXPECT_EQ(error_of([&] {
                  apply_settings(c, {{"rating_interval", "-1"}});
              }),
              "rating_interval must be a number of games, 0 or more (got -1)");
}

// --crc32 prints the --pgn file's CRC32: validate(), which both doors' runs pass through, refuses
// it without the file in either door's words.
TEST(OutputSettings, Crc32WithoutAPgnFileIsRefusedByValidate) {
    TournamentConfig c = output_two_engines();
    apply_settings(c, {{"crc32", "true"}});
    EXPECT_EQ(error_of([&] { validate(c); }),
              "--crc32 prints the CRC32 of the --pgn file: add --pgn FILE (in the dialect: -crc32 "
              "pgn=true needs -pgnout file=FILE)");
    c.pgn_path = "games.pgn";
    EXPECT_NO_THROW(validate(c));
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// The plan's fields the dialect spelled alone before (-resultformat, append=false, -config
// outname=, fastchess's cutechess form, -pgnout match_line= and its form): each an entry of the
// table, read from flags and JSON alike, a bad value refused naming the setting.
TEST(OutputSettings, EveryFieldOfThePlanIsAnEntry) {
    TournamentConfig c = output_two_engines();
    apply_settings(c, {{"result_format", "Rank,Name,W"},
                       {"fastchess_cutechess", "true"},
                       {"epd_append", "false"},
                       {"pgn_append", "false"},
                       {"save_config", "saved.json"},
                       {"pgn_match_line", "^info string a"},
                       {"pgn_fields", "nodes"},
                       {"pgn_match_line", "b$"}});
    EXPECT_EQ(c.output.result_format, "Rank,Name,W");
    EXPECT_TRUE(c.output.fastchess_tool);
    EXPECT_FALSE(c.output.epd_append);
    EXPECT_FALSE(c.output.pgn_append);
    EXPECT_EQ(c.output.saved_config_path, "saved.json");
    // --pgn-fields turns its switches on and keeps the kept lines; both are fastchess's form.
    EXPECT_EQ(c.output.pgn_fields,
              (PgnMoveFields{.nodes = true, .match_line = true, .fastchess = true}));
    EXPECT_EQ(c.game.kept_info_lines, (std::vector<std::string>{"^info string a", "b$"}));
    apply_settings(c, {{"pgn_form", "cutechess"}});
    EXPECT_FALSE(c.output.pgn_fields.fastchess);
    TournamentConfig from_json = tournament_config_from_json(
        json::parse(R"({"result_format": "small", "pgn_append": false, "pgn_form": "fastchess"})"),
        "c.json");
    EXPECT_EQ(from_json.output.result_format, "small");
    EXPECT_FALSE(from_json.output.pgn_append);
    EXPECT_TRUE(from_json.output.pgn_fields.fastchess);
    const std::vector<std::pair<KeyValues, std::string>> cases = {
        {{{"result_format", "Rank,Wins"}},
         "result_format: unknown field 'Wins' (-resultformat help lists the format names and "
         "fields)"},
        {{{"pgn_append", "no"}}, "pgn_append must be true or false (got no)"},
        {{{"save_config", ""}}, "save_config must name a file"},
        {{{"pgn_form", "lan"}}, "pgn_form must be cutechess or fastchess (got lan)"},
    };
    for (const auto& [settings, message] : cases) {
        TournamentConfig bad = output_two_engines();
        EXPECT_EQ(error_of([&] { apply_settings(bad, settings); }), message);
    }
    TournamentConfig bad = output_two_engines();
    EXPECT_EQ(error_of([&] {
                  apply_settings(bad, {{"pgn_match_line", "("}});
              }).rfind("pgn_match_line: '(' is not a regular expression: ", 0),
              0u);
}

}  // namespace
}  // namespace arbiter
