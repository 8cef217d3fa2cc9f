// The HTML report: one self-contained page (styles, script, SVG charts and pieces inline; no
// network) written from a ReportData. The page's script sorts, filters, pages and draws the
// board from the FENs arbiter wrote; it holds no chess logic.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "harness/report/html/report_data.h"

namespace arbiter::html {

// How the page is served. `live`: by arbiter's live server (harness/live), which the page's live
// script reads (Server-Sent Events at /events): a "Live" section of the games in progress comes
// first, and the page may connect to its own server. `public_view`: served beyond this machine,
// so no local path is shown (an engine log named in a fault's detail, the note's entrant files).
struct PageMode {
    bool live = false;
    bool public_view = false;
};

// Returns the whole page.
std::string render_page(const ReportData& data, const PageMode& mode = {});
// The live page before its tournament has a game in the database: the live section alone.
std::string render_live_shell(const std::string& title, bool public_view);
// The "Live" section: the progress line, a board per game in progress, and the followed game.
std::string live_section();

// Writes the page to `path` atomically: a temporary file in the same folder, then a rename, so a
// browser that reloads sees the old page or the new one, never half of one. Creates missing
// parent folders. Throws std::runtime_error naming the file on failure.
void write_page(const std::string& page, const std::filesystem::path& path);

// Reads the tournament from the store and writes its page to `path` atomically. Returns the
// number of games on the page and the page's size in bytes.
struct WrittenReport {
    std::size_t games = 0;
    std::size_t bytes = 0;
};
WrittenReport write_report(Store& store, const ReportOptions& options,
                           const std::filesystem::path& path);

// The parts of the page, each a <section> (page_sections.cpp) and the game data (game_data.cpp).
// section_start opens one: its id, and its heading (escaped here).
std::string section_start(const std::string& id, const std::string& heading);
std::string standings_section(const ReportData& data);
std::string timeline_section(const ReportData& data);
std::string crosstable_section(const ReportData& data);
std::string match_section(const ReportData& data);
// The search figures by game phase (search_section.cpp).
std::string search_section(const ReportData& data);
std::string openings_section(const ReportData& data);
std::string terminations_section(const ReportData& data);
// A Swiss's standings with tie-breaks and its rounds (swiss_section.cpp); empty for other forms.
std::string swiss_section(const ReportData& data);
std::string nodes_section(const ReportData& data);
std::string games_section(const ReportData& data);
// The reference engine's analysis (page_analysis.cpp); empty when the database holds none.
std::string analysis_section(const ReportData& data);
// JSON made safe as the text of a <script type="application/json"> element: every `<`, `>`, `&`,
// U+2028 and U+2029 (which JSON has only inside strings) written as its \uXXXX escape, so that no
// text can end the element, open a comment in it (`<!--`), or end a line of script, and the text
// still parses to the same value.
std::string script_data(std::string_view json);
// The <script type="application/json"> blocks: the game list, and each viewer game's FENs and
// moves as base64 of zlib-deflated JSON (the page inflates one game when it is opened).
std::string game_data_scripts(const ReportData& data);

// The page's stylesheet and script: the bytes of report.css and report.js, embedded at build time
// (the generated page_style.cpp and page_script.cpp). The piece symbols (page_assets.cpp).
extern const char* const PAGE_STYLE;
extern const char* const PAGE_SCRIPT;
// The live page's own stylesheet and script (live.css, live.js).
extern const char* const PAGE_LIVE_STYLE;
extern const char* const PAGE_LIVE_SCRIPT;
std::string piece_symbols();

}  // namespace arbiter::html
