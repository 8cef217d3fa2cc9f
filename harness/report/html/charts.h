// SVG charts drawn by arbiter for the HTML report: a line chart (with optional error bands and
// reference lines) and the ladder of ratings with their intervals. Each chart is an <svg
// role="img"> with a <title> and a <desc>; the page puts the numbers in a table beside it, so
// every chart has a text alternative.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace arbiter::html {

// Escapes &, <, >, " and ' for HTML text and attribute values (inline SVG's included), and writes
// a NUL byte as U+FFFD, so that text and attributes show the same.
std::string escape(const std::string& text);

// `text` when it is at most `limit` bytes, else cut at its last space within them (or at the
// limit, never inside a UTF-8 character, when that space is in the first half) with an ellipsis.
std::string cut_at_word(const std::string& text, std::size_t limit);

// Formats a number with `decimals` digits after the point, rounded as the terminal rounds it
// (format_fixed: half away from zero); "-0.0" is printed as "0.0" and an infinity as "∞" or "-∞".
std::string fixed(double value, int decimals);

// The colour of the n-th series: dark enough for a 3:1 contrast on white.
const char* series_colour(std::size_t n);

// A point of a line chart. On a linear axis y, low and high may be infinite (an unbounded
// rating): an infinite y is marked by a triangle at the chart's top or bottom edge, off the scale,
// and breaks the line; an infinite end of the band runs to that edge.
struct ChartPoint {
    double x = 0;
    double y = 0;
    std::optional<double> low;  // error band, drawn when both are present
    std::optional<double> high;
};

struct ChartSeries {
    std::string name;
    std::vector<ChartPoint> points;
};

struct ReferenceLine {
    double y = 0;
    std::string label;
};

// A vertical line at `x` (the first move of a clock period), labelled at its top.
struct MarkLine {
    double x = 0;
    std::string label;
};

struct LineChart {
    std::string title;
    std::string description;  // the text alternative
    std::string x_label;
    std::string y_label;
    bool log_y = false;
    std::vector<ChartSeries> series;
    std::vector<ReferenceLine> references;
    std::vector<MarkLine> marks = {};  // drawn where they fall within the points' x range
    // Bands one series at a time: hidden until the reader points at, focuses or clicks that
    // series' line or legend entry (report.js), and left out of the y axis's range, so that five
    // to ten players' lines stay apart instead of under overlapping bands.
    bool bands_on_demand = false;
};

// Returns the chart as inline SVG, or an empty string when no series has a point.
std::string draw_line_chart(const LineChart& chart);

// One rung of the ladder: a rating and its 95% interval, each of which may be infinite.
struct LadderRung {
    std::string name;
    double elo = 0;
    std::optional<double> low;  // the interval, drawn when both are present
    std::optional<double> high;
    std::string text;  // the rung in words, as the table writes it (the rung's tooltip)
};

// Draws the ratings as intervals on one horizontal Elo axis, best at the top. The axis spans the
// finite values; an unbounded end of an interval runs to the axis's edge and ends in an arrow
// head, and an unbounded rating is that arrow head alone, never a dot at a number.
std::string draw_ladder(const std::vector<LadderRung>& rungs, const std::string& description);

}  // namespace arbiter::html
