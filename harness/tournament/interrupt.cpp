#include "harness/tournament/interrupt.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <iostream>

#include "harness/process/engine_process.h"

namespace arbiter {

namespace {

std::atomic<bool> interrupted{false};
std::atomic<int> caught_signal{0};

extern "C" void on_interrupt(int signal) {
    int none = 0;
    caught_signal.compare_exchange_strong(none, signal);
    interrupted = true;
}

// Sleeps in short steps until `until` is true or `deadline` passes; true if `until` became true.
template <typename Until>
bool wait_for(Until until, std::chrono::steady_clock::time_point deadline) {
    while (!until()) {
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
}

}  // namespace

InterruptWatch::InterruptWatch(RecordingGate& gate, std::function<void(int)> last,
                               std::chrono::milliseconds grace)
    : last_(std::move(last)) {
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    watcher_ = std::thread([this, &gate, grace] { watch(gate, grace); });
}

InterruptWatch::~InterruptWatch() {
    finished();
}

void InterruptWatch::finished() {
    done_ = true;
    if (watcher_.joinable()) watcher_.join();
}

const std::atomic<bool>& InterruptWatch::stop() const {
    return interrupted;
}

int InterruptWatch::signal() const {
    return caught_signal;
}

void InterruptWatch::watch(RecordingGate& gate, std::chrono::milliseconds grace) {
    const auto forever = std::chrono::steady_clock::time_point::max();
    if (!wait_for([&] { return done_ || interrupted; }, forever) || done_) return;
    if (wait_for([&] { return bool(done_); }, std::chrono::steady_clock::now() + grace)) return;
    gate.close([&] {
        const int signal = caught_signal;
        last_(signal);
        std::cout.flush();
        std::cerr.flush();
        std::fflush(stdout);
        std::fflush(stderr);
        kill_all_engine_processes();
        ::_exit(128 + signal);
    });
}

}  // namespace arbiter
