// The store's files: creating, reopening and refusing them; tournaments, engines and openings.
#include "harness/store/store.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "harness/identity/sha256.h"
#include "harness/store/schema.h"
#include "harness/store/sqlite.h"
#include "harness/store/store_test_fixture.h"

namespace arbiter {
namespace {

using store_test::contains_both;
using store_test::sample_engine;
using store_test::sample_game;
using store_test::StoreTest;

using store_test::RAW_FLAGS;

// Step 1. Creating, reopening and refusing files.

TEST_F(StoreTest, CreatesSchemaInANewFile) {
    {
        Store store = Store::open(path_);
        EXPECT_EQ(store.path(), path_);
        EXPECT_EQ(store.schema_version(), Store::latest_schema_version());
        EXPECT_EQ(Store::latest_schema_version(), 12);
        EXPECT_EQ(store.integrity_check(), "ok");
    }
    sql::Connection raw(path_, RAW_FLAGS);
    EXPECT_EQ(raw.query_integer("PRAGMA application_id", "test"), 0x41524249);
    EXPECT_EQ(raw.query_integer("PRAGMA user_version", "test"), Store::latest_schema_version());
    EXPECT_EQ(raw.query_text("PRAGMA journal_mode", "test"), "wal");
    for (const char* table : {"tournaments", "engines", "openings", "games", "moves", "node_runs",
                              "node_counts", "game_engine_totals"}) {
        EXPECT_EQ(raw.query_integer(
                      std::string("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND "
                                  "name = '") +
                          table + "'",
                      "test"),
                  1)
            << table;
    }
}

TEST_F(StoreTest, CreatesMissingParentFolders) {
    const std::filesystem::path folder = path_ + ".d";
    const std::filesystem::path nested = folder / "a" / "b.sqlite";
    { Store store = Store::open(nested); }
    EXPECT_TRUE(std::filesystem::is_regular_file(nested));
    std::filesystem::remove_all(folder);
}

TEST_F(StoreTest, InMemoryDatabaseWorks) {
    Store store = Store::open(":memory:");
    const TournamentId tournament = store.get_or_create_tournament("k", "{}");
    const EngineId a = store.get_or_create_engine(sample_engine("a", "a"));
    const EngineId b = store.get_or_create_engine(sample_engine("b", "b"));
    const GameRecord game = sample_game(tournament, 0, a, b, std::nullopt, 10);
    EXPECT_EQ(store.load_game(store.record_game(game)), game);
}

TEST_F(StoreTest, ReopenKeepsEverything) {
    GameRecord game;
    GameId game_id = 0;
    TournamentId tournament = 0;
    EngineId white = 0;
    {
        Store store = Store::open(path_);
        tournament = store.get_or_create_tournament("key-1", R"({"rounds":2})");
        white = store.get_or_create_engine(sample_engine("white", "w-binary"));
        const EngineId black = store.get_or_create_engine(sample_engine("black", "b-binary"));
        game = sample_game(tournament, 3, white, black, std::nullopt, 60);
        game_id = store.record_game(game);
    }
    Store store = Store::open(path_);
    EXPECT_EQ(store.schema_version(), Store::latest_schema_version());
    EXPECT_EQ(store.get_or_create_tournament("key-1", R"({"rounds":2})"), tournament);
    EXPECT_EQ(store.get_or_create_engine(sample_engine("white", "w-binary")), white);
    EXPECT_EQ(store.load_game(game_id), game);
    EXPECT_EQ(store.count_games(tournament), 1);
}

TEST_F(StoreTest, RefusesANewerSchemaVersion) {
    { Store store = Store::open(path_); }
    {
        sql::Connection raw(path_, RAW_FLAGS);
        raw.execute("PRAGMA user_version = " + std::to_string(Store::latest_schema_version() + 1),
                    "test");
    }
    const int latest = Store::latest_schema_version();
    EXPECT_EQ(store_error_of([&] { Store::open(path_); }),
              path_ + ": has arbiter schema version " + std::to_string(latest + 1) +
                  ", newer than the version " + std::to_string(latest) +
                  " this build knows; use a newer arbiter");
}

// A version-5 file read as it is: its moves have no clock or engine reports (unknown), and its
// tournaments' variants come from their configurations.
TEST_F(StoreTest, AVersionFiveFileReadReadOnlyHasMovesWithoutClocksAndItsVariants) {
    {
        sql::Connection raw(path_, RAW_FLAGS);
        schema::migrate(raw, schema::migrations().first(5));
        raw.execute(
            "INSERT INTO tournaments VALUES (1, '960', '{\"variant\":\"chess960\"}', 2);"
            "INSERT INTO engines VALUES (1, 'e', 'e', '[]', '[]', '" +
                std::string(64, 'a') +
                "', '');"
                "INSERT INTO games (id, tournament_id, slot, round, pair_index, opening_index, "
                "game_in_pair, white_engine_id, black_engine_id, start_fen, result, termination, "
                "termination_text, ply_count, started_at_ms, finished_at_ms) VALUES (1, 1, 0, 0, "
                "0, 0, 0, 1, 1, 'fen w', '1-0', 'checkmate', 'White mates', 1, 1, 2);"
                "INSERT INTO moves VALUES (1, 1, 'e2e4', 'e4', 10, 1, 1, 20, 5, NULL, '', '', 0);",
            "test");
    }
    Store store = Store::open(path_, Store::Access::read_only);
    EXPECT_EQ(store.schema_version(), 5);
    ASSERT_EQ(store.list_tournaments().size(), 1u);
    EXPECT_EQ(store.list_tournaments()[0].variant, "chess960");
    EXPECT_EQ(store.load_tournament(1).variant, "chess960");
    const GameRecord game = store.load_game(1);
    ASSERT_EQ(game.moves.size(), 1u);
    EXPECT_EQ(game.moves[0].time_ms, 10);
    EXPECT_FALSE(game.moves[0].clock_ms);
    EXPECT_FALSE(game.moves[0].latency_ms);
    EXPECT_FALSE(game.moves[0].hashfull);
    EXPECT_TRUE(game.moves[0].info_lines.empty());
    ASSERT_EQ(store.list_engines().size(), 1u);
    EXPECT_EQ(store.list_engines()[0].own, EngineOwnIdentity{});  // not known before version 7
}

// What an engine says of itself is kept beside its identity, replaced by a later handshake, and
// is no part of the identity: the same engine row is found whatever it said.
TEST_F(StoreTest, KeepsWhatAnEngineSaysOfItself) {
    EngineIdentity engine = sample_engine("sf", "binary-1");
    {
        Store store = Store::open(path_);
        const EngineId id = store.get_or_create_engine(engine);
        EXPECT_EQ(store.list_engines()[0].own, EngineOwnIdentity{});
        store.set_engine_own_identity(id, {"Stockfish 15.1", "the Stockfish developers", "old"});
        store.set_engine_own_identity(id, {"Stockfish 16", "the Stockfish developers", ""});
        EXPECT_EQ(store.get_or_create_engine(engine), id);
        EXPECT_EQ(store_error_of([&] {
                      store.set_engine_own_identity(id + 1, {"x", "", ""});
                  }),
                  path_ + ": no engine with id " + std::to_string(id + 1));
    }
    Store store = Store::open(path_, Store::Access::read_only);
    ASSERT_EQ(store.list_engines().size(), 1u);
    EXPECT_EQ(store.list_engines()[0],
              (StoredEngine{1, engine, {"Stockfish 16", "the Stockfish developers", ""}}));
    EXPECT_THROW(store.set_engine_own_identity(1, {"x", "", ""}), StoreError);
}

// What an engine says it is (`id description`) is kept apart from its author.
TEST_F(StoreTest, KeepsAnEnginesDescriptionApartFromItsAuthor) {
    EngineIdentity engine = sample_engine("random", "python-host");
    {
        Store store = Store::open(path_);
        const EngineId id = store.get_or_create_engine(engine);
        store.set_engine_own_identity(id, {"random", "", "This player makes a random legal move"});
    }
    Store store = Store::open(path_, Store::Access::read_only);
    EXPECT_EQ(store.list_engines()[0].own,
              (EngineOwnIdentity{"random", "", "This player makes a random legal move"}));
}

TEST_F(StoreTest, OpeningAVersionOneFileUpgradesItAndKeepsItsNodeCounts) {
    // A file written by a build that knew only version 1: its code path, its DDL.
    EngineIdentity minimax = sample_engine("minimax", "minimax-binary");
    minimax.args = {"--quiet"};
    minimax.options = {{"Eval", "material"}};
    NodeCountRecord old_count{0,
                              std::string(store_test::START_FEN),
                              {"e2e4", "e7e5"},
                              4,
                              76'543,
                              21,
                              Score::from_mate_moves(-3),
                              "g1f3",
                              "g1f3 b8c6",
                              std::nullopt,
                              std::nullopt};
    NodeRunId old_run = 0;
    {
        sql::Connection raw(path_, RAW_FLAGS);
        const std::array<schema::Migration, 1> version1 = {{schema::migrations()[0]}};
        schema::migrate(raw, version1);
        raw.execute(
            "INSERT INTO engines (name, command, arguments, options, binary_sha256, working_dir) "
            R"(VALUES ('minimax', 'build/bin/minimax', '["--quiet"]', '[["Eval","material"]]', ')" +
                minimax.binary_sha256 +
                "', '/tmp');"
                "INSERT INTO node_runs (started_at_ms, description) VALUES (1700000000000, 'old');"
                "INSERT INTO node_counts (run_id, engine_id, fen, moves, depth, nodes, time_ms, "
                "score_cp, score_mate, bestmove, pv) VALUES (1, 1, '" +
                std::string(store_test::START_FEN) +
                "', 'e2e4 e7e5', 4, 76543, 21, NULL, -3, 'g1f3', 'g1f3 b8c6')",
            "test");
        EXPECT_EQ(raw.query_integer("PRAGMA user_version", "test"), 1);
        old_run = raw.query_integer("SELECT max(id) FROM node_runs", "test");
    }
    Store store = Store::open(path_);
    EXPECT_EQ(store.schema_version(), Store::latest_schema_version());
    EXPECT_EQ(store.integrity_check(), "ok");
    const EngineId engine = store.get_or_create_engine(minimax);
    EXPECT_EQ(store.list_engines().size(), 1u);  // the identity found the version-1 row
    old_count.engine_id = engine;
    EXPECT_EQ(store.node_counts_of_run(old_run), std::vector<NodeCountRecord>{old_count});
    EXPECT_FALSE(store.node_counts_of_run(old_run)[0].leaves);
    EXPECT_FALSE(store.node_counts_of_run(old_run)[0].reached_depth);

    NodeCountRecord new_count = old_count;
    new_count.leaves = 70'000;
    new_count.reached_depth = 4;
    const NodeRunId new_run = store.begin_node_run("after the upgrade");
    store.record_node_count(new_run, new_count);
    EXPECT_EQ(store.latest_node_count(engine, store_test::START_FEN, old_count.moves, 4),
              (StoredNodeCount{new_run, new_count}));
    EXPECT_EQ(store.list_node_runs().size(), 2u);
}

TEST_F(StoreTest, RefusesAnotherApplicationsId) {
    {
        sql::Connection raw(path_, RAW_FLAGS);
        raw.execute("PRAGMA application_id = 305419896; CREATE TABLE things (x)", "test");
    }
    EXPECT_EQ(store_error_of([&] { Store::open(path_); }),
              path_ +
                  ": is not an arbiter database (application_id 0x12345678, arbiter's is "
                  "0x41524249)");
}

TEST_F(StoreTest, RefusesAnotherApplicationsTablesAndLeavesTheFileAlone) {
    {
        sql::Connection raw(path_, RAW_FLAGS);
        raw.execute("CREATE TABLE customers (name); CREATE TABLE orders (id)", "test");
    }
    EXPECT_EQ(store_error_of([&] { Store::open(path_); }),
              path_ +
                  ": is not an arbiter database (it has no arbiter application id and holds "
                  "tables of another application: customers, orders)");
    sql::Connection raw(path_, RAW_FLAGS);
    EXPECT_EQ(raw.query_text("PRAGMA journal_mode", "test"), "delete");
    EXPECT_EQ(raw.query_integer("PRAGMA application_id", "test"), 0);
    EXPECT_EQ(raw.query_integer("PRAGMA user_version", "test"), 0);
}

TEST_F(StoreTest, RandomBytesAreReportedAsNotADatabase) {
    std::mt19937 random(12345);
    std::string bytes(8192, '\0');
    for (char& byte : bytes) byte = static_cast<char>(random());
    write_file(bytes);
    EXPECT_EQ(store_error_of([&] { Store::open(path_); }),
              path_ +
                  ": is not an SQLite database, or it is damaged (the file does not start with "
                  "the SQLite header)");
}

TEST_F(StoreTest, TinyFileIsReportedAsNotADatabase) {
    write_file("SQLite format 3");
    EXPECT_EQ(store_error_of([&] { Store::open(path_); }),
              path_ +
                  ": is not an SQLite database, or it is damaged (only 15 bytes, shorter than "
                  "the SQLite header)");
}

TEST_F(StoreTest, GarbageAfterAValidHeaderIsReportedAsDamaged) {
    std::mt19937 random(99);
    std::string bytes = "SQLite format 3";
    bytes.push_back('\0');
    while (bytes.size() < 8192) bytes.push_back(static_cast<char>(random()));
    write_file(bytes);
    const std::string message = store_error_of([&] { Store::open(path_); });
    EXPECT_EQ(message.rfind(path_ + ": ", 0), 0u) << message;
    EXPECT_NE(message.find("damaged"), std::string::npos) << message;
}

TEST_F(StoreTest, TruncatedFileIsReportedAsDamaged) {
    {
        Store store = Store::open(path_);
        const TournamentId tournament = store.get_or_create_tournament("k", "{}");
        const EngineId a = store.get_or_create_engine(sample_engine("a", "a"));
        const EngineId b = store.get_or_create_engine(sample_engine("b", "b"));
        for (int slot = 0; slot < 40; ++slot) {
            store.record_game(sample_game(tournament, slot, a, b, std::nullopt, 80));
        }
    }
    ASSERT_FALSE(std::filesystem::exists(path_ + "-wal"));  // closed cleanly: WAL checkpointed
    const auto full_size = std::filesystem::file_size(path_);
    ASSERT_EQ(full_size % 4096, 0u);
    const auto pages = full_size / 4096;
    std::filesystem::resize_file(path_, full_size / 2 + 100);
    EXPECT_EQ(store_error_of([&] { Store::open(path_); }),
              path_ + ": the database file is damaged (truncated: its header declares " +
                  std::to_string(pages) + " pages of 4096 bytes = " + std::to_string(full_size) +
                  " bytes, but the file has " + std::to_string(full_size / 2 + 100) + " bytes)");
}

// Corrupt pages behind an intact header: whatever operation meets them first, the error is a
// StoreError naming the file, never a crash.
TEST_F(StoreTest, CorruptPagesAreReportedAsDamaged) {
    {
        Store store = Store::open(path_);
        const TournamentId tournament = store.get_or_create_tournament("k", "{}");
        const EngineId a = store.get_or_create_engine(sample_engine("a", "a"));
        const EngineId b = store.get_or_create_engine(sample_engine("b", "b"));
        for (int slot = 0; slot < 20; ++slot) {
            store.record_game(sample_game(tournament, slot, a, b, std::nullopt, 80));
        }
    }
    {
        std::fstream file(path_, std::ios::in | std::ios::out | std::ios::binary);
        std::mt19937 random(7);
        const auto size = std::filesystem::file_size(path_);
        file.seekp(4096);
        for (std::uintmax_t at = 4096; at < size; ++at) file.put(static_cast<char>(random()));
    }
    const std::string message = store_error_of([&] {
        Store store = Store::open(path_);
        const auto tournament = store.find_tournament("k");
        if (!tournament) throw StoreError(path_ + ": tournament lost");
        for (const GameSummary& game : store.list_games(tournament->id)) store.load_game(game.id);
        if (store.integrity_check() != "ok") throw StoreError(path_ + ": integrity check failed");
    });
    EXPECT_EQ(message.rfind(path_ + ": ", 0), 0u) << message;
}

TEST_F(StoreTest, ADirectoryIsRefused) {
    std::filesystem::create_directory(path_);
    EXPECT_EQ(store_error_of([&] { Store::open(path_); }), path_ + ": is not a regular file");
    std::filesystem::remove(path_);
}

// Step 2. Get-or-create of tournaments, engines and openings.

TEST_F(StoreTest, TournamentsAreFoundByConfigurationKey) {
    Store store = Store::open(path_);
    const TournamentId first = store.get_or_create_tournament("key-a", R"({"engines":["a","b"]})");
    const TournamentId second = store.get_or_create_tournament("key-b", R"({"engines":[]})");
    EXPECT_NE(first, second);
    EXPECT_EQ(store.get_or_create_tournament("key-a", R"({"changed":true})"), first);
    const StoredTournament loaded = store.load_tournament(first);
    EXPECT_EQ(loaded.config_key, "key-a");
    EXPECT_EQ(loaded.config_json, R"({"engines":["a","b"]})");
    EXPECT_EQ(store.find_tournament("key-a"), loaded);
    EXPECT_EQ(store.find_tournament("nope"), std::nullopt);
    EXPECT_EQ(store.list_tournaments().size(), 2u);
    EXPECT_EQ(store_error_of([&] { store.load_tournament(99); }),
              path_ + ": no tournament with id 99");
    const std::string message =
        store_error_of([&] { store.get_or_create_tournament("bad", "{not json"); });
    EXPECT_EQ(contains_both(message, path_, "json_valid"), "");
}

TEST_F(StoreTest, EngineIdentityIsHashCommandArgsOptionsAndName) {
    Store store = Store::open(path_);
    EngineIdentity engine = sample_engine("ab", "binary-1");
    engine.args = {"plain", "with \"quotes\"", "back\\slash", "new\nline", "\x01control", ""};
    engine.options = {{"Eval", "material"}, {"Name with spaces", "va\"lue"}};
    const EngineId id = store.get_or_create_engine(engine);
    EXPECT_EQ(store.load_engine(id), engine);
    EXPECT_EQ(store.get_or_create_engine(engine), id);

    EngineIdentity moved = engine;
    moved.working_dir = "/elsewhere";
    EXPECT_EQ(store.get_or_create_engine(moved), id);
    EXPECT_EQ(store.load_engine(id).working_dir, engine.working_dir);  // first one kept

    EngineIdentity rebuilt = engine;
    rebuilt.binary_sha256 = sha256_hex("binary-2");
    EngineIdentity reordered = engine;
    std::swap(reordered.options[0], reordered.options[1]);
    EngineIdentity renamed = engine;
    renamed.name = "ab2";
    EngineIdentity other_command = engine;
    other_command.command = "./ab";
    EngineIdentity other_args = engine;
    other_args.args.pop_back();
    std::set<EngineId> ids = {id};
    for (const EngineIdentity& variant : {rebuilt, reordered, renamed, other_command, other_args}) {
        const EngineId variant_id = store.get_or_create_engine(variant);
        EXPECT_TRUE(ids.insert(variant_id).second) << variant.name;
        EXPECT_EQ(store.load_engine(variant_id), variant);
    }
    EXPECT_EQ(store.list_engines().size(), 6u);
    EXPECT_EQ(store.list_engines()[0], (StoredEngine{id, engine, {}}));

    EngineIdentity bad = engine;
    bad.binary_sha256 = "ABC";
    EXPECT_THROW(store.get_or_create_engine(bad), std::invalid_argument);
    bad.binary_sha256 = std::string(64, 'G');
    EXPECT_THROW(store.get_or_create_engine(bad), std::invalid_argument);
    EXPECT_EQ(store_error_of([&] { store.load_engine(1000); }), path_ + ": no engine with id 1000");
}

TEST_F(StoreTest, OpeningsRoundTrip) {
    Store store = Store::open(path_);
    Opening sicilian{7,
                     "openings/book.pgn",
                     std::string(store_test::START_FEN),
                     {"e2e4", "c7c5", "g1f3", "d7d6"},
                     "Sicilian Defence"};
    Opening epd{0, "openings/book.epd", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", {}, ""};
    const OpeningId a = store.get_or_create_opening(sicilian);
    const OpeningId b = store.get_or_create_opening(epd);
    EXPECT_NE(a, b);
    EXPECT_EQ(store.get_or_create_opening(sicilian), a);
    EXPECT_EQ(store.load_opening(a), sicilian);
    EXPECT_EQ(store.load_opening(b), epd);
    EXPECT_EQ(store_error_of([&] { store.load_opening(b + 1); }),
              path_ + ": no opening with id " + std::to_string(b + 1));
    Opening renamed = sicilian;
    renamed.name = "Sicilian";
    EXPECT_NE(store.get_or_create_opening(renamed), a);
    Opening bad = sicilian;
    bad.moves = {"e2e4 e7e5"};
    EXPECT_THROW(store.get_or_create_opening(bad), std::invalid_argument);
    EXPECT_EQ(store_error_of([&] { store.load_opening(55); }), path_ + ": no opening with id 55");
}

}  // namespace
}  // namespace arbiter
