// Store: a reference engine's analyses of the recorded games (`arbiter analyse --db`, schema
// version 10). An analysis is an engine identity and a search limit; each game it holds has one
// row per position, written in one transaction.
#include <array>
#include <stdexcept>

#include "harness/store/schema.h"
#include "harness/store/store_impl.h"

namespace arbiter {

AnalysisId Store::get_or_create_analysis(EngineId engine, std::string_view limit_kind,
                                         std::int64_t limit_value) {
    static constexpr std::string_view SELECT =
        "SELECT id FROM analyses WHERE engine_id = ?1 AND limit_kind = ?2 AND limit_value = ?3";
    static constexpr std::string_view INSERT =
        "INSERT INTO analyses (engine_id, limit_kind, limit_value, created_at_ms) "
        "VALUES (?1, ?2, ?3, ?4)";
    if (limit_kind != "depth" && limit_kind != "nodes" && limit_kind != "movetime")
        throw std::invalid_argument("an analysis's limit is depth, nodes or movetime, not \"" +
                                    std::string(limit_kind) + "\"");
    if (limit_value < 1)
        throw std::invalid_argument("an analysis's " + std::string(limit_kind) + " is at least 1");
    const std::array<SqlValue, 3> key = {engine, limit_kind, limit_value};
    const std::array<SqlValue, 1> extra = {now_ms()};
    std::lock_guard lock(impl_->mutex);
    return impl_->find_or_insert(SELECT, INSERT, key, extra,
                                 "the analysis of engine " + std::to_string(engine) + " at " +
                                     std::string(limit_kind) + " " + std::to_string(limit_value));
}

std::vector<StoredAnalysis> Store::list_analyses() {
    static constexpr std::string_view SELECT =
        "SELECT a.id, a.engine_id, e.name, a.limit_kind, a.limit_value, "
        "(SELECT count(*) FROM position_analyses p WHERE p.analysis_id = a.id AND p.ply = 0) "
        "FROM analyses a JOIN engines e ON e.id = a.engine_id ORDER BY a.id";
    std::lock_guard lock(impl_->mutex);
    if (impl_->version < schema::ANALYSIS_VERSION) return {};
    return impl_->select_rows(SELECT, {}, [](const sql::Statement& row) {
        return StoredAnalysis{row.integer(0), row.integer(1), row.text(2),
                              row.text(3),    row.integer(4), row.integer(5)};
    });
}

std::set<GameId> Store::analysed_games(AnalysisId analysis) {
    static constexpr std::string_view SELECT =
        "SELECT game_id FROM position_analyses WHERE analysis_id = ?1 AND ply = 0";
    std::lock_guard lock(impl_->mutex);
    if (impl_->version < schema::ANALYSIS_VERSION) return {};
    const std::array<SqlValue, 1> parameters = {analysis};
    const auto rows = impl_->select_rows(SELECT, parameters,
                                         [](const sql::Statement& row) { return row.integer(0); });
    return {rows.begin(), rows.end()};
}

void Store::record_game_analysis(AnalysisId analysis, GameId game,
                                 std::span<const PositionVerdict> verdicts) {
    static constexpr std::string_view PLY_COUNT = "SELECT ply_count FROM games WHERE id = ?1";
    static constexpr std::string_view INSERT =
        "INSERT INTO position_analyses (analysis_id, game_id, ply, score_cp, score_mate, "
        "best_move, depth) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
    std::lock_guard lock(impl_->mutex);
    impl_->require_writable("an analysis");
    sql::Connection& connection = impl_->connection;
    sql::Transaction transaction(connection);
    const std::int64_t plies = impl_->select_one(
        PLY_COUNT, game, "game", [](const sql::Statement& row) { return row.integer(0); });
    if (std::int64_t(verdicts.size()) != plies + 1)
        throw std::invalid_argument("the analysis of game " + std::to_string(game) + " has " +
                                    std::to_string(verdicts.size()) + " positions; the game has " +
                                    std::to_string(plies + 1));
    sql::Statement& insert = impl_->statement(INSERT);
    for (std::size_t ply = 0; ply < verdicts.size(); ++ply) {
        sql::ResetOnExit reset(insert);
        const PositionVerdict& verdict = verdicts[ply];
        insert.bind(1, analysis);
        insert.bind(2, game);
        insert.bind(3, std::int64_t(ply));
        insert.bind(4, centipawns_of(verdict.score));
        insert.bind(5, mate_moves_of(verdict.score));
        insert.bind(6, verdict.best_move);
        insert.bind(7, verdict.depth);
        const int code = insert.try_step();
        const std::string described =
            "the analysis " + std::to_string(analysis) + " of game " + std::to_string(game);
        if (is_constraint(code, SQLITE_CONSTRAINT_PRIMARYKEY))
            throw StoreError(connection.path() + ": " + described + " is already recorded");
        if (is_constraint(code, SQLITE_CONSTRAINT_FOREIGNKEY))
            throw StoreError(connection.path() + ": cannot record " + described +
                             ": no such analysis or game in the database");
        if (code != SQLITE_DONE) connection.fail(code, "recording " + described);
    }
    transaction.commit();
}

std::vector<PositionVerdict> Store::load_game_analysis(AnalysisId analysis, GameId game) {
    static constexpr std::string_view SELECT =
        "SELECT score_cp, score_mate, best_move, depth FROM position_analyses "
        "WHERE analysis_id = ?1 AND game_id = ?2 ORDER BY ply";
    std::lock_guard lock(impl_->mutex);
    if (impl_->version < schema::ANALYSIS_VERSION) return {};
    const std::array<SqlValue, 2> parameters = {analysis, game};
    return impl_->select_rows(SELECT, parameters, [](const sql::Statement& row) {
        return PositionVerdict{score_from_columns(row.optional_int(0), row.optional_int(1)),
                               row.text(2), row.optional_int(3)};
    });
}

}  // namespace arbiter
