// The page's "Analysis" section (when the database holds a reference engine's analysis): each
// engine's average centipawn loss and marked moves a game, and each decisive game's turning point
// with the engine's move (page.h). The viewer's evaluation graph is drawn by report.js from the
// game data (page.cpp's game_data_scripts).
#include <sstream>

#include "harness/report/html/charts.h"
#include "harness/report/html/page.h"

namespace arbiter::html {

namespace {

// An evaluation in pawns with its sign, as PGN's [%eval] writes centipawns: "+1.25", "-10.00".
std::string pawns(int centipawns) {
    return (centipawns > 0 ? "+" : "") + fixed(centipawns / 100.0, 2);
}

std::string limit_words(const StoredAnalysis& a) {
    if (a.limit_kind == "movetime") return std::to_string(a.limit_value) + " ms a position";
    return a.limit_kind + " " + std::to_string(a.limit_value);
}

std::string engine_table(const ReportData& data, const ReportAnalysis& analysis) {
    std::ostringstream out;
    out << "<table id=\"analysis-table\"><caption>Each engine's own moves as the reference engine "
           "judged them (book moves left out): the average loss a move and the marked moves a "
           "game</caption><thead><tr><th scope=\"col\">Engine</th><th scope=\"col\">Games</th>"
           "<th scope=\"col\">Moves</th><th scope=\"col\">Average centipawn loss</th>"
           "<th scope=\"col\">Inaccuracies a game</th><th scope=\"col\">Mistakes a game</th>"
           "<th scope=\"col\">Blunders a game</th></tr></thead><tbody>";
    for (int index : data.order) {
        const LossTally& t = analysis.engines[std::size_t(index)];
        if (t.games == 0) continue;
        const std::string& name = data.names[std::size_t(index)];
        out << "<tr data-engine=\"" << escape(name) << "\"><th scope=\"row\">" << escape(name)
            << "</th><td class=\"num\">" << t.games << "</td><td class=\"num\">" << t.moves
            << "</td><td class=\"num\">" << fixed(t.average_loss(), 1) << "</td><td class=\"num\">"
            << fixed(t.per_game(t.inaccuracies), 2) << "</td><td class=\"num\">"
            << fixed(t.per_game(t.mistakes), 2) << "</td><td class=\"num\">"
            << fixed(t.per_game(t.blunders), 2) << "</td></tr>";
    }
    out << "</tbody></table>";
    return out.str();
}

std::string turning_table(const ReportData& data, const ReportAnalysis& analysis) {
    std::map<GameId, const GameSummary*> games;
    for (const GameSummary& g : data.games) games[g.id] = &g;
    std::ostringstream out;
    out << "<table id=\"turning-table\"><caption>Decisive games: the loser's move after which it "
           "never came back above "
        << pawns(-analysis.thresholds.blunder)
        << " (its evaluation before and after the move), and the reference engine's move in "
           "its place</caption><thead><tr><th scope=\"col\">Game</th><th scope=\"col\">White</th>"
           "<th scope=\"col\">Black</th><th scope=\"col\">Result</th><th scope=\"col\">Loser</th>"
           "<th scope=\"col\">Move</th><th scope=\"col\">Before</th><th scope=\"col\">After</th>"
           "<th scope=\"col\">Better</th></tr></thead><tbody>";
    for (const GameTurningPoint& t : analysis.turning_points) {
        const GameSummary& g = *games.at(t.game);
        out << "<tr data-game=\"" << t.game << "\" data-ply=\"" << t.point.ply
            << "\"><td><a href=\"#game-" << t.game << "\">" << t.game << "</a></td><td>"
            << escape(g.white_name) << "</td><td>" << escape(g.black_name) << "</td><td>"
            << to_pgn(g.result.outcome) << "</td><td>" << escape(data.names[std::size_t(t.loser)])
            << "</td><td>" << escape(t.move) << "</td><td class=\"num\">" << pawns(t.point.before)
            << "</td><td class=\"num\">" << pawns(t.point.after) << "</td><td>"
            << (t.point.better.empty() ? "&ndash;" : escape(t.point.better)) << "</td></tr>";
    }
    out << "</tbody></table>";
    return out.str();
}

}  // namespace

std::string analysis_section(const ReportData& data) {
    if (!data.analysis) return "";
    const ReportAnalysis& analysis = *data.analysis;
    const MistakeThresholds& t = analysis.thresholds;
    std::ostringstream out;
    out << "<section id=\"analysis\" aria-labelledby=\"analysis-heading\"><h2 "
           "id=\"analysis-heading\">Analysis</h2><p id=\"analysis-summary\">"
        << escape(analysis.analysis.engine_name) << " at " << escape(limit_words(analysis.analysis))
        << " analysed every position of " << analysis.analysis.games << " of the "
        << data.games.size()
        << " games. A move's loss is how far it lowered its mover's evaluation, in centipawns, "
           "the evaluations clamped to &plusmn;10.00 (a mate counts as 10.00): an inaccuracy "
           "(?!) from "
        << t.inaccuracy << ", a mistake (?) from " << t.mistake
        << ", a blunder (?"
           "?) from "
        << t.blunder
        << ", unless the engine would have played the move itself. The board viewer draws each "
           "analysed game's evaluation under the board with its marked moves.</p>"
        << engine_table(data, analysis) << "<h3 id=\"turning-heading\">Turning points</h3>"
        << "<p id=\"turning-summary\">A decisive game's turning point is the first of the loser's "
           "moves after which its evaluation (the reference engine's, from the loser's side) "
           "was at most "
        << pawns(-t.blunder) << " and stayed so after each of its later moves. "
        << analysis.turning_points.size() << " of the " << analysis.decisive
        << " decisive games analysed have one";
    if (std::int64_t(analysis.turning_points.size()) < analysis.decisive)
        out << "; in the others the loser's evaluation after its last move was above "
            << pawns(-t.blunder)
            << " (a loss on time or by a fault, or one the reference engine did not see)";
    out << ".</p>";
    if (!analysis.turning_points.empty()) out << turning_table(data, analysis);
    out << "</section>";
    return out.str();
}

}  // namespace arbiter::html
