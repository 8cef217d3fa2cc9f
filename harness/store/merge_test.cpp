#include "harness/store/merge.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>

#include "harness/store/sqlite.h"
#include "harness/store/store.h"
#include "harness/store/test_records.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;
using store_test::remove_database;
using store_test::sample_engine;
using store_test::sample_game;
using store_test::temp_database_path;

std::string identity(const std::string& white_binary) {
    return R"({"tournament":"key","engines":[{"name":"white","binary_sha256":")" + white_binary +
           R"("},{"name":"black","binary_sha256":"b"}],"shard_count":2})";
}

// A shard database written the way a shard run writes it: a claim for `slots`, then the games
// of `played` (each slot's engines alternate colours).
struct ShardFile {
    fs::path path;
    ShardNumber shard;
    std::string identity_json = identity("w");
    std::vector<std::int64_t> slots;
    std::string variant = "standard";
    int plies = 40;

    void play(const std::vector<std::int64_t>& played, const std::string& white_binary = "w") {
        Store store = Store::open(path);
        TournamentId t = store.get_or_create_tournament("key", R"({"seed":1})", variant);
        EngineId white = store.get_or_create_engine(sample_engine("white", white_binary));
        EngineId black = store.get_or_create_engine(sample_engine("black", "b"));
        store.set_engine_own_identity(white, {"White Engine 2", "its author", "a description"});
        claim_shard(store, {t, shard, identity_json, slots});
        OpeningId opening =
            store.get_or_create_opening({3, "o.epd", std::string(store_test::START_FEN), {}, "x"});
        for (std::int64_t slot : played) {
            GameRecord game = sample_game(t, slot, slot % 2 ? black : white,
                                          slot % 2 ? white : black, opening, plies);
            game.shard = shard;
            game.host = "node" + std::to_string(shard.index);
            store.record_game(game);
        }
    }
};

class MergeTest : public ::testing::Test {
  protected:
    void SetUp() override {
        target = temp_database_path("merge_target");
        first = {temp_database_path("merge_1"), {1, 2}, identity("w"), {0, 1, 4, 5}};
        second = {temp_database_path("merge_2"), {2, 2}, identity("w"), {2, 3, 6, 7}};
    }
    void TearDown() override {
        for (const auto& p : {target, first.path, second.path}) remove_database(p);
    }

    std::int64_t games_in_target() {
        Store store = Store::open(target);
        std::int64_t n = 0;
        for (const auto& t : store.list_tournaments()) n += store.count_games(t.id);
        return n;
    }

    fs::path target;
    ShardFile first, second;
};

TEST_F(MergeTest, CopiesEveryGameWithItsMovesShardAndHost) {
    first.play({0, 1, 4, 5});
    second.play({2, 3, 6, 7});
    const std::vector<fs::path> shards = {first.path, second.path};
    MergeSummary summary = merge_shards(target, shards);
    EXPECT_EQ(summary.games_added, 8);
    ASSERT_EQ(summary.shards.size(), 2u);
    EXPECT_TRUE(summary.shards[0].missing_slots.empty());

    Store merged = Store::open(target);
    Store shard = Store::open(second.path);
    const TournamentId t = merged.list_tournaments().at(0).id;
    for (const auto& g : shard.list_games(shard.list_tournaments().at(0).id)) {
        GameRecord original = shard.load_game(g.id);
        GameRecord copy;
        for (const auto& m : merged.list_games(t))
            if (m.slot.number == g.slot.number) copy = merged.load_game(m.id);
        EXPECT_EQ(copy.moves, original.moves) << "slot " << g.slot.number;
        EXPECT_EQ(copy.slot, original.slot);
        EXPECT_EQ(copy.result, original.result);
        EXPECT_EQ(copy.shard, (ShardNumber{2, 2}));
        EXPECT_EQ(copy.host, "node2");
    }
    // What each engine said of itself travels with its row.
    std::map<std::string, EngineOwnIdentity> own;
    for (const StoredEngine& e : merged.list_engines()) own[e.identity.name] = e.own;
    EXPECT_EQ(own,
              (std::map<std::string, EngineOwnIdentity>{
                  {"black", {}}, {"white", {"White Engine 2", "its author", "a description"}}}));
}

