// Issue 21, item 5: `arbiter tournament` and the dialect stop on SIGINT the same way, through
// InterruptWatch. Each case runs in a child process (a death test): the handlers and the exit
// are the process's own.
#include "harness/tournament/interrupt.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace arbiter {
namespace {

using namespace std::chrono_literals;

class InterruptWatchDeathTest : public ::testing::Test {
  protected:
    void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

// A game being recorded when the grace ends is recorded and shown before the last words, and
// the process ends with 128 + SIGINT. (`arbiter tournament` used to _exit() at the signal,
// between the store and the display.)
TEST_F(InterruptWatchDeathTest, TheLastWordsWaitForTheGameBeingRecorded) {
    EXPECT_EXIT(
        {
            RecordingGate gate;
            std::atomic<bool> recording{false};
            std::thread game([&] {
                std::lock_guard lock(gate.mutex());
                recording = true;
                std::this_thread::sleep_for(300ms);
                std::fprintf(stderr, "game 1 shown\n");
            });
            while (!recording) std::this_thread::sleep_for(1ms);
            InterruptWatch watch(
                gate, [](int) { std::fprintf(stderr, "summary\n"); }, 0ms);
            std::raise(SIGINT);
            game.join();
            std::this_thread::sleep_for(60s);  // the watch ends the process before
            std::exit(0);
        },
        ::testing::ExitedWithCode(128 + SIGINT), "game 1 shown\nsummary\n");
}

// A run that ends within the grace returns as usual: no last words from the watch, the stop
// flag set, the signal named.
TEST_F(InterruptWatchDeathTest, ARunThatEndsWithinTheGraceReturns) {
    EXPECT_EXIT(
        {
            RecordingGate gate;
            InterruptWatch watch(
                gate,
                [](int) {
                    std::fprintf(stderr, "closed by the watch\n");
                    std::_Exit(3);
                },
                10min);
            std::raise(SIGTERM);
            if (!watch.stop()) std::_Exit(4);
            watch.finished();
            std::fprintf(stderr, "returned after signal %d\n", watch.signal());
            std::_Exit(gate.closed() ? 5 : 0);
        },
        ::testing::ExitedWithCode(0), "returned after signal 15");
}

}  // namespace
}  // namespace arbiter
