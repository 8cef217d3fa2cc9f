#include "harness/report/pool_report.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

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

}  // namespace
}  // namespace arbiter
