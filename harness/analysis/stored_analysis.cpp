// The analysis readers show, and a stored game's annotations (stored_analysis.h).
#include "harness/analysis/stored_analysis.h"

#include <set>

namespace arbiter {

std::optional<StoredAnalysis> chosen_analysis(Store& store, const std::vector<GameSummary>& games) {
    std::optional<StoredAnalysis> best;
    std::int64_t best_count = 0;
    for (StoredAnalysis analysis : store.list_analyses()) {
        const std::set<GameId> held = store.analysed_games(analysis.id);
        std::int64_t count = 0;
        for (const GameSummary& game : games) count += held.contains(game.id);
        if (count == 0 || count < best_count) continue;
        analysis.games = count;
        best = analysis;
        best_count = count;
    }
    return best;
}

GameAnalysis stored_game_analysis(Store& store, AnalysisId analysis, GameId id,
                                  const GameRecord& game, const MistakeThresholds& thresholds) {
    GameAnalysis out;
    out.verdicts = store.load_game_analysis(analysis, id);
    if (out.verdicts.size() != game.moves.size() + 1) {
        out.verdicts.clear();
        return out;
    }
    std::vector<std::string> moves;
    moves.reserve(game.moves.size());
    for (const MoveRecord& move : game.moves) moves.push_back(move.uci);
    out.moves = annotate_game(game.start_fen, moves, out.verdicts, thresholds);
    return out;
}

std::vector<PgnMoveAnnotation> pgn_annotations(const std::vector<AnnotatedMove>& moves) {
    std::vector<PgnMoveAnnotation> out;
    out.reserve(moves.size());
    for (const AnnotatedMove& move : moves)
        out.push_back({move.nag, move.eval_after ? eval_text(*move.eval_after) : "", move.better});
    return out;
}

}  // namespace arbiter
