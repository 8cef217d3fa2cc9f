// End-to-end tests of `arbiter tournament --shard`, `arbiter merge` and `arbiter status`: what a
// user reads while a sharded tournament runs and after it is merged.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "harness/store/sqlite.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

struct RunResult {
    int exit_code;
    std::string output;  // stdout and stderr
};

RunResult run(const std::string& arguments) {
    std::string command = std::string(ARBITER_PATH) + " " + arguments + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    std::string output;
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), output};
}

class ShardCli : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("arbiter-shard-cli-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        std::ofstream(dir / "o.epd")
            << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
               "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n";
    }
    void TearDown() override { fs::remove_all(dir); }

    // Shard K/2 of three mock engines on two openings (12 games, 6 per shard).
    RunResult play(int shard, const std::string& extra = "") {
        std::string engines;
        for (const char* name : {"a", "b", "c"})
            engines += std::string(" --engine name=") + name + ",cmd=" + MOCK_ENGINE_PATH;
        return run("tournament" + engines + " --openings " + (dir / "o.epd").string() +
                   " --depth 1 --maxplies 20 --concurrency 1 --shard " + std::to_string(shard) +
                   "/2 --db " + shard_path(shard) + extra);
    }
    std::string shard_path(int shard) const {
        return (dir / ("shard-" + std::to_string(shard) + ".sqlite")).string();
    }

    fs::path dir;
};

TEST_F(ShardCli, MergeAndStatusSayWhatIsPlayedAndWhatIsMissing) {
    ASSERT_EQ(play(1).exit_code, 0);
    RunResult second = play(2);
    ASSERT_EQ(second.exit_code, 0) << second.output;
    EXPECT_NE(second.output.find("Shard 2/2 of the schedule"), std::string::npos) << second.output;
    {
        // One game of shard 2 is lost, as if its task had been killed before recording it.
        sql::Connection raw(shard_path(2), SQLITE_OPEN_READWRITE);
        raw.execute(
            "PRAGMA foreign_keys = ON; DELETE FROM games WHERE slot = "
            "(SELECT max(slot) FROM games)",
            "test");
    }
    const std::string all = (dir / "all.sqlite").string();

    RunResult merged = run("merge --into " + all + " " + shard_path(1));
    EXPECT_EQ(merged.exit_code, 0) << merged.output;
    EXPECT_NE(merged.output.find("6 games added, 0 already there; 6 of 6 scheduled games of 1 of "
                                 "2 shards played"),
              std::string::npos)
        << merged.output;
    EXPECT_NE(merged.output.find("Not merged yet: 2/2"), std::string::npos) << merged.output;

    merged = run("merge --into " + all + " " + shard_path(1) + " " + shard_path(2));
    EXPECT_EQ(merged.exit_code, 0) << merged.output;
    EXPECT_NE(merged.output.find("shard 2/2: 1 of 6 games not played (slots 11)"),
              std::string::npos)
        << merged.output;
    EXPECT_NE(merged.output.find("5 games added, 6 already there; 11 of 12 scheduled games"),
              std::string::npos)
        << merged.output;

    RunResult status = run("status " + all + " --db '" + (dir / "shard-*.sqlite").string() + "'");
    EXPECT_EQ(status.exit_code, 0) << status.output;
    EXPECT_TRUE(std::regex_search(status.output, std::regex("\\n1/2 +6 +6 .* done\\n")))
        << status.output;
    EXPECT_TRUE(std::regex_search(status.output, std::regex("\\n2/2 +5 +6 .* playing\\n")))
        << status.output;
    EXPECT_TRUE(std::regex_search(status.output, std::regex("\\nTotal +11 +12 "))) << status.output;
    EXPECT_NE(status.output.find("ETA "), std::string::npos) << status.output;
    EXPECT_NE(status.output.find("Rank"), std::string::npos) << status.output;
    // Status copies no moves, so it shows no per-move statistics (they would read as zeros).
    EXPECT_EQ(status.output.find("Depth"), std::string::npos) << status.output;

    // The missing game is played by re-running the shard; merging again adds exactly it.
    RunResult rerun = play(2);
    EXPECT_NE(rerun.output.find("Played 1 games"), std::string::npos) << rerun.output;
    merged = run("merge --into " + all + " " + shard_path(1) + " " + shard_path(2));
    EXPECT_NE(merged.output.find("1 games added, 11 already there; 12 of 12 scheduled games of 2 "
                                 "of 2 shards played."),
              std::string::npos)
        << merged.output;
}

