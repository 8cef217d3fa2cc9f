// Issue 38: a stop finishes its work. The first SIGINT, SIGTERM or SIGHUP sets the run's stop
// flag and ends the engines' reads after ENGINE_STOP_BOUND, and the process goes on to close the
// run; a second signal ends it at once. Cases that raise signals run in a child process (a death
// test): the handlers and the exit are the process's own.
#include "harness/tournament/interrupt.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "harness/process/engine_process.h"
#include "harness/text/output_file.h"

namespace arbiter {
namespace {

using namespace std::chrono_literals;

class InterruptWatchDeathTest : public ::testing::Test {
  protected:
    void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

// Each watched signal, caught first, stops the run and the reads, and the process goes on.
TEST_F(InterruptWatchDeathTest, TheFirstSignalStopsTheRunAndTheProcessGoesOn) {
    for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
        EXPECT_EXIT(
            {
                InterruptWatch watch;
                if (watch.stop() || watch.signal() != 0 || engine_reads_stopped()) std::_Exit(3);
                std::raise(signal);
                if (!watch.stop()) std::_Exit(4);
                if (!engine_reads_stopped()) std::_Exit(5);
                const auto far = EngineProcess::Clock::now() + 1h;
                if (engine_read_deadline(far) > EngineProcess::Clock::now() + ENGINE_STOP_BOUND)
                    std::_Exit(6);
                std::fprintf(stderr, "closing after signal %d\n", watch.signal());
                std::_Exit(0);
            },
            ::testing::ExitedWithCode(0), "closing after signal " + std::to_string(signal));
    }
}

// A second signal during the closing steps ends the process at once, with 128 + its number.
TEST_F(InterruptWatchDeathTest, ASecondSignalEndsTheProcessAtOnce) {
    EXPECT_EXIT(
        {
            InterruptWatch watch;
            std::raise(SIGTERM);
            std::fprintf(stderr, "closing\n");
            std::raise(SIGINT);
            std::this_thread::sleep_for(60s);  // the handler ends the process before
            std::_Exit(0);
        },
        ::testing::ExitedWithCode(128 + SIGINT), "closing\n\narbiter: stopped again: exiting now");
}

// A second signal while a game is being appended to the live files waits until it is whole.
TEST_F(InterruptWatchDeathTest, ASecondSignalWaitsForTheGameBeingWritten) {
    EXPECT_EXIT(
        {
            InterruptWatch watch;
            std::raise(SIGTERM);
            {
                WholeWrite whole;
                std::raise(SIGINT);
                std::fprintf(stderr, "the game is whole\n");
            }
            std::this_thread::sleep_for(60s);  // the signal raised again ends the process before
            std::_Exit(0);
        },
        ::testing::ExitedWithCode(128 + SIGINT),
        "the game is whole\n\narbiter: stopped again: exiting now");
}

// The handler gives back the errno it found: the code it interrupted may be about to read it.
TEST_F(InterruptWatchDeathTest, TheHandlerKeepsErrno) {
    EXPECT_EXIT(
        {
            InterruptWatch watch;
            errno = EDOM;
            std::raise(SIGTERM);
            if (errno != EDOM) std::_Exit(3);
            {
                WholeWrite whole;
                errno = ERANGE;
                std::raise(SIGINT);  // held back until the write is whole
                if (errno != ERANGE) std::_Exit(4);
            }
            std::_Exit(0);
        },
        ::testing::ExitedWithCode(128 + SIGINT), "stopped again");
}

// A new watch lets the reads wait again; the end of a watch gives back the handlers it found.
TEST_F(InterruptWatchDeathTest, ANewWatchStartsFreshAndTheOldHandlersComeBack) {
    EXPECT_EXIT(
        {
            {
                InterruptWatch first;
                std::raise(SIGHUP);
            }
            InterruptWatch second;
            if (second.stop() || second.signal() != 0 || engine_reads_stopped()) std::_Exit(3);
            std::_Exit(0);
        },
        ::testing::ExitedWithCode(0), "");
    EXPECT_EXIT(
        {
            { InterruptWatch watch; }
            std::raise(SIGTERM);  // the default action again
            std::_Exit(0);
        },
        ::testing::KilledBySignal(SIGTERM), "");
}

// An engine read waiting for a line that never comes ends soon after the stop, not at its own
// deadline an hour later; without a stop it waits.
TEST(EngineReadStop, AWaitingReadEndsWithinTheBound) {
    prepare_engine_read_stop();
    resume_engine_reads();
    EngineProcess silent;
    silent.start("/bin/cat");  // answers nothing until it is written to
    std::string line;
    auto started = EngineProcess::Clock::now();
    EXPECT_EQ(silent.read_line(line, started + 200ms), EngineProcess::ReadStatus::timeout);
    EXPECT_GE(EngineProcess::Clock::now() - started, 200ms);
    std::thread stopper([] {
        std::this_thread::sleep_for(100ms);
        stop_engine_reads();
    });
    started = EngineProcess::Clock::now();
    EXPECT_EQ(silent.read_line(line, started + 1h), EngineProcess::ReadStatus::timeout);
    stopper.join();
    EXPECT_LT(EngineProcess::Clock::now() - started, 30min);
    EXPECT_GE(EngineProcess::Clock::now() - started, ENGINE_STOP_BOUND);
    resume_engine_reads();
}

}  // namespace
}  // namespace arbiter
