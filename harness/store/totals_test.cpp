// Per-game totals (schema version 3): standings sum them instead of scanning `moves`, so they
// must equal a scan of the moves for every engine, for games written by this version and for
// games of a version-2 file upgraded on open or read read-only.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "harness/store/sqlite.h"
#include "harness/store/store.h"
#include "harness/store/test_records.h"
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

using store_test::sample_engine;
using store_test::sample_game;

// The standings' statistics as a scan of every move: the query version 2 ran on each resume.
std::vector<EngineMoveStatistics> scan_of_moves(const std::string& path, TournamentId tournament) {
    sql::Connection raw(path, SQLITE_OPEN_READONLY);
    sql::Statement query(
        raw,
        "WITH engine_moves AS ("
        " SELECT CASE WHEN (m.ply % 2 = 1) = "
        "  (substr(g.start_fen, instr(g.start_fen, ' ') + 1, 1) = 'w')"
        "  THEN g.white_engine_id ELSE g.black_engine_id END AS engine_id,"
        "  m.depth, m.seldepth, m.nodes, m.time_ms"
        " FROM games g JOIN moves m ON m.game_id = g.id"
        " WHERE g.tournament_id = ?1 AND m.book = 0"
        ") SELECT e.id, e.name, count(*), count(em.depth), avg(em.depth), avg(em.seldepth),"
        " avg(em.nodes), avg(em.time_ms), coalesce(sum(em.nodes), 0), sum(em.time_ms)"
        " FROM engine_moves em JOIN engines e ON e.id = em.engine_id GROUP BY e.id ORDER BY e.id");
    query.bind(1, tournament);
    std::vector<EngineMoveStatistics> statistics;
    while (query.step()) {
        statistics.push_back({query.integer(0), query.text(1), query.integer(2), query.integer(3),
                              query.optional_real(4), query.optional_real(5),
                              query.optional_real(6), query.real(7), query.integer(8),
                              query.integer(9)});
    }
    return statistics;
}

class TotalsTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = store_test::temp_database_path(info->name());
    }
    void TearDown() override { store_test::remove_database(path_); }

    // Records games between three engines in varied shapes: both sides to move first, games
    // of only book moves, an engine playing itself, a game with no moves at all.
    void record_varied_games(Store& store) {
        tournament_ = store.get_or_create_tournament("totals", "{}");
        const EngineId a = store.get_or_create_engine(sample_engine("alpha", "a"));
        const EngineId b = store.get_or_create_engine(sample_engine("beta", "b"));
        const EngineId c = store.get_or_create_engine(sample_engine("gamma", "c"));
        const std::array<EngineId, 3> engines = {a, b, c};
        for (std::int64_t slot = 0; slot < 60; ++slot) {
            const EngineId white = engines[std::size_t(slot % 3)];
            const EngineId black = engines[std::size_t((slot / 3 + slot) % 3)];
            GameRecord game = sample_game(tournament_, slot, white, black, std::nullopt,
                                          static_cast<int>(slot * 7 % 41));
            if (slot % 4 == 1) game.start_fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
            store.record_game(game);
        }
        // Another tournament's games must not count.
        const TournamentId other = store.get_or_create_tournament("other", "{}");
        store.record_game(sample_game(other, 0, a, b, std::nullopt, 30));
    }

    std::string path_;
    TournamentId tournament_ = 0;
};

TEST_F(TotalsTest, StatisticsFromTotalsEqualAScanOfTheMoves) {
    Store store = Store::open(path_);
    record_varied_games(store);
    const std::vector<EngineMoveStatistics> scanned = scan_of_moves(path_, tournament_);
    ASSERT_EQ(scanned.size(), 3u);
    EXPECT_GT(scanned[0].moves, 100);
    EXPECT_EQ(store.engine_move_statistics(tournament_), scanned);
}

TEST_F(TotalsTest, GameWithoutMovesStillHasTotalsForBothSides) {
    Store store = Store::open(path_);
    const TournamentId tournament = store.get_or_create_tournament("t", "{}");
    const EngineId a = store.get_or_create_engine(sample_engine("alpha", "a"));
    const EngineId b = store.get_or_create_engine(sample_engine("beta", "b"));
    store.record_game(sample_game(tournament, 0, a, b, std::nullopt, 0));
    sql::Connection raw(path_, SQLITE_OPEN_READONLY);
    EXPECT_EQ(raw.query_integer("SELECT count(*) FROM game_engine_totals WHERE moves = 0", "test"),
              2);
    EXPECT_TRUE(store.engine_move_statistics(tournament).empty());
}

