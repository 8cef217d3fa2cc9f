// A reference engine asked about every position of a game, and `arbiter analyse --db`'s work: the
// games of a database analysed by one engine at one limit, stored beside their moves, each game
// once (an interrupted analysis resumes at the games it had not finished).
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "harness/config/engine_config.h"
#include "harness/game/engine_types.h"
#include "harness/store/store.h"
#include "harness/uci/client.h"

namespace arbiter {

// Asks `engine` (started and ready) for every position of the game: the start and the position
// after each move, under `limits`, each at most `timeout` (then the game is given up: throws
// UciError naming the position). Returns moves.size() + 1 verdicts.
std::vector<PositionVerdict> analyse_positions(UciClient& engine, const std::string& start_fen,
                                               const std::vector<std::string>& uci_moves,
                                               const GoLimits& limits,
                                               std::chrono::milliseconds timeout);

// What `arbiter analyse --db` does: the engine, its limit (exactly one of depth, nodes and
// movetime) and how many engines at once.
struct DatabaseAnalysis {
    EngineConfig engine;
    GoLimits limits;
    int concurrency = 1;
};

// What an analysis of a database did.
struct DatabaseAnalysisResult {
    AnalysisId analysis = 0;
    std::int64_t games = 0;      // games in the database
    std::int64_t already = 0;    // of which the analysis held before this run
    std::int64_t analysed = 0;   // analysed and stored by this run
    std::int64_t positions = 0;  // positions this run asked the engine about
    double seconds = 0;          // the engine's work, wall time
};

// The limit of `limits` as the store names an analysis ("depth", 12). Throws ConfigError unless
// exactly one of depth, nodes and movetime is set.
std::pair<std::string, std::int64_t> analysis_limit(const GoLimits& limits);

// Analyses every game of `store` that the analysis (the engine's identity and the limit) does
// not hold yet, each stored as it is finished; `progress` (may be empty) is called after each.
// Throws UciError or ConfigError when the engine fails; the games stored until then stay.
DatabaseAnalysisResult analyse_database(
    Store& store, const DatabaseAnalysis& analysis,
    const std::function<void(const DatabaseAnalysisResult&)>& progress = {});

}  // namespace arbiter
