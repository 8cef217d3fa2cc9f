// Crash safety: a child process records games as fast as it can and is killed with SIGKILL at
// an arbitrary moment, three times over. After each kill the database must open cleanly, pass
// SQLite's integrity check and hold only whole games, exactly as they were recorded; the next
// child resumes from the finished slots like `arbiter tournament --resume`.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "harness/store/sqlite.h"
#include "harness/store/store.h"
#include "harness/store/test_records.h"

namespace arbiter {
namespace {

using store_test::sample_engine;
using store_test::sample_game;

// Plies of the game in `slot`: varied so that games span different numbers of pages.
int plies_of(std::int64_t slot) {
    return 20 + static_cast<int>((slot * 37) % 160);
}

// The child: resume the tournament and record every missing slot until killed.
[[noreturn]] void record_until_killed(const std::string& path) {
    try {
        Store store = Store::open(path);
        const TournamentId tournament = store.get_or_create_tournament("crash", "{}");
        const EngineId white = store.get_or_create_engine(sample_engine("white", "w"));
        const EngineId black = store.get_or_create_engine(sample_engine("black", "b"));
        const std::vector<EngineId> engines = {white, black};
        const std::set<std::int64_t> finished = store.finished_slots(tournament, engines);
        for (std::int64_t slot = 0;; ++slot) {
            if (finished.contains(slot)) continue;
            store.record_game(
                sample_game(tournament, slot, white, black, std::nullopt, plies_of(slot)));
        }
    } catch (...) {
        ::_exit(3);
    }
}

TEST(StoreCrash, SigkillMidRunLeavesOnlyWholeGames) {
    const std::string path = store_test::temp_database_path("crash");
    TournamentId tournament = 0;
    EngineId white = 0, black = 0;
    {
        Store store = Store::open(path);
        tournament = store.get_or_create_tournament("crash", "{}");
        white = store.get_or_create_engine(sample_engine("white", "w"));
        black = store.get_or_create_engine(sample_engine("black", "b"));
    }
    const std::vector<EngineId> engines = {white, black};

    std::int64_t recorded = 0;
    for (int kill = 1; kill <= 3; ++kill) {
        const pid_t child = ::fork();
        ASSERT_GE(child, 0);
        if (child == 0) record_until_killed(path);

        // Step 1. Let the child get some way past the games already there, then kill it.
        const std::int64_t target = recorded + 40 + 25 * kill;
        {
            Store watcher = Store::open(path);
            const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
            int early_status = 0;
            while (watcher.count_games(tournament) < target &&
                   std::chrono::steady_clock::now() < give_up) {
                ASSERT_EQ(::waitpid(child, &early_status, WNOHANG), 0)
                    << "the child stopped by itself with status " << early_status;
                std::this_thread::sleep_for(std::chrono::microseconds(500));
            }
        }
        ASSERT_EQ(::kill(child, SIGKILL), 0);
        int status = 0;
        ASSERT_EQ(::waitpid(child, &status, 0), child);
        ASSERT_TRUE(WIFSIGNALED(status)) << "child exited by itself with status " << status;
        ASSERT_EQ(WTERMSIG(status), SIGKILL);

        // Step 2. The file opens and every game in it is whole and exact.
        Store store = Store::open(path);
        EXPECT_EQ(store.integrity_check(), "ok");
        const std::vector<GameSummary> games = store.list_games(tournament);
        ASSERT_GE(static_cast<std::int64_t>(games.size()), target) << "kill " << kill;
        for (std::size_t i = 0; i < games.size(); ++i) {
            // The child records slots in order, so the finished slots are exactly 0..n-1.
            ASSERT_EQ(games[i].slot.number, static_cast<std::int64_t>(i));
            ASSERT_EQ(store.load_game(games[i].id),
                      sample_game(tournament, games[i].slot.number, white, black, std::nullopt,
                                  plies_of(games[i].slot.number)))
                << "slot " << games[i].slot.number;
        }
        EXPECT_EQ(store.finished_slots(tournament, engines).size(), games.size());
        {
            // No move rows without their game, no game without all its moves.
            sql::Connection raw(path, SQLITE_OPEN_READWRITE);
            EXPECT_EQ(raw.query_integer("SELECT count(*) FROM moves", "test"),
                      raw.query_integer("SELECT sum(ply_count) FROM games", "test"));
        }
        recorded = static_cast<std::int64_t>(games.size());
    }
    store_test::remove_database(path);
}

}  // namespace
}  // namespace arbiter
