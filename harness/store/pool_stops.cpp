#include "harness/store/pool_stops.h"

#include <sqlite3.h>

#include "harness/store/shards.h"

namespace arbiter {

namespace {

constexpr std::string_view INSERT_STOP =
    "INSERT OR REPLACE INTO pool_stops (tournament_id, shard_index, pool, reason, verdict, "
    "published, stopped_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
constexpr std::string_view KEEP_STOP =
    "INSERT OR IGNORE INTO pool_stops (tournament_id, shard_index, pool, reason, verdict, "
    "published, stopped_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
constexpr std::string_view SELECT_STOPS =
    "SELECT tournament_id, shard_index, pool, reason, verdict, published, stopped_ms "
    "FROM pool_stops ORDER BY tournament_id, shard_index";

bool has_pool_stops(sql::Connection& connection) {
    return connection.query_integer(
               "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'pool_stops'",
               "looking for pool stops") > 0;
}

void bind_stop(sql::Statement& statement, const PoolStopRecord& record) {
    statement.bind(1, record.tournament_id);
    statement.bind(2, record.shard);
    statement.bind(3, record.pool);
    statement.bind(4, record.reason);
    statement.bind(5, record.verdict);
    statement.bind(6, record.published);
    statement.bind(7, record.stopped_ms);
}

}  // namespace

void record_pool_stop(sql::Connection& connection, const PoolStopRecord& record) {
    // On the store's own connection: a second descriptor on a live database is never opened.
    sql::Statement insert(connection, INSERT_STOP);
    bind_stop(insert, record);
    insert.step();
}

std::vector<PoolStopRecord> pool_stops(sql::Connection& connection) {
    std::vector<PoolStopRecord> stops;
    if (!has_pool_stops(connection)) return stops;
    sql::Statement select(connection, SELECT_STOPS);
    while (select.step()) {
        PoolStopRecord r;
        r.tournament_id = select.integer(0);
        r.shard = int(select.integer(1));
        r.pool = select.text(2);
        r.reason = select.text(3);
        if (!select.is_null(4)) r.verdict = select.text(4);
        r.published = select.text(5);
        r.stopped_ms = select.integer(6);
        stops.push_back(std::move(r));
    }
    return stops;
}

std::vector<PoolStopRecord> pool_stops(const std::filesystem::path& path) {
    Store store = Store::open(path, Store::Access::read_only);
    return pool_stops(connection_of(store));
}

void copy_pool_stops(sql::Connection& in, TournamentId from, sql::Connection& out,
                     TournamentId to) {
    sql::Statement insert(out, KEEP_STOP);
    for (PoolStopRecord record : pool_stops(in)) {
        if (record.tournament_id != from) continue;
        record.tournament_id = to;
        bind_stop(insert, record);
        insert.step();
        insert.reset();
    }
}

}  // namespace arbiter