// A shard written before version 7 (migrated on open, or read as it is): its engines' own names
// are not known.
TEST_F(MergeTest, AShardOfVersionSixMergesWithItsEnginesOwnNamesUnknown) {
    first.play({0, 1, 4, 5});
    {
        sql::Connection raw(first.path.string(), SQLITE_OPEN_READWRITE);
        raw.execute(
            "ALTER TABLE moves DROP COLUMN score_bound; ALTER TABLE engines DROP COLUMN "
            "id_name; ALTER TABLE engines DROP COLUMN id_author; PRAGMA user_version = 6",
            "test");
    }
    const std::vector<fs::path> shards = {first.path};
    EXPECT_EQ(merge_shards(target, shards).games_added, 4);
    Store merged = Store::open(target);
    ASSERT_EQ(merged.list_engines().size(), 2u);
    for (const StoredEngine& e : merged.list_engines())
        EXPECT_EQ(e.own, EngineOwnIdentity{}) << e.identity.name;
}

// The moves of `game` with each score's bound dropped, as a version-7 file holds them.
std::vector<MoveRecord> without_bounds(const GameRecord& game) {
    std::vector<MoveRecord> moves = game.moves;
    for (MoveRecord& move : moves)
        if (move.score) move.score = move.score->with_bound(Score::Bound::exact);
    return moves;
}

// Issue 30: a version-7 shard (no score_bound) and a version-8 shard merge into one file: the
// version-8 shard's moves keep their bounds, the version-7 shard's read as exact, and the shards
// are left at their versions.
TEST_F(MergeTest, AShardOfVersionSevenMergesBesideOneOfVersionEight) {
    first.play({0, 1, 4, 5});
    second.play({2, 3, 6, 7});
    {
        sql::Connection raw(first.path.string(), SQLITE_OPEN_READWRITE);
        raw.execute("ALTER TABLE moves DROP COLUMN score_bound; PRAGMA user_version = 7", "test");
    }
    const std::vector<fs::path> shards = {first.path, second.path};
    EXPECT_EQ(merge_shards(target, shards).games_added, 8);
    Store merged = Store::open(target);
    EXPECT_EQ(merged.schema_version(), Store::latest_schema_version());
    const TournamentId t = merged.list_tournaments().at(0).id;
    std::map<std::int64_t, std::vector<MoveRecord>> moves;  // by slot
    for (const GameSummary& g : merged.list_games(t))
        moves[g.slot.number] = merged.load_game(g.id).moves;
    ASSERT_EQ(moves.size(), 8u);
    int bounded = 0;
    for (const auto& [slot, played] : moves) {
        SCOPED_TRACE("slot " + std::to_string(slot));
        const GameRecord original = sample_game(0, slot, 0, 0, std::nullopt, first.plies);
        if (slot == 0 || slot == 1 || slot == 4 || slot == 5) {
            EXPECT_EQ(played, without_bounds(original));
        } else {
            EXPECT_EQ(played, original.moves);
            for (const MoveRecord& move : played)
                bounded += move.score && move.score->bound() != Score::Bound::exact;
        }
    }
    // Plies 3, 6, 11, 19, 22, 27, 30 and 38 of each 40-ply game carry a bound: 4 games of 8.
    EXPECT_EQ(bounded, 32);
    EXPECT_EQ(Store::open(first.path, Store::Access::read_only).schema_version(), 7);
    EXPECT_EQ(Store::open(second.path, Store::Access::read_only).schema_version(),
              Store::latest_schema_version());
}

// A shard of a schema newer than this build is refused by name before anything is written.
TEST_F(MergeTest, AShardOfANewerSchemaIsRefusedAndNothingIsWritten) {
    first.play({0, 1});
    second.play({2, 3});
    {
        sql::Connection raw(second.path.string(), SQLITE_OPEN_READWRITE);
        raw.execute("PRAGMA user_version = " + std::to_string(Store::latest_schema_version() + 1),
                    "test");
    }
    const std::vector<fs::path> shards = {first.path, second.path};
    try {
        merge_shards(target, shards);
        FAIL() << "expected StoreError";
    } catch (const StoreError& error) {
        EXPECT_EQ(std::string(error.what()),
                  second.path.string() + ": has arbiter schema version " +
                      std::to_string(Store::latest_schema_version() + 1) +
                      ", newer than the version " + std::to_string(Store::latest_schema_version()) +
                      " this build knows; use a newer arbiter");
    }
    EXPECT_FALSE(fs::exists(target));
}

