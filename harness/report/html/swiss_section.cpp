// The page's Swiss section: the standings with FIDE's tie-breaks and each round's pairings with
// the boards' results, from the rounds the recorded games complete (harness/tournament/
// swiss_run.h replays them as a resume does).
#include <sstream>

#include "harness/report/html/charts.h"
#include "harness/report/html/page.h"
#include "harness/swiss/tie_breaks.h"

namespace arbiter::html {

namespace {

std::string half_points(int half) {
    return std::to_string(half / 2) + (half % 2 != 0 ? ".5" : "");
}

std::string quarter_points(int quarter) {
    static const char* fractions[] = {"", ".25", ".5", ".75"};
    return std::to_string(quarter / 4) + fractions[quarter % 4];
}

void standings_table(std::ostringstream& out, const swiss::SwissTournament& t) {
    out << "<table id=\"swiss-standings\"><caption>After " << t.rounds.size() << " of "
        << t.planned_rounds
        << " rounds: points, then direct encounter (among tied engines that all met), Buchholz "
           "cut 1, Buchholz and Sonneborn-Berger (FIDE C.07; a bye counts as a game against an "
           "opponent with the engine's own score)</caption><thead><tr><th scope=\"col\">Place</th>"
           "<th scope=\"col\">Engine</th><th scope=\"col\">Points</th><th scope=\"col\">DE</th>"
           "<th scope=\"col\">BH-C1</th><th scope=\"col\">BH</th><th scope=\"col\">SB</th></tr>"
           "</thead><tbody>";
    for (const swiss::SwissStanding& s : swiss::swiss_standings(t))
        out << "<tr><td>" << s.place << "</td><th scope=\"row\">"
            << escape(t.players[std::size_t(s.player)].name) << "</th><td>" << half_points(s.points)
            << "</td><td>" << half_points(s.direct_encounter) << "</td><td>"
            << half_points(s.buchholz_cut1) << "</td><td>" << half_points(s.buchholz) << "</td><td>"
            << quarter_points(s.sonneborn_berger) << "</td></tr>";
    out << "</tbody></table>";
}

// The initial ranking: each pairing number's engine and the rating that placed it, and where the
// ranking came from (rating=, the pool's Elo over the database's earlier tournaments, name).
void initial_ranking_table(std::ostringstream& out, const InitialRanking& initial) {
    out << "<table id=\"swiss-initial-ranking\"><caption>Initial ranking, fixed when the Swiss "
           "began: by "
        << escape(ranking_source(initial))
        << "</caption><thead><tr><th scope=\"col\">No.</th><th scope=\"col\">Engine</th>"
           "<th scope=\"col\">Rating</th></tr></thead><tbody>";
    for (std::size_t i = 0; i < initial.entrants.size(); ++i)
        out << "<tr><td>" << i + 1 << "</td><th scope=\"row\">" << escape(initial.entrants[i].name)
            << "</th><td>" << escape(rating_label(initial.entrants[i])) << "</td></tr>";
    out << "</tbody></table>";
}

}  // namespace

std::string swiss_section(const ReportData& data) {
    if (!data.swiss) return {};
    const swiss::SwissTournament& t = data.swiss->tournament;
    std::ostringstream out;
    out << "<section id=\"swiss\" aria-labelledby=\"swiss-heading\"><h2 id=\"swiss-heading\">"
           "Swiss rounds</h2><p>Paired by FIDE's Dutch system; a board is a game pair, won by the "
           "engine that scored more in it (White: the pair's first White).</p>";
    standings_table(out, t);
    initial_ranking_table(out, data.swiss->initial);
    for (std::size_t r = 0; r < t.rounds.size(); ++r) {
        out << "<h3>Round " << r + 1 << "</h3><ol class=\"swiss-round\">";
        for (const swiss::SwissGame& g : t.rounds[r].games) {
            const char* result = g.result == swiss::GameResult::white_wins   ? "1-0"
                                 : g.result == swiss::GameResult::black_wins ? "0-1"
                                                                             : "&frac12;-&frac12;";
            out << "<li>" << escape(t.players[std::size_t(g.white)].name) << " &ndash; "
                << escape(t.players[std::size_t(g.black)].name) << " " << result << "</li>";
        }
        if (t.rounds[r].bye)
            out << "<li>" << escape(t.players[std::size_t(*t.rounds[r].bye)].name) << ": bye</li>";
        out << "</ol>";
    }
    out << "</section>";
    return out.str();
}

}  // namespace arbiter::html
