// The sections of the report that show figures: standings, Elo over time, crosstable, the
// two-engine match, openings, terminations and node counts (search figures by phase:
// search_section.cpp).
#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "harness/report/html/charts.h"
#include "harness/report/html/page.h"
#include "harness/report/rating_output.h"

namespace arbiter::html {

namespace {

// A rating with its 95% interval in words, as the table writes them: "A: 255.8 (95% 150.7 to
// +inf)".
std::string rating_words(const PlayerRating& p) {
    std::string text = p.name + ": " + rating_text(p.elo, 1);
    if (p.interval_95)
        text += " (95% " + rating_text(p.interval_95->low, 1) + " to " +
                rating_text(p.interval_95->high, 1) + ")";
    return text;
}

std::string percent(double value) {
    return fixed(100 * value, 1) + "%";
}

// A light background for a score from 0 (red) through 0.5 (grey) to 1 (green); black text on
// every colour of the scale keeps a contrast ratio above 10.
std::string heat_colour(double score) {
    auto mix = [](int a, int b, double t) { return int(std::lround(a + (b - a) * t)); };
    int low[3] = {244, 166, 166}, mid[3] = {242, 242, 242}, high[3] = {159, 216, 159};
    const int* from = score < 0.5 ? low : mid;
    const int* to = score < 0.5 ? mid : high;
    double t = score < 0.5 ? score * 2 : (score - 0.5) * 2;
    char text[16];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", mix(from[0], to[0], t),
                  mix(from[1], to[1], t), mix(from[2], to[2], t));
    return text;
}

// The sentence naming the openings flagged as unbalanced, with White's score in each.
std::string flagged_openings(const ReportData& data) {
    std::string list;
    for (const auto& line : data.openings)
        if (line.unbalanced)
            list += (list.empty() ? "" : "; ") + escape(line.name) + " (White " +
                    percent(line.white_points / double(line.games)) + ")";
    return list.empty() ? "" : "<p id=\"unbalanced-openings\">Most unbalanced: " + list + ".</p>";
}

// The name and author an engine gave itself, under the name it was given, when it said one, and
// what it says it is (a description, never shown as an author: a student's docstring can run to a
// board or a page, so it is cut at 80 characters and kept whole in the element's title).
constexpr std::size_t SHOWN_DESCRIPTION = 80;

std::string own_name_note(const ReportData& data, const std::string& name) {
    auto at = std::find(data.names.begin(), data.names.end(), name);
    std::size_t index = std::size_t(at - data.names.begin());
    if (index >= data.own.size()) return {};
    const EngineOwnIdentity& own = data.own[index];
    std::string note;
    if (!own.name.empty())
        note = "<br><small class=\"own-name\">" + escape(own.name) +
               (own.author.empty() ? "" : " by " + escape(own.author)) + "</small>";
    if (!own.description.empty())
        note += "<br><small class=\"own-description\" title=\"" + escape(own.description) + "\">" +
                escape(cut_at_word(own.description, SHOWN_DESCRIPTION)) + "</small>";
    return note;
}

}  // namespace

std::string section_start(const std::string& id, const std::string& heading) {
    return "<section id=\"" + id + "\" aria-labelledby=\"" + id + "-heading\"><h2 id=\"" + id +
           "-heading\">" + escape(heading) + "</h2>";
}

