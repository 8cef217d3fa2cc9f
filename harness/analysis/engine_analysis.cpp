// The reference engine over a game's positions, and over every game of a database that an
// analysis does not hold yet (engine_analysis.h).
#include "harness/analysis/engine_analysis.h"

#include <mutex>

#include "harness/config/values.h"
#include "harness/identity/engine_identity.h"
#include "harness/tournament/worker_pool.h"

namespace arbiter {

std::vector<PositionVerdict> analyse_positions(UciClient& engine, const std::string& start_fen,
                                               const std::vector<std::string>& uci_moves,
                                               const GoLimits& limits,
                                               std::chrono::milliseconds timeout) {
    std::vector<PositionVerdict> verdicts;
    verdicts.reserve(uci_moves.size() + 1);
    if (!engine.new_game() || engine.is_ready(timeout) != EngineStatus::ok)
        throw UciError("the engine did not take a new game");
    for (std::size_t ply = 0; ply <= uci_moves.size(); ++ply) {
        const std::span<const std::string> played(uci_moves.data(), ply);
        if (!engine.position(start_fen, played)) throw UciError("the engine has gone");
        SearchReply reply = engine.go(limits, timeout);
        if (reply.status != EngineStatus::ok)
            throw UciError("no answer for the position after ply " + std::to_string(ply));
        PositionVerdict verdict;
        verdict.score = reply.score;
        verdict.depth = reply.depth;
        if (reply.bestmove != "(none)" && reply.bestmove != "0000")
            verdict.best_move = reply.bestmove;
        verdicts.push_back(std::move(verdict));
    }
    return verdicts;
}

std::pair<std::string, std::int64_t> analysis_limit(const GoLimits& limits) {
    if (int(limits.depth.has_value()) + int(limits.nodes.has_value()) +
            int(limits.movetime_ms.has_value()) !=
        1)
        throw ConfigError("give one search limit: --depth N, --nodes N or --movetime MS");
    if (limits.depth) return {"depth", *limits.depth};
    if (limits.nodes) return {"nodes", std::int64_t(*limits.nodes)};
    return {"movetime", *limits.movetime_ms};
}

DatabaseAnalysisResult analyse_database(
    Store& store, const DatabaseAnalysis& analysis,
    const std::function<void(const DatabaseAnalysisResult&)>& progress) {
    // Step 1. The analysis's identity: the engine's (its program's SHA-256 included) and the limit.
    const auto [kind, value] = analysis_limit(analysis.limits);
    const EngineId engine = store.get_or_create_engine(engine_identity(analysis.engine, false));
    DatabaseAnalysisResult result;
    result.analysis = store.get_or_create_analysis(engine, kind, value);

    // Step 2. The games it does not hold yet, in the order they were recorded.
    const std::set<GameId> done = store.analysed_games(result.analysis);
    std::vector<GameId> pending;
    EngineStart start;
    start.engines.push_back(analysis.engine);
    for (const StoredTournament& tournament : store.list_tournaments()) {
        start.chess960 = start.chess960 || tournament.variant == "chess960";
        for (const GameSummary& game : store.list_games(tournament.id)) {
            ++result.games;
            if (done.contains(game.id))
                ++result.already;
            else
                pending.push_back(game.id);
        }
    }

    // Step 3. The engine over each, every game stored in one transaction as it is finished.
    const auto timeout =
        std::chrono::milliseconds(analysis.limits.movetime_ms.value_or(0) + 120000);
    std::mutex mutex;
    const auto started = std::chrono::steady_clock::now();
    run_worker_pool(
        start, analysis.concurrency, pending.size(), [&](std::size_t i, WorkerEngines& engines) {
            const GameRecord game = store.load_game(pending[i]);
            std::vector<std::string> moves;
            moves.reserve(game.moves.size());
            for (const MoveRecord& move : game.moves) moves.push_back(move.uci);
            const auto verdicts = analyse_positions(engines.ensure_uci(0), game.start_fen, moves,
                                                    analysis.limits, timeout);
            store.record_game_analysis(result.analysis, pending[i], verdicts);
            std::lock_guard lock(mutex);
            ++result.analysed;
            result.positions += std::int64_t(verdicts.size());
            result.seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            if (progress) progress(result);
        });
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

}  // namespace arbiter
