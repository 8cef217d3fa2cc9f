// End-to-end: a shard keeps its database locked while it plays (issue 20, item 2). Another
// process reads it (`arbiter status`) and copies it (`sqlite3 .backup`, as
// scripts/slurm/shard.sbatch does every minute) while the shard plays; then the shard is killed
// with SIGKILL, and every game it reported finished is in its database and in the last copy.
#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <thread>

#include "harness/cli/database_commands_fixture.h"
#include "harness/store/store.h"

namespace arbiter {
namespace {

// True if process `pid` holds a POSIX (SQLite) lock on `file`, as /proc/locks lists it.
bool holds_posix_lock(pid_t pid, const fs::path& file) {
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0) return false;
    char id[64];
    std::snprintf(id, sizeof id, "%02x:%02x:%llu", major(info.st_dev), minor(info.st_dev),
                  static_cast<unsigned long long>(info.st_ino));
    std::ifstream locks("/proc/locks");
    std::string line;
    while (std::getline(locks, line)) {
        std::istringstream fields(line);
        std::string number, kind, advisory, mode, owner, inode;
        fields >> number >> kind >> advisory >> mode >> owner >> inode;
        if (kind == "POSIX" && owner == std::to_string(pid) && inode == id) return true;
    }
    return false;
}

// Games in the database at `path` (0 if it cannot be read).
std::int64_t games_in(const fs::path& path) {
    try {
        Store store = Store::open(path, Store::Access::read_only);
        std::int64_t games = 0;
        for (const StoredTournament& t : store.list_tournaments()) games += store.count_games(t.id);
        return games;
    } catch (const std::exception&) {
        return 0;
    }
}

std::int64_t finished_lines(const std::string& output) {
    std::int64_t lines = 0;
    for (std::size_t at = output.find("Finished game "); at != std::string::npos;
         at = output.find("Finished game ", at + 1))
        ++lines;
    return lines;
}

TEST_F(DatabaseCommands, AShardReadAndBackedUpWhileItPlaysKeepsEveryGameThroughAKill) {
    const fs::path openings = short_suite(2), db = dir_ / "shard.sqlite";
    const fs::path output = dir_ / "shard.txt", backup = dir_ / "backup.sqlite";
    const std::string command = std::string(ARBITER_PATH) + " tournament" + engines() +
                                " --openings " + openings.string() +
                                " --rounds 500 --concurrency 1 --wait 30 --shard 1/2 --db " +
                                db.string() + " >" + output.string() + " 2>&1";
    const pid_t shard = fork();
    ASSERT_GE(shard, 0);
    if (shard == 0) {
        ::execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), nullptr);
        ::_exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (games_in(db) < 3 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_GE(games_in(db), 3) << file_bytes(output);
    EXPECT_TRUE(holds_posix_lock(shard, db)) << "the shard holds no lock on its database";

    std::int64_t backed_up = 0;
    for (int round = 0; round < 3; ++round) {
        const std::int64_t before = games_in(db);
        const CommandOutcome status = run_arbiter("status " + db.string());
        EXPECT_EQ(status.exit_code, 0) << status.output;
        fs::remove(backup);
        ASSERT_EQ(std::system(
                      ("sqlite3 " + db.string() + " \".backup " + backup.string() + "\"").c_str()),
                  0);
        backed_up = games_in(backup);
        EXPECT_GE(backed_up, before) << "round " << round;
        EXPECT_TRUE(holds_posix_lock(shard, db)) << "round " << round;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }

    ::kill(shard, SIGKILL);
    int ignored = 0;
    ::waitpid(shard, &ignored, 0);
    const std::int64_t reported = finished_lines(file_bytes(output));
    const std::int64_t kept = games_in(db);
    EXPECT_GE(reported, backed_up);
    EXPECT_GE(kept, reported) << file_bytes(output);
    EXPECT_GE(kept, backed_up);
    EXPECT_GT(kept, 3);
}

}  // namespace
}  // namespace arbiter
