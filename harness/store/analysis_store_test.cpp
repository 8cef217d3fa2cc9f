// The store's analyses (schema version 11): identity by engine and limit, exact round trips of
// generated verdicts, a game recorded whole or not at all, and a version-9 file read as it is and
// then migrated with its games intact.
#include <gtest/gtest.h>

#include <random>

#include "harness/store/sqlite.h"
#include "harness/store/store.h"
#include "harness/store/store_test_fixture.h"

namespace arbiter {
namespace {

using store_test::sample_engine;
using store_test::sample_game;
using store_test::StoreTest;

class AnalysisStoreTest : public StoreTest {
  protected:
    void SetUp() override {
        StoreTest::SetUp();
        store_.emplace(Store::open(path_));
        tournament_ = store_->get_or_create_tournament("t", R"({"name":"t"})");
        a_ = store_->get_or_create_engine(sample_engine("alpha", "alpha-1"));
        b_ = store_->get_or_create_engine(sample_engine("beta", "beta-1"));
        reference_ = store_->get_or_create_engine(sample_engine("stockfish", "sf-15"));
    }
    void TearDown() override {
        store_.reset();
        StoreTest::TearDown();
    }
    // Verdicts for `positions` positions drawn from `random`: centipawn scores, mates of either
    // sign, and no score at all; a best move or none; a depth or none.
    static std::vector<PositionVerdict> random_verdicts(std::mt19937& random, int positions) {
        std::vector<PositionVerdict> verdicts(static_cast<std::size_t>(positions));
        for (PositionVerdict& v : verdicts) {
            const int kind = int(random() % 4);
            if (kind == 0) v.score = Score::from_centipawns(int(random() % 4001) - 2000);
            if (kind == 1) {
                const int moves = int(random() % 20) + 1;
                v.score = Score::from_mate_moves(random() % 2 ? moves : -moves);
            }
            if (kind == 2) v.score = Score::from_centipawns(0);
            if (random() % 5) v.best_move = random() % 2 ? "e2e4" : "e7e8q";
            if (random() % 3) v.depth = int(random() % 40);
        }
        return verdicts;
    }
    std::optional<Store> store_;
    TournamentId tournament_ = 0;
    EngineId a_ = 0, b_ = 0, reference_ = 0;
};

TEST_F(AnalysisStoreTest, AnAnalysisIsItsEngineAndItsLimit) {
    const AnalysisId depth12 = store_->get_or_create_analysis(reference_, "depth", 12);
    EXPECT_EQ(store_->get_or_create_analysis(reference_, "depth", 12), depth12);
    const AnalysisId depth13 = store_->get_or_create_analysis(reference_, "depth", 13);
    const AnalysisId nodes12 = store_->get_or_create_analysis(reference_, "nodes", 12);
    const AnalysisId other = store_->get_or_create_analysis(a_, "depth", 12);
    EXPECT_EQ(std::set<AnalysisId>({depth12, depth13, nodes12, other}).size(), 4u);
    EXPECT_THROW(store_->get_or_create_analysis(reference_, "seconds", 3), std::invalid_argument);
    EXPECT_THROW(store_->get_or_create_analysis(reference_, "depth", 0), std::invalid_argument);
    const auto listed = store_->list_analyses();
    ASSERT_EQ(listed.size(), 4u);
    EXPECT_EQ(listed[0], (StoredAnalysis{depth12, reference_, "stockfish", "depth", 12, 0}));
    EXPECT_EQ(listed[3], (StoredAnalysis{other, a_, "alpha", "depth", 12, 0}));
}

TEST_F(AnalysisStoreTest, GeneratedVerdictsComeBackExactlyAndOnlyForTheirAnalysis) {
    std::mt19937 random(46);
    const AnalysisId first = store_->get_or_create_analysis(reference_, "depth", 8);
    const AnalysisId second = store_->get_or_create_analysis(reference_, "nodes", 5000);
    std::map<GameId, std::vector<PositionVerdict>> written;
    std::set<GameId> expected;
    for (int slot = 0; slot < 40; ++slot) {
        const int plies = int(random() % 90);
        const GameId game = store_->record_game(sample_game(tournament_, slot, a_, b_, {}, plies));
        written[game] = random_verdicts(random, plies + 1);
        if (slot % 3) {
            store_->record_game_analysis(first, game, written[game]);
            expected.insert(game);
        }
    }
    for (const auto& [game, verdicts] : written) {
        const bool held = expected.contains(game);
        EXPECT_EQ(store_->load_game_analysis(first, game),
                  held ? verdicts : std::vector<PositionVerdict>{});
        EXPECT_TRUE(store_->load_game_analysis(second, game).empty());
    }
    EXPECT_EQ(expected.size(), 26u);  // slots 1, 2, 4, 5, ... 38, 39: not those divisible by 3
    EXPECT_EQ(store_->analysed_games(first), expected);
    EXPECT_TRUE(store_->analysed_games(second).empty());
    EXPECT_EQ(store_->list_analyses().at(0).games, 26);
    EXPECT_EQ(store_->list_analyses().at(1).games, 0);
}

TEST_F(AnalysisStoreTest, AGameIsRecordedWholeAndOnce) {
    const AnalysisId analysis = store_->get_or_create_analysis(reference_, "movetime", 100);
    const GameId game = store_->record_game(sample_game(tournament_, 0, a_, b_, {}, 6));
    std::mt19937 random(7);
    EXPECT_THROW(store_->record_game_analysis(analysis, game, random_verdicts(random, 6)),
                 std::invalid_argument);
    EXPECT_TRUE(store_->analysed_games(analysis).empty());
    const auto verdicts = random_verdicts(random, 7);
    store_->record_game_analysis(analysis, game, verdicts);
    EXPECT_EQ(store_error_of([&] { store_->record_game_analysis(analysis, game, verdicts); }),
              path_ + ": the analysis " + std::to_string(analysis) + " of game " +
                  std::to_string(game) + " is already recorded");
    EXPECT_EQ(store_->load_game_analysis(analysis, game), verdicts);
    EXPECT_EQ(store_error_of([&] { store_->record_game_analysis(analysis, 999, verdicts); }),
              path_ + ": no game with id 999");
}

// A file of version 10 (no analysis tables) is read as it is, then migrated by a read-write open:
// its games stay, and analyses can be recorded.
TEST_F(AnalysisStoreTest, AVersion10FileIsReadAsItIsThenMigrated) {
    const GameRecord game = sample_game(tournament_, 0, a_, b_, {}, 12);
    const GameId id = store_->record_game(game);
    store_.reset();
    {
        sql::Connection raw(path_, SQLITE_OPEN_READWRITE);
        raw.execute(
            "DROP TABLE initial_ranking_entrants; DROP TABLE initial_rankings; "
            "DROP TABLE position_analyses; DROP TABLE analyses; PRAGMA user_version = 10",
            "test");
    }
    {
        Store old = Store::open(path_, Store::Access::read_only);
        EXPECT_EQ(old.schema_version(), 10);
        EXPECT_TRUE(old.list_analyses().empty());
        EXPECT_TRUE(old.load_game_analysis(1, id).empty());
    }
    store_.emplace(Store::open(path_));
    EXPECT_EQ(store_->schema_version(), Store::latest_schema_version());
    EXPECT_EQ(store_->load_game(id), game);
    const AnalysisId analysis = store_->get_or_create_analysis(reference_, "depth", 1);
    std::mt19937 random(9);
    const auto verdicts = random_verdicts(random, 13);
    store_->record_game_analysis(analysis, id, verdicts);
    EXPECT_EQ(store_->load_game_analysis(analysis, id), verdicts);
}

}  // namespace
}  // namespace arbiter
