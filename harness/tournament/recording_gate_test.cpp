// Issue 20, item 14: after SIGINT, cutechess-cli's dialect printed its summary while a game was
// being recorded, so the database held a game the output never showed. The recording gate makes
// the end of a run wait for the game being recorded and records none after it.
#include <atomic>
#include <thread>

#include "harness/tournament/tournament_test_fixture.h"

namespace arbiter::tournament_testing {
namespace {

// An observer that takes its time over each game, as a console on a slow terminal does.
struct SlowConsole : TournamentObserver {
    void game_finished(const GameRecord&, GameId, const std::string&, const std::string&) override {
        entered = true;
        std::this_thread::sleep_for(milliseconds(300));
        ++printed;
    }
    std::atomic<bool> entered{false};
    std::atomic<int> printed{0};
};

TEST_F(TournamentTest, ClosingTheGateWaitsForTheGameBeingRecordedAndRecordsNoMore) {
    config.rounds = 10;  // 60 games: far more than are played before the gate closes
    Store store = Store::open(config.db_path);
    RecordingGate gate;
    SlowConsole console;
    int printed_before_last = -1;
    std::thread closer([&] {
        for (int waited = 0; !console.entered && waited < 60000; ++waited)
            std::this_thread::sleep_for(milliseconds(1));
        gate.close([&] { printed_before_last = console.printed; });
    });
    TournamentSummary summary = run_tournament(config, store, console, nullptr, &gate);
    closer.join();
    // The game being printed when close() began was printed before its last step, and no game
    // was recorded or printed after it.
    EXPECT_GE(printed_before_last, 1);
    EXPECT_EQ(console.printed, printed_before_last);
    EXPECT_EQ(summary.played_now, printed_before_last);
    EXPECT_EQ(store.count_games(summary.tournament_id), printed_before_last);
    EXPECT_TRUE(summary.stopped_early);
}

}  // namespace
}  // namespace arbiter::tournament_testing
