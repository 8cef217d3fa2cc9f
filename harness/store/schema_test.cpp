#include "harness/store/schema.h"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <string>
#include <vector>

#include "harness/store/move_columns.h"
#include "harness/store/store.h"
#include "harness/store/test_records.h"

namespace arbiter {
namespace {

constexpr int OPEN_FLAGS = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;

std::int64_t user_version(sql::Connection& connection) {
    return connection.query_integer("PRAGMA user_version", "test");
}

std::int64_t application_id(sql::Connection& connection) {
    return connection.query_integer("PRAGMA application_id", "test");
}

bool has_column(sql::Connection& connection, const std::string& table, const std::string& column) {
    return connection.query_integer("SELECT count(*) FROM pragma_table_info('" + table +
                                        "') WHERE name = '" + column + "'",
                                    "test") == 1;
}

// The schema as the builds before version 2 knew it: their code path, the version-1 DDL alone.
const std::array<schema::Migration, 1> ONLY_VERSION1 = {{schema::migrations()[0]}};

// The latest version this build knows, and a made-up next one on top of the real versions, the
// way a future migration will look (FUTURE), or a broken one (BROKEN_FUTURE).
const int LATEST = schema::latest_version();
const int FUTURE = LATEST + 1;
constexpr std::string_view ADD_OPENING_ECO = "ALTER TABLE openings ADD COLUMN eco TEXT;";

std::vector<schema::Migration> with_future(std::string_view description, std::string_view sql) {
    std::vector<schema::Migration> list(schema::migrations().begin(), schema::migrations().end());
    list.push_back({FUTURE, description, sql});
    return list;
}
const std::vector<schema::Migration> WITH_FUTURE =
    with_future("openings get an ECO code", ADD_OPENING_ECO);
const std::vector<schema::Migration> WITH_BROKEN_FUTURE =
    with_future("broken", "CREATE TABLE extra (x); THIS IS NOT SQL;");

// Writes a version-1 database with one engine, one node run and one node count in it.
void write_version1_database_with_a_node_count(const std::string& path) {
    sql::Connection connection(path, OPEN_FLAGS);
    EXPECT_EQ(schema::migrate(connection, ONLY_VERSION1), 0);
    ASSERT_EQ(user_version(connection), 1);
    connection.execute(
        "INSERT INTO engines (id, name, command, arguments, options, binary_sha256, working_dir) "
        "VALUES (1, 'minimax', 'build/bin/minimax', '[]', '[]', '" +
            std::string(64, 'a') +
            "', '');"
            "INSERT INTO node_runs (id, started_at_ms, description) VALUES (1, 1700000000000, "
            "'v1');"
            "INSERT INTO node_counts (run_id, engine_id, fen, moves, depth, nodes, time_ms, "
            "score_cp, score_mate, bestmove, pv) VALUES (1, 1, 'startpos', 'e2e4', 3, 14423, 5, "
            "NULL, -2, 'b8c6', 'b8c6 b1c3 g8f6')",
        "test");
}

class SchemaTest : public ::testing::Test {
  protected:
    void SetUp() override { path_ = store_test::temp_database_path("schema"); }
    void TearDown() override { store_test::remove_database(path_); }
    std::string path_;
};

TEST_F(SchemaTest, MigrationsAreNumberedFromOne) {
    const auto list = schema::migrations();
    ASSERT_FALSE(list.empty());
    for (std::size_t i = 0; i < list.size(); ++i) EXPECT_EQ(list[i].version, int(i) + 1);
    EXPECT_EQ(schema::latest_version(), 12);
}

TEST_F(SchemaTest, FreshDatabaseGetsApplicationIdVersionAndTables) {
    sql::Connection connection(path_, OPEN_FLAGS);
    schema::check_identity(connection);
    EXPECT_EQ(schema::migrate(connection), 0);
    EXPECT_EQ(application_id(connection), 0x41524249);
    EXPECT_EQ(user_version(connection), LATEST);
    EXPECT_TRUE(has_column(connection, "node_counts", "leaves"));
    EXPECT_TRUE(has_column(connection, "node_counts", "reached_depth"));
    EXPECT_TRUE(has_column(connection, "games", "shard_index"));
    EXPECT_TRUE(has_column(connection, "games", "host"));
    for (const char* column :
         {"clock_ms", "clock_left_ms", "latency_ms", "hashfull", "tbhits", "info_lines"})
        EXPECT_TRUE(has_column(connection, "moves", column)) << column;
    EXPECT_TRUE(has_column(connection, "tournaments", "variant"));
    EXPECT_TRUE(has_column(connection, "engines", "id_name"));
    EXPECT_TRUE(has_column(connection, "engines", "id_author"));
    EXPECT_TRUE(has_column(connection, "engines", "id_description"));
    const std::vector<std::string> expected = {
        "analyses",          "engines",     "game_engine_totals",
        "game_list",         "games",       "initial_ranking_entrants",
        "initial_rankings",  "moves",       "node_counts",
        "node_runs",         "openings",    "pool_stops",
        "position_analyses", "shard_slots", "shards",
        "tournaments"};
    EXPECT_EQ(schema::object_names(connection), expected);
    // Migrating again is a no-op.
    EXPECT_EQ(schema::migrate(connection), LATEST);
    EXPECT_EQ(user_version(connection), LATEST);
}

TEST_F(SchemaTest, VersionOneGetsTheNodeCountColumnsOfVersionTwoWithItsRowsIntact) {
    write_version1_database_with_a_node_count(path_);
    sql::Connection connection(path_, OPEN_FLAGS);
    EXPECT_FALSE(has_column(connection, "node_counts", "leaves"));
    schema::check_identity(connection);
    EXPECT_EQ(schema::migrate(connection), 1);
    EXPECT_EQ(user_version(connection), LATEST);
    EXPECT_EQ(application_id(connection), 0x41524249);
    EXPECT_EQ(connection.query_text("SELECT fen || '|' || moves || '|' || depth || '|' || nodes || "
                                    "'|' || time_ms || '|' || coalesce(score_cp, 'null') || '|' || "
                                    "score_mate || '|' || bestmove || '|' || pv FROM node_counts",
                                    "test"),
              "startpos|e2e4|3|14423|5|null|-2|b8c6|b8c6 b1c3 g8f6");
    EXPECT_EQ(connection.query_integer("SELECT count(*) FROM node_counts WHERE leaves IS NULL AND "
                                       "reached_depth IS NULL",
                                       "test"),
              1);
    EXPECT_EQ(connection.query_integer("SELECT count(*) FROM engines", "test"), 1);
    EXPECT_EQ(connection.query_integer("SELECT count(*) FROM node_runs", "test"), 1);
}

TEST_F(SchemaTest, TheLatestVersionUpgradesToAFutureOne) {
    {
        sql::Connection connection(path_, OPEN_FLAGS);
        schema::migrate(connection);
        connection.execute(
            "INSERT INTO openings (source_file, suite_index, start_fen, moves, name) "
            "VALUES ('a.epd', 0, 'fen w', '', 'x')",
            "test");
    }
    sql::Connection connection(path_, OPEN_FLAGS);
    schema::check_identity(connection, WITH_FUTURE);
    EXPECT_EQ(schema::migrate(connection, WITH_FUTURE), LATEST);
    EXPECT_EQ(user_version(connection), FUTURE);
    EXPECT_TRUE(has_column(connection, "openings", "eco"));
    EXPECT_EQ(connection.query_integer("SELECT count(*) FROM openings", "test"), 1);
}

TEST_F(SchemaTest, FreshDatabaseRunsEveryMigrationInOrder) {
    sql::Connection connection(path_, OPEN_FLAGS);
    EXPECT_EQ(schema::migrate(connection, WITH_FUTURE), 0);
    EXPECT_EQ(user_version(connection), FUTURE);
    EXPECT_TRUE(has_column(connection, "node_counts", "reached_depth"));
    EXPECT_TRUE(has_column(connection, "openings", "eco"));
}

TEST_F(SchemaTest, FailedMigrationLeavesTheDatabaseUntouched) {
    {
        sql::Connection connection(path_, OPEN_FLAGS);
        schema::migrate(connection);
    }
    sql::Connection connection(path_, OPEN_FLAGS);
    try {
        schema::migrate(connection, WITH_BROKEN_FUTURE);
        FAIL() << "expected StoreError";
    } catch (const StoreError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(path_), std::string::npos) << message;
        EXPECT_NE(message.find("version " + std::to_string(FUTURE) + " (broken)"),
                  std::string::npos)
            << message;
    }
    EXPECT_EQ(user_version(connection), LATEST);
    EXPECT_EQ(
        connection.query_integer("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'", "test"),
        0);
}

TEST_F(SchemaTest, FailedLaterMigrationAlsoUndoesTheEarlierOnesOfTheSameUpgrade) {
    write_version1_database_with_a_node_count(path_);
    sql::Connection connection(path_, OPEN_FLAGS);
    EXPECT_THROW(schema::migrate(connection, WITH_BROKEN_FUTURE), StoreError);
    EXPECT_EQ(user_version(connection), 1);
    EXPECT_FALSE(has_column(connection, "node_counts", "leaves"));
    EXPECT_FALSE(has_column(connection, "node_counts", "reached_depth"));
    EXPECT_EQ(connection.query_integer(
                  "SELECT count(*) FROM sqlite_schema WHERE name = 'game_engine_totals'", "test"),
              0);
    EXPECT_EQ(connection.query_integer("SELECT count(*) FROM node_counts", "test"), 1);
}

TEST_F(SchemaTest, FailedFirstMigrationLeavesAnEmptyFile) {
    const std::array<schema::Migration, 1> broken = {{{1, "broken", "CREATE TABLE a (x); NOPE;"}}};
    sql::Connection connection(path_, OPEN_FLAGS);
    EXPECT_THROW(schema::migrate(connection, broken), StoreError);
    EXPECT_EQ(application_id(connection), 0);
    EXPECT_EQ(user_version(connection), 0);
    EXPECT_TRUE(schema::object_names(connection).empty());
}

TEST_F(SchemaTest, NewerVersionIsRefused) {
    {
        sql::Connection connection(path_, OPEN_FLAGS);
        schema::migrate(connection, WITH_FUTURE);
    }
    sql::Connection connection(path_, OPEN_FLAGS);
    try {
        schema::check_identity(connection);
        FAIL() << "expected StoreError";
    } catch (const StoreError& error) {
        EXPECT_EQ(std::string(error.what()),
                  path_ + ": has arbiter schema version " + std::to_string(FUTURE) +
                      ", newer than the version " + std::to_string(LATEST) +
                      " this build knows; use a newer arbiter");
    }
    EXPECT_THROW(schema::migrate(connection), StoreError);
    EXPECT_EQ(user_version(connection), FUTURE);
}

// Writes a database at version `from` with the DDL of its time, holding two tournaments, one
// engine and one game of two moves scored cp 5 and cp -5 (game 1, in tournament 2).
void write_old_database_with_a_game(const std::string& path, int from) {
    sql::Connection connection(path, OPEN_FLAGS);
    schema::migrate(connection, schema::migrations().first(std::size_t(from)));
    connection.execute(
        "INSERT INTO tournaments (id, config_key, config_json, created_at_ms) VALUES "
        "(1, 'std', '{\"tc\":\"1+0.1\"}', 1), (2, '960', '{\"variant\":\"chess960\"}', 2);"
        "INSERT INTO engines (id, name, command, arguments, options, binary_sha256, working_dir) "
        "VALUES (1, 'e', 'e', '[]', '[]', '" +
            std::string(64, 'a') +
            "', '');"
            "INSERT INTO games (id, tournament_id, slot, round, pair_index, "
            "opening_index, game_in_pair, white_engine_id, black_engine_id, start_fen, "
            "result, termination, termination_text, ply_count, started_at_ms, "
            "finished_at_ms) VALUES (1, 2, 0, 0, 0, 0, 0, 1, 1, 'fen w', '1-0', "
            "'checkmate', 'White mates', 2, 1, 2);"
            "INSERT INTO moves (game_id, ply, uci, san, time_ms, depth, seldepth, nodes, "
            "score_cp, score_mate, pv, comment, book) VALUES (1, 1, 'e2e4', 'e4', 10, 1, "
            "1, 20, 5, NULL, "
            "'e2e4', '', 0), (1, 2, 'e7e5', 'e5', 12, 1, 1, 20, -5, NULL, '', '', 0);",
        "test");
    // From version 6 on, arbiter writes the variant with the tournament.
    if (from >= schema::MOVE_CLOCK_VERSION)
        connection.execute("UPDATE tournaments SET variant = 'chess960' WHERE id = 2", "test");
}

// The latest version from every older version: every game, move and engine kept, the move columns
// of version 6, the engines' own names of version 7 and the scores' bounds of version 8 unknown
// (NULL: the scores read as exact), and each tournament's variant read from its configuration.
TEST_F(SchemaTest, EveryOlderVersionUpgradesToTheLatestKeepingEveryGame) {
    for (int from = 1; from < schema::latest_version(); ++from) {
        SCOPED_TRACE("from version " + std::to_string(from));
        store_test::remove_database(path_);
        write_old_database_with_a_game(path_, from);
        sql::Connection connection(path_, OPEN_FLAGS);
        EXPECT_EQ(schema::migrate(connection), from);
        EXPECT_EQ(user_version(connection), LATEST);
        EXPECT_EQ(connection.query_integer("SELECT count(*) FROM games", "test"), 1);
        EXPECT_EQ(connection.query_text("SELECT group_concat(uci || time_ms || score_cp, ' ') "
                                        "FROM moves ORDER BY ply",
                                        "test"),
                  "e2e4105 e7e512-5");
        EXPECT_EQ(connection.query_integer(
                      "SELECT count(*) FROM moves WHERE clock_ms IS NULL AND clock_left_ms IS "
                      "NULL AND latency_ms IS NULL AND hashfull IS NULL AND tbhits IS NULL AND "
                      "info_lines IS NULL AND score_bound IS NULL",
                      "test"),
                  2);
        EXPECT_EQ(connection.query_text(
                      "SELECT group_concat(variant, ' ') FROM tournaments ORDER BY id", "test"),
                  "standard chess960");
        EXPECT_EQ(connection.query_integer("SELECT count(*) FROM engines WHERE name = 'e' AND "
                                           "id_name IS NULL AND id_author IS NULL",
                                           "test"),
                  1);
    }
}

// Issue 30: a version-7 file (the DDL of version 7) is read as it is read-only and migrated in
// place on a read-write open; its moves come back with exact scores either way, and a game
// recorded after the migration keeps its scores' bounds.
TEST_F(SchemaTest, AVersionSevenFileOpensWithItsScoresExactAndThenKeepsBounds) {
    write_old_database_with_a_game(path_, 7);
    const auto expected_moves = [] {
        std::vector<MoveRecord> moves(2);
        for (int i = 0; i < 2; ++i) {
            moves[i].ply = i + 1;
            moves[i].uci = i ? "e7e5" : "e2e4";
            moves[i].san = i ? "e5" : "e4";
            moves[i].time_ms = i ? 12 : 10;
            moves[i].depth = moves[i].seldepth = 1;
            moves[i].nodes = 20;
            moves[i].score = Score::from_centipawns(i ? -5 : 5);  // exact
            moves[i].pv = i ? "" : "e2e4";
        }
        return moves;
    };
    {
        Store store = Store::open(path_, Store::Access::read_only);
        EXPECT_EQ(store.schema_version(), 7);
        EXPECT_EQ(store.load_game(1).moves, expected_moves());
    }
    Store store = Store::open(path_);
    EXPECT_EQ(store.schema_version(), LATEST);
    EXPECT_EQ(store.load_game(1).moves, expected_moves());
    GameRecord game = store_test::sample_game(2, 1, 1, 1, std::nullopt, 100);
    std::map<Score::Bound, int> bounds;
    for (const MoveRecord& move : game.moves)
        if (move.score) ++bounds[move.score->bound()];
    // 85 scored moves among plies 3 to 100: plies 3 mod 8 a lower bound, 6 mod 8 an upper one.
    ASSERT_EQ(bounds, (std::map<Score::Bound, int>{{Score::Bound::exact, 63},
                                                   {Score::Bound::lower, 12},
                                                   {Score::Bound::upper, 10}}));
    EXPECT_EQ(store.load_game(store.record_game(game)), game);
}

// The table admits a bound only as UCI names it, and only beside a score.
TEST_F(SchemaTest, TheScoreBoundColumnHoldsOnlyABoundOfAScore) {
    write_old_database_with_a_game(path_, schema::latest_version());
    sql::Connection connection(path_, OPEN_FLAGS);
    connection.execute("UPDATE moves SET score_bound = 'lowerbound' WHERE ply = 1", "test");
    connection.execute("UPDATE moves SET score_bound = 'upperbound' WHERE ply = 2", "test");
    for (const char* refused : {"UPDATE moves SET score_bound = 'exact' WHERE ply = 1",
                                "UPDATE moves SET score_bound = 'lower' WHERE ply = 1",
                                "UPDATE moves SET score_cp = NULL WHERE ply = 2"})
        EXPECT_THROW(connection.execute(refused, "test"), StoreError) << refused;
    EXPECT_EQ(connection.query_text("SELECT group_concat(score_cp || ' ' || score_bound, ', ') "
                                    "FROM moves ORDER BY ply",
                                    "test"),
              "5 lowerbound, -5 upperbound");
}

// The moves table's column list (move_columns.h) is what every version's migrations make: the
// columns that version has, in the table's order, with a NULL read for each it lacks.
TEST_F(SchemaTest, TheMovesTableHasTheDeclaredColumnsAtEveryVersion) {
    for (int version = 1; version <= schema::latest_version(); ++version) {
        SCOPED_TRACE("version " + std::to_string(version));
        store_test::remove_database(path_);
        sql::Connection connection(path_, OPEN_FLAGS);
        schema::migrate(connection, schema::migrations().first(std::size_t(version)));
        std::string declared = "game_id";
        for (const MoveColumn& column : move_columns())
            if (column.since_version <= version) declared += " " + std::string(column.name);
        EXPECT_EQ(connection.query_text(
                      "SELECT group_concat(name, ' ') FROM pragma_table_info('moves')", "test"),
                  declared);
        // The select made for this version prepares against it.
        sql::Statement select(connection, select_moves_sql(version));
    }
}

}  // namespace
}  // namespace arbiter
