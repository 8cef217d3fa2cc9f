#include "harness/store/schema.h"

#include <gtest/gtest.h>

#include <array>
#include <string>

#include "harness/store/test_records.h"

namespace arbiter {
namespace {

constexpr int kOpenFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;

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

// A made-up version 2 on top of the real version 1, the way a future migration will look.
constexpr std::string_view kAddOpeningEco = "ALTER TABLE openings ADD COLUMN eco TEXT;";
const std::array<schema::Migration, 2> kWithVersion2 = {{
    schema::migrations()[0],
    {2, "openings get an ECO code", kAddOpeningEco},
}};
const std::array<schema::Migration, 2> kWithBrokenVersion2 = {{
    schema::migrations()[0],
    {2, "broken", "CREATE TABLE extra (x); THIS IS NOT SQL;"},
}};

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
    EXPECT_EQ(schema::latest_version(), 1);
}

TEST_F(SchemaTest, FreshDatabaseGetsApplicationIdVersionAndTables) {
    sql::Connection connection(path_, kOpenFlags);
    schema::check_identity(connection);
    EXPECT_EQ(schema::migrate(connection), 0);
    EXPECT_EQ(application_id(connection), 0x41524249);
    EXPECT_EQ(user_version(connection), 1);
    const std::vector<std::string> expected = {"engines",  "game_list",   "games",
                                               "moves",    "node_counts", "node_runs",
                                               "openings", "tournaments"};
    EXPECT_EQ(schema::object_names(connection), expected);
    // Migrating again is a no-op.
    EXPECT_EQ(schema::migrate(connection), 1);
    EXPECT_EQ(user_version(connection), 1);
}

TEST_F(SchemaTest, VersionOneUpgradesToAFutureVersionTwo) {
    {
        sql::Connection connection(path_, kOpenFlags);
        schema::migrate(connection);
        connection.execute(
            "INSERT INTO openings (source_file, suite_index, start_fen, moves, name) "
            "VALUES ('a.epd', 0, 'fen w', '', 'x')",
            "test");
    }
    sql::Connection connection(path_, kOpenFlags);
    schema::check_identity(connection, kWithVersion2);
    EXPECT_EQ(schema::migrate(connection, kWithVersion2), 1);
    EXPECT_EQ(user_version(connection), 2);
    EXPECT_TRUE(has_column(connection, "openings", "eco"));
    EXPECT_EQ(connection.query_integer("SELECT count(*) FROM openings", "test"), 1);
}

TEST_F(SchemaTest, FreshDatabaseRunsEveryMigrationInOrder) {
    sql::Connection connection(path_, kOpenFlags);
    EXPECT_EQ(schema::migrate(connection, kWithVersion2), 0);
    EXPECT_EQ(user_version(connection), 2);
    EXPECT_TRUE(has_column(connection, "openings", "eco"));
}

TEST_F(SchemaTest, FailedMigrationLeavesTheDatabaseUntouched) {
    {
        sql::Connection connection(path_, kOpenFlags);
        schema::migrate(connection);
    }
    sql::Connection connection(path_, kOpenFlags);
    try {
        schema::migrate(connection, kWithBrokenVersion2);
        FAIL() << "expected StoreError";
    } catch (const StoreError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(path_), std::string::npos) << message;
        EXPECT_NE(message.find("version 2 (broken)"), std::string::npos) << message;
    }
    EXPECT_EQ(user_version(connection), 1);
    EXPECT_EQ(
        connection.query_integer("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'", "test"),
        0);
}

TEST_F(SchemaTest, FailedFirstMigrationLeavesAnEmptyFile) {
    const std::array<schema::Migration, 1> broken = {{{1, "broken", "CREATE TABLE a (x); NOPE;"}}};
    sql::Connection connection(path_, kOpenFlags);
    EXPECT_THROW(schema::migrate(connection, broken), StoreError);
    EXPECT_EQ(application_id(connection), 0);
    EXPECT_EQ(user_version(connection), 0);
    EXPECT_TRUE(schema::object_names(connection).empty());
}

TEST_F(SchemaTest, NewerVersionIsRefused) {
    {
        sql::Connection connection(path_, kOpenFlags);
        schema::migrate(connection, kWithVersion2);
    }
    sql::Connection connection(path_, kOpenFlags);
    try {
        schema::check_identity(connection);
        FAIL() << "expected StoreError";
    } catch (const StoreError& error) {
        EXPECT_EQ(std::string(error.what()),
                  path_ +
                      ": has arbiter schema version 2, newer than the version 1 this build "
                      "knows; use a newer arbiter");
    }
    EXPECT_THROW(schema::migrate(connection), StoreError);
    EXPECT_EQ(user_version(connection), 2);
}

}  // namespace
}  // namespace arbiter
