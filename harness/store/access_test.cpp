// Who may write the file: read-only opens never change it and refuse anything that is not an
// arbiter database; two processes opening a new database at once both succeed; a process held
// up by another's lock names it.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "harness/store/sqlite.h"
#include "harness/store/store.h"
#include "harness/store/test_records.h"
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

using store_test::sample_engine;
using store_test::sample_game;

class AccessTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = store_test::temp_database_path(info->name());
    }
    void TearDown() override { store_test::remove_database(path_); }

    std::string read_only_error() {
        try {
            Store::open(path_, Store::Access::read_only);
        } catch (const StoreError& error) {
            return error.what();
        }
        ADD_FAILURE() << "expected a StoreError";
        return "";
    }

    std::string path_;
};

// Step 1. Read-only opens.

TEST_F(AccessTest, ReadOnlyRefusesAnEmptyFileAndLeavesItEmpty) {
    { std::ofstream touch(path_); }
    EXPECT_EQ(read_only_error(), path_ + ": is empty, not an arbiter database");
    EXPECT_EQ(std::filesystem::file_size(path_), 0u);
    EXPECT_FALSE(std::filesystem::exists(path_ + "-wal"));
}

TEST_F(AccessTest, ReadOnlyRefusesAMissingFileWithoutCreatingIt) {
    EXPECT_EQ(read_only_error(), path_ + ": no such database");
    EXPECT_FALSE(std::filesystem::exists(path_));
}

