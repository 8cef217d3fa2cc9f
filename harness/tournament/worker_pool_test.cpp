// The worker pool and the one way to start an engine, against the mock engine.
#include "harness/tournament/worker_pool.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include "harness/process/affinity.h"
#include "harness/uci/session.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

EngineConfig mock(const std::string& name, std::vector<std::string> args = {}) {
    EngineConfig e;
    e.name = name;
    e.command = MOCK_ENGINE_PATH;
    e.args = std::move(args);
    return e;
}

std::string error_of(auto&& action) {
    try {
        action();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "no exception";
}

TEST(LogFileNames, StayInsideTheLogDirectoryAndApart) {
    EngineConfig a = mock("../../x"), b = mock("a/b"), c = mock("a_b"), d = mock(".hidden"),
                 e = mock("Stockfish 16.1"), f = mock("a/b");
    EXPECT_EQ(log_file_names({a, b, c, d, e, f}),
              (std::vector<std::string>{"_._.._x.stderr.log", "a_b.stderr.log", "a_b-2.stderr.log",
                                        "_hidden.stderr.log", "Stockfish_16.1.stderr.log",
                                        "a_b-3.stderr.log"}));
    for (const std::string& name : log_file_names({a, b, c, d, e, f}))
        EXPECT_EQ(fs::path(name).filename().string(), name);
}

TEST(StartEngine, SendsOptionsAndWaitsForReadyok) {
    UciSession engine;
    EngineConfig config = mock("m", {"--name", "Mock M"});
    config.options = {{"Hash", "32"}};
    start_engine(engine, config, "", milliseconds(5000));
    EXPECT_EQ(engine.client().id_name(), "Mock M");
    // The option's echo was read while waiting for readyok: nothing is left over for the search.
    EXPECT_TRUE(engine.position("startpos", {}));
    GoLimits limits;
    limits.depth = 1;
    EXPECT_TRUE(engine.go(limits, milliseconds(5000)).search.info_strings.empty());
    EXPECT_TRUE(engine.quit(milliseconds(1000)));
}

// An engine's own stderr=FILE wins over the log folder; the others keep NAME.stderr.log there.
TEST(WorkerEngines, AppendEachEnginesStderrToItsOwnFileOrTheLogFolder) {
    fs::path dir = fs::temp_directory_path() / ("arbiter_stderr_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "logs");
    EngineStart start;
    start.engines = {mock("own", {"--seed", "7"}), mock("kept")};
    start.engines[0].stderr_path = (dir / "own.err").string();
    start.log_dir = dir / "logs";
    {
        WorkerEngines engines(start);
        engines.ensure(0);
        engines.ensure(1);
    }
    auto text = [](const fs::path& file) {
        std::ifstream in(file);
        return std::string((std::istreambuf_iterator<char>(in)), {});
    };
    EXPECT_TRUE(text(dir / "own.err").ends_with("--seed 7\nmock_engine: started with seed 7\n"))
        << text(dir / "own.err");
    EXPECT_FALSE(fs::exists(dir / "logs" / "own.stderr.log"));
    EXPECT_TRUE(text(dir / "logs" / "kept.stderr.log").ends_with("started with seed 1\n"));
    fs::remove_all(dir);
}

TEST(StartEngine, NamesTheEngineInEveryFailure) {
    UciSession engine;
    EXPECT_EQ(error_of([&] {
                  start_engine(engine, mock("deaf", {"--ignore-isready"}), "", milliseconds(200));
              }),
              "engine deaf: did not answer isready within 200 ms");
    EXPECT_FALSE(engine.alive());
    EngineConfig bad_option = mock("picky");
    bad_option.options = {{"NoSuchOption", "1"}};
    EXPECT_NE(error_of([&] {
                  start_engine(engine, bad_option, "", milliseconds(2000));
              }).find("engine picky: engine 'mock' has no option 'NoSuchOption'"),
              std::string::npos);
    // Issue 20, item 9: an engine that exits after uciok is said to have exited, with its status,
    // not to have let the isready timeout (10 s) pass.
    EXPECT_EQ(error_of([&] {
                  start_engine(engine, mock("quitter", {"--exit-after-uciok"}), "",
                               milliseconds(10000));
              }),
              "engine quitter: exited before answering isready (exited with code 0)");
    EngineConfig missing = mock("gone");
    missing.command = "/nonexistent/engine";
    EXPECT_NE(error_of([&] {
                  start_engine(engine, missing, "", milliseconds(2000));
              }).find("engine gone: engine program not found"),
              std::string::npos);
}

TEST(WorkerPool, RunsEveryJobOnceAndKeepsEachWorkersEngines) {
    EngineStart start;
    start.engines = {mock("a"), mock("b")};
    std::mutex mutex;
    std::multiset<std::size_t> done;
    std::set<const EngineSession*> clients;
    std::size_t handed_out =
        run_worker_pool(start, 2, 20, [&](std::size_t job, WorkerEngines& engines) {
            EngineSession& engine = engines.ensure(int(job % 2));
            ASSERT_TRUE(engine.alive());
            std::lock_guard lock(mutex);
            done.insert(job);
            clients.insert(&engine);
        });
    EXPECT_EQ(handed_out, 20u);
    ASSERT_EQ(done.size(), 20u);
    for (std::size_t job = 0; job < 20; ++job) EXPECT_EQ(done.count(job), 1u);
    EXPECT_LE(clients.size(), 4u);  // two engines per worker at most, reused across jobs
}

TEST(WorkerPool, RestartsADiscardedOrDeadEngine) {
    EngineStart start;
    start.engines = {mock("a")};
    run_worker_pool(start, 1, 1, [&](std::size_t, WorkerEngines& engines) {
        EngineSession& first = engines.ensure(0);
        first.kill();
        EngineSession& second = engines.ensure(0);
        EXPECT_TRUE(second.alive());
        engines.discard(0);
        EXPECT_FALSE(engines.client(0).alive());
        EXPECT_TRUE(engines.ensure(0).alive());
    });
}

TEST(WorkerPool, StopsHandingOutJobsAfterAFailureAndRethrowsIt) {
    EngineStart start;
    std::atomic<int> ran{0};
    EXPECT_EQ(error_of([&] {
                  run_worker_pool(start, 1, 10, [&](std::size_t job, WorkerEngines&) {
                      ++ran;
                      if (job == 3) throw std::runtime_error("job 3 failed");
                  });
              }),
              "job 3 failed");
    EXPECT_EQ(ran, 4);
}

TEST(WorkerPool, StopsWhenAsked) {
    EngineStart start;
    std::atomic<int> ran{0};
    std::size_t handed_out = run_worker_pool(
        start, 2, 100, [&](std::size_t, WorkerEngines&) { ++ran; }, [&] { return ran >= 5; });
    EXPECT_LT(handed_out, 100u);
    EXPECT_EQ(std::size_t(ran.load()), handed_out);
}

// With -use-affinity each worker thread runs on its own CPU, the one its engines are pinned to,
// so that a ply's round trip stays on one CPU; without, the workers are left free.
TEST(WorkerPool, WorkersRunOnTheirEnginesCpuUnderAffinity) {
    std::vector<int> order = affinity_cpu_order();
    if (order.size() < 2) GTEST_SKIP() << "one CPU: pinning cannot be told apart";
    auto cpus_of_workers = [](std::size_t workers) {
        std::mutex mutex;
        std::map<std::thread::id, std::set<int>> seen;
        EngineStart start;
        run_worker_pool(start, int(workers), 8 * workers, [&](std::size_t, WorkerEngines&) {
            cpu_set_t mask;
            CPU_ZERO(&mask);
            ASSERT_EQ(sched_getaffinity(0, sizeof mask, &mask), 0);  // this thread's mask
            std::set<int> cpus;
            for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
                if (CPU_ISSET(cpu, &mask)) cpus.insert(cpu);
            std::this_thread::sleep_for(milliseconds(5));  // every worker gets jobs
            std::lock_guard lock(mutex);
            seen[std::this_thread::get_id()] = cpus;
        });
        std::vector<std::set<int>> masks;
        for (auto& [thread, cpus] : seen) masks.push_back(cpus);
        std::sort(masks.begin(), masks.end());
        return masks;
    };
    set_worker_cpus({order[0], order[1]});
    std::vector<std::set<int>> pinned = cpus_of_workers(2);
    set_worker_cpus({});
    std::vector<std::set<int>> expected = {{order[0]}, {order[1]}};
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(pinned, expected);
    for (const std::set<int>& free : cpus_of_workers(2)) EXPECT_GT(free.size(), 1u);
}

}  // namespace
}  // namespace arbiter
