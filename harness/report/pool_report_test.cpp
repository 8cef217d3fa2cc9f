#include "harness/report/pool_report.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>

namespace arbiter {
namespace {

namespace fs = std::filesystem;

TEST(PoolStatus, AShardIsStaleAfterFiveBatchTimesWithoutAPublication) {
    PoolShardCounts shard;
    shard.published_ms = 1'000'000;
    shard.batch_seconds = 10;
    EXPECT_FALSE(is_stale(shard, 0, 1'000'000 + 50'000));  // exactly 5 batch times
    EXPECT_TRUE(is_stale(shard, 0, 1'000'000 + 50'001));
    shard.finished = true;  // out of slots: done, not stale
    EXPECT_FALSE(is_stale(shard, 0, 1'000'000 + 500'000));
    shard.finished = false;
    shard.batch_seconds = 0;  // no batch of its own yet: the pool's typical batch time
    EXPECT_FALSE(is_stale(shard, 0, 1'000'000 + 500'000));
    EXPECT_TRUE(is_stale(shard, 20, 1'000'000 + 100'001));
    EXPECT_FALSE(is_stale(shard, 20, 1'000'000 + 100'000));
}

TEST(PoolStatus, ShowsEachShardThePooledSprtLineAndWhatIsMissing) {
    const fs::path folder =
        fs::temp_directory_path() / ("arbiter-pool-status-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    SprtPool pool(folder);
    EXPECT_THROW(format_pool_status(pool, 0), ConfigError);  // no shard has started
    json::Value test{json::Object{}};
    test.set("tournament", "abc");
    test.set("shards", 3);
    test.set("batch_pairs", 4);
    test.set("sprt", to_json(SprtParameters{0, 10, 0.05, 0.05, SprtModel::normalized}));
    pool.join(test);
    PoolShardCounts one;
    one.shard = 1;
    one.counts.pairs = {1, 2, 3, 2, 0};
    one.batches = 2;
    one.published_ms = 1'000'000;
    one.batch_seconds = 10;
    pool.publish(one);
    PoolShardCounts two = one;
    two.shard = 2;
    two.counts.pairs = {0, 1, 2, 1, 0};
    two.batches = 1;
    two.finished = true;
    pool.publish(two);
    const std::string text = format_pool_status(pool, 1'000'000 + 60'000);
    EXPECT_NE(text.find("3 shards, 4 pairs per batch"), std::string::npos) << text;
    EXPECT_NE(
        text.find("1/3            8        2  [1, 2, 3, 2, 0]             60 s ago      STALE"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find("STALE: no publication for more than 5 batch times"), std::string::npos)
        << text;
    EXPECT_NE(
        text.find(
            "2/3            4        1  [0, 1, 2, 1, 0]             60 s ago      out of slots"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find("out of slots"), std::string::npos) << text;
    EXPECT_NE(text.find("3/3"), std::string::npos) << text;
    EXPECT_NE(text.find("no publication yet"), std::string::npos) << text;
    EXPECT_NE(text.find("Pooled: 12 pairs, Ptnml(0-2): [1, 3, 5, 3, 0]"), std::string::npos)
        << text;
    EXPECT_NE(text.find("SPRT: llr "), std::string::npos) << text;
    EXPECT_NE(text.find(", lbound -2.94, ubound 2.94\n"), std::string::npos) << text;
    EXPECT_NE(text.find("nElo: "), std::string::npos) << text;
    EXPECT_NE(text.find("No verdict yet"), std::string::npos) << text;
    // Every shard out of slots without a verdict: inconclusive at the cap.
    one.finished = true;
    pool.publish(one);
    PoolShardCounts three = two;
    three.shard = 3;
    pool.publish(three);
    EXPECT_NE(format_pool_status(pool, 0).find("Inconclusive at the cap"), std::string::npos);
    fs::remove_all(folder);
}

// Whether a shard still runs comes from its claim (DIR/shard-K.lock): a shard that exited is not
// "stopping" after the verdict, and one that exited before its last slot is not "playing".
TEST(PoolStatus, TellsShardsThatRunFromShardsThatExited) {
    const fs::path folder =
        fs::temp_directory_path() / ("arbiter-pool-exited-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    SprtPool pool(folder);
    json::Value test{json::Object{}};
    test.set("tournament", "abc");
    test.set("shards", 2);
    test.set("batch_pairs", 4);
    test.set("sprt", to_json(SprtParameters{0, 10, 0.05, 0.05, SprtModel::normalized}));
    pool.join(test);
    for (int k = 1; k <= 2; ++k) {
        PoolShardCounts counts;
        counts.shard = k;
        counts.counts.pairs = {0, 1, 1, 1, 0};
        counts.batches = 1;
        counts.published_ms = 1'000'000;
        pool.publish(counts);
    }
    // True if shard k's row ends with "ago" (its publication's age), spaces and `state`.
    const auto state_is = [&](int k, const std::string& state) {
        const std::string text = format_pool_status(pool, 1'000'000);
        const std::size_t line = text.find("\n" + std::to_string(k) + "/2 ");
        std::string row = text.substr(line + 1, text.find('\n', line + 1) - line - 1);
        if (!row.ends_with(" " + state)) return "row: " + row;
        row.resize(row.size() - state.size());
        while (row.ends_with(" ")) row.pop_back();
        return row.ends_with(" ago") ? std::string() : "row: " + row;
    };
    {
        std::unique_ptr<PoolShardClaim> running = pool.claim(1);
        std::unique_ptr<PoolShardClaim> exiting = pool.claim(2);
        EXPECT_EQ(state_is(1, "playing"), "");
        EXPECT_EQ(state_is(2, "playing"), "");
    }
    EXPECT_EQ(state_is(1, "not running (exited before its last slot)"), "");
    std::unique_ptr<PoolShardClaim> running = pool.claim(1);
    PoolShardCounts decisive;
    decisive.shard = 1;
    decisive.counts.pairs = {0, 0, 0, 0, 400};
    pool.publish(decisive);
    ASSERT_TRUE(pool.decide(SprtParameters{0, 10, 0.05, 0.05, SprtModel::normalized}, 1));
    EXPECT_EQ(state_is(1, "stopping"), "");
    EXPECT_EQ(state_is(2, "stopped"), "");
    fs::remove_all(folder);
}

}  // namespace
}  // namespace arbiter
