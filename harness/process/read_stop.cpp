// The stop of every engine read (engine_process.h, stop_engine_reads()): a time and a pipe that a
// signal handler may set and write, and that every waiting read polls.
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <mutex>

#include "harness/process/engine_process.h"

namespace arbiter {

namespace {

// The steady clock's reading at the stop, in nanoseconds; 0 while reads are not stopped.
std::atomic<std::int64_t> stopped_at_ns{0};
// Written once at the stop; readable from then on until resume_engine_reads() drains it.
std::atomic<int> wake_read{-1}, wake_write{-1};

std::int64_t steady_now_ns() noexcept {
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);  // the steady clock's source, async-signal-safe
    return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

}  // namespace

void prepare_engine_read_stop() {
    static std::once_flag once;
    std::call_once(once, [] {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return;  // reads then end by deadline
        wake_read = fds[0];
        wake_write = fds[1];
    });
}

void stop_engine_reads() noexcept {
    std::int64_t none = 0;
    std::int64_t now = steady_now_ns();
    if (now == 0) now = 1;
    if (!stopped_at_ns.compare_exchange_strong(none, now)) return;
    if (int fd = wake_write; fd >= 0) {
        [[maybe_unused]] ssize_t written = ::write(fd, "s", 1);
    }
}

void resume_engine_reads() noexcept {
    stopped_at_ns = 0;
    char drained[64];
    if (int fd = wake_read; fd >= 0)
        while (::read(fd, drained, sizeof drained) > 0) {}
}

bool engine_reads_stopped() noexcept {
    return stopped_at_ns != 0;
}

EngineProcess::Clock::time_point engine_read_deadline(EngineProcess::Clock::time_point deadline) {
    const std::int64_t at = stopped_at_ns;
    if (at == 0) return deadline;
    using Clock = EngineProcess::Clock;
    const Clock::time_point end = Clock::time_point(std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::nanoseconds(at))) +
                                  ENGINE_STOP_BOUND;
    return std::min(deadline, end);
}

int engine_read_stop_descriptor() noexcept {
    return stopped_at_ns != 0 ? -1 : wake_read.load();
}

}  // namespace arbiter
