#include "harness/tournament/pool.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "harness/testing/run_program.h"
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
    const std::string first = arbiter_test::read_text(target);
    EXPECT_EQ(first.rfind("writer ", 0), 0u);
    EXPECT_FALSE(create_file_once(target, "late\n"));
    EXPECT_EQ(arbiter_test::read_text(target), first);

    // decide() with a verdict already there returns it and leaves the file as it was.
    fs::remove_all(folder_);
    SprtPool pool(folder_);
    pool.join(test_json());
    pool.publish(shard(1, {0, 0, 0, 0, 400}));
    std::optional<PoolVerdict> verdict = pool.decide(parameters_, 1);
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->state, SprtState::h1_accepted);
    const std::string written = arbiter_test::read_text(folder_ / "verdict.json");
    pool.publish(shard(2, {400, 0, 0, 0, 0}));  // now the pooled counts say otherwise
    std::optional<PoolVerdict> again = pool.decide(parameters_, 2);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->decided_by, 1);
    EXPECT_EQ(again->state, SprtState::h1_accepted);
    EXPECT_EQ(arbiter_test::read_text(folder_ / "verdict.json"), written);
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

// Step 2. What the pool counts: one file per shard of this pool, named and holding its number.

TEST_F(PoolTest, CountsOnlyOneFilePerShardAndNamesTheRest) {
    SprtPool pool(folder_);
    pool.join(test_json(2));
    pool.publish(shard(1, {1, 2, 3, 2, 1}));
    // Files the issue found counted: a shard beyond the pool's two (500 winning pairs, 0 games
    // played by any shard of this pool), a second name for shard 1, a file under shard 2's name
    // holding shard 1, and a file that is no shard's at all.
    auto write = [&](const std::string& name, const PoolShardCounts& counts) {
        std::ofstream(folder_ / "counts" / name) << counts.to_json().dump(2) << "\n";
    };
    write("shard-9.json", shard(9, {0, 0, 0, 0, 500}));
    write("shard-01.json", shard(1, {0, 0, 0, 0, 500}));
    write("shard-2.json", shard(1, {0, 0, 0, 0, 500}));
    std::ofstream(folder_ / "counts" / "notes.txt") << "hello\n";
    // A publication being written (the atomic writer's temporary) is neither counted nor named.
    write(".shard-2.json.host.1.1", shard(2, {0, 0, 0, 0, 500}));

    const PoolCountFiles files = pool.read_count_files();
    ASSERT_EQ(files.counted.size(), 1u);
    EXPECT_EQ(files.counted[0].shard, 1);
    EXPECT_EQ(pooled_counts(files.counted).pairs, (std::array<std::int64_t, 5>{1, 2, 3, 2, 1}));
    ASSERT_EQ(files.refused.size(), 4u);
    const fs::path counts = folder_ / "counts";
    EXPECT_EQ(files.refused[0].path, counts / "notes.txt");
    EXPECT_EQ(files.refused[0].reason,
              "not a shard's counts (shard K publishes counts/shard-K.json)");
    EXPECT_EQ(files.refused[1].path, counts / "shard-01.json");
    EXPECT_EQ(files.refused[1].reason,
              "not a shard's counts (shard K publishes counts/shard-K.json)");
    EXPECT_EQ(files.refused[2].path, counts / "shard-2.json");
    EXPECT_EQ(files.refused[2].reason, "it holds \"shard\": 1, not 2");
    EXPECT_EQ(files.refused[3].path, counts / "shard-9.json");
    EXPECT_EQ(files.refused[3].reason, "shard 9 is not one of the pool's 2 shards");

    // The verdict is what the pool's own shard says: none, 9 pairs inside the bounds.
    EXPECT_EQ(pooled_counts(pool.read_counts()).pair_count(), 9);
    EXPECT_FALSE(pool.decide(parameters_, 1));
    EXPECT_FALSE(fs::exists(folder_ / "verdict.json"));
}

// Step 3. One process per shard.

TEST_F(PoolTest, ASecondClaimOfARunningShardIsRefusedAndAnEndedOneIsNot) {
    SprtPool pool(folder_);
    pool.join(test_json(3));
    EXPECT_EQ(pool.is_running(1), std::nullopt);  // never claimed
    char host[64] = {};
    ::gethostname(host, sizeof host - 1);
    {
        std::unique_ptr<PoolShardClaim> first = pool.claim(1);
        std::unique_ptr<PoolShardClaim> other = pool.claim(2);  // another shard: fine
        EXPECT_EQ(pool.is_running(1), true);
        try {
            pool.claim(1);
            FAIL() << "a second claim of a running shard was accepted";
        } catch (const ConfigError& e) {
            EXPECT_EQ(std::string(e.what()),
                      "--pool " + folder_.string() + ": shard 1 is already being played by pid " +
                          std::to_string(::getpid()) + " on " + host + ", which holds " +
                          (folder_ / "shard-1.lock").string() +
                          "; one process per shard (wait for it to end, or stop it)");
        }
    }
    EXPECT_EQ(pool.is_running(1), false);
    EXPECT_NO_THROW(pool.claim(1));
}

TEST_F(PoolTest, AKilledShardDoesNotBlockItsRestart) {
    SprtPool pool(folder_);
    pool.join(test_json(3));
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        std::unique_ptr<PoolShardClaim> claim = pool.claim(2);
        (void)!::write(ready[1], "x", 1);
        while (true) ::pause();
    }
    char byte = 0;
    ASSERT_EQ(::read(ready[0], &byte, 1), 1);
    EXPECT_THROW(pool.claim(2), ConfigError);
    EXPECT_EQ(pool.is_running(2), true);
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    ::close(ready[0]);
    ::close(ready[1]);
    EXPECT_EQ(pool.is_running(2), false);
    EXPECT_NO_THROW(pool.claim(2));
}

// As root every folder is writable: the join runs as nobody in a child process.
TEST_F(PoolTest, AnExistingFolderThatCannotBeWrittenIsNamedWithTheReason) {
    fs::create_directories(folder_);
    fs::permissions(folder_, fs::perms::owner_read | fs::perms::owner_exec |
                                 fs::perms::others_read | fs::perms::others_exec);
    int message[2];
    ASSERT_EQ(::pipe(message), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) ::_exit(2);
        std::string text = "joined";
        try {
            SprtPool(folder_).join(test_json(3));
        } catch (const ConfigError& e) {
            text = e.what();
        }
        (void)!::write(message[1], text.data(), text.size());
        ::_exit(0);
    }
    ::close(message[1]);
    std::string text;
    char buffer[512];
    for (ssize_t n; (n = ::read(message[0], buffer, sizeof buffer)) > 0;) text.append(buffer, n);
    ::close(message[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_EQ(WEXITSTATUS(status), 0);
    EXPECT_EQ(text, "--pool " + folder_.string() + ": cannot write in the folder " +
                        folder_.string() +
                        " (Permission denied); every shard writes its counts and the verdict "
                        "there");
    fs::permissions(folder_, fs::perms::owner_all);
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
