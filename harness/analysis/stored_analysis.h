// What readers of a database (the report, `export`) take from its analyses: which analysis they
// show, and a recorded game's moves annotated from that analysis's stored verdicts.
#pragma once

#include <optional>
#include <vector>

#include "harness/analysis/analysis.h"
#include "harness/pgn/pgn_writer.h"
#include "harness/store/store.h"

namespace arbiter {

// The analysis a reader shows for `games`: the one that holds the most of them (the newest on a
// tie); none when no analysis holds any.
std::optional<StoredAnalysis> chosen_analysis(Store& store, const std::vector<GameSummary>& games);

// A recorded game as the analysis saw it: each position's verdict and each move's annotation;
// both empty when the analysis does not hold the game.
struct GameAnalysis {
    std::vector<PositionVerdict> verdicts;
    std::vector<AnnotatedMove> moves;
};
GameAnalysis stored_game_analysis(Store& store, AnalysisId analysis, GameId id,
                                  const GameRecord& game, const MistakeThresholds& thresholds = {});

// The annotations `export` writes into a game's PGN (one per annotated move).
std::vector<PgnMoveAnnotation> pgn_annotations(const std::vector<AnnotatedMove>& moves);

}  // namespace arbiter
