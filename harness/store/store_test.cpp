#include "harness/store/store.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "harness/store/schema.h"
#include "harness/store/sha256.h"
#include "harness/store/sqlite.h"
#include "harness/store/test_records.h"

namespace arbiter {
namespace {

using store_test::sample_engine;
using store_test::sample_game;

constexpr int RAW_FLAGS = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;

class StoreTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = store_test::temp_database_path(info->name());
    }
    void TearDown() override { store_test::remove_database(path_); }

    // Runs `action` and returns the message of the StoreError it must throw.
    template <typename Action>
    std::string store_error_of(Action action) {
        try {
            action();
        } catch (const StoreError& error) {
            return error.what();
        }
        ADD_FAILURE() << "expected a StoreError";
        return "";
    }

    void write_file(const std::string& bytes) {
        std::ofstream out(path_, std::ios::binary);
        out << bytes;
    }

    std::string path_;
};

std::string contains_both(const std::string& message, const std::string& a, const std::string& b) {
    return message.find(a) != std::string::npos && message.find(b) != std::string::npos
               ? ""
               : "message: " + message;
}

// Step 1. Creating, reopening and refusing files.

TEST_F(StoreTest, CreatesSchemaInANewFile) {
    {
        Store store = Store::open(path_);
        EXPECT_EQ(store.path(), path_);
        EXPECT_EQ(store.schema_version(), 3);
        EXPECT_EQ(Store::latest_schema_version(), 3);
        EXPECT_EQ(store.integrity_check(), "ok");
    }
    sql::Connection raw(path_, RAW_FLAGS);
    EXPECT_EQ(raw.query_integer("PRAGMA application_id", "test"), 0x41524249);
    EXPECT_EQ(raw.query_integer("PRAGMA user_version", "test"), 3);
    EXPECT_EQ(raw.query_text("PRAGMA journal_mode", "test"), "wal");
    for (const char* table :
         {"tournaments", "engines", "openings", "games", "moves", "node_runs", "node_counts"}) {
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
    EXPECT_EQ(store.schema_version(), 3);
    EXPECT_EQ(store.get_or_create_tournament("key-1", R"({"rounds":2})"), tournament);
    EXPECT_EQ(store.get_or_create_engine(sample_engine("white", "w-binary")), white);
    EXPECT_EQ(store.load_game(game_id), game);
    EXPECT_EQ(store.count_games(tournament), 1);
}

TEST_F(StoreTest, RefusesANewerSchemaVersion) {
    { Store store = Store::open(path_); }
    {
        sql::Connection raw(path_, RAW_FLAGS);
        raw.execute("PRAGMA user_version = 7", "test");
    }
    EXPECT_EQ(store_error_of([&] { Store::open(path_); }),
              path_ +
                  ": has arbiter schema version 7, newer than the version 3 this build knows; "
                  "use a newer arbiter");
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
                              std::nullopt,
                              -3,
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
    EXPECT_EQ(store.schema_version(), 3);
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
    EXPECT_EQ(store.list_engines()[0], (StoredEngine{id, engine}));

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
    Opening renamed = sicilian;
    renamed.name = "Sicilian";
    EXPECT_NE(store.get_or_create_opening(renamed), a);
    Opening bad = sicilian;
    bad.moves = {"e2e4 e7e5"};
    EXPECT_THROW(store.get_or_create_opening(bad), std::invalid_argument);
    EXPECT_EQ(store_error_of([&] { store.load_opening(55); }), path_ + ": no opening with id 55");
}

// Step 3. Games.

class GameStoreTest : public StoreTest {
  protected:
    void SetUp() override {
        StoreTest::SetUp();
        store_.emplace(Store::open(path_));
        tournament_ = store_->get_or_create_tournament("t", R"({"name":"t"})");
        a_ = store_->get_or_create_engine(sample_engine("alpha", "alpha-1"));
        b_ = store_->get_or_create_engine(sample_engine("beta", "beta-1"));
        c_ = store_->get_or_create_engine(sample_engine("gamma", "gamma-1"));
        opening_ = store_->get_or_create_opening(
            {3, "openings/x.epd", std::string(store_test::START_FEN), {"e2e4"}, "King's Pawn"});
    }
    void TearDown() override {
        store_.reset();
        StoreTest::TearDown();
    }
    std::optional<Store> store_;
    TournamentId tournament_ = 0;
    EngineId a_ = 0, b_ = 0, c_ = 0;
    OpeningId opening_ = 0;
};

TEST_F(GameStoreTest, GameReloadsExactlyWithEveryField) {
    GameRecord game = sample_game(tournament_, 41, a_, b_, opening_, 120);
    game.moves[5].score_cp = std::nullopt;
    game.moves[5].score_mate = -1;
    game.moves[6].nodes = 9'007'199'254'740'993LL;  // above 2^53: must not pass through a double
    game.moves[7].time_ms = 0;
    game.moves[8].depth = 0;
    game.moves[9].score_cp = 0;
    game.moves[10].comment = "ünïcödé {braces} ; semicolon";
    game.termination_text = "White disconnects";
    const GameId id = store_->record_game(game);
    EXPECT_EQ(store_->load_game(id), game);

    GameRecord no_moves = sample_game(tournament_, 42, b_, a_, std::nullopt, 0);
    no_moves.start_fen = "8/8/8/4k3/8/8/4P3/4K3 b - - 3 40";
    EXPECT_EQ(store_->load_game(store_->record_game(no_moves)), no_moves);

    const std::vector<GameSummary> games = store_->list_games(tournament_);
    ASSERT_EQ(games.size(), 2u);
    const GameSummary expected{id,
                               tournament_,
                               game.slot,
                               a_,
                               b_,
                               "alpha",
                               "beta",
                               opening_,
                               game.result,
                               game.termination,
                               game.termination_text,
                               120,
                               game.started_at_ms,
                               game.finished_at_ms};
    EXPECT_EQ(games[0], expected);
    EXPECT_EQ(games[1].slot.number, 42);
    EXPECT_EQ(games[1].opening_id, std::nullopt);
    EXPECT_EQ(store_error_of([&] { store_->load_game(1234); }), path_ + ": no game with id 1234");
}

TEST_F(GameStoreTest, EveryTerminationCodeIsStoredAsItsText) {
    for (std::size_t i = 0; i < TERMINATION_CODES.size(); ++i) {
        GameRecord game = sample_game(tournament_, 100 + i, a_, b_, std::nullopt, 3);
        game.termination = TERMINATION_CODES[i].first;
        EXPECT_EQ(store_->load_game(store_->record_game(game)).termination, game.termination);
    }
    sql::Connection raw(path_, RAW_FLAGS);
    sql::Statement codes(raw, "SELECT termination FROM games ORDER BY slot");
    for (const auto& [termination, code] : TERMINATION_CODES) {
        ASSERT_TRUE(codes.step());
        EXPECT_EQ(codes.text(0), code);
        EXPECT_EQ(parse_termination(code), termination);
    }
    EXPECT_FALSE(codes.step());
    EXPECT_EQ(parse_termination("resign"), std::nullopt);
}

TEST_F(GameStoreTest, GameListViewShowsNames) {
    store_->record_game(sample_game(tournament_, 0, a_, c_, std::nullopt, 4));
    sql::Connection raw(path_, RAW_FLAGS);
    sql::Statement view(raw, "SELECT white, black, result, ply_count FROM game_list");
    ASSERT_TRUE(view.step());
    EXPECT_EQ(view.text(0), "alpha");
    EXPECT_EQ(view.text(1), "gamma");
    EXPECT_EQ(view.text(2), "1-0");
    EXPECT_EQ(view.integer(3), 4);
}

TEST_F(GameStoreTest, DuplicateSlotIsRejected) {
    const GameId first = store_->record_game(sample_game(tournament_, 5, a_, b_, opening_, 30));
    GameRecord again = sample_game(tournament_, 5, a_, b_, opening_, 12);
    try {
        store_->record_game(again);
        FAIL() << "expected DuplicateGameError";
    } catch (const DuplicateGameError& error) {
        EXPECT_EQ(std::string(error.what()),
                  path_ + ": a game is already recorded for tournament " +
                      std::to_string(tournament_) + ", slot 5, white engine " + std::to_string(a_) +
                      ", black engine " + std::to_string(b_) + " (game id " +
                      std::to_string(first) + ")");
    }
    EXPECT_EQ(store_->count_games(tournament_), 1);
    EXPECT_EQ(store_->load_game(first).moves.size(), 30u);  // the rejected game left no moves
    sql::Connection raw(path_, RAW_FLAGS);
    EXPECT_EQ(raw.query_integer("SELECT count(*) FROM moves", "test"), 30);

    // The same slot with another engine identity (a rebuilt engine) is a different game.
    const EngineId b_rebuilt = store_->get_or_create_engine(sample_engine("beta", "beta-2"));
    store_->record_game(sample_game(tournament_, 5, a_, b_rebuilt, opening_, 12));
    // And the same slot in another tournament too.
    const TournamentId other = store_->get_or_create_tournament("t2", "{}");
    store_->record_game(sample_game(other, 5, a_, b_, opening_, 12));
    EXPECT_EQ(store_->count_games(tournament_), 2);
    EXPECT_EQ(store_->count_games(other), 1);
}

TEST_F(GameStoreTest, MalformedGamesAreRejectedBeforeWriting) {
    const auto rejects = [&](GameRecord game, const std::string& why) {
        try {
            store_->record_game(game);
            ADD_FAILURE() << "expected invalid_argument: " << why;
        } catch (const std::invalid_argument& error) {
            EXPECT_EQ(std::string(error.what()), "cannot record game in slot 1: " + why);
        }
    };
    const GameRecord good = sample_game(tournament_, 1, a_, b_, std::nullopt, 20);
    GameRecord game = good;
    game.result = "1-1";
    rejects(game, "result \"1-1\" is not 1-0, 0-1 or 1/2-1/2");
    game = good;
    game.termination = static_cast<Termination>(99);
    rejects(game, "termination 99 is not a known code");
    game = good;
    game.moves.erase(game.moves.begin() + 4);
    rejects(game, "moves[4] has ply 6, expected 5");
    game = good;
    game.moves[3].score_cp = 10;
    game.moves[3].score_mate = 2;
    rejects(game, "ply 4 has both a cp and a mate score");
    game = good;
    game.start_fen = "8/8/8/8/8/8/8/8";
    rejects(game, "start FEN \"8/8/8/8/8/8/8/8\" has no side to move (w or b)");
    game = good;
    game.slot.game_in_pair = 2;
    rejects(game, "game_in_pair is 2, not 0 or 1");
    game = good;
    game.moves[0].uci.clear();
    rejects(game, "ply 1 has no UCI move");
    EXPECT_EQ(store_->count_games(tournament_), 0);
}

TEST_F(GameStoreTest, UnknownIdsAreRejected) {
    const std::string message = store_error_of(
        [&] { store_->record_game(sample_game(tournament_, 1, a_, 999, std::nullopt, 5)); });
    EXPECT_EQ(message, path_ + ": cannot record the game of tournament " +
                           std::to_string(tournament_) + ", slot 1, white engine " +
                           std::to_string(a_) +
                           ", black engine 999: it refers to a tournament, engine or opening not "
                           "in the database");
    EXPECT_THROW(store_->record_game(sample_game(77, 1, a_, b_, std::nullopt, 5)), StoreError);
    EXPECT_THROW(store_->record_game(sample_game(tournament_, 1, a_, b_, 555, 5)), StoreError);
    EXPECT_EQ(store_->count_games(tournament_), 0);
}

// A three-engine round robin of one opening: 3 pairs x 2 colours = slots 0..5. Rebuilding beta
// must leave exactly the alpha-gamma games finished.
TEST_F(GameStoreTest, ResumeReplaysOnlyGamesOfAChangedEngine) {
    const std::vector<std::pair<EngineId, EngineId>> schedule = {{a_, b_}, {b_, a_}, {a_, c_},
                                                                 {c_, a_}, {b_, c_}, {c_, b_}};
    const auto play_all = [&](const std::vector<std::pair<EngineId, EngineId>>& pairs,
                              const std::set<std::int64_t>& finished) {
        for (std::size_t slot = 0; slot < pairs.size(); ++slot) {
            if (finished.contains(slot)) continue;
            store_->record_game(sample_game(tournament_, slot, pairs[slot].first,
                                            pairs[slot].second, opening_, 10));
        }
    };
    const std::vector<EngineId> engines = {a_, b_, c_};
    EXPECT_TRUE(store_->finished_slots(tournament_, engines).empty());
    play_all(schedule, {});
    EXPECT_EQ(store_->finished_slots(tournament_, engines),
              (std::set<std::int64_t>{0, 1, 2, 3, 4, 5}));

    const EngineId b2 = store_->get_or_create_engine(sample_engine("beta", "beta-rebuilt"));
    ASSERT_NE(b2, b_);
    const std::vector<EngineId> current = {a_, b2, c_};
    const std::set<std::int64_t> finished = store_->finished_slots(tournament_, current);
    EXPECT_EQ(finished, (std::set<std::int64_t>{2, 3}));
    EXPECT_EQ(store_->count_games(tournament_, current), 2);

    std::vector<std::pair<EngineId, EngineId>> rebuilt_schedule = {{a_, b2}, {b2, a_}, {a_, c_},
                                                                   {c_, a_}, {b2, c_}, {c_, b2}};
    play_all(rebuilt_schedule, finished);
    EXPECT_EQ(store_->finished_slots(tournament_, current),
              (std::set<std::int64_t>{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(store_->count_games(tournament_, current), 6);
    EXPECT_EQ(store_->count_games(tournament_), 10);  // the old beta's games stay as history

    const std::vector<GameSummary> games = store_->list_games(tournament_, current);
    ASSERT_EQ(games.size(), 6u);
    for (std::size_t slot = 0; slot < games.size(); ++slot) {
        EXPECT_EQ(games[slot].slot.number, static_cast<std::int64_t>(slot));
        EXPECT_EQ(games[slot].white_engine_id, rebuilt_schedule[slot].first);
        EXPECT_EQ(games[slot].black_engine_id, rebuilt_schedule[slot].second);
    }
    EXPECT_EQ(store_->list_games(tournament_).size(), 10u);
    EXPECT_TRUE(store_->finished_slots(tournament_, std::vector<EngineId>{}).empty());
}

// Hand-computed averages. Game 1 starts with white to move, game 2 with black to move, so
// alpha plays the odd plies of game 1 and the even plies of game 2.
TEST_F(GameStoreTest, EngineMoveStatisticsAreExact) {
    const auto move = [](int ply, std::int64_t time_ms, std::optional<int> depth,
                         std::optional<std::int64_t> nodes, bool book = false) {
        MoveRecord record;
        record.ply = ply;
        record.uci = "a2a3";
        record.time_ms = time_ms;
        record.depth = depth;
        record.seldepth = depth ? std::optional<int>(*depth + 2) : std::nullopt;
        record.nodes = nodes;
        record.book = book;
        return record;
    };
    GameRecord first = sample_game(tournament_, 0, a_, b_, std::nullopt, 0);
    first.moves = {move(1, 0, std::nullopt, std::nullopt, true),  // book: ignored
                   move(2, 0, std::nullopt, std::nullopt, true),  // book: ignored
                   move(3, 10, 4, 100),                           // alpha
                   move(4, 20, 6, 300),                           // beta
                   move(5, 30, std::nullopt, std::nullopt),       // alpha, no info
                   move(6, 40, 8, 500)};                          // beta
    GameRecord second = sample_game(tournament_, 1, b_, a_, std::nullopt, 0);
    second.start_fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
    second.moves = {move(1, 5, 3, 50),   // black = alpha
                    move(2, 7, 2, 70),   // white = beta
                    move(3, 9, 5, 90)};  // alpha
    store_->record_game(first);
    store_->record_game(second);
    // A game between other engines that the filter must exclude.
    store_->record_game(sample_game(tournament_, 2, a_, c_, std::nullopt, 30));

    const std::vector<EngineId> alpha_and_beta = {a_, b_};
    const std::vector<EngineMoveStatistics> statistics =
        store_->engine_move_statistics(tournament_, alpha_and_beta);
    ASSERT_EQ(statistics.size(), 2u);
    // alpha: times 10, 30, 5, 9; depths 4, 3, 5; seldepths 6, 5, 7; nodes 100, 50, 90.
    EXPECT_EQ(statistics[0],
              (EngineMoveStatistics{a_, "alpha", 4, 3, 4.0, 6.0, 80.0, 13.5, 240, 54}));
    // beta: times 20, 40, 7; depths 6, 8, 2; seldepths 8, 10, 4; nodes 300, 500, 70.
    EXPECT_EQ(statistics[1], (EngineMoveStatistics{b_, "beta", 3, 3, 16.0 / 3, 22.0 / 3, 290.0,
                                                   67.0 / 3, 870, 67}));
    const auto all = store_->engine_move_statistics(tournament_);
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[2].engine_id, c_);
    EXPECT_EQ(all[2].moves, 14);  // plies 4, 6, ..., 30 of a 30-ply game (plies 1-2 are book)
}

TEST_F(GameStoreTest, EngineWithoutInfoHasNoAverages) {
    GameRecord game = sample_game(tournament_, 0, a_, b_, std::nullopt, 0);
    for (int ply = 1; ply <= 4; ++ply) {
        MoveRecord move;
        move.ply = ply;
        move.uci = "h2h3";
        move.time_ms = ply;
        game.moves.push_back(move);
    }
    store_->record_game(game);
    const auto statistics = store_->engine_move_statistics(tournament_);
    ASSERT_EQ(statistics.size(), 2u);
    EXPECT_EQ(statistics[0], (EngineMoveStatistics{a_, "alpha", 2, 0, std::nullopt, std::nullopt,
                                                   std::nullopt, 2.0, 0, 4}));
}

TEST_F(GameStoreTest, ThreadsMayRecordConcurrently) {
    std::vector<std::thread> workers;
    for (int worker = 0; worker < 4; ++worker) {
        workers.emplace_back([&, worker] {
            for (int i = 0; i < 25; ++i) {
                const int slot = worker * 25 + i;
                store_->record_game(sample_game(tournament_, slot, a_, b_, std::nullopt, 20));
            }
        });
    }
    for (std::thread& worker : workers) worker.join();
    EXPECT_EQ(store_->count_games(tournament_), 100);
    const std::vector<EngineId> engines = {a_, b_};
    EXPECT_EQ(store_->finished_slots(tournament_, engines).size(), 100u);
}

TEST_F(GameStoreTest, TwoConnectionsShareTheFile) {
    Store second = Store::open(path_);
    store_->record_game(sample_game(tournament_, 0, a_, b_, std::nullopt, 20));
    second.record_game(sample_game(tournament_, 1, a_, b_, std::nullopt, 20));
    EXPECT_EQ(store_->count_games(tournament_), 2);
    EXPECT_EQ(second.count_games(tournament_), 2);
}

// Step 4. Node counts.

TEST_F(GameStoreTest, NodeCountsKeepHistoryAndTheLatestRunWins) {
    NodeCountRecord e4{a_,        std::string(store_test::START_FEN),
                       {"e2e4"},  6,
                       1'175'609, 812,
                       33,        std::nullopt,
                       "e7e5",    "e7e5 g1f3 b8c6",
                       957'001,   6};
    // A mate found early: depth 3 asked, depth 1 completed; no leaf count (not our engine).
    NodeCountRecord startpos{a_,           std::string(store_test::START_FEN),
                             {},           3,
                             9'000,        std::nullopt,
                             std::nullopt, 2,
                             "e2e4",       "",
                             std::nullopt, 1};
    NodeCountRecord other_engine = e4;
    other_engine.engine_id = b_;
    other_engine.nodes = 3'000'909;

    const NodeRunId first = store_->begin_node_run("arbiter nodes --depth 6");
    store_->record_node_count(first, e4);
    store_->record_node_count(first, startpos);
    store_->record_node_count(first, other_engine);
    const std::string duplicate = store_error_of([&] { store_->record_node_count(first, e4); });
    EXPECT_EQ(contains_both(duplicate, path_, "is already recorded"), "");

    NodeCountRecord e4_again = e4;
    e4_again.nodes = 1'000'000;
    e4_again.score_cp = 30;
    e4_again.leaves = 0;
    e4_again.reached_depth.reset();
    const NodeRunId second = store_->begin_node_run("after a change");
    store_->record_node_count(second, e4_again);

    EXPECT_EQ(store_->node_counts_of_run(first),
              (std::vector<NodeCountRecord>{e4, startpos, other_engine}));
    EXPECT_EQ(store_->node_counts_of_run(second), std::vector<NodeCountRecord>{e4_again});
    EXPECT_EQ(store_->latest_node_count(a_, store_test::START_FEN, e4.moves, 6),
              (StoredNodeCount{second, e4_again}));
    EXPECT_EQ(store_->latest_node_count(b_, store_test::START_FEN, e4.moves, 6),
              (StoredNodeCount{first, other_engine}));
    EXPECT_EQ(store_->latest_node_count(a_, store_test::START_FEN, std::vector<std::string>{}, 3),
              (StoredNodeCount{first, startpos}));
    EXPECT_EQ(store_->latest_node_count(a_, store_test::START_FEN, e4.moves, 5), std::nullopt);

    const std::vector<NodeRun> runs = store_->list_node_runs();
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].id, first);
    EXPECT_EQ(runs[0].description, "arbiter nodes --depth 6");
    EXPECT_EQ(runs[1].description, "after a change");

    NodeCountRecord unknown_engine = e4;
    unknown_engine.engine_id = 404;
    EXPECT_EQ(
        contains_both(store_error_of([&] { store_->record_node_count(second, unknown_engine); }),
                      path_, "not in the database"),
        "");
    NodeCountRecord bad_depth = e4;
    bad_depth.depth = 0;
    EXPECT_THROW(store_->record_node_count(second, bad_depth), std::invalid_argument);
}

}  // namespace
}  // namespace arbiter