std::string standings_section(const ReportData& data) {
    std::ostringstream out;
    out << section_start("standings", "Standings");
    if (!data.ratings) {
        out << "<p>Ratings: "
            << escape(data.ratings_error.empty() ? "no games yet" : data.ratings_error)
            << "</p></section>";
        return out.str();
    }
    const RatingResult& r = *data.ratings;
    out << "<table id=\"standings-table\"><caption>Joint maximum-likelihood Elo (core group's "
           "average 0), "
           "95% intervals (the widest of the profile likelihood ratio, it moved against the "
           "bootstrap's bias, and the 2.5th and 97.5th percentiles of a "
        << r.bootstrap_samples << "-sample parametric bootstrap over " << r.games
        << " games; +inf or -inf: unbounded</caption><thead><tr>"
           "<th scope=\"col\">Rank</th><th scope=\"col\">Engine</th><th scope=\"col\">Elo</th>"
           "<th scope=\"col\">95% low</th>"
           "<th scope=\"col\">95% high</th><th scope=\"col\">Games</th>"
           "<th scope=\"col\">Score</th><th scope=\"col\">Draws</th>"
           "<th scope=\"col\">LOS over next</th></tr></thead><tbody>";
    std::vector<LadderRung> rungs;
    for (const auto& p : r.players) {
        out << "<tr data-engine=\"" << escape(p.name) << "\"><td>" << p.rank
            << "</td><th scope=\"row\">" << escape(p.name) << own_name_note(data, p.name)
            << "</th><td class=\"num\">" << rating_text(p.elo, 1) << "</td><td class=\"num\">"
            << (p.interval_95 ? rating_text(p.interval_95->low, 1) : "&ndash;")
            << "</td><td class=\"num\">"
            << (p.interval_95 ? rating_text(p.interval_95->high, 1) : "&ndash;")
            << "</td><td class=\"num\">" << p.results.games() << "</td><td class=\"num\">"
            << fixed(p.score_percent(), 1) << "%</td><td class=\"num\">"
            << fixed(p.draw_percent(), 1) << "%</td><td class=\"num\">"
            << (p.los_next ? percent(*p.los_next) : std::string("&ndash;")) << "</td></tr>";
        std::optional<double> low, high;
        if (p.interval_95) low = p.interval_95->low, high = p.interval_95->high;
        rungs.push_back({p.name, p.elo, low, high, rating_words(p)});
    }
    out << "</tbody></table>";
    if (const std::string note = unordered_note(r); !note.empty())
        out << "<p class=\"note\">" << escape(note) << "</p>";
    out << draw_ladder(rungs,
                       "Each engine's rating as a dot with its 95% interval as a line; "
                       "overlapping lines mean the order between those engines is not "
                       "settled; an arrow head at the edge is an unbounded end (+inf or -inf). "
                       "The table above holds the same numbers.")
        << "</section>";
    return out.str();
}

std::string timeline_section(const ReportData& data) {
    if (data.timeline.size() < 2) return {};
    LineChart chart{"Elo over the tournament",
                    "Each engine's joint rating recomputed after every " +
                        std::to_string(data.timeline.front().games) +
                        " games; every line starts at 0 before the first game, and an engine "
                        "stays at 0 until it has played. Point at, focus or select an engine's "
                        "line or name to see its 95% band. An unbounded rating (+inf or -inf) is "
                        "a triangle at the top or bottom edge, off the scale. The table below "
                        "lists the same values (a dash: no game yet).",
                    "games played",
                    "Elo",
                    false,
                    {},
                    {},
                    {},
                    true};
    std::ostringstream table;
    table << "<details><summary>Values</summary><table><thead><tr><th scope=\"col\">Games</th>";
    for (int i : data.order)
        table << "<th scope=\"col\">" << escape(data.names[std::size_t(i)]) << "</th>";
    table << "</tr></thead><tbody>";
    // Every engine is at 0 before the first game, so that each line starts at the left edge.
    for (int i : data.order)
        chart.series.push_back({data.names[std::size_t(i)], {ChartPoint{0.0, 0.0, {}, {}}}});
    for (const auto& point : data.timeline) {
        table << "<tr><th scope=\"row\">" << point.games << "</th>";
        for (std::size_t k = 0; k < data.order.size(); ++k) {
            const auto& p = point.players[std::size_t(data.order[k])];
            table << "<td class=\"num\">";
            if (p) table << rating_text(p->elo, 1);
            if (p && p->interval_95)
                table << " (" << rating_text(p->interval_95->low, 1) << " to "
                      << rating_text(p->interval_95->high, 1) << ")";
            table << (p ? "" : "&ndash;") << "</td>";
            ChartPoint chart_point{double(point.games), p ? p->elo : 0.0, {}, {}};  // no game yet
            if (!p) {
                chart.series[k].points.push_back(chart_point);
                continue;
            }
            if (p->interval_95) {
                chart_point.low = p->interval_95->low;
                chart_point.high = p->interval_95->high;
            }
            chart.series[k].points.push_back(chart_point);
        }
        table << "</tr>";
    }
    table << "</tbody></table></details>";
    return section_start("timeline", "Elo over the tournament") + draw_line_chart(chart) +
           table.str() + "</section>";
}

