// Store: the runs of `arbiter nodes` and their measurements, kept as history.

#include <array>
#include <stdexcept>

#include "harness/store/store_impl.h"

namespace arbiter {
namespace {

void validate_node_count(const NodeCountRecord& count) {
    if (count.depth < 1) {
        throw std::invalid_argument("cannot record node count: depth " +
                                    std::to_string(count.depth) + " is below 1");
    }
}

// Reads a node count selected as (engine_id, fen, moves, depth, nodes, time_ms, score_cp,
// score_mate, bestmove, pv, leaves, reached_depth).
NodeCountRecord read_node_count(const sql::Statement& row) {
    NodeCountRecord count;
    count.engine_id = row.integer(0);
    count.fen = row.text(1);
    count.moves = split_moves(row.text(2));
    count.depth = static_cast<int>(row.integer(3));
    count.nodes = row.integer(4);
    count.time_ms = row.optional_integer(5);
    count.score = score_from_columns(row.optional_int(6), row.optional_int(7));
    count.bestmove = row.text(8);
    count.pv = row.text(9);
    count.leaves = row.optional_integer(10);
    count.reached_depth = row.optional_int(11);
    return count;
}

}  // namespace

NodeRunId Store::begin_node_run(std::string_view description) {
    static constexpr std::string_view INSERT =
        "INSERT INTO node_runs (started_at_ms, description) VALUES (?1, ?2)";
    std::lock_guard lock(impl_->mutex);
    impl_->require_writable("a node run");
    sql::Statement& insert = impl_->statement(INSERT);
    sql::ResetOnExit reset(insert);
    insert.bind(1, now_ms());
    insert.bind(2, description);
    insert.step();
    return sqlite3_last_insert_rowid(impl_->connection.handle());
}

void Store::record_node_count(NodeRunId run, const NodeCountRecord& count) {
    static constexpr std::string_view INSERT =
        "INSERT INTO node_counts (run_id, engine_id, fen, moves, depth, nodes, time_ms, score_cp, "
        "score_mate, bestmove, pv, leaves, reached_depth) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)";
    validate_node_count(count);
    const std::string moves = join_moves(count.moves, "node count position");
    std::lock_guard lock(impl_->mutex);
    impl_->require_writable("a node count");
    sql::Statement& insert = impl_->statement(INSERT);
    sql::ResetOnExit reset(insert);
    insert.bind(1, run);
    insert.bind(2, count.engine_id);
    insert.bind(3, count.fen);
    insert.bind(4, moves);
    insert.bind(5, count.depth);
    insert.bind(6, count.nodes);
    insert.bind(7, count.time_ms);
    insert.bind(8, centipawns_of(count.score));
    insert.bind(9, mate_moves_of(count.score));
    insert.bind(10, count.bestmove);
    insert.bind(11, count.pv);
    insert.bind(12, count.leaves);
    insert.bind(13, count.reached_depth);
    const int code = insert.try_step();
    if (code == SQLITE_DONE) return;
    const std::string described = "node count of run " + std::to_string(run) + ", engine " +
                                  std::to_string(count.engine_id) + ", depth " +
                                  std::to_string(count.depth) + " of \"" + count.fen + "\"" +
                                  (moves.empty() ? "" : " moves " + moves);
    if (is_constraint(code, SQLITE_CONSTRAINT_UNIQUE)) {
        throw StoreError(impl_->connection.path() + ": the " + described + " is already recorded");
    }
    if (is_constraint(code, SQLITE_CONSTRAINT_FOREIGNKEY)) {
        throw StoreError(impl_->connection.path() + ": the " + described +
                         " refers to a run or engine not in the database");
    }
    impl_->connection.fail(code, "recording the " + described);
}

std::vector<NodeRun> Store::list_node_runs() {
    static constexpr std::string_view SELECT =
        "SELECT id, started_at_ms, description FROM node_runs ORDER BY id";
    std::lock_guard lock(impl_->mutex);
    return impl_->select_rows(SELECT, {}, [](const sql::Statement& row) {
        return NodeRun{row.integer(0), row.integer(1), row.text(2)};
    });
}

std::vector<NodeCountRecord> Store::node_counts_of_run(NodeRunId run) {
    static constexpr std::string_view SELECT =
        "SELECT engine_id, fen, moves, depth, nodes, time_ms, score_cp, score_mate, bestmove, pv, "
        "leaves, reached_depth FROM node_counts WHERE run_id = ?1 ORDER BY id";
    const std::array<SqlValue, 1> parameters = {run};
    std::lock_guard lock(impl_->mutex);
    return impl_->select_rows(SELECT, parameters, read_node_count);
}

std::optional<StoredNodeCount> Store::latest_node_count(EngineId engine, std::string_view fen,
                                                        std::span<const std::string> moves,
                                                        int depth) {
    static constexpr std::string_view SELECT =
        "SELECT engine_id, fen, moves, depth, nodes, time_ms, score_cp, score_mate, bestmove, pv, "
        "leaves, reached_depth, run_id FROM node_counts WHERE engine_id = ?1 AND fen = ?2 "
        "AND moves = ?3 AND depth = ?4 ORDER BY run_id DESC LIMIT 1";
    const std::string joined = join_moves(moves, "node count position");
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(SELECT);
    sql::ResetOnExit reset(select);
    select.bind(1, engine);
    select.bind(2, fen);
    select.bind(3, joined);
    select.bind(4, depth);
    if (!select.step()) return std::nullopt;
    return StoredNodeCount{select.integer(12), read_node_count(select)};
}

}  // namespace arbiter