TEST_F(MergeTest, MergingAgainAddsExactlyTheNewGames) {
    first.play({0, 1});
    second.play({2, 3, 6, 7});
    const std::vector<fs::path> shards = {first.path, second.path};
    EXPECT_EQ(merge_shards(target, shards).games_added, 6);
    MergeSummary again = merge_shards(target, shards);
    EXPECT_EQ(again.games_added, 0);
    EXPECT_EQ(again.games_already_there, 6);
    // The first shard grows (a re-run of its array task) and is merged again.
    first.play({4, 5});
    const std::vector<fs::path> grown = {first.path};
    MergeSummary third = merge_shards(target, grown);
    EXPECT_EQ(third.games_added, 2);
    EXPECT_EQ(games_in_target(), 8);
}

TEST_F(MergeTest, NamesTheMissingSlotsOfEachShard) {
    first.play({0, 4});
    second.play({2, 3, 6, 7});
    const std::vector<fs::path> shards = {first.path, second.path};
    MergeSummary summary = merge_shards(target, shards);
    ASSERT_EQ(summary.shards.size(), 2u);
    EXPECT_EQ(summary.shards[0].shard, (ShardNumber{1, 2}));
    EXPECT_EQ(summary.shards[0].scheduled, 4);
    EXPECT_EQ(summary.shards[0].played, 2);
    EXPECT_EQ(summary.shards[0].missing_slots, (std::vector<std::int64_t>{1, 5}));
    EXPECT_TRUE(summary.shards[1].missing_slots.empty());
}

TEST_F(MergeTest, RefusesAShardOfAnotherEngineBuildAndWritesNothing) {
    first.play({0, 1});
    second.identity_json = identity("rebuilt");
    second.play({2, 3}, "rebuilt");
    const std::vector<fs::path> shards = {first.path, second.path};
    try {
        merge_shards(target, shards);
        FAIL() << "expected ShardMismatchError";
    } catch (const ShardMismatchError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("shard 2/2 (" + second.path.string() + ")"), std::string::npos)
            << message;
        EXPECT_NE(message.find("engine white: binary_sha256: is rebuilt here, w there"),
                  std::string::npos)
            << message;
    }
    EXPECT_EQ(games_in_target(), 0);
}

// The variant column decides, even where the identities agree (as a file edited by hand would).
TEST_F(MergeTest, RefusesToMixVariantsAndKeepsTheVariantOfOne) {
    first.play({0, 1});
    second.variant = "chess960";
    second.play({2, 3});
    const std::vector<fs::path> shards = {first.path, second.path};
    try {
        merge_shards(target, shards);
        FAIL() << "expected ShardMismatchError";
    } catch (const ShardMismatchError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "shard 2/2 (" + second.path.string() + ") plays chess960 and shard 1/2 (" +
                      first.path.string() +
                      ") plays standard: a merge never mixes variants; nothing was merged");
    }
    EXPECT_EQ(games_in_target(), 0);

    remove_database(first.path);
    first.variant = "chess960";
    first.play({0, 1});
    merge_shards(target, shards);
    Store merged = Store::open(target);
    ASSERT_EQ(merged.list_tournaments().size(), 1u);
    EXPECT_EQ(merged.list_tournaments()[0].variant, "chess960");
    EXPECT_EQ(games_in_target(), 4);
}

TEST_F(MergeTest, RefusesADatabaseThatIsNotAShard) {
    {
        Store plain = Store::open(second.path);
        plain.get_or_create_tournament("key", "{}");
    }
    first.play({0});
    const std::vector<fs::path> shards = {first.path, second.path};
    try {
        merge_shards(target, shards);
        FAIL() << "expected ShardMismatchError";
    } catch (const ShardMismatchError& e) {
        EXPECT_NE(std::string(e.what()).find("is not a shard database"), std::string::npos)
            << e.what();
    }
}

TEST_F(MergeTest, AnInterruptedMergeLeavesTheTargetAsItWas) {
    first.play({0, 1});
    second.play({2, 3});
    const std::vector<fs::path> only_first = {first.path};
    merge_shards(target, only_first);
    first.play({4, 5});
    MergeOptions options;
    int copied = 0;
    options.after_shard = [&](const fs::path&, std::int64_t) {
        if (++copied == 2) throw std::runtime_error("interrupted");
    };
    const std::vector<fs::path> shards = {first.path, second.path};
    EXPECT_THROW(merge_shards(target, shards, options), std::runtime_error);
    EXPECT_EQ(copied, 2);
    EXPECT_EQ(games_in_target(), 2);
    // Nothing of the interrupted merge is left behind: merging again adds all of it.
    EXPECT_EQ(merge_shards(target, shards).games_added, 4);
}