// A version-2 file is a version-3 file without the totals table.
void downgrade_to_version_2(const std::string& path) {
    sql::Connection raw(path, SQLITE_OPEN_READWRITE);
    // Version 4's shard columns and tables, version 5's pool stops, version 6's move and
    // tournament columns, version 7's engine columns, version 8's score bound, version 9's
    // fault detail, version 10's analyses and version 12's initial rankings go too, so that the
    // file is a true version 2.
    raw.execute(
        "DROP TABLE initial_ranking_entrants; DROP TABLE initial_rankings; "
        "DROP TABLE position_analyses; DROP TABLE analyses; "
        "ALTER TABLE games DROP COLUMN fault_detail; ALTER TABLE moves DROP COLUMN score_bound; "
        "ALTER TABLE engines DROP COLUMN id_name; ALTER TABLE engines DROP COLUMN id_author; "
        "ALTER TABLE engines DROP COLUMN id_description; "
        "ALTER TABLE moves DROP COLUMN clock_ms; ALTER TABLE moves DROP COLUMN clock_left_ms; "
        "ALTER TABLE moves DROP COLUMN latency_ms; ALTER TABLE moves DROP COLUMN hashfull; "
        "ALTER TABLE moves DROP COLUMN tbhits; ALTER TABLE moves DROP COLUMN info_lines; "
        "ALTER TABLE tournaments DROP COLUMN variant; "
        "DROP TABLE pool_stops; DROP TABLE shard_slots; DROP TABLE shards; ALTER TABLE games DROP "
        "COLUMN host; "
        "ALTER TABLE games DROP COLUMN shard_count; "
        "ALTER TABLE games DROP COLUMN shard_index; "
        "DROP TABLE game_engine_totals; PRAGMA user_version = 2",
        "test");
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)", "test");
}

TEST_F(TotalsTest, VersionTwoFileGetsTotalsFromItsMovesWhenOpened) {
    {
        Store store = Store::open(path_);
        record_varied_games(store);
    }
    const std::vector<EngineMoveStatistics> scanned = scan_of_moves(path_, tournament_);
    downgrade_to_version_2(path_);
    Store store = Store::open(path_);
    EXPECT_EQ(store.schema_version(), Store::latest_schema_version());
    EXPECT_EQ(store.integrity_check(), "ok");
    EXPECT_EQ(store.engine_move_statistics(tournament_), scanned);
    sql::Connection raw(path_, SQLITE_OPEN_READONLY);
    EXPECT_EQ(raw.query_integer("SELECT count(*) FROM game_engine_totals", "test"),
              2 * raw.query_integer("SELECT count(*) FROM games", "test"));
}

TEST_F(TotalsTest, VersionTwoFileReadReadOnlyGetsTotalsInMemoryAndStaysAsItWas) {
    {
        Store store = Store::open(path_);
        record_varied_games(store);
    }
    const std::vector<EngineMoveStatistics> scanned = scan_of_moves(path_, tournament_);
    downgrade_to_version_2(path_);
    const std::string before = arbiter_test::read_text(path_);
    {
        Store store = Store::open(path_, Store::Access::read_only);
        EXPECT_EQ(store.schema_version(), 2);
        EXPECT_EQ(store.engine_move_statistics(tournament_), scanned);
        EXPECT_EQ(store.list_games(tournament_).size(), 60u);
    }
    EXPECT_EQ(arbiter_test::read_text(path_), before);
    sql::Connection raw(path_, SQLITE_OPEN_READONLY);
    EXPECT_EQ(raw.query_integer("PRAGMA user_version", "test"), 2);
}

// Damage: totals deleted by hand, a column renamed by hand. Both name the file.

TEST_F(TotalsTest, GamesWithoutTotalsAreReportedAsDamageRatherThanMiscounted) {
    {
        Store store = Store::open(path_);
        record_varied_games(store);
    }
    {
        sql::Connection raw(path_, SQLITE_OPEN_READWRITE);
        raw.execute("DELETE FROM game_engine_totals WHERE game_id <= 3", "test");
    }
    Store store = Store::open(path_);
    try {
        store.engine_move_statistics(tournament_);
        ADD_FAILURE() << "expected a StoreError";
    } catch (const StoreError& error) {
        EXPECT_EQ(std::string(error.what()),
                  path_ + ": the database file is damaged (3 games of tournament " +
                      std::to_string(tournament_) + " have no per-game totals)");
    }
}

TEST_F(TotalsTest, AColumnChangedByHandIsReportedAsDamage) {
    {
        Store store = Store::open(path_);
        record_varied_games(store);
    }
    {
        sql::Connection raw(path_, SQLITE_OPEN_READWRITE);
        raw.execute("ALTER TABLE games RENAME COLUMN result TO outcome", "test");
    }
    Store store = Store::open(path_, Store::Access::read_only);
    try {
        store.list_games(tournament_);
        ADD_FAILURE() << "expected a StoreError";
    } catch (const StoreError& error) {
        EXPECT_EQ(std::string(error.what()),
                  path_ +
                      ": the database file is damaged or was changed outside arbiter (no such "
                      "column: g.result)");
    }
}

}  // namespace
}  // namespace arbiter
