// The charts' axes over generated data: whatever the values (equal, a rounding apart, far from
// zero, tiny on a log axis), a chart is drawn with a few increasing ticks. Two engines' averages
// of the same clock figures, summed in different orders, once differed by a few units in the last
// place: the linear axis's tick step fell below the values' spacing and its loop never ended.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <regex>

#include "harness/report/html/charts.h"

namespace arbiter::html {
namespace {

// The y axis's tick labels of a line chart, in drawing order (the x axis's are centred).
std::vector<std::string> y_ticks(const std::string& svg) {
    static const std::regex TICK(R"(<text x="[^"]*" y="[^"]*" text-anchor="end">([^<]*)</text>)");
    std::vector<std::string> ticks;
    for (std::sregex_iterator it(svg.begin(), svg.end(), TICK), end; it != end; ++it)
        ticks.push_back((*it)[1]);
    return ticks;
}

LineChart chart_of(const std::vector<double>& values, bool log) {
    LineChart chart{"Clock left before a move", "a test chart", "move number", "ms", log, {}, {}};
    for (std::size_t i = 0; i < values.size(); ++i)
        chart.series.push_back({"engine " + std::to_string(i), {{1, values[i], {}, {}}}});
    return chart;
}

TEST(LineChartAxis, ValuesARoundingApartGetAFewTicks) {
    const double clock = 9876.543;
    const std::string svg = draw_line_chart(chart_of({clock, std::nextafter(clock, 1e9)}, false));
    const auto ticks = y_ticks(svg);
    EXPECT_GE(ticks.size(), 2u) << svg;
    EXPECT_LE(ticks.size(), 12u) << svg;
}

TEST(LineChartAxis, ATinyPositiveValueOnALogAxisEnds) {
    const std::string svg = draw_line_chart(chart_of({4.9e-324, 1e6}, true));
    EXPECT_FALSE(svg.empty());
    EXPECT_LE(y_ticks(svg).size(), 64u);
}

// Generated: pairs and triples of values at every scale and separation, on both kinds of axis.
TEST(LineChartAxis, EveryGeneratedRangeHasFewIncreasingTicks) {
    std::mt19937_64 random(20261206);
    std::uniform_real_distribution<double> exponent(-12, 15), unit(0, 1);
    for (int trial = 0; trial < 4000; ++trial) {
        const bool log = trial % 2 == 1;
        const double base = (log || unit(random) < 0.5 ? 1 : -1) * std::pow(10, exponent(random));
        std::vector<double> values{base};
        for (int k = 1 + int(random() % 2); k > 0; --k) {
            const int ulps = int(random() % 4);
            double v = base;
            if (unit(random) < 0.5) {
                for (int u = 0; u < ulps; ++u) v = std::nextafter(v, INFINITY);
            } else {
                v = base * (1 + unit(random) * std::pow(10, -exponent(random) / 2));
            }
            values.push_back(v);
        }
        const std::string svg = draw_line_chart(chart_of(values, log));
        ASSERT_FALSE(svg.empty()) << trial;
        const auto ticks = y_ticks(svg);
        ASSERT_LE(ticks.size(), log ? 64u : 12u) << "trial " << trial << ": " << values[0];
        if (!log) {
            ASSERT_GE(ticks.size(), 2u) << "trial " << trial << ": " << values[0];
        }
    }
}

}  // namespace
}  // namespace arbiter::html

namespace arbiter::html {
namespace {

// A description cut for the standings: a prefix of the text, at most `limit` bytes before the
// ellipsis, at a space where one is in the second half, never inside a UTF-8 character; whole
// when it fits. Over generated texts of ASCII words and two- and three-byte letters.
TEST(CutAtWord, APrefixAtAWordNeverInsideACharacter) {
    std::mt19937 random(46);
    const std::vector<std::string> pieces = {"a", "bc", " ", "\u00e9", "\u2654", "word", "  "};
    for (int round = 0; round < 2000; ++round) {
        std::string text;
        const int count = int(random() % 60);
        for (int i = 0; i < count; ++i) text += pieces[random() % pieces.size()];
        const std::size_t limit = 4 + random() % 80;
        const std::string cut = cut_at_word(text, limit);
        if (text.size() <= limit) {
            EXPECT_EQ(cut, text);
            continue;
        }
        const std::string ellipsis = "\u2026";
        ASSERT_TRUE(cut.ends_with(ellipsis)) << text;
        const std::string kept = cut.substr(0, cut.size() - ellipsis.size());
        EXPECT_LE(kept.size(), limit);
        EXPECT_TRUE(text.starts_with(kept));
        // The next byte of the text starts a character: nothing was cut in half.
        EXPECT_NE(static_cast<unsigned char>(text[kept.size()]) & 0xC0, 0x80) << text;
        const std::size_t space = text.rfind(' ', limit);
        if (space != std::string::npos && space >= limit / 2) {
            EXPECT_EQ(kept.size(), space);
        }
    }
    EXPECT_EQ(cut_at_word("one two three", 8), "one two\u2026");
}

}  // namespace
}  // namespace arbiter::html
