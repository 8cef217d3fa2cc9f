// The page's "Search by game phase" section: for each search figure (depth, nodes, time, speed,
// and the clock in timed games), a chart with a line per engine over the phases of the game, and
// a table of the same values.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <sstream>

#include "harness/report/html/charts.h"
#include "harness/report/html/page.h"

namespace arbiter::html {

namespace {

// A figure drawn by phase: its title, unit, scale, how it is computed from a phase's sums
// (NaN when nothing was reported), and whether it is a clock figure (periods are marked).
struct Metric {
    const char* title;
    const char* unit;
    bool log;
    double (*value)(const PhaseStatistics&);
    bool clock = false;
};

double depth_per_move(const PhaseStatistics& s) {
    return s.moves_with_depth ? s.depth_sum / double(s.moves_with_depth) : NAN;
}

double nodes_per_move(const PhaseStatistics& s) {
    return s.moves_with_nodes ? s.nodes_sum / double(s.moves_with_nodes) : NAN;
}

double time_per_move(const PhaseStatistics& s) {
    return s.moves ? s.time_ms_sum / double(s.moves) : NAN;
}

double nodes_per_second(const PhaseStatistics& s) {
    return s.nodes_time_ms_sum > 0 ? 1000 * s.nodes_sum / s.nodes_time_ms_sum : NAN;
}

double clock_left(const PhaseStatistics& s) {
    return s.clock_moves ? s.clock_left_ms_sum / double(s.clock_moves) : NAN;
}

double clock_share(const PhaseStatistics& s) {
    return s.clock_moves ? 100 * s.clock_share_sum / double(s.clock_moves) : NAN;
}

// The four search figures, and the clock's two for timed games.
constexpr Metric METRICS[] = {
    {"Depth per move", "plies", false, depth_per_move},
    {"Nodes per move", "nodes", true, nodes_per_move},
    {"Time per move", "ms", false, time_per_move},
    {"Nodes per second", "nodes/s", true, nodes_per_second},
};
constexpr Metric CLOCK_METRICS[] = {
    {"Clock left before a move", "ms", false, clock_left, true},
    {"Share of the clock a move used", "% of the time left", false, clock_share, true},
};

// One figure's chart, one line per engine, and its values in a table; empty when no engine
// reported it (depth, nodes of a Python entrant).
std::string metric_chart(const ReportData& data, const Metric& metric) {
    const auto& starts = ReportData::PHASE_START;
    LineChart chart{metric.title,
                    std::string(metric.title) +
                        " by move number for each engine; the table "
                        "below lists the same values.",
                    "move number",
                    metric.unit,
                    metric.log,
                    {},
                    {}};
    if (metric.clock)
        for (const auto& [move, label] : data.period_starts)
            chart.marks.push_back({double(move), label});
    std::ostringstream table;
    table << "<details><summary>" << metric.title << ": values</summary><table><thead><tr>"
          << "<th scope=\"col\">Engine</th>";
    for (std::size_t k = 0; k < starts.size(); ++k)
        table << "<th scope=\"col\">" << starts[k]
              << (k + 1 < starts.size() ? "&ndash;" + std::to_string(starts[k + 1] - 1) : "+")
              << "</th>";
    table << "</tr></thead><tbody>";
    for (int i : data.order) {
        ChartSeries series{data.names[std::size_t(i)], {}};
        table << "<tr><th scope=\"row\">" << escape(series.name) << "</th>";
        for (std::size_t k = 0; k < starts.size(); ++k) {
            double v = metric.value(data.phases[std::size_t(i)][k]);
            table << "<td class=\"num\">" << (std::isnan(v) ? "&ndash;" : fixed(v, v < 100 ? 1 : 0))
                  << "</td>";
            if (!std::isnan(v)) series.points.push_back({double(starts[k]), v, {}, {}});
        }
        table << "</tr>";
        chart.series.push_back(std::move(series));
    }
    table << "</tbody></table></details>";
    if (std::all_of(chart.series.begin(), chart.series.end(),
                    [](const ChartSeries& series) { return series.points.empty(); }))
        return {};
    return "<h3>" + std::string(metric.title) + "</h3>" + draw_line_chart(chart) + table.str();
}

}  // namespace

std::string search_section(const ReportData& data) {
    std::ostringstream out;
    out << section_start("search", "Search by game phase")
        << "<p>Averages over the moves each engine chose (book moves excluded), by move number";
    std::vector<Metric> metrics(std::begin(METRICS), std::end(METRICS));
    if (data.clocked) {
        out << "; the clock is the referee's, recorded before each move";
        if (!data.period_starts.empty())
            out << ", and dashed lines on its charts mark the first move of each period of "
                << escape(data.period_controls);
        metrics.insert(metrics.end(), std::begin(CLOCK_METRICS), std::end(CLOCK_METRICS));
    }
    out << ".</p>";
    for (const auto& metric : metrics) out << metric_chart(data, metric);
    out << "</section>";
    return out.str();
}

}  // namespace arbiter::html