// Issue 20, item 13: command-line mistakes are named, with exit 2 for those the flag reader
// finds (a repeated flag) and 1 for a setting that cannot work; nothing is written.
TEST_F(ShardCli, ARepeatedFlagOrAShardCountWithoutAutoIsRefusedByName) {
    RunResult twice = run("tournament --engine cmd=" + std::string(MOCK_ENGINE_PATH) +
                          " --depth 1 --depth 2 --db " + shard_path(1));
    EXPECT_EQ(twice.exit_code, 2) << twice.output;
    EXPECT_EQ(twice.output,
              "arbiter: --depth is given 2 times; give it once (a later value would silently "
              "replace the first)\n");
    RunResult count = play(1, " --shard-count 2");
    EXPECT_EQ(count.exit_code, 0) << count.output;  // with --shard K/N: checked against N
    RunResult alone =
        run("tournament --engine name=a,cmd=" + std::string(MOCK_ENGINE_PATH) +
            " --engine name=b,cmd=" + MOCK_ENGINE_PATH + " --openings " + (dir / "o.epd").string() +
            " --depth 1 --shard-count 3 --db " + shard_path(2));
    EXPECT_EQ(alone.exit_code, 1) << alone.output;
    EXPECT_NE(alone.output.find("arbiter: --shard-count goes with --shard auto"), std::string::npos)
        << alone.output;
    EXPECT_FALSE(fs::exists(shard_path(2)));
}

TEST_F(ShardCli, AShardOfAnotherConfigurationIsRefusedByName) {
    ASSERT_EQ(play(1).exit_code, 0);
    ASSERT_EQ(play(2, " --seed 7").exit_code, 0);
    RunResult merged = run("merge --into " + (dir / "all.sqlite").string() + " " + shard_path(1) +
                           " " + shard_path(2));
    EXPECT_EQ(merged.exit_code, 1);
    EXPECT_NE(merged.output.find("shard 2/2 (" + shard_path(2) +
                                 ") is not part of the same run "
                                 "as shard 1/2"),
              std::string::npos)
        << merged.output;
    EXPECT_NE(merged.output.find("settings.seed: is 7 here, 1 there"), std::string::npos)
        << merged.output;
    EXPECT_FALSE(fs::exists(dir / "all.sqlite") &&
                 run("status " + (dir / "all.sqlite").string()).output.find("Total") !=
                     std::string::npos);
}

TEST_F(ShardCli, ARefusedMergeWritesNothing) {
    ASSERT_EQ(play(1).exit_code, 0);
    const std::string into = (dir / "new.sqlite").string();
    const std::vector<std::pair<std::string, std::string>> refusals{
        {(dir / "missing.sqlite").string(), "missing.sqlite: no such database"},
        {shard_path(1) + " " + (dir / "." / "shard-1.sqlite").string(), "is given twice"},
        {(dir / "o.epd").string(), "is not an SQLite database"}};
    for (const auto& [inputs, message] : refusals) {
        RunResult merged = run("merge --into " + into + " " + inputs);
        EXPECT_EQ(merged.exit_code, 1) << merged.output;
        EXPECT_NE(merged.output.find(message), std::string::npos) << merged.output;
        for (const char* suffix : {"", "-journal", "-wal", "-shm"})
            EXPECT_FALSE(fs::exists(into + suffix)) << inputs << " left " << into << suffix;
    }
    RunResult itself = run("merge --into " + shard_path(1) + " " + shard_path(1));
    EXPECT_EQ(itself.exit_code, 1) << itself.output;
    EXPECT_NE(itself.output.find("is the target of the merge"), std::string::npos) << itself.output;
    // A successful merge into a new file leaves the database and nothing of its journal.
    RunResult merged = run("merge --into " + into + " " + shard_path(1));
    EXPECT_EQ(merged.exit_code, 0) << merged.output;
    EXPECT_TRUE(fs::exists(into));
    EXPECT_FALSE(fs::exists(into + "-journal"));
}

}  // namespace
}  // namespace arbiter
