#include "harness/tournament/pool.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "harness/tournament/pooled_shard.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

class PoolTest : public ::testing::Test {
  protected:
    void SetUp() override {
        folder_ = fs::temp_directory_path() /
                  ("arbiter-pool-test-" + std::to_string(::getpid()) + "-" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(folder_);
    }
    void TearDown() override { fs::remove_all(folder_); }

    json::Value test_json(int shards = 3) const {
        json::Value v{json::Object{}};
        v.set("tournament", "abc");
        v.set("shards", shards);
        v.set("batch_pairs", 4);
        v.set("sprt", to_json(parameters_));
        return v;
    }

    PoolShardCounts shard(int k, std::array<std::int64_t, 5> cells) const {
        PoolShardCounts c;
        c.shard = k;
        c.counts.pairs = cells;
        c.batches = 1;
        c.published_ms = 1000 * k;
        return c;
    }

    fs::path folder_;
    SprtParameters parameters_{0, 10, 0.05, 0.05, SprtModel::normalized};
};

std::string read_all(const fs::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST_F(PoolTest, PooledLlrEqualsTheSingleProcessLlrOverTheSameCounts) {
    SprtPool pool(folder_);
    pool.join(test_json());
    // Random pairs dealt to three shards; one process would have seen all of them.
    std::mt19937 rng(7);
    std::discrete_distribution<int> pair_score({5, 20, 40, 25, 10});
    std::array<PentanomialCounts, 3> shards{};
    PentanomialCounts all;
    for (int pair = 0; pair < 600; ++pair) {
        const int half_points = pair_score(rng);
        shards[std::size_t(pair % 3)].add_pair(half_points);
        all.add_pair(half_points);
    }
    for (int k = 1; k <= 3; ++k) {
        PoolShardCounts c;
        c.shard = k;
        c.counts = shards[std::size_t(k - 1)];
        pool.publish(c);
    }
    EXPECT_EQ(pooled_counts(pool.read_counts()), all);
    Sprt single(parameters_);
    single.update(all);
    ASSERT_NE(single.state(), SprtState::continue_testing);  // 600 pairs at +60 Elo decide
    std::optional<PoolVerdict> verdict = pool.decide(parameters_, 2);
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->llr, single.llr());
    EXPECT_EQ(verdict->state, single.state());
    EXPECT_EQ(verdict->pooled, all);
    EXPECT_EQ(verdict->decided_by, 2);
    ASSERT_EQ(verdict->shards.size(), 3u);
    // The verdict file says the same, to the digit.
    std::optional<PoolVerdict> read = pool.read_verdict();
    ASSERT_TRUE(read);
    EXPECT_EQ(read->llr, single.llr());
    EXPECT_EQ(read->pooled, all);
}

TEST_F(PoolTest, NoVerdictWhileThePooledLlrIsInsideTheBounds) {
    SprtPool pool(folder_);
    pool.join(test_json());
    pool.publish(shard(1, {1, 2, 3, 2, 1}));
    pool.publish(shard(2, {0, 1, 2, 1, 1}));
    EXPECT_FALSE(pool.decide(parameters_, 1));
    EXPECT_FALSE(fs::exists(folder_ / "verdict.json"));
}

TEST_F(PoolTest, AReaderRacingAWriterNeverSeesAPartialFile) {
    SprtPool pool(folder_);
    pool.join(test_json());
    // Two publications of very different sizes, replaced as fast as possible.
    const PoolShardCounts small = shard(1, {1, 0, 0, 0, 0});
    const PoolShardCounts large =
        shard(1, {123456789012, 223456789012, 323456789012, 423456789012, 523456789012});
    pool.publish(small);
    std::atomic<bool> done{false};
    std::thread writer([&] {
        for (int i = 0; i < 400; ++i) pool.publish(i % 2 ? small : large);
        done = true;
    });
    int reads = 0, failures = 0;
    while (!done) {
        try {
            std::vector<PoolShardCounts> seen = pool.read_counts();
            ASSERT_EQ(seen.size(), 1u);
            EXPECT_TRUE(seen[0].counts == small.counts || seen[0].counts == large.counts);
        } catch (const std::exception&) {
            ++failures;
        }
        ++reads;
    }
    writer.join();
    EXPECT_GT(reads, 10);
    EXPECT_EQ(failures, 0);
    // No temporary file is left behind.
    int files = 0;
    for (const auto& entry : fs::directory_iterator(folder_ / "counts")) {
        (void)entry;
        ++files;
    }
    EXPECT_EQ(files, 1);
}

TEST_F(PoolTest, TheFirstVerdictWinsAndIsNeverReplaced) {
    fs::create_directories(folder_);
    const fs::path target = folder_ / "verdict.json";
    std::atomic<int> winners{0};
    std::atomic<int> start{0};
    std::vector<std::thread> racers;
    for (int i = 0; i < 8; ++i)
        racers.emplace_back([&, i] {
            ++start;
            while (start < 8) std::this_thread::yield();
            if (create_file_once(target, "writer " + std::to_string(i) + "\n")) ++winners;
        });
    for (auto& racer : racers) racer.join();
    EXPECT_EQ(winners, 1);
    const std::string first = read_all(target);
    EXPECT_EQ(first.rfind("writer ", 0), 0u);
    EXPECT_FALSE(create_file_once(target, "late\n"));
    EXPECT_EQ(read_all(target), first);

    // decide() with a verdict already there returns it and leaves the file as it was.
    fs::remove_all(folder_);
    SprtPool pool(folder_);
    pool.join(test_json());
    pool.publish(shard(1, {0, 0, 0, 0, 400}));
    std::optional<PoolVerdict> verdict = pool.decide(parameters_, 1);
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->state, SprtState::h1_accepted);
    const std::string written = read_all(folder_ / "verdict.json");
    pool.publish(shard(2, {400, 0, 0, 0, 0}));  // now the pooled counts say otherwise
    std::optional<PoolVerdict> again = pool.decide(parameters_, 2);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->decided_by, 1);
    EXPECT_EQ(again->state, SprtState::h1_accepted);
    EXPECT_EQ(read_all(folder_ / "verdict.json"), written);
}

TEST_F(PoolTest, AShardOfAnotherTestIsRefused) {
    SprtPool pool(folder_);
    pool.join(test_json(3));
    pool.join(test_json(3));  // the same test: joins
    try {
        pool.join(test_json(4));
        FAIL() << "a pool of 3 shards accepted a shard of 4";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("shards is 3 in the pool, 4 here"), std::string::npos)
            << e.what();
    }
}

TEST(PoolBatches, AreWholePairsInScheduleOrder) {
    const std::vector<ScheduledGame> schedule = make_schedule(2, 5, 1, false, 1);  // 5 pairs
    const auto batches = cut_into_batches(schedule, 2);
    ASSERT_EQ(batches.size(), 3u);
    EXPECT_EQ(batches[0].size(), 4u);
    EXPECT_EQ(batches[1].size(), 4u);
    EXPECT_EQ(batches[2].size(), 2u);  // the last batch is shorter
    std::int64_t slot = 0;
    for (const auto& batch : batches)
        for (const auto& game : batch) EXPECT_EQ(game.slot.number, slot++);
}

}  // namespace
}  // namespace arbiter