std::string file_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Two databases of shard 1 whose games for one slot differ (the shard played twice, on two
// hosts): the merge names the slot and both files, and keeps neither.
TEST_F(MergeTest, DifferentGamesForOneSlotAreRefusedNamingTheSlotAndBothFiles) {
    first.play({0, 1});
    ShardFile again = first;
    again.path = temp_database_path("merge_1_again");
    again.plies = 41;  // the same slots, other games
    again.play({0, 1});
    const std::vector<fs::path> both = {first.path, again.path};
    try {
        merge_shards(target, both);
        FAIL() << "two different games for slot 0 were merged";
    } catch (const ShardMismatchError& e) {
        const std::string message = e.what();
        EXPECT_EQ(message.rfind("slot 0 (round 0, pair 0): " + first.path.string() + " holds ", 0),
                  0u)
            << message;
        EXPECT_NE(message.find(" 40 plies) and " + again.path.string() + " holds "),
                  std::string::npos)
            << message;
        EXPECT_TRUE(message.ends_with(
            " 41 plies), two different games for one slot; nothing was merged (merge the file "
            "whose game you keep, without the other)"))
            << message;
    }
    EXPECT_FALSE(fs::exists(target));  // the target it created is removed again

    // Into a target that already holds the first file's games, the target is named.
    const std::vector<fs::path> only_first = {first.path}, only_again = {again.path};
    merge_shards(target, only_first);
    try {
        merge_shards(target, only_again);
        FAIL() << "a different game for slot 0 was merged";
    } catch (const ShardMismatchError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("slot 0 (round 0, pair 0): " + target.string(), 0),
                  0u)
            << e.what();
    }
    EXPECT_EQ(games_in_target(), 2);
    {
        Store merged = Store::open(target, Store::Access::read_only);
        for (const GameSummary& game : merged.list_games(merged.list_tournaments().at(0).id))
            EXPECT_EQ(game.ply_count, 40) << "slot " << game.slot.number;  // the first file's
    }
    remove_database(again.path);
}

// `merge --into` a shard's own database would make that shard refuse its file.
TEST_F(MergeTest, RefusesToMergeIntoAShardsOwnDatabase) {
    first.play({0, 1});
    second.play({2, 3});
    const std::string before = file_bytes(first.path);
    const std::vector<fs::path> others = {second.path};
    try {
        merge_shards(first.path, others);
        FAIL() << "merged into shard 1's own database";
    } catch (const ShardMismatchError& e) {
        EXPECT_EQ(std::string(e.what()),
                  first.path.string() +
                      ": holds only shard 1/2, as that shard's own database does; merging other "
                      "shards into it would stop the shard from resuming there. Merge into a new "
                      "file, with " +
                      first.path.string() + " among the inputs; nothing was merged");
    }
    EXPECT_TRUE(file_bytes(first.path) == before);
    first.play({4, 5});  // the shard resumes into its own file
    // A merged file that holds shard 1 so far takes the other shards when shard 1 comes again.
    const std::vector<fs::path> only_first = {first.path}, all = {first.path, second.path};
    merge_shards(target, only_first);
    EXPECT_EQ(merge_shards(target, all).games_added, 2);
    EXPECT_EQ(games_in_target(), 6);
}

// A merge reads its shards read-only: it leaves them byte for byte, with no -wal or -shm.
TEST_F(MergeTest, LeavesTheShardsAsTheyWere) {
    first.play({0, 1});
    second.play({2, 3});
    const std::string first_bytes = file_bytes(first.path), second_bytes = file_bytes(second.path);
    const std::vector<fs::path> shards = {first.path, second.path};
    EXPECT_EQ(merge_shards(target, shards).games_added, 4);
    for (const fs::path& shard : shards) {
        EXPECT_FALSE(fs::exists(shard.string() + "-wal")) << shard;
        EXPECT_FALSE(fs::exists(shard.string() + "-shm")) << shard;
    }
    EXPECT_TRUE(file_bytes(first.path) == first_bytes);
    EXPECT_TRUE(file_bytes(second.path) == second_bytes);
}

TEST(ShardIdentity, DifferencesAreNamedInWords) {
    EXPECT_EQ(describe_identity_difference(identity("w"), identity("w")), "");
    EXPECT_EQ(describe_identity_difference(R"({"settings":{"nodes":500}})",
                                           R"({"settings":{"nodes":1000}})"),
              "settings.nodes: is 500 here, 1000 there");
    EXPECT_EQ(describe_identity_difference(R"({"shard_count":4})", R"({"shard_count":8})"),
              "shard_count: is 4 here, 8 there");
}

}  // namespace
}  // namespace arbiter