// Past this many engines the crosstable's cells are set smaller, so that a class of 19 (18 columns
// of points) fits the page's width.
constexpr std::size_t COMPACT_CROSSTABLE = 10;

std::string crosstable_section(const ReportData& data) {
    if (data.names.size() < 2) return {};
    std::ostringstream out;
    out << section_start("crosstable", "Crosstable")
        << "<table id=\"crosstable-table\" class=\"heat"
        << (data.order.size() > COMPACT_CROSSTABLE ? " compact" : "")
        << "\"><caption>Points of the row engine "
           "against the column engine / games; green: the row engine scored more</caption>"
           "<thead><tr><th scope=\"col\">Engine</th>";
    for (std::size_t c = 0; c < data.order.size(); ++c)
        out << "<th scope=\"col\" title=\"" << escape(data.names[std::size_t(data.order[c])])
            << "\"><span aria-hidden=\"true\">" << c + 1 << "</span><span class=\"sr-only\">"
            << escape(data.names[std::size_t(data.order[c])]) << "</span></th>";
    out << "</tr></thead><tbody>";
    for (std::size_t r = 0; r < data.order.size(); ++r) {
        int row = data.order[r];
        out << "<tr><th scope=\"row\">" << r + 1 << ' ' << escape(data.names[std::size_t(row)])
            << "</th>";
        for (int column : data.order) {
            const WdlCounts& w = data.cross[std::size_t(row)][std::size_t(column)];
            if (row == column || w.games() == 0) {
                out << "<td class=\"empty\">" << (row == column ? "&ndash;" : "&middot;")
                    << "</td>";
                continue;
            }
            out << "<td data-row=\"" << escape(data.names[std::size_t(row)]) << "\" data-column=\""
                << escape(data.names[std::size_t(column)])
                << "\" style=\"background:" << heat_colour(w.score()) << "\">"
                << fixed(w.points(), 1) << '/' << w.games() << "</td>";
        }
        out << "</tr>";
    }
    out << "</tbody></table></section>";
    return out.str();
}

