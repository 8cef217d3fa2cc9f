#include "harness/report/html/charts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <sstream>

#include "harness/text/number_text.h"

namespace arbiter::html {

namespace {

constexpr double WIDTH = 720;
constexpr double LEFT = 64, RIGHT = 150, TOP = 16, BOTTOM = 44;  // margins, legend at the right
constexpr double LEGEND_ROW = 18;                                // a legend entry's height

// A linear or base-10 logarithmic map from data values to pixels.
struct Axis {
    double min = 0, max = 1, from = 0, to = 1;
    bool log = false;

    double value(double v) const { return log ? std::log10(std::max(v, 1e-9)) : v; }
    double operator()(double v) const {
        double lo = value(min), hi = value(max);
        return from + (value(v) - lo) / (hi > lo ? hi - lo : 1) * (to - from);
    }
    // Round tick values: powers of ten on a log axis, 1-2-5 steps on a linear one. The ticks
    // are counted by index, at most MAX_TICKS: no range, however narrow against its values'
    // rounding or however far from zero, can make the loop stand still.
    std::vector<double> ticks() const {
        constexpr int MAX_TICKS = 64;
        std::vector<double> result;
        if (!std::isfinite(min) || !std::isfinite(max) || max < min) return result;
        if (log) {
            const double first = std::floor(std::log10(std::max(min, 1e-300)));
            for (int k = 0; k < MAX_TICKS; ++k) {
                const double t = std::pow(10, first + k);
                if (t > max * 1.0001) break;
                if (t >= min * 0.9999) result.push_back(t);
            }
            return result;
        }
        double span = max - min > 0 ? max - min : 1;
        double step = std::pow(10, std::floor(std::log10(span / 5)));
        for (double f : {1.0, 2.0, 5.0, 10.0})
            if (span / (step * f) <= 6) {
                step *= f;
                break;
            }
        const double first = std::ceil(min / step);
        for (int k = 0; k < MAX_TICKS; ++k) {
            const double t = (first + k) * step;
            if (t > max + step * 1e-9) break;
            if (!result.empty() && t <= result.back()) continue;  // lost in the values' rounding
            result.push_back(std::abs(t) < step * 1e-9 ? 0 : t);
        }
        return result;
    }
};

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", v);
    return text;
}

std::string tick_label(double v, bool log) {
    if (log) {
        static const char* const SUFFIX[] = {"", "k", "M", "G", "T"};
        int power = int(std::lround(std::log10(v)));
        if (power < 0) return fixed(v, -power);
        return std::to_string(int(std::lround(std::pow(10, power % 3)))) +
               SUFFIX[std::min(power / 3, 4)];
    }
    if (std::abs(v - std::round(v)) < 1e-9) return std::to_string(std::llround(v));
    std::string text = fixed(v, 2);
    while (text.back() == '0') text.pop_back();  // 2.80 -> 2.8
    return text;
}

std::string open_svg(double height, const std::string& title, const std::string& description) {
    std::ostringstream out;
    out << "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 " << WIDTH << ' ' << height
        << "\" width=\"" << WIDTH << "\" height=\"" << height << "\"><title>" << escape(title)
        << "</title><desc>" << escape(description) << "</desc>";
    return out.str();
}

}  // namespace

std::string cut_at_word(const std::string& text, std::size_t limit) {
    if (text.size() <= limit) return text;
    std::size_t cut = text.rfind(' ', limit);
    if (cut == std::string::npos || cut < limit / 2) cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return text.substr(0, cut) + "\u2026";
}

