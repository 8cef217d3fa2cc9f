#include "harness/tournament/interrupt.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "harness/process/engine_process.h"
#include "harness/text/output_file.h"

namespace arbiter {

namespace {

constexpr int WATCHED[3] = {SIGINT, SIGTERM, SIGHUP};

std::atomic<bool> interrupted{false};
std::atomic<int> caught_signal{0};

// What a second signal says before the process ends, on standard error.
constexpr const char SECOND_SIGNAL[] =
    "\narbiter: stopped again: exiting now; recorded games are saved\n";

extern "C" void on_stop_signal(int signal) {
    // The interrupted code may read errno right after a call this handler's own calls (write,
    // kill, pthread_kill) would overwrite.
    const int saved_errno = errno;
    int none = 0;
    if (caught_signal.compare_exchange_strong(none, signal)) {
        interrupted = true;
        stop_engine_reads();
        errno = saved_errno;
        return;
    }
    // The second signal: the closing steps are abandoned where they stand, once the game being
    // appended to the live files is whole (WholeWrite raises the signal again then).
    if (defer_exit_while_writing(signal)) {
        errno = saved_errno;
        return;
    }
    [[maybe_unused]] ssize_t written =
        ::write(STDERR_FILENO, SECOND_SIGNAL, sizeof SECOND_SIGNAL - 1);
    kill_all_engine_processes();
    ::_exit(128 + signal);
}

}  // namespace

InterruptWatch::InterruptWatch() {
    prepare_engine_read_stop();
    resume_engine_reads();
    interrupted = false;
    caught_signal = 0;
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < 3; ++i) ::sigaction(WATCHED[i], &action, &previous_[i]);
}

InterruptWatch::~InterruptWatch() {
    for (int i = 0; i < 3; ++i) ::sigaction(WATCHED[i], &previous_[i], nullptr);
    resume_engine_reads();  // engines of a later run in this process wait as usual
}

const std::atomic<bool>& InterruptWatch::stop() const {
    return interrupted;
}

int InterruptWatch::signal() const {
    return caught_signal;
}

}  // namespace arbiter