std::string match_section(const ReportData& data) {
    if (!data.match) return {};
    const PairStatistics& s = *data.match;
    const auto& p = s.tally.pentanomial.pairs;
    std::ostringstream out;
    out << section_start("match", data.names[0] + " against " + data.names[1])
        << "<p>Trinomial Elo " << fixed(s.trinomial.elo, 1) << " &plusmn; "
        << fixed(s.trinomial.error_95, 1) << ", LOS " << percent(s.trinomial.los);
    if (s.pentanomial)
        out << "; pentanomial Elo " << fixed(s.pentanomial->elo, 1) << " &plusmn; "
            << fixed(s.pentanomial->error_95, 1);
    out << ".</p><table id=\"pentanomial-table\"><caption>Game pairs by the points "
        << escape(data.names[0])
        << " scored over both colours</caption><thead><tr><th scope=\"col\">Pair score</th>"
           "<th scope=\"col\">0</th><th scope=\"col\">&frac12;</th><th scope=\"col\">1</th>"
           "<th scope=\"col\">1&frac12;</th><th scope=\"col\">2</th></tr></thead><tbody><tr>"
           "<th scope=\"row\">Pairs</th>";
    std::int64_t most = std::max<std::int64_t>(1, *std::max_element(p.begin(), p.end()));
    for (auto count : p)
        out << "<td class=\"num\"><span class=\"bar\" style=\"width:"
            << fixed(60.0 * double(count) / double(most), 0) << "px\"></span> " << count << "</td>";
    out << "</tr></tbody></table>";
    if (data.sprt && !data.llr.empty()) {
        Sprt sprt(*data.sprt);
        LineChart chart{"SPRT log-likelihood ratio",
                        "The LLR after each game pair against the bounds " +
                            fixed(sprt.lower_bound(), 2) + " and " + fixed(sprt.upper_bound(), 2) +
                            "; the final LLR is " + fixed(data.llr.back().second, 2) + ".",
                        "game pairs",
                        "LLR",
                        false,
                        {{"LLR", {}}},
                        {{sprt.lower_bound(), "H0 accepted"}, {sprt.upper_bound(), "H1 accepted"}}};
        for (const auto& [pairs, llr] : data.llr)
            chart.series[0].points.push_back({double(pairs), llr, {}, {}});
        out << "<p>SPRT elo0 " << fixed(data.sprt->elo0, 1) << ", elo1 "
            << fixed(data.sprt->elo1, 1) << ": LLR " << fixed(data.llr.back().second, 2)
            << " after " << data.llr.back().first << " pairs.</p>" << draw_line_chart(chart);
    }
    if (!data.pooled_sprt.empty()) out << "<pre>" << escape(data.pooled_sprt) << "</pre>";
    out << "</section>";
    return out.str();
}

std::string openings_section(const ReportData& data) {
    if (data.openings.empty()) return {};
    std::vector<std::pair<int, int>> pairs;
    for (std::size_t a = 0; a < data.order.size(); ++a)
        for (std::size_t b = a + 1; b < data.order.size(); ++b)
            pairs.emplace_back(data.order[a], data.order[b]);
    std::ostringstream out;
    if (data.openings.size() == 1) {  // one line, not a table of one row
        const auto& line = data.openings.front();
        return section_start("openings", "Opening") + "<p id=\"one-opening\">Every game started " +
               "from " + escape(line.name) + "; White scored " +
               percent(line.white_points / double(line.games)) + " over " +
               std::to_string(line.games) + " games.</p></section>";
    }
    out << section_start("openings", "Openings")
        << "<p>White's score per opening over all games, and for each pair the points of the "
           "first-named (higher-ranked) engine / games. &#9873; marks the most unbalanced "
           "openings.</p>"
        << flagged_openings(data)
        << "<table id=\"openings-table\" class=\"heat\">"
           "<thead><tr><th scope=\"col\">Opening</th><th scope=\"col\">Games</th>"
           "<th scope=\"col\">White</th>";
    for (auto [a, b] : pairs)
        out << "<th scope=\"col\">" << escape(data.names[std::size_t(a)]) << " &ndash; "
            << escape(data.names[std::size_t(b)]) << "</th>";
    out << "</tr></thead><tbody>";
    for (const auto& line : data.openings) {
        out << "<tr" << (line.unbalanced ? " class=\"unbalanced\"" : "") << "><th scope=\"row\">"
            << (line.unbalanced ? "<span title=\"unbalanced\">&#9873;</span> " : "")
            << escape(line.name) << "</th><td class=\"num\">" << line.games << "</td>"
            << "<td class=\"num\" style=\"background:"
            << heat_colour(line.white_points / double(line.games)) << "\">"
            << percent(line.white_points / double(line.games)) << "</td>";
        for (auto [a, b] : pairs) {
            auto it = line.pairs.find({std::min(a, b), std::max(a, b)});
            if (it == line.pairs.end()) {
                out << "<td class=\"empty\">&middot;</td>";
                continue;
            }
            double points = a < b ? it->second.points : it->second.games - it->second.points;
            out << "<td class=\"num\" style=\"background:"
                << heat_colour(points / double(it->second.games)) << "\">" << fixed(points, 1)
                << '/' << it->second.games << "</td>";
        }
        out << "</tr>";
    }
    out << "</tbody></table></section>";
    return out.str();
}