std::string escape(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            case '\0':
                out += "\uFFFD";  // what the browser makes of it in an attribute; text drops it
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string fixed(double value, int decimals) {
    if (std::isinf(value)) return value > 0 ? "\u221e" : "-\u221e";
    return format_fixed(value, decimals);
}

// How a series' line is drawn past the eighth colour: dashed for the second eight, dotted for the
// third, so that two series of one colour are told apart (an empty pattern: solid).
const char* series_dashes(std::size_t n) {
    static const char* const PATTERNS[] = {"", "6 3", "2 3", "8 3 2 3"};
    return PATTERNS[(n / 8) % 4];
}

const char* series_colour(std::size_t n) {
    static const char* const COLOURS[] = {"#1f5fa8", "#b2451a", "#2a7a2a", "#7a3fa0",
                                          "#8a6500", "#a3224f", "#0f6e6e", "#4d4d4d"};
    return COLOURS[n % 8];
}

namespace {

// A line chart's size and axes, its ranges fitted to its points, bands and reference lines.
struct ChartFrame {
    double height;
    Axis x, y;
};

std::optional<ChartFrame> frame_of(const LineChart& chart) {
    double x_min = std::numeric_limits<double>::max(), x_max = -x_min;
    double y_min = x_min, y_max = -x_min;
    for (const auto& s : chart.series)
        for (const auto& p : s.points) {
            x_min = std::min(x_min, p.x), x_max = std::max(x_max, p.x);
            const bool band = !chart.bands_on_demand;
            for (double y :
                 {p.y, band ? p.low.value_or(p.y) : p.y, band ? p.high.value_or(p.y) : p.y})
                if (std::isfinite(y) && (!chart.log_y || y > 0))
                    y_min = std::min(y_min, y), y_max = std::max(y_max, y);
        }
    if (x_min > x_max || y_min > y_max) return std::nullopt;
    for (const auto& r : chart.references)
        y_min = std::min(y_min, r.y), y_max = std::max(y_max, r.y);
    if (x_max == x_min) x_max = x_min + 1;
    // Equal values, or values a rounding apart (two engines' averages of the same figures
    // summed in different orders): a range of one unit around them.
    if (y_max - y_min <= 1e-9 * std::max(std::abs(y_min), std::abs(y_max))) y_max = y_min + 1;
    if (chart.log_y) {  // whole decades, so that the ends have ticks
        y_min = std::pow(10, std::floor(std::log10(y_min)));
        y_max = std::pow(10, std::ceil(std::log10(y_max)));
    } else {
        double pad = (y_max - y_min) * 0.05;
        y_min -= pad, y_max += pad;
    }
    // Taller than 320 when the legend needs it (18 a row), so that every series is named.
    const double height = std::max(320.0, TOP + LEGEND_ROW * double(chart.series.size()) + BOTTOM);
    return ChartFrame{height, Axis{x_min, x_max, LEFT, WIDTH - RIGHT},
                      Axis{y_min, y_max, height - BOTTOM, TOP, chart.log_y}};
}

// Grid, ticks and axis labels, the reference lines and the vertical marks.
void draw_axes(std::ostream& out, const LineChart& chart, const ChartFrame& frame) {
    const Axis &x = frame.x, &y = frame.y;
    const double height = frame.height;
    out << "<g class=\"axis\">";
    for (double t : y.ticks())
        out << "<line x1=\"" << LEFT << "\" x2=\"" << WIDTH - RIGHT << "\" y1=\"" << number(y(t))
            << "\" y2=\"" << number(y(t)) << "\"/><text x=\"" << LEFT - 6 << "\" y=\""
            << number(y(t) + 4) << "\" text-anchor=\"end\">" << tick_label(t, chart.log_y)
            << "</text>";
    for (double t : x.ticks())
        out << "<text x=\"" << number(x(t)) << "\" y=\"" << height - BOTTOM + 16
            << "\" text-anchor=\"middle\">" << tick_label(t, false) << "</text>";
    out << "<text x=\"" << (LEFT + WIDTH - RIGHT) / 2 << "\" y=\"" << height - 8
        << "\" text-anchor=\"middle\">" << escape(chart.x_label) << "</text>"
        << "<text transform=\"translate(14," << (TOP + height - BOTTOM) / 2
        << ") rotate(-90)\" text-anchor=\"middle\">" << escape(chart.y_label) << "</text></g>";
    for (const auto& r : chart.references)
        out << "<line class=\"reference\" x1=\"" << LEFT << "\" x2=\"" << WIDTH - RIGHT
            << "\" y1=\"" << number(y(r.y)) << "\" y2=\"" << number(y(r.y)) << "\"/><text x=\""
            << WIDTH - RIGHT + 4 << "\" y=\"" << number(y(r.y) + 4) << "\">" << escape(r.label)
            << "</text>";
    int drawn_marks = 0;  // labels alternate between two rows, so neighbours do not overlap
    for (const auto& m : chart.marks) {
        if (m.x < x.min || m.x > x.max) continue;
        out << "<line class=\"reference\" x1=\"" << number(x(m.x)) << "\" x2=\"" << number(x(m.x))
            << "\" y1=\"" << TOP << "\" y2=\"" << height - BOTTOM << "\"/><text x=\""
            << number(x(m.x) + 3) << "\" y=\"" << TOP + 10 + 14 * (drawn_marks++ % 2) << "\">"
            << escape(m.label) << "</text>";
    }
}

// Each series' band (its points' low and high), infinite values at the edges.
void draw_bands(std::ostream& out, const LineChart& chart, const ChartFrame& frame) {
    const Axis &x = frame.x, &y = frame.y;
    auto clamped = [&](double v) { return std::clamp(v, y.min, y.max); };
    for (std::size_t i = 0; i < chart.series.size(); ++i) {
        const auto& s = chart.series[i];
        std::string upper, lower;
        for (const auto& p : s.points) {
            if (!p.low || !p.high || std::isnan(*p.low) || std::isnan(*p.high)) continue;
            if (chart.log_y && (!std::isfinite(*p.low) || !std::isfinite(*p.high))) continue;
            upper += (upper.empty() ? "M" : "L") + number(x(p.x)) + "," +
                     number(y(chart.log_y ? *p.high : clamped(*p.high)));
            lower = "L" + number(x(p.x)) + "," + number(y(chart.log_y ? *p.low : clamped(*p.low))) +
                    lower;
        }
        if (!upper.empty())
            out << "<path class=\"band\" data-series=\"" << i << "\" fill=\"" << series_colour(i)
                << "\" d=\"" << upper << lower << "Z\"/>";
    }
}

// Series i's line, broken where a value cannot be drawn, and its marks: a dot for a point
// between two breaks, a triangle at the edge (pointing out) for an infinite value.
void draw_series_line(std::ostream& out, const LineChart& chart, const ChartFrame& frame,
                      std::size_t i, const std::string& dashes) {
    const Axis &x = frame.x, &y = frame.y;
    const auto& s = chart.series[i];
    std::string path, marks;
    bool broken = true;
    auto drawn = [&](const ChartPoint& p) {
        return std::isfinite(p.y) && (!chart.log_y || p.y > 0);
    };
    for (std::size_t k = 0; k < s.points.size(); ++k) {
        const ChartPoint& p = s.points[k];
        if (drawn(p)) {
            path += (broken ? "M" : "L") + number(x(p.x)) + "," + number(y(p.y));
            // A point between two breaks would be a line of no length: a dot instead.
            if (broken && (k + 1 == s.points.size() || !drawn(s.points[k + 1])))
                marks += "<circle cx=\"" + number(x(p.x)) + "\" cy=\"" + number(y(p.y)) +
                         "\" r=\"3\" fill=\"" + std::string(series_colour(i)) + "\"/>";
            broken = false;
        } else if (std::isinf(p.y) && !chart.log_y) {
            // Off the scale: a triangle at the edge, pointing out of the chart.
            const double edge = y(p.y > 0 ? y.max : y.min), tip = p.y > 0 ? -7 : 7;
            marks += "<path class=\"off-scale\" fill=\"" + std::string(series_colour(i)) +
                     "\" d=\"M" + number(x(p.x) - 5) + "," + number(edge) + "L" +
                     number(x(p.x) + 5) + "," + number(edge) + "L" + number(x(p.x)) + "," +
                     number(edge + tip) + "Z\"/>";
            broken = true;
        }
    }
    out << "<path class=\"line\" data-series=\"" << i << "\" stroke=\"" << series_colour(i)
        << dashes << "\" d=\"" << path << "\"/>" << marks;
}

// Series i's legend entry: a short line drawn as the series is, and its name; with bands on
// demand, a button that shows its band.
void draw_legend_entry(std::ostream& out, const LineChart& chart, std::size_t i,
                       const std::string& dashes) {
    const auto& s = chart.series[i];
    double legend_y = TOP + 8 + LEGEND_ROW * double(i);
    if (chart.bands_on_demand)
        out << "<g class=\"legend-entry\" data-series=\"" << i
            << "\" tabindex=\"0\" role=\"button\" aria-label=\"Show the 95% band of "
            << escape(s.name) << "\">";
    out << "<line class=\"sample\" x1=\"" << WIDTH - RIGHT + 8 << "\" x2=\"" << WIDTH - RIGHT + 26
        << "\" y1=\"" << legend_y - 4 << "\" y2=\"" << legend_y - 4 << "\" stroke=\""
        << series_colour(i) << dashes << "\" stroke-width=\"3\"/><text x=\"" << WIDTH - RIGHT + 28
        << "\" y=\"" << legend_y << "\">" << escape(s.name) << "</text>";
    if (chart.bands_on_demand) out << "</g>";
}

}  // namespace

std::string draw_line_chart(const LineChart& chart) {
    const std::optional<ChartFrame> frame = frame_of(chart);
    if (!frame) return {};
    std::ostringstream out;
    std::string opening = open_svg(frame->height, chart.title, chart.description);
    const std::string plain = "<svg class=\"chart\"";
    if (chart.bands_on_demand)
        opening.replace(0, plain.size(), "<svg class=\"chart bands-on-demand\"");
    out << opening;
    draw_axes(out, chart, *frame);
    // Bands, then lines and points, then the legend.
    draw_bands(out, chart, *frame);
    for (std::size_t i = 0; i < chart.series.size(); ++i) {
        // Past the eighth colour, a dash pattern tells two series of one colour apart; the
        // legend's sample is a short line drawn the same way.
        const std::string dashes =
            i >= 8 ? std::string("\" stroke-dasharray=\"") + series_dashes(i) : std::string();
        draw_series_line(out, chart, *frame, i, dashes);
        draw_legend_entry(out, chart, i, dashes);
    }
    out << "</svg>";
    return out.str();
}

std::string draw_ladder(const std::vector<LadderRung>& rungs, const std::string& description) {
    if (rungs.empty()) return {};
    double lo = std::numeric_limits<double>::max(), hi = -lo;
    for (const auto& r : rungs)
        for (double v : {r.elo, r.low.value_or(r.elo), r.high.value_or(r.elo)})
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    if (lo > hi) lo = hi = 0;
    double pad = std::max(20.0, (hi - lo) * 0.06);
    const double row = 26, height = TOP + row * double(rungs.size()) + BOTTOM;
    Axis x{lo - pad, hi + pad, 170, WIDTH - 24};
    // An infinite value sits at the axis's edge.
    auto at = [&](double v) { return x(std::clamp(v, lo - pad, hi + pad)); };
    std::ostringstream out;
    out << open_svg(height, "Ratings with 95% intervals", description) << "<g class=\"axis\">";
    for (double t : x.ticks())
        out << "<line x1=\"" << number(x(t)) << "\" x2=\"" << number(x(t)) << "\" y1=\"" << TOP
            << "\" y2=\"" << height - BOTTOM << "\"/><text x=\"" << number(x(t)) << "\" y=\""
            << height - BOTTOM + 16 << "\" text-anchor=\"middle\">" << tick_label(t, false)
            << "</text>";
    out << "<text x=\"" << (170 + WIDTH - 24) / 2 << "\" y=\"" << height - 8
        << "\" text-anchor=\"middle\">Elo (joint maximum likelihood, 95% interval)</text></g>";
    for (std::size_t i = 0; i < rungs.size(); ++i) {
        const auto& r = rungs[i];
        const std::string colour = series_colour(i);
        double cy = TOP + row * (double(i) + 0.5);
        out << "<g class=\"rung\"><title>" << escape(r.text) << "</title><text x=\"162\" y=\""
            << number(cy + 4) << "\" text-anchor=\"end\">" << escape(r.name) << "</text>";
        // An arrow head at the edge, pointing out of the axis: an unbounded end or rating.
        auto arrow = [&](double v) {
            double edge = at(v), back = v > 0 ? -9 : 9;
            out << "<path class=\"unbounded\" fill=\"" << colour << "\" d=\"M" << number(edge)
                << "," << number(cy) << "L" << number(edge + back) << "," << number(cy - 6) << "L"
                << number(edge + back) << "," << number(cy + 6) << "Z\"/>";
        };
        if (r.low && r.high) {
            out << "<line class=\"interval\" stroke=\"" << colour << "\" x1=\""
                << number(at(*r.low)) << "\" x2=\"" << number(at(*r.high)) << "\" y1=\""
                << number(cy) << "\" y2=\"" << number(cy) << "\"/>";
            if (std::isinf(*r.low)) arrow(*r.low);
            if (std::isinf(*r.high)) arrow(*r.high);
        }
        if (std::isfinite(r.elo)) {
            out << "<circle cx=\"" << number(x(r.elo)) << "\" cy=\"" << number(cy)
                << "\" r=\"5\" fill=\"" << colour << "\"/>";
        } else if (!r.low || !r.high || !std::isinf(r.elo > 0 ? *r.high : *r.low)) {
            arrow(r.elo);
        }
        out << "</g>";
    }
    out << "</svg>";
    return out.str();
}

}  // namespace arbiter::html
