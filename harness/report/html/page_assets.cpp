// The report page's chess pieces, inline SVG symbols. The stylesheet and the script are the files
// report.css and report.js beside this one, embedded at build time (embed_file.cmake).
#include <sstream>

#include "harness/report/html/page.h"

namespace arbiter::html {

std::string piece_symbols() {
    // Step 1. Six outlines on a 45 x 45 square, drawn for this page.
    struct Shape {
        char type;
        const char* body;    // filled with the side's colour
        const char* detail;  // lines drawn in the contrasting colour
    };
    static const Shape SHAPES[] = {
        {'P',
         "<circle cx='22.5' cy='14' r='5.5'/><path d='M15 35 L18.5 22 Q22.5 19 26.5 22 L30 35 "
         "Z'/><rect x='12' y='34' width='21' height='5' rx='1'/>",
         ""},
        {'R',
         "<path d='M12 39 h21 v-4 h-3 v-14 l3-3 v-7 h-4 v3 h-3 v-3 h-5 v3 h-3 v-3 h-4 v7 l3 3 v14 "
         "h-3 z'/>",
         "<path d='M15 21 h15 M15 35 h15'/>"},
        {'N',
         "<path d='M14 39 h21 c0-10 -2-18 -7-24 l-1-6 -3 4 c-7 1-12 7-14 14 l3 3 6-4 c1 4-3 8-5 13 "
         "z'/>",
         "<circle cx='19.5' cy='17' r='1.4'/>"},
        {'B',
         "<circle cx='22.5' cy='9' r='2.6'/><path d='M13 39 h19 l-3-5 c5-4 6-11 -6.5-21 c-12.5 10 "
         "-11.5 17 -6.5 21 z'/>",
         "<path d='M20 22 l5-5 M17 33 h11'/>"},
        {'Q',
         "<path d='M11 39 h23 l-2-6 3-17 -7 9 -3-14 -3 14 -3-14 -3 14 -7-9 3 17 z'/><circle "
         "cx='10' cy='15' r='2.2'/><circle cx='35' cy='15' r='2.2'/><circle cx='16.5' cy='10' "
         "r='2.2'/><circle cx='28.5' cy='10' r='2.2'/><circle cx='22.5' cy='9' r='2.2'/>",
         "<path d='M14 33 h17'/>"},
        {'K',
         "<path d='M12 39 h21 l-2-7 c5-4 4-12 -4-12 c-2 0-3.5 1-4.5 3 c-1-2-2.5-3-4.5-3 c-8 0-9 "
         "8-4 12 z'/><path d='M21 6 h3 v4 h4 v3 h-4 v7 h-3 v-7 h-4 v-3 h4 z'/>",
         "<path d='M15 32 h15'/>"},
    };
    // Step 2. A white and a black symbol of each.
    std::ostringstream out;
    out << "<svg aria-hidden=\"true\" width=\"0\" height=\"0\" style=\"position:absolute\"><defs>";
    for (const auto& shape : SHAPES) {
        for (bool white : {true, false}) {
            const char* fill = white ? "#ffffff" : "#1e1e1e";
            const char* line = white ? "#1e1e1e" : "#ffffff";
            out << "<symbol id=\"piece-" << (white ? 'w' : 'b') << shape.type
                << "\" viewBox=\"0 0 45 45\"><g fill=\"" << fill
                << "\" stroke=\"#1e1e1e\" stroke-width=\"1.5\" stroke-linejoin=\"round\">"
                << shape.body << "</g><g fill=\"" << line << "\" stroke=\"" << line
                << "\" stroke-width=\"1.5\" stroke-linecap=\"round\">" << shape.detail
                << "</g></symbol>";
        }
    }
    out << "</defs></svg>";
    return out.str();
}

}  // namespace arbiter::html
