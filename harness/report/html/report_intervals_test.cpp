// The page's ratings where they are unbounded: the 9.5-0.5 match of issue 28 in the standings
// table, the ladder of 95% intervals and the Elo-over-time chart, with the numbers the terminal
// prints.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "harness/report/html/charts.h"
#include "harness/report/html/page.h"
#include "harness/report/html/report_data.h"
#include "harness/report/rating_output.h"

namespace arbiter::html {
namespace {

// Counts the non-overlapping occurrences of `part` in `text`.
std::size_t count(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

// A beats B nine times and then draws, always with White: after each of the first nine games the
// winner's rating has no finite value.
class NineAndAHalf : public ::testing::Test {
  protected:
    void SetUp() override {
        EngineId a = store.get_or_create_engine({"A", "/bin/a", {}, "", {}, std::string(64, 'a')});
        EngineId b = store.get_or_create_engine({"B", "/bin/b", {}, "", {}, std::string(64, 'b')});
        TournamentId t = store.get_or_create_tournament("key", R"({"event":"Issue 28"})");
        for (int i = 0; i < 10; ++i) {
            GameRecord g;
            g.tournament_id = t;
            g.slot = {i, 0, i / 2, 0, i % 2};
            g.white_engine_id = a;
            g.black_engine_id = b;
            g.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
            g.result.outcome = i == 9 ? Outcome::draw : Outcome::white_win;
            g.result.termination =
                i == 9 ? Termination::adjudication_draw : Termination::adjudication_resign;
            store.record_game(g);
        }
        data = collect_report(store, {});
    }
    Store store = Store::open(":memory:");
    ReportData data;
};

TEST_F(NineAndAHalf, TheTableHoldsTheTerminalsInterval) {
    ASSERT_TRUE(data.ratings.has_value());
    const std::string terminal = format_ratings(*data.ratings, OutputFormat::table);
    EXPECT_NE(terminal.find("1     A      255.8    106.0      +inf"), std::string::npos)
        << terminal;
    const std::string section = standings_section(data);
    EXPECT_NE(section.find("1000-sample parametric bootstrap over 10 games; +inf or -inf: "
                           "unbounded</caption>"),
              std::string::npos)
        << section;
    EXPECT_NE(section.find("<th scope=\"col\">95% low</th><th scope=\"col\">95% high</th>"),
              std::string::npos)
        << section;
    EXPECT_NE(section.find("<td class=\"num\">255.8</td><td class=\"num\">106.0</td>"
                           "<td class=\"num\">+inf</td>"),
              std::string::npos)
        << section;
    EXPECT_NE(section.find("<td class=\"num\">-255.8</td><td class=\"num\">-inf</td>"
                           "<td class=\"num\">-106.0</td>"),
              std::string::npos)
        << section;
}

TEST_F(NineAndAHalf, TheLadderDrawsTheUnboundedEndAsAnArrowToTheEdge) {
    const std::string section = standings_section(data);
    // Each rung says its numbers as the table does; A's upper end and B's lower end are arrow
    // heads, and both estimates are dots at their numbers.
    EXPECT_NE(section.find("<title>A: 255.8 (95% 106.0 to +inf)</title>"), std::string::npos)
        << section;
    EXPECT_NE(section.find("<title>B: -255.8 (95% -inf to -106.0)</title>"), std::string::npos)
        << section;
    EXPECT_EQ(count(section, "class=\"unbounded\""), 2u) << section;
    EXPECT_EQ(count(section, "<circle "), 2u) << section;
    // The axis spans the finite values (-255.8 to 255.8, padded by 6%): the interval line of A
    // runs from 106.0 to the right edge of the axis, x = 696.
    const std::regex a_line(
        "<title>A: [^<]*</title>.*?<line class=\"interval\" [^>]*x1=\"([0-9.]+)\" "
        "x2=\"([0-9.]+)\"");
    std::smatch match;
    ASSERT_TRUE(std::regex_search(section, match, a_line)) << section;
    EXPECT_EQ(match[2].str(), "696.0");
    EXPECT_LT(std::stod(match[1].str()), 696.0);
}

TEST_F(NineAndAHalf, EloOverTimeMarksTheUnboundedEstimatesOffTheScale) {
    // Ten points, one after each game: after games 1 to 9 A's estimate is +inf and B's -inf, a
    // triangle at the top or bottom edge each, 18 in all; only the tenth point is a number.
    ASSERT_EQ(data.timeline.size(), 10u);
    const std::string section = timeline_section(data);
    EXPECT_EQ(count(section, "class=\"off-scale\""), 18u) << section;
    // After three straight wins the winner is unbounded above, not at 0: the table says so.
    EXPECT_NE(section.find("<tr><th scope=\"row\">3</th><td class=\"num\">+inf (0.0 to +inf)</td>"
                           "<td class=\"num\">-inf (-inf to 0.0)</td></tr>"),
              std::string::npos)
        << section;
    // The lines hold only the finite points, 0 before the first game and the tenth: two "M"
    // each, no "L".
    const std::regex line("<path class=\"line\" [^>]*d=\"([^\"]*)\"");
    int lines = 0;
    for (auto it = std::sregex_iterator(section.begin(), section.end(), line);
         it != std::sregex_iterator(); ++it, ++lines) {
        const std::string path = (*it)[1].str();
        EXPECT_EQ(count(path, "M"), 2u) << path;
        EXPECT_EQ(path.find("M64.0,"), 0u) << path;  // at the left edge: games 0
        EXPECT_EQ(count(path, "L"), 0u) << path;
    }
    EXPECT_EQ(lines, 2);
    EXPECT_EQ(count(section, "<circle "), 4u) << section;  // the lone finite points as dots
    EXPECT_EQ(section.find("inf\" "), std::string::npos);  // no infinity reaches an SVG number
    EXPECT_EQ(section.find("nan"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::html