TEST_F(AccessTest, ReadOnlyRefusesAnotherApplicationsDatabaseByteForByte) {
    {
        sql::Connection raw(path_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        raw.execute("CREATE TABLE customers (name); INSERT INTO customers VALUES ('x')", "test");
    }
    const std::string before = arbiter_test::read_text(path_);
    EXPECT_NE(read_only_error().find("is not an arbiter database"), std::string::npos);
    EXPECT_EQ(arbiter_test::read_text(path_), before);
}

TEST_F(AccessTest, ReadOnlyRefusesAnEmptySqliteFileThatArbiterWouldHaveAdopted) {
    {
        sql::Connection raw(path_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        raw.execute("PRAGMA user_version = 0; VACUUM", "test");
    }
    const std::string before = arbiter_test::read_text(path_);
    const std::string message = read_only_error();
    EXPECT_TRUE(message == path_ + ": is empty, not an arbiter database" ||
                message ==
                    path_ + ": is not an arbiter database (it has no arbiter application id)")
        << message;
    EXPECT_EQ(arbiter_test::read_text(path_), before);
}

TEST_F(AccessTest, ReadOnlyReadsAnArbiterDatabaseWithoutChangingItAndRefusesWrites) {
    TournamentId tournament = 0;
    EngineId a = 0, b = 0;
    {
        Store store = Store::open(path_);
        tournament = store.get_or_create_tournament("t", "{}");
        a = store.get_or_create_engine(sample_engine("alpha", "a"));
        b = store.get_or_create_engine(sample_engine("beta", "b"));
        store.record_game(sample_game(tournament, 0, a, b, std::nullopt, 12));
    }
    const std::string before = arbiter_test::read_text(path_);
    {
        Store store = Store::open(path_, Store::Access::read_only);
        EXPECT_EQ(store.count_games(tournament), 1);
        EXPECT_EQ(store.engine_move_statistics(tournament).size(), 2u);
        const auto refused = [&](auto write) {
            try {
                write();
            } catch (const StoreError& error) {
                return std::string(error.what());
            }
            return std::string("no error");
        };
        EXPECT_EQ(refused([&] { store.get_or_create_tournament("new", "{}"); }),
                  path_ + ": opened read-only; cannot write tournament \"new\"");
        EXPECT_EQ(refused([&] { store.record_game(sample_game(tournament, 1, a, b, {}, 4)); }),
                  path_ + ": opened read-only; cannot write a game");
        EXPECT_EQ(refused([&] { store.begin_node_run("x"); }),
                  path_ + ": opened read-only; cannot write a node run");
    }
    EXPECT_EQ(arbiter_test::read_text(path_), before);
}

TEST_F(AccessTest, ReadOnlyOpensLeaveNoWalOrShmBesideADatabaseNoOneHasOpen) {
    const auto companions = [&] {
        return std::filesystem::exists(path_ + "-wal") || std::filesystem::exists(path_ + "-shm");
    };
    {
        Store store = Store::open(path_);
        store.get_or_create_tournament("t", "{}");
    }
    ASSERT_FALSE(companions());  // a writer that closes removes them
    const std::string before = arbiter_test::read_text(path_);
    {
        Store first = Store::open(path_, Store::Access::read_only);
        EXPECT_EQ(first.list_tournaments().size(), 1u);
        Store second = Store::open(path_, Store::Access::read_only);
        EXPECT_EQ(second.list_tournaments().size(), 1u);
    }
    EXPECT_FALSE(companions());
    EXPECT_TRUE(arbiter_test::read_text(path_) == before);

    // Beside a database a writer has open, the files are the writer's: a reader leaves them.
    Store writer = Store::open(path_);
    writer.get_or_create_tournament("u", "{}");
    {
        Store reader = Store::open(path_, Store::Access::read_only);
        EXPECT_EQ(reader.list_tournaments().size(), 2u);
    }
    EXPECT_TRUE(std::filesystem::exists(path_ + "-wal"));
    EXPECT_TRUE(std::filesystem::exists(path_ + "-shm"));
}

// A real database with 64 bytes overwritten in the middle, as a failing disk or a stray write
// leaves it: read-write and read-only opens refuse it with quick_check's first message, and
// neither changes a byte of it.
TEST_F(AccessTest, ADamagedDatabaseIsRefusedAndLeftAsItWas) {
    {
        Store store = Store::open(path_);
        const TournamentId t = store.get_or_create_tournament("t", "{}");
        const EngineId a = store.get_or_create_engine(sample_engine("alpha", "a"));
        const EngineId b = store.get_or_create_engine(sample_engine("beta", "b"));
        for (int slot = 0; slot < 40; ++slot)
            store.record_game(sample_game(t, slot, a, b, std::nullopt, 60));
    }
    const std::string healthy = arbiter_test::read_text(path_);
    const std::size_t page =
        std::size_t(std::uint8_t(healthy[16])) << 8 | std::size_t(std::uint8_t(healthy[17]));
    ASSERT_GE(healthy.size() / page, 8u);
    {
        std::fstream file(path_, std::ios::in | std::ios::out | std::ios::binary);
        file.seekp(std::streamoff(healthy.size() / page / 2 * page));
        file.write(std::string(64, '\xff').data(), 64);
    }
    const std::string damaged = arbiter_test::read_text(path_);
    ASSERT_NE(damaged, healthy);
    for (const Store::Access access : {Store::Access::read_write, Store::Access::read_only}) {
        std::string message;
        try {
            Store::open(path_, access);
        } catch (const StoreError& error) {
            message = error.what();
        }
        EXPECT_EQ(
            message.rfind(path_ + ": the database file is damaged (SQLite's quick_check: ", 0), 0u)
            << message;
        EXPECT_TRUE(message.ends_with(
            access == Store::Access::read_write ? "); nothing was written to it" : ")"))
            << message;
        EXPECT_TRUE(arbiter_test::read_text(path_) == damaged);
    }
}

// Step 2. A command that fails before writing can remove the file it created.

TEST_F(AccessTest, ANewDatabaseLeftEmptyIsDiscarded) {
    {
        DiscardIfLeftEmpty discard(path_);
        Store store = Store::open(path_);
        EXPECT_TRUE(store.is_empty());
        EXPECT_TRUE(std::filesystem::exists(path_));
    }
    EXPECT_FALSE(std::filesystem::exists(path_));
    EXPECT_FALSE(std::filesystem::exists(path_ + "-wal"));
    EXPECT_FALSE(std::filesystem::exists(path_ + "-shm"));
}

TEST_F(AccessTest, ANewDatabaseWithATournamentIsKept) {
    {
        DiscardIfLeftEmpty discard(path_);
        Store store = Store::open(path_);
        store.get_or_create_tournament("t", "{}");
        EXPECT_FALSE(store.is_empty());
    }
    EXPECT_EQ(Store::open(path_).list_tournaments().size(), 1u);
}

TEST_F(AccessTest, AnExistingEmptyDatabaseIsKept) {
    { Store store = Store::open(path_); }
    {
        DiscardIfLeftEmpty discard(path_);
        Store store = Store::open(path_);
    }
    EXPECT_TRUE(std::filesystem::exists(path_));
}

TEST_F(AccessTest, ANewDatabaseAnotherProcessHasOpenIsKept) {
    int opened[2];
    ASSERT_EQ(::pipe(opened), 0);
    pid_t child = 0;
    {
        DiscardIfLeftEmpty discard(path_);
        child = ::fork();
        if (child == 0) {
            ::close(opened[0]);
            Store store = Store::open(path_);
            ssize_t ignored = ::write(opened[1], "O", 1);
            (void)ignored;
            while (true) ::pause();
        }
        ::close(opened[1]);
        char ready = 0;
        ASSERT_EQ(::read(opened[0], &ready, 1), 1);
        ::close(opened[0]);
        Store store = Store::open(path_);
    }
    const bool kept = std::filesystem::exists(path_);
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    EXPECT_TRUE(kept);
}

// Step 3. Two processes.

// Forks `count` children that wait on a pipe, then all open the new database at once and try
// to record the same slot; returns each child's exit code (0 recorded, 1 duplicate, 2 other
// StoreError, with the message written to `messages`).
std::vector<int> race_on_a_new_database(const std::string& path, int count, std::string& messages) {
    int start[2], report[2];
    EXPECT_EQ(::pipe(start), 0);
    EXPECT_EQ(::pipe(report), 0);
    std::vector<pid_t> children;
    for (int i = 0; i < count; ++i) {
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::close(start[1]);
            char go = 0;
            if (::read(start[0], &go, 1) != 1) ::_exit(4);
            int code = 0;
            try {
                Store store = Store::open(path);
                const TournamentId t = store.get_or_create_tournament("race", "{}");
                const EngineId a = store.get_or_create_engine(sample_engine("alpha", "a"));
                const EngineId b = store.get_or_create_engine(sample_engine("beta", "b"));
                store.record_game(sample_game(t, 0, a, b, std::nullopt, 10));
            } catch (const DuplicateGameError&) {
                code = 1;
            } catch (const std::exception& error) {
                const std::string line = std::string(error.what()) + "\n";
                ssize_t ignored = ::write(report[1], line.data(), line.size());
                (void)ignored;
                code = 2;
            }
            ::_exit(code);
        }
        children.push_back(pid);
    }
    ::close(start[0]);
    ::close(report[1]);
    const std::string go(std::size_t(count), 'g');  // one byte each: all start together
    EXPECT_EQ(::write(start[1], go.data(), go.size()), count);
    ::close(start[1]);
    std::vector<int> codes;
    for (const pid_t pid : children) {
        int status = 0;
        ::waitpid(pid, &status, 0);
        codes.push_back(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    }
    char buffer[4096];
    ssize_t got = 0;
    while ((got = ::read(report[0], buffer, sizeof buffer)) > 0) messages.append(buffer, got);
    ::close(report[0]);
    return codes;
}

TEST_F(AccessTest, ProcessesOpeningANewDatabaseAtOnceAllSucceedAndRecordTheSlotOnce) {
    for (int round = 0; round < 25; ++round) {
        store_test::remove_database(path_);
        std::string messages;
        const std::vector<int> codes = race_on_a_new_database(path_, 4, messages);
        EXPECT_EQ(messages, "") << "round " << round;
        EXPECT_EQ(std::count(codes.begin(), codes.end(), 0), 1) << "round " << round;
        EXPECT_EQ(std::count(codes.begin(), codes.end(), 1), 3) << "round " << round;
        if (HasFailure()) break;
    }
    Store store = Store::open(path_);
    EXPECT_EQ(store.count_games(store.get_or_create_tournament("race", "{}")), 1);
}

TEST_F(AccessTest, ASecondWriterClaimNamesTheProcessHoldingTheFirst) {
    int claimed[2];
    ASSERT_EQ(::pipe(claimed), 0);
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(claimed[0]);
        WriterClaim claim(path_);
        ssize_t ignored = ::write(claimed[1], "C", 1);
        (void)ignored;
        while (true) ::pause();
    }
    ::close(claimed[1]);
    char ready = 0;
    ASSERT_EQ(::read(claimed[0], &ready, 1), 1);
    ::close(claimed[0]);

    std::string message;
    try {
        WriterClaim second(path_);
    } catch (const StoreError& error) {
        message = error.what();
    }
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    EXPECT_EQ(message, path_ + ": is in use by another process (pid " + std::to_string(child) +
                           ", store_test); wait for it to finish, or give another --db");
    // The claim ends with the process that held it, however it ended.
    EXPECT_NO_THROW(WriterClaim after_the_kill(path_));
    { WriterClaim claim(path_); }
    EXPECT_NO_THROW(Store::open(path_));
}

TEST_F(AccessTest, AWriterHeldUpByAnotherProcessNamesIt) {
    Store store = Store::open(path_);
    const TournamentId t = store.get_or_create_tournament("t", "{}");
    const EngineId a = store.get_or_create_engine(sample_engine("alpha", "a"));
    const EngineId b = store.get_or_create_engine(sample_engine("beta", "b"));
    store.set_busy_timeout(std::chrono::milliseconds(200));

    // The child takes the write lock, says so, and keeps it until it is killed.
    int locked[2];
    ASSERT_EQ(::pipe(locked), 0);
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(locked[0]);
        sqlite3* db = nullptr;
        sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
        if (sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) {
            ::_exit(3);
        }
        ssize_t ignored = ::write(locked[1], "L", 1);
        (void)ignored;
        while (true) ::pause();
    }
    ::close(locked[1]);
    char ready = 0;
    ASSERT_EQ(::read(locked[0], &ready, 1), 1);
    ::close(locked[0]);

    std::string message;
    try {
        store.record_game(sample_game(t, 0, a, b, std::nullopt, 6));
    } catch (const StoreError& error) {
        message = error.what();
    }
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    EXPECT_EQ(message.rfind(path_ + ": is in use by another process (pid " + std::to_string(child) +
                                ", store_test)",
                            0),
              0u)
        << message;
    // Once the other process is gone, writing works again.
    EXPECT_NO_THROW(store.record_game(sample_game(t, 0, a, b, std::nullopt, 6)));
}

}  // namespace
}  // namespace arbiter