std::string terminations_section(const ReportData& data) {
    std::set<std::string> codes;
    for (const auto& engine : data.terminations)
        for (const auto& [code, count] : engine) codes.insert(code);
    if (codes.empty()) return {};
    std::ostringstream out;
    out << section_start("terminations", "How games ended")
        << "<table id=\"terminations-table\"><caption>Games of each engine by termination; a fault "
           "counted only against the engine that made it</caption><thead><tr>"
           "<th scope=\"col\">Engine</th>";
    for (const auto& code : codes) out << "<th scope=\"col\">" << escape(code) << "</th>";
    out << "<th scope=\"col\">Faults</th></tr></thead><tbody>";
    for (int i : data.order) {
        out << "<tr><th scope=\"row\">" << escape(data.names[std::size_t(i)]) << "</th>";
        for (const auto& code : codes) {
            auto it = data.terminations[std::size_t(i)].find(code);
            out << "<td class=\"num\">"
                << (it == data.terminations[std::size_t(i)].end() ? 0 : it->second) << "</td>";
        }
        int faults = 0;
        for (const auto& [code, count] : data.faults[std::size_t(i)]) faults += count;
        out << "<td class=\"num\">" << faults << "</td></tr>";
    }
    out << "</tbody></table>";
    std::ostringstream list;
    int listed = 0;
    for (const auto& g : data.games) {
        if (!is_fault(g.result.termination)) continue;
        list << "<li><a href=\"#game-" << g.id << "\">Game " << g.id
             << "</a>: " << escape(g.white_name) << " &ndash; " << escape(g.black_name) << ' '
             << to_pgn(g.result.outcome) << ", " << escape(g.result.description);
        if (!g.result.fault_detail.empty())
            list << " <span class=\"fault-detail\">(" << escape(g.result.fault_detail)
                 << ")</span>";
        list << "</li>";
        if (++listed == 500) break;
    }
    out << (listed ? "<h3>Faults</h3><ul id=\"fault-list\">" + list.str() + "</ul>"
                   : std::string("<p>No time losses, crashes, stalls or illegal moves.</p>"))
        << "</section>";
    return out.str();
}

std::string nodes_section(const ReportData& data) {
    if (!data.node_run || data.node_series.empty()) return {};
    LineChart chart{"Nodes against depth",
                    "Total nodes over the run's positions at each depth, one line per engine, "
                    "logarithmic scale; the table below lists the same values.",
                    "depth",
                    "nodes",
                    true,
                    {},
                    {}};
    std::set<int> depths;
    for (const auto& s : data.node_series)
        for (const auto& [depth, nodes] : s.nodes_by_depth) depths.insert(depth);
    std::ostringstream table;
    table << "<table id=\"nodes-table\"><caption>Nodes summed over positions</caption><thead><tr>"
             "<th scope=\"col\">Engine</th>";
    for (int d : depths) table << "<th scope=\"col\">depth " << d << "</th>";
    table << "</tr></thead><tbody>";
    for (const auto& s : data.node_series) {
        ChartSeries series{s.engine, {}};
        table << "<tr><th scope=\"row\">" << escape(s.engine) << "</th>";
        for (int d : depths) {
            auto it = s.nodes_by_depth.find(d);
            table << "<td class=\"num\">"
                  << (it == s.nodes_by_depth.end() ? "&ndash;" : std::to_string(it->second))
                  << "</td>";
            if (it != s.nodes_by_depth.end())
                series.points.push_back({double(d), double(it->second), {}, {}});
        }
        table << "</tr>";
        chart.series.push_back(std::move(series));
    }
    table << "</tbody></table>";
    return section_start("nodes", "Node counts") + "<p>Run " + std::to_string(data.node_run->id) +
           ": " + escape(data.node_run->description) + "</p>" + draw_line_chart(chart) +
           table.str() + "</section>";
}

}  // namespace arbiter::html
