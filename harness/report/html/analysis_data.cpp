// The page's figures from a reference engine's analysis (`arbiter analyse --db`): each engine's
// average centipawn loss and marked moves, each decisive game's turning point, and the viewer's
// evaluation graph (report_data.h).
#include <algorithm>

#include "engines/core/board.h"
#include "harness/analysis/stored_analysis.h"
#include "harness/report/html/report_data.h"

namespace arbiter::html {

void choose_analysis(ReportData& data, Store& store) {
    const std::optional<StoredAnalysis> chosen = chosen_analysis(store, data.games);
    if (!chosen) return;
    ReportAnalysis analysis;
    analysis.analysis = *chosen;
    analysis.engines.assign(data.names.size(), {});
    data.analysis = std::move(analysis);
}

namespace {

int engine_index(const ReportData& data, EngineId id) {
    return int(std::find(data.engine_ids.begin(), data.engine_ids.end(), id) -
               data.engine_ids.begin());
}

// "23. Kf1" or "23... Kf8": the move of `ply` (from 1) numbered from the start position.
std::string numbered_move(const std::string& start_fen, std::size_t ply, const std::string& san) {
    FenTurn turn;
    (void)read_fen_turn(start_fen, turn);
    const bool white_first = turn.side_to_move == WHITE;
    const std::size_t before = ply - 1 + (white_first ? 0 : 1);  // plies from a white move
    const int number = turn.fullmove_number + int(before / 2);
    return std::to_string(number) + (before % 2 == 0 ? ". " : "... ") + san;
}

}  // namespace

void add_game_analysis(ReportData& data, Store& store, const GameSummary& summary,
                       const GameRecord& game, ViewerAnalysis* viewer) {
    if (!data.analysis) return;
    ReportAnalysis& report = *data.analysis;
    const GameAnalysis analysed =
        stored_game_analysis(store, report.analysis.id, summary.id, game, report.thresholds);
    if (analysed.verdicts.empty()) return;

    // Step 1. Each side's losses and marks over the moves it chose (book moves left out).
    FenTurn turn;
    (void)read_fen_turn(game.start_fen, turn);
    const bool white_first = turn.side_to_move == WHITE;
    const int white = engine_index(data, summary.white_engine_id);
    const int black = engine_index(data, summary.black_engine_id);
    ++report.engines[std::size_t(white)].games;
    ++report.engines[std::size_t(black)].games;
    for (std::size_t i = 0; i < analysed.moves.size(); ++i) {
        if (game.moves[i].book) continue;
        const bool white_moved = (i % 2 == 0) == white_first;
        report.engines[std::size_t(white_moved ? white : black)].add(analysed.moves[i]);
    }

    // Step 2. A decisive game's turning point.
    std::optional<TurningPoint> point;
    if (summary.result.outcome != Outcome::draw) {
        ++report.decisive;
        const bool white_lost = summary.result.outcome == Outcome::black_win;
        point = turning_point(analysed.moves, analysed.verdicts, white_first,
                              white_lost ? WHITE : BLACK, report.thresholds.blunder);
        if (point)
            report.turning_points.push_back({summary.id, white_lost ? white : black,
                                             numbered_move(game.start_fen, point->ply, point->san),
                                             *point});
    }

    // Step 3. The viewer's graph: each position's evaluation from White's side, clamped.
    if (!viewer) return;
    for (std::size_t p = 0; p < analysed.verdicts.size(); ++p) {
        const PositionVerdict& v = analysed.verdicts[p];
        const bool white_to_move = (p % 2 == 0) == white_first;
        viewer->evals.push_back(
            v.score ? std::optional(clamped_centipawns(*v.score) * (white_to_move ? 1 : -1))
                    : std::nullopt);
    }
    for (const AnnotatedMove& move : analysed.moves) {
        viewer->nags.push_back(move.nag);
        viewer->better.push_back(move.better);
    }
    if (point) viewer->turning_ply = point->ply;
}

}  // namespace arbiter::html
