#include "harness/xboard/protocol.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

using Kind = XboardLine::Kind;

TEST(XboardProtocol, FeaturesWithQuotesAndNumbers) {
    auto f = parse_features(
        R"(feature ping=1 setboard=1 myname="Fairy-Max 5.0b" variants="normal,shatranj" done=0)");
    ASSERT_EQ(f.size(), 5u);
    EXPECT_EQ(f[0], (XboardFeature{"ping", "1", false}));
    EXPECT_EQ(f[2], (XboardFeature{"myname", "Fairy-Max 5.0b", true}));
    EXPECT_EQ(f[3].value, "normal,shatranj");
    EXPECT_EQ(f[4], (XboardFeature{"done", "0", false}));
    // An unterminated quote ends the list; a line that is not a feature line gives nothing.
    EXPECT_EQ(parse_features(R"(feature san=1 myname="cut)").size(), 1u);
    EXPECT_TRUE(parse_features("features ping=1").empty());
    EXPECT_TRUE(parse_features("move e2e4").empty());
}

TEST(XboardProtocol, ClassifiesWhatEnginesSay) {
    EXPECT_EQ(classify_xboard_line("feature done=1").kind, Kind::feature);
    auto pong = classify_xboard_line("pong 17");
    EXPECT_EQ(pong.kind, Kind::pong);
    EXPECT_EQ(pong.number, 17);
    EXPECT_EQ(classify_xboard_line("pong x").kind, Kind::other);
    auto move = classify_xboard_line("move e7e5");
    EXPECT_EQ(move.kind, Kind::move);
    EXPECT_EQ(move.text, "e7e5");
    auto san = classify_xboard_line("move Nf3");
    EXPECT_EQ(san.text, "Nf3");
    auto old = classify_xboard_line("1. ... e7e5");
    EXPECT_EQ(old.kind, Kind::move);
    EXPECT_EQ(old.text, "e7e5");
    auto result = classify_xboard_line("1-0 {White mates}");
    EXPECT_EQ(result.kind, Kind::result);
    EXPECT_EQ(result.text, "1-0");
    EXPECT_EQ(result.comment, "White mates");
    EXPECT_EQ(classify_xboard_line("1/2-1/2 {Draw by repetition}").text, "1/2-1/2");
    EXPECT_EQ(classify_xboard_line("resign").kind, Kind::resign);
    EXPECT_EQ(classify_xboard_line("offer draw").kind, Kind::offer_draw);
    auto illegal = classify_xboard_line("Illegal move (not your turn): e2e4");
    EXPECT_EQ(illegal.kind, Kind::illegal_move);
    EXPECT_EQ(illegal.text, "e2e4");
    EXPECT_EQ(classify_xboard_line("Illegal move: h7h9").text, "h7h9");
    auto error = classify_xboard_line("Error (unknown command): foo");
    EXPECT_EQ(error.kind, Kind::error);
    EXPECT_EQ(error.text, "(unknown command): foo");
    EXPECT_EQ(classify_xboard_line(" 9 31 104 152042 e2e4 e7e5 Ng1f3").kind, Kind::thinking);
    EXPECT_EQ(classify_xboard_line("tellusers hello").kind, Kind::other);
    EXPECT_EQ(classify_xboard_line("# debug output").kind, Kind::other);
    EXPECT_EQ(classify_xboard_line("").kind, Kind::other);
}

TEST(XboardProtocol, ThinkingOutput) {
    auto t = parse_thinking("  12. -35 1520 4012345 1. e4 e5 2. Nf3 Nc6 <HT>");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->depth, 12);
    EXPECT_EQ(t->score, -35);
    EXPECT_EQ(t->time_cs, 1520);
    EXPECT_EQ(t->nodes, 4012345u);
    EXPECT_EQ(t->pv, (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6"}));
    auto marked = parse_thinking("7& 20 3 900 e2e4!");
    ASSERT_TRUE(marked);
    EXPECT_EQ(marked->depth, 7);
    EXPECT_EQ(marked->pv, std::vector<std::string>{"e2e4"});
    EXPECT_FALSE(parse_thinking("12 x 3 4"));
    EXPECT_FALSE(parse_thinking("12 3 4"));
    EXPECT_FALSE(parse_thinking("move e2e4 1 2"));
}

TEST(XboardProtocol, MateScoresByTheProtocolsConvention) {
    EXPECT_EQ(xboard_mate_distance(100003), 3);
    EXPECT_EQ(xboard_mate_distance(-100002), -2);
    EXPECT_EQ(xboard_mate_distance(99999), std::nullopt);
    EXPECT_EQ(xboard_mate_distance(35), std::nullopt);
}

// XBoard's 100000 + N is a mate in N moves, held as plies; other numbers are centipawns, refused
// beyond the sane range.
TEST(XboardProtocol, ThinkingScores) {
    std::string problem;
    EXPECT_EQ(xboard_score(100003, problem), Score::from_mate_plies(5));
    EXPECT_EQ(xboard_score(-100002, problem), Score::from_mate_plies(-4));
    EXPECT_EQ(xboard_score(100000, problem), Score::from_mate_plies(0));
    EXPECT_EQ(xboard_score(-35, problem), Score::from_centipawns(-35));
    EXPECT_EQ(xboard_score(50000, problem), Score::from_centipawns(50000));
    EXPECT_EQ(problem, "");
    EXPECT_EQ(xboard_score(99999, problem), std::nullopt);
    EXPECT_EQ(problem, "score cp 99999 is out of range (centipawns within +/-50000)");
    EXPECT_EQ(xboard_score(-60000, problem), std::nullopt);
    EXPECT_EQ(problem, "score cp 99999 is out of range (centipawns within +/-50000)");
}

TEST(XboardProtocol, TimeControlCommands) {
    EXPECT_EQ(level_command(0, 10000, 100), "level 0 0:10 0.1");
    EXPECT_EQ(level_command(40, 300000, 0), "level 40 5 0");
    EXPECT_EQ(level_command(0, 150000, 1500), "level 0 2:30 1.5");
    EXPECT_EQ(level_command(0, 60000, 2000), "level 0 1 2");
    EXPECT_EQ(clock_command("time", 12345), "time 1234");
    EXPECT_EQ(clock_command("otim", -50), "otim 0");
}

}  // namespace
}  // namespace arbiter
