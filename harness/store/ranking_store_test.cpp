// The store's Swiss initial rankings (schema version 12): generated rankings come back exactly
// (infinite pool ratings included), the first ranking stored is the one kept, bad rankings are
// refused, and a version-11 file has none, read as it is, then migrated.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "harness/store/sqlite.h"
#include "harness/store/store.h"
#include "harness/store/store_test_fixture.h"

namespace arbiter {
namespace {

using store_test::StoreTest;

class RankingStoreTest : public StoreTest {
  protected:
    void SetUp() override {
        StoreTest::SetUp();
        store_.emplace(Store::open(path_));
    }
    void TearDown() override {
        store_.reset();
        StoreTest::TearDown();
    }
    // A ranking of up to 40 entrants drawn from `random`: every source, finite and infinite pool
    // ratings, names with quotes and non-ASCII bytes.
    static InitialRanking random_ranking(std::mt19937& random) {
        InitialRanking ranking;
        const int entrants = int(random() % 41);
        for (int i = 0; i < entrants; ++i) {
            InitialEntrant entrant{"e'" + std::to_string(i) + (i % 3 ? "\xc3\xa9" : ""),
                                   InitialRatingSource(random() % 3), std::nullopt};
            if (entrant.source == InitialRatingSource::rating)
                entrant.rating = double(random() % 3000 + 1);
            if (entrant.source == InitialRatingSource::pool) {
                const int kind = int(random() % 5);
                const double inf = std::numeric_limits<double>::infinity();
                entrant.rating = kind == 0   ? inf
                                 : kind == 1 ? -inf
                                             : (double(random() % 200001) - 100000.0) / 997.0;
            }
            ranking.entrants.push_back(entrant);
        }
        ranking.pool_tournaments = int(random() % 5);
        ranking.pool_games = std::int64_t(random() % 100000);
        ranking.pool_note = random() % 2 ? "" : "the pool's \"groups\" never met";
        return ranking;
    }
    std::optional<Store> store_;
};

TEST_F(RankingStoreTest, GeneratedRankingsComeBackExactlyAndTheFirstIsKept) {
    std::mt19937 random(49);
    for (int t = 0; t < 60; ++t) {
        const TournamentId id =
            store_->get_or_create_tournament("t" + std::to_string(t), R"({"swiss":true})");
        EXPECT_EQ(store_->load_initial_ranking(id), std::nullopt);
        const InitialRanking ranking = random_ranking(random);
        EXPECT_EQ(store_->keep_initial_ranking(id, ranking), ranking);
        EXPECT_EQ(store_->load_initial_ranking(id), ranking);
        // A later ranking (a resume that would compute another) does not replace it.
        InitialRanking later = random_ranking(random);
        later.pool_note = "later";
        EXPECT_EQ(store_->keep_initial_ranking(id, later), ranking);
        EXPECT_EQ(store_->load_initial_ranking(id), ranking);
    }
    store_.reset();
    Store reader = Store::open(path_, Store::Access::read_only);
    std::mt19937 again(49);
    for (int t = 0; t < 60; ++t) {
        const InitialRanking ranking = random_ranking(again);
        random_ranking(again);
        EXPECT_EQ(reader.load_initial_ranking(TournamentId(t + 1)), ranking);
    }
}

TEST_F(RankingStoreTest, ABadRankingIsRefusedAndNothingIsStored) {
    const TournamentId id = store_->get_or_create_tournament("t", "{}");
    InitialRanking twice;
    twice.entrants = {{"a", InitialRatingSource::name, std::nullopt},
                      {"a", InitialRatingSource::rating, 2000.0}};
    EXPECT_THROW(store_->keep_initial_ranking(id, twice), std::invalid_argument);
    InitialRanking unrated_with_rating;
    unrated_with_rating.entrants = {{"a", InitialRatingSource::name, 10.0}};
    EXPECT_THROW(store_->keep_initial_ranking(id, unrated_with_rating), std::invalid_argument);
    InitialRanking pool_without;
    pool_without.entrants = {{"a", InitialRatingSource::pool, std::nullopt}};
    EXPECT_THROW(store_->keep_initial_ranking(id, pool_without), std::invalid_argument);
    EXPECT_EQ(store_->load_initial_ranking(id), std::nullopt);
    EXPECT_THROW(store_->keep_initial_ranking(99, InitialRanking{}), StoreError);
    EXPECT_EQ(store_->load_initial_ranking(99), std::nullopt);
}

// A file of version 11 (before the tables) has no ranking read-only and gets the tables when a
// read-write open migrates it.
TEST_F(RankingStoreTest, AVersion11FileHasNoneThenMigrates) {
    const TournamentId id = store_->get_or_create_tournament("t", "{}");
    store_.reset();
    {
        sql::Connection raw(path_, SQLITE_OPEN_READWRITE);
        raw.execute(
            "DROP TABLE initial_ranking_entrants; DROP TABLE initial_rankings; "
            "PRAGMA user_version = 11",
            "test");
    }
    {
        Store old = Store::open(path_, Store::Access::read_only);
        EXPECT_EQ(old.schema_version(), 11);
        EXPECT_EQ(old.load_initial_ranking(id), std::nullopt);
    }
    store_.emplace(Store::open(path_));
    EXPECT_EQ(store_->schema_version(), Store::latest_schema_version());
    const InitialRanking ranking{
        {{"b", InitialRatingSource::pool, -3.5}, {"a", InitialRatingSource::name, std::nullopt}},
        1,
        12,
        ""};
    EXPECT_EQ(store_->keep_initial_ranking(id, ranking), ranking);
    EXPECT_EQ(store_->load_initial_ranking(id), ranking);
}

}  // namespace
}  // namespace arbiter
