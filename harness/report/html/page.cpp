#include "harness/report/html/page.h"

#include <zlib.h>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "harness/config/json.h"
#include "harness/report/html/charts.h"
#include "harness/text/number_text.h"
#include "harness/text/output_file.h"

namespace arbiter::html {

namespace {

std::string base64(const unsigned char* bytes, std::size_t size) {
    static const char ALPHABET[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((size + 2) / 3 * 4);
    for (std::size_t i = 0; i < size; i += 3) {
        unsigned value = unsigned(bytes[i]) << 16;
        if (i + 1 < size) value |= unsigned(bytes[i + 1]) << 8;
        if (i + 2 < size) value |= bytes[i + 2];
        out += ALPHABET[(value >> 18) & 63];
        out += ALPHABET[(value >> 12) & 63];
        out += i + 1 < size ? ALPHABET[(value >> 6) & 63] : '=';
        out += i + 2 < size ? ALPHABET[value & 63] : '=';
    }
    return out;
}

// zlib-format deflate (what the browser's DecompressionStream("deflate") reads), then base64.
std::string deflate_base64(const std::string& text) {
    uLongf size = compressBound(uLong(text.size()));
    std::vector<unsigned char> buffer(size);
    if (compress2(buffer.data(), &size, reinterpret_cast<const Bytef*>(text.data()),
                  uLong(text.size()), Z_BEST_COMPRESSION) != Z_OK)
        throw std::runtime_error("zlib could not compress the game data");
    return base64(buffer.data(), size);
}

std::string score_text(const MoveRecord& m) {
    if (m.score && m.score->is_mate())
        return (m.score->mate_moves() > 0 ? "+M" : "-M") +
               std::to_string(std::abs(m.score->mate_moves()));
    if (m.score) return format_fixed(m.score->centipawns() / 100.0, 2, PlusSign::above_zero);
    return "";
}

std::string summary_line(const ReportData& data) {
    std::ostringstream out;
    if (data.pooled_tournaments > 0) {
        out << data.games.size() << " games of " << data.pooled_tournaments
            << (data.pooled_tournaments == 1 ? " tournament" : " tournaments") << " between "
            << data.names.size()
            << " players, one per engine identity (program hash, command, arguments and options; "
               "a rebuilt engine's later builds are &ldquo;name (2)&rdquo;, &ldquo;name "
               "(3)&rdquo;, in "
               "the order of their first games).";
        return out.str();
    }
    out << data.games.size() << " games between " << data.names.size() << " engines";
    if (!data.limits.empty()) out << ", " << escape(data.limits);
    if (data.trusted_draw_claims)
        out << ", draw claims trusted (a claim drew the game unchecked and repetitions were the "
               "engines' to claim, as in the family tournament's runner)";
    if (data.older_games)
        out << " (" << data.older_games
            << " games played by older versions of an entrant are not shown)";
    out << ". Tournament " << data.tournament.id << ".";
    return out.str();
}

// The configuration's note as a list, one item a line (a class tournament's left-out entrants).
std::string note_list(const std::string& note) {
    std::string items;
    for (std::size_t start = 0; start < note.size();) {
        std::size_t end = std::min(note.find('\n', start), note.size());
        if (end > start) items += "<li>" + escape(note.substr(start, end - start)) + "</li>";
        start = end + 1;
    }
    return items.empty() ? "" : "<ul id=\"note\">" + items + "</ul>";
}

// Wraps every table in a box that scrolls sideways, so that a wide table never widens the page
// on a phone.
std::string scrolling_tables(std::string html) {
    for (std::size_t at = 0; (at = html.find("<table", at)) != std::string::npos;) {
        html.insert(at, "<div class=\"scroll\">");
        at = html.find("</table>", at) + 8;
        html.insert(at, "</div>");
    }
    return html;
}

}  // namespace

std::string script_data(std::string_view json) {
    std::string out;
    out.reserve(json.size());
    for (std::size_t i = 0; i < json.size(); ++i) {
        const std::string_view rest = json.substr(i);
        if (rest[0] == '<') {
            out += "\\u003c";
        } else if (rest[0] == '>') {
            out += "\\u003e";
        } else if (rest[0] == '&') {
            out += "\\u0026";
        } else if (rest.starts_with("\u2028") || rest.starts_with("\u2029")) {
            out += rest.starts_with("\u2028") ? "\\u2028" : "\\u2029";  // JavaScript's line ends
            i += 2;                                                     // their 3 UTF-8 bytes
        } else {
            out += rest[0];
        }
    }
    return out;
}

std::string games_section(const ReportData& data) {
    std::ostringstream out;
    out << "<section id=\"games\" aria-labelledby=\"games-heading\"><h2 id=\"games-heading\">Games"
           "</h2><div class=\"filters\"><label>Filter <input id=\"game-filter\" type=\"search\" "
           "placeholder=\"engine, opening, termination\"></label> <label>Result <select "
           "id=\"result-filter\"><option value=\"\">any</option><option>1-0</option><option>"
           "1/2-1/2</option><option>0-1</option></select></label> <label>Rows <select "
           "id=\"page-size\"><option>50</option><option selected>100</option><option>500"
           "</option><option value=\"0\">all</option></select></label> <span id=\"game-count\" "
           "aria-live=\"polite\"></span></div>";
    if (data.viewer_sampled)
        out << "<p id=\"sample-note\">This database is large: the board viewer holds an even "
               "sample of "
            << data.viewer_games.size() << " of the " << data.games.size()
            << " games; the list shows all of them.</p>";
    out << "<table id=\"game-table\"><caption>Every game; select a column "
           "heading to sort, a game to view it</caption><thead><tr>";
    const char* columns[][2] = {{"id", "Game"},         {"round", "Round"},
                                {"white", "White"},     {"black", "Black"},
                                {"result", "Result"},   {"termination", "Termination"},
                                {"opening", "Opening"}, {"plies", "Plies"}};
    for (auto [key, label] : columns)
        out << "<th scope=\"col\" aria-sort=\"none\"><button type=\"button\" data-sort=\"" << key
            << "\">" << label << "</button></th>";
    out << "</tr></thead><tbody></tbody></table><div class=\"pager\"><button type=\"button\" "
           "id=\"page-previous\">Previous</button> <span id=\"page-number\"></span> <button "
           "type=\"button\" id=\"page-next\">Next</button></div>"
        << "<div id=\"viewer\" hidden tabindex=\"0\" aria-label=\"Board viewer: arrow keys step "
           "through the moves, Home and End jump\"><h3 id=\"viewer-title\"></h3>"
           "<p id=\"fault-detail\" hidden></p><div "
           "class=\"viewer-body\"><div class=\"board-column\"><div id=\"board\" role=\"img\">"
           "</div><figure id=\"eval-figure\" hidden><svg id=\"eval-graph\" viewBox=\"0 0 360 "
           "130\" role=\"img\" aria-labelledby=\"eval-caption\"></svg><figcaption "
           "id=\"eval-caption\">The reference engine's evaluation from White's side (clamped to "
           "&plusmn;10); circles mark inaccuracies, mistakes and blunders, the dashed line the "
           "turning point. Select a circle to see its position.</figcaption></figure></div>"
           "<div class=\"viewer-side\">"
           "<div class=\"controls\"><button type=\"button\" id=\"ply-first\" aria-label=\"First "
           "position\">|&#x25C0;</button><button type=\"button\" id=\"ply-back\" aria-label=\"Back "
           "one move\">&#x25C0;</button><button type=\"button\" id=\"ply-forward\" "
           "aria-label=\"Forward one move\">&#x25B6;</button><button type=\"button\" "
           "id=\"ply-last\" aria-label=\"Last position\">&#x25B6;|</button></div>"
           "<p id=\"move-info\" aria-live=\"polite\"></p><p>FEN <output id=\"fen\"></output></p>"
           "<ol id=\"move-list\"></ol></div></div></div></section>";
    return out.str();
}

namespace {

// A viewer game's analysis: "e" each position's evaluation (White's side, clamped centipawns,
// null without one), "n" each move's NAG, "b" its better move, "t" the turning point's ply.
json::Value viewer_analysis_json(const ViewerAnalysis& analysis) {
    json::Value evals{json::Array{}}, nags{json::Array{}}, better{json::Array{}};
    for (const auto& e : analysis.evals) evals.push(e ? json::Value(*e) : json::Value(nullptr));
    for (const auto& n : analysis.nags) nags.push(n);
    for (const auto& b : analysis.better) better.push(b);
    json::Value value{json::Object{}};
    value.set("e", std::move(evals));
    value.set("n", std::move(nags));
    value.set("b", std::move(better));
    value.set("t", analysis.turning_ply ? json::Value(std::int64_t(*analysis.turning_ply))
                                        : json::Value(nullptr));
    return value;
}

}  // namespace

std::string game_data_scripts(const ReportData& data) {
    // Step 1. The list: one array per game, in the order of the columns.
    json::Value list{json::Array{}};
    for (const auto& g : data.games) {
        json::Value row{json::Array{}};
        auto opening =
            g.opening_id ? data.opening_names.find(*g.opening_id) : data.opening_names.end();
        row.push(g.id);
        row.push(g.slot.round + 1);
        row.push(g.white_name);
        row.push(g.black_name);
        row.push(std::string(to_pgn(g.result.outcome)));
        row.push(std::string(termination_code(g.result.termination)));
        row.push(opening == data.opening_names.end() ? std::string() : opening->second);
        row.push(g.ply_count);
        row.push(g.result.description);
        row.push(g.result.fault_detail);
        list.push(std::move(row));
    }
    // Step 2. Each viewer game: FENs from the start position on, and the moves with what the
    // engine reported ([san, uci, score, depth, nodes, time ms, book]).
    std::ostringstream plies;
    plies << '{';
    bool first = true;
    for (const auto& game : data.viewer_games) {
        json::Value fens{json::Array{}};
        fens.push(game.start_fen);
        for (const auto& fen : game.fens) fens.push(fen);
        json::Value moves{json::Array{}};
        for (const auto& m : game.moves) {
            json::Value move{json::Array{}};
            move.push(m.san);
            move.push(m.uci);
            move.push(score_text(m));
            move.push(m.depth ? json::Value(*m.depth) : json::Value(nullptr));
            move.push(m.nodes ? json::Value(*m.nodes) : json::Value(nullptr));
            move.push(m.time_ms);
            move.push(m.book);
            moves.push(std::move(move));
        }
        json::Value value{json::Object{}};
        value.set("f", std::move(fens));
        value.set("m", std::move(moves));
        if (!game.analysis.evals.empty()) value.set("a", viewer_analysis_json(game.analysis));
        plies << (first ? "" : ",") << '"' << game.id << "\":\"" << deflate_base64(value.dump())
              << '"';
        first = false;
    }
    plies << '}';
    return "<script type=\"application/json\" id=\"game-list\">" + script_data(list.dump()) +
           "</script>\n<script type=\"application/json\" id=\"game-plies\">" +
           script_data(plies.str()) + "</script>\n";
}

namespace {

// The page's head and the start of its body, up to the header's first paragraph.
std::string page_head(const std::string& title, const PageMode& mode) {
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
           "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
           "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
        << (mode.live ? "; connect-src 'self'" : "") << "\"><title>" << escape(title)
        << " &ndash; arbiter " << (mode.live ? "live" : "report") << "</title><style>\n"
        << PAGE_STYLE << (mode.live ? PAGE_LIVE_STYLE : "") << "</style></head><body"
        << (mode.live ? " data-live=\"true\"" : "") << "><header><h1>" << escape(title) << "</h1>";
    return out.str();
}

// What a page served beyond this machine leaves out: the engine log a fault's detail names,
// and the note (a class tournament's entrant files).
void hide_local_paths(ReportData& data) {
    for (auto* games : {&data.games}) {
        for (auto& g : *games) {
            auto& detail = g.result.fault_detail;
            if (std::size_t at = detail.find("its log: "); at != std::string::npos)
                detail = detail.substr(0, at >= 2 ? at - 2 : 0);
        }
    }
    if (!data.note.empty())
        data.note = "(a note of this run is not shown: the page is served beyond this machine)";
}

}  // namespace

std::string live_section() {
    return "<section id=\"live\" aria-labelledby=\"live-heading\"><h2 id=\"live-heading\">Live"
           "</h2><p id=\"live-status\" role=\"status\">Connecting to the live server&hellip;</p>"
           "<p id=\"live-progress\"></p><div id=\"live-follow\" hidden><h3 id=\"follow-title\">"
           "</h3><div class=\"follow-body\"><div id=\"follow-board\" class=\"live-board\" "
           "role=\"img\"></div><div class=\"follow-side\"><p class=\"clocks\"><span "
           "id=\"follow-white-clock\" class=\"clock\"></span> <span id=\"follow-black-clock\" "
           "class=\"clock\"></span></p><dl id=\"follow-search\"></dl><ol id=\"follow-moves\">"
           "</ol></div></div></div><div id=\"live-games\" aria-live=\"off\"></div></section>";
}

std::string render_live_shell(const std::string& title, bool public_view) {
    PageMode mode{true, public_view};
    return page_head(title, mode) +
           "<p>Waiting for the tournament's first game.</p></header><main>" + live_section() +
           "</main>" + piece_symbols() + "\n<script>\n" + PAGE_LIVE_SCRIPT +
           "</script></body></html>\n";
}

namespace {

std::string render_page_body(const ReportData& data, const PageMode& mode) {
    std::ostringstream out;
    std::string title = data.event.empty() ? "arbiter tournament" : data.event;
    out << page_head(title, mode) << "<p>" << summary_line(data) << "</p>" << note_list(data.note)
        << "<nav aria-label=\"Sections\"><ul>"
        << (mode.live ? "<li><a href=\"#live\">Live</a></li>" : "");
    std::vector<std::pair<std::string, std::string>> sections = {
        {"standings", standings_section(data)}, {"swiss", swiss_section(data)},
        {"timeline", timeline_section(data)},   {"crosstable", crosstable_section(data)},
        {"match", match_section(data)},         {"search", search_section(data)},
        {"openings", openings_section(data)},   {"terminations", terminations_section(data)},
        {"analysis", analysis_section(data)},   {"games", games_section(data)},
        {"nodes", nodes_section(data)}};
    const char* labels[] = {"Standings", "Swiss rounds", "Elo over time", "Crosstable",
                            "Match",     "Search",       "Openings",      "Terminations",
                            "Analysis",  "Games",        "Node counts"};
    for (std::size_t i = 0; i < sections.size(); ++i)
        if (!sections[i].second.empty())
            out << "<li><a href=\"#" << sections[i].first << "\">" << labels[i] << "</a></li>";
    out << "</ul></nav></header><main>" << (mode.live ? live_section() : "");
    for (const auto& [id, html] : sections) out << scrolling_tables(html) << '\n';
    out << "</main><footer><p>Written by arbiter " << (mode.live ? "live" : "report") << " from "
        << (data.pooled_tournaments > 0 ? "every tournament of the database"
                                        : escape(data.tournament.config_key.substr(0, 12)) +
                                              "&hellip; (tournament configuration key)")
        << ".</p></footer>" << piece_symbols() << '\n'
        << game_data_scripts(data) << "<script>\n"
        << PAGE_SCRIPT << "</script>";
    if (mode.live) out << "<script>\n" << PAGE_LIVE_SCRIPT << "</script>";
    out << "</body></html>\n";
    return out.str();
}

}  // namespace

std::string render_page(const ReportData& data, const PageMode& mode) {
    if (!mode.public_view) return render_page_body(data, mode);
    ReportData shown = data;
    hide_local_paths(shown);
    return render_page_body(shown, mode);
}

void write_page(const std::string& page, const std::filesystem::path& path) {
    std::filesystem::path folder = path.parent_path();
    if (!folder.empty()) std::filesystem::create_directories(folder);
    write_output_file(path.string(), page);  // beside the page, then renamed over it
}

WrittenReport write_report(Store& store, const ReportOptions& options,
                           const std::filesystem::path& path) {
    ReportData data = collect_report(store, options);
    std::string page = render_page(data);
    write_page(page, path);
    return {data.games.size(), page.size()};
}

}  // namespace arbiter::html
