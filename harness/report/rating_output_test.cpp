#include "harness/report/rating_output.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "harness/text/number_text.h"

namespace arbiter {
namespace {

// A hand-made result: a lower bound on top, a player with a comma in its name whose interval is
// unbounded above, and one without a successor.
RatingResult sample_result() {
    RatingResult result;
    result.games = 24;
    result.bootstrap_samples = 1000;
    result.seed = 7;
    PlayerRating top;
    top.player = 2;
    top.name = "top";
    top.elo = INFINITY;
    top.bound = RatingBound::lower;
    top.interval_95 = RatingInterval{250.04, INFINITY};
    top.results = {12, 0, 0};
    PlayerRating middle;
    middle.player = 0;
    middle.name = "mid, \"one\"";
    middle.elo = 10.26;
    middle.interval_95 = RatingInterval{-25.0, INFINITY};
    middle.results = {5, 4, 3};
    middle.los_next = 0.81234;
    PlayerRating low;
    low.player = 1;
    low.name = "low";
    low.elo = -260.3;
    low.interval_95 = RatingInterval{-300.0, -220.05};
    low.results = {1, 2, 9};
    middle.rank = 2;
    low.rank = 3;
    result.players = {top, middle, low};
    return result;
}

TEST(RatingOutput, Table) {
    const std::string expected =
        "Rank  Name           Elo  95% low  95% high  Games   Score   Draw    LOS\n"
        "1     top           +inf    250.0      +inf     12  100.0%   0.0%      -\n"
        "2     mid, \"one\"    10.3    -25.0      +inf     12   58.3%  33.3%  81.2%\n"
        "3     low         -260.3   -300.0    -220.1     12   16.7%  16.7%      -\n";
    EXPECT_EQ(format_ratings(sample_result(), OutputFormat::table, {true}), expected);
}

TEST(RatingOutput, TableWithFittedWhiteAdvantage) {
    RatingResult result = sample_result();
    result.white_advantage = 31.25;
    result.white_advantage_fitted = true;
    result.white_advantage_interval_95 = RatingInterval{20.05, 44.0};
    const std::string text = format_ratings(result, OutputFormat::table);
    EXPECT_NE(text.find("\nWhite advantage: 31.3, 95% 20.1 to 44.0 (fitted)\n"), std::string::npos)
        << text;
    EXPECT_EQ(text.find("LOS"), std::string::npos);
}

TEST(RatingOutput, Csv) {
    const std::string expected =
        "rank,name,elo,bound,low_95,high_95,games,wins,draws,losses,score_percent,draw_percent,"
        "los_next\n"
        "1,top,+inf,lower,250.04,+inf,12,12,0,0,100.00,0.00,\n"
        "2,\"mid, \"\"one\"\"\",10.26,none,-25.00,+inf,12,5,4,3,58.33,33.33,0.8123\n"
        "3,low,-260.30,none,-300.00,-220.05,12,1,2,9,16.67,16.67,\n";
    EXPECT_EQ(format_ratings(sample_result(), OutputFormat::csv, {true}), expected);
}

TEST(RatingOutput, Json) {
    const std::string expected =
        "{\"draw_model\": \"none\", \"white_advantage\": 0.00, \"white_advantage_fitted\": false, "
        "\"white_advantage_low_95\": null, \"white_advantage_high_95\": null, \"games\": 24, "
        "\"bootstrap_samples\": 1000, "
        "\"seed\": 7, \"players\": [\n"
        "  {\"rank\": 1, \"order_proven\": true, \"name\": \"top\", \"elo\": \"+inf\", \"bound\": "
        "\"lower\", "
        "\"low_95\": 250.04, "
        "\"high_95\": \"+inf\", \"games\": 12, \"wins\": 12, \"draws\": 0, \"losses\": 0, "
        "\"score_percent\": 100.00, \"draw_percent\": 0.00},\n"
        "  {\"rank\": 2, \"order_proven\": true, \"name\": \"mid, \\\"one\\\"\", \"elo\": 10.26, "
        "\"bound\": \"none\", "
        "\"low_95\": -25.00, "
        "\"high_95\": \"+inf\", \"games\": 12, \"wins\": 5, \"draws\": 4, \"losses\": 3, "
        "\"score_percent\": 58.33, \"draw_percent\": 33.33},\n"
        "  {\"rank\": 3, \"order_proven\": true, \"name\": \"low\", \"elo\": -260.30, \"bound\": "
        "\"none\", "
        "\"low_95\": -300.00, "
        "\"high_95\": -220.05, \"games\": 12, \"wins\": 1, \"draws\": 2, \"losses\": 9, "
        "\"score_percent\": 16.67, \"draw_percent\": 16.67}\n"
        "]}\n";
    EXPECT_EQ(format_ratings(sample_result(), OutputFormat::json), expected);
}

// The 9.5-0.5 match of issue 28 from the fit to the text: the table and the JSON hold one
// interval, 106.0 to +inf, where a symmetric "255.8 ± 82.2" stood.
TEST(RatingOutput, NineAndAHalfOfTenIsUnboundedAboveInTextAndJson) {
    ResultMatrix m(2);
    m.add(0, 1, Outcome::white_win, 9);
    m.add(0, 1, Outcome::draw, 1);
    const RatingResult ratings = compute_ratings({"A", "B"}, m, RatingOptions{});
    EXPECT_EQ(format_ratings(ratings, OutputFormat::table),
              "Rank  Name     Elo  95% low  95% high  Games  Score   Draw\n"
              "1     A      255.8    106.0      +inf     10  95.0%  10.0%\n"
              "2     B     -255.8     -inf    -106.0     10   5.0%  10.0%\n");
    const std::string json = format_ratings(ratings, OutputFormat::json);
    EXPECT_NE(json.find("\"name\": \"A\", \"elo\": 255.75, \"bound\": \"none\", "
                        "\"low_95\": 105.95, "
                        "\"high_95\": \"+inf\""),
              std::string::npos)
        << json;
    EXPECT_NE(json.find("\"name\": \"B\", \"elo\": -255.75, \"bound\": \"none\", "
                        "\"low_95\": \"-inf\", "
                        "\"high_95\": -105.95"),
              std::string::npos)
        << json;
}

TEST(RatingOutput, PairStatisticsText) {
    MatchTally tally;
    tally.wdl = {7, 4, 3};
    tally.pentanomial = PentanomialCounts{{0, 1, 2, 3, 1}};
    const std::vector<NamedPairStatistics> pairs = {{"new", "old", pair_statistics(tally)}};
    const std::string text = format_pair_statistics(pairs, OutputFormat::table);
    EXPECT_EQ(text.substr(0, text.find('\n', text.find('\n') + 1) + 1),
              "new vs old: 14 games, W 7 D 4 L 3\n"
              "  Elo 102.1 ± 174.3 (95%), LOS 89.7%\n");
    EXPECT_NE(text.find("  Pentanomial [0, 1, 2, 3, 1] (7 pairs): Elo 102.1 ± "), std::string::npos)
        << text;
}

TEST(RatingOutput, PairStatisticsWithoutNan) {
    MatchTally perfect;
    perfect.wdl = {10, 0, 0};
    MatchTally draws;
    draws.wdl = {0, 10, 0};
    draws.pentanomial = PentanomialCounts{{0, 0, 5, 0, 0}};
    const std::vector<NamedPairStatistics> pairs = {{"a", "b", pair_statistics(perfect)},
                                                    {"c", "d", pair_statistics(draws)}};
    for (const OutputFormat format : {OutputFormat::table, OutputFormat::csv, OutputFormat::json}) {
        const std::string text = format_pair_statistics(pairs, format);
        EXPECT_EQ(text.find("nan"), std::string::npos) << text;
    }
    const std::string json = format_pair_statistics(pairs, OutputFormat::json);
    // Infinity has one spelling in every format, and an unbounded side prints both ends.
    EXPECT_NE(json.find("\"trinomial\": {\"elo\": \"+inf\", \"low_95\": 140.22, "
                        "\"high_95\": \"+inf\", \"error_95\": \"+inf\", \"los\": 0.9992}"),
              std::string::npos)
        << json;
    const std::string text = format_pair_statistics(pairs, OutputFormat::table);
    EXPECT_NE(text.find("Elo +inf (95% 140.2 to +inf), LOS 99.9%"), std::string::npos) << text;
    // Ten drawn games could have gone otherwise: not 0 +- 0.
    EXPECT_NE(text.find("Elo 0.0 ± 46.1 (95%)"), std::string::npos) << text;
    EXPECT_NE(format_pair_statistics(pairs, OutputFormat::csv).find(",+inf,140.22,+inf,+inf,"),
              std::string::npos);
}

// --pairs joins the one document: one JSON object, one CSV table with a section column.
TEST(RatingOutput, PairsJoinTheOneDocument) {
    MatchTally tally;
    tally.wdl = {9, 1, 0};
    const std::vector<NamedPairStatistics> pairs = {{"top", "low", pair_statistics(tally)}};
    const std::string json = format_ratings(sample_result(), OutputFormat::json, {}, &pairs);
    EXPECT_NE(json.find("\n], \"pairs\": [\n  {\"player\": \"top\""), std::string::npos) << json;
    EXPECT_EQ(json.substr(json.size() - 4), "\n]}\n") << json;
    EXPECT_EQ(std::count(json.begin(), json.end(), '{') - std::count(json.begin(), json.end(), '}'),
              0);
    const std::string csv = format_ratings(sample_result(), OutputFormat::csv, {}, &pairs);
    EXPECT_EQ(csv.substr(0, csv.find('\n')),
              "section,rank,name,elo,bound,low_95,high_95,games,wins,draws,losses,score_percent,"
              "draw_percent,player,opponent,games,wins,draws,losses,elo,low_95,high_95,error_95,"
              "los,pairs,ll,ld,wl_dd,wd,ww,pentanomial_elo,pentanomial_error_95,pentanomial_los,"
              "nelo,nelo_error_95");
    EXPECT_NE(csv.find("\nrating,3,low,-260.30,none,-300.00,-220.05,12,1,2,9,16.67,16.67,,,,,"),
              std::string::npos)
        << csv;
    EXPECT_NE(csv.find("\npair,,,,,,,,,,,,,top,low,10,9,1,0,511.50,311.10,+inf,+inf,"),
              std::string::npos)
        << csv;
    // Every row has as many fields as the header.
    std::size_t lines = 0;
    for (std::size_t at = 0; at < csv.size(); at = csv.find('\n', at) + 1, ++lines) {
        const std::string line = csv.substr(at, csv.find('\n', at) - at);
        if (line.find('"') == std::string::npos) {
            EXPECT_EQ(std::count(line.begin(), line.end(), ','), 34) << line;
        }
    }
    EXPECT_EQ(lines, 5u);
}

TEST(RatingOutput, JsonEscape) {
    EXPECT_EQ(json_escape("plain"), "plain");
    EXPECT_EQ(json_escape("a\"b\\c"), "a\\\"b\\\\c");
    EXPECT_EQ(json_escape("line\nnext\ttab\r\b\f"), "line\\nnext\\ttab\\r\\b\\f");
    EXPECT_EQ(json_escape(std::string("nul\0x\x1f", 6)), "nul\\u0000x\\u001f");
    EXPECT_EQ(json_escape("Ünïcode ±"), "Ünïcode ±");
}

TEST(RatingOutput, CsvFieldAndNumbers) {
    EXPECT_EQ(csv_field("simple"), "simple");
    EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
    EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(format_fixed(-0.004, 2), "0.00");
    EXPECT_EQ(format_fixed(2.345, 1), "2.3");
    EXPECT_EQ(format_fixed(-2.35, 1), "-2.4");
    EXPECT_EQ(format_fixed(INFINITY, 1), "inf");
    EXPECT_EQ(format_fixed(-INFINITY, 1), "-inf");
    EXPECT_EQ(parse_output_format("json"), OutputFormat::json);
    EXPECT_EQ(parse_output_format("xml"), std::nullopt);
}

}  // namespace
}  // namespace arbiter
