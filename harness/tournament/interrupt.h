// How a run that records games stops on SIGINT or SIGTERM: the same for `arbiter tournament` and
// the cutechess-cli/fastchess dialect.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

#include "harness/tournament/tournament.h"

namespace arbiter {

// After SIGINT, how long the games in progress may take to finish before the run ends without
// them (fishtest kills the process soon after its SIGINT).
inline constexpr auto INTERRUPT_GRACE = std::chrono::milliseconds(800);

// Watches for SIGINT and SIGTERM while a run records games, so that an interrupt never loses a
// recorded game and shows every recorded game before the last words. On a signal, stop() (the
// flag run_tournament() takes) is set, and the games in progress get `grace` to finish and be
// recorded. A run that ends within it returns as usual (signal() then names the signal). Else
// the RecordingGate is closed: once the game being recorded is recorded, shown and written, and
// before any other is, `last` runs (the command's summary and message), the engines are killed
// and the process exits with 128 + the signal's number. One watch at a time per process.
class InterruptWatch {
  public:
    // Installs the handlers and starts watching.
    InterruptWatch(RecordingGate& gate, std::function<void(int signal)> last,
                   std::chrono::milliseconds grace = INTERRUPT_GRACE);
    // Stops watching (as finished() does).
    ~InterruptWatch();
    InterruptWatch(const InterruptWatch&) = delete;
    InterruptWatch& operator=(const InterruptWatch&) = delete;

    // The run has returned: the watch ends without closing the gate.
    void finished();
    // Set by a signal: the run starts no more games.
    const std::atomic<bool>& stop() const;
    // The signal that interrupted the run, or 0.
    int signal() const;

  private:
    void watch(RecordingGate& gate, std::chrono::milliseconds grace);

    std::function<void(int)> last_;
    std::atomic<bool> done_{false};
    std::thread watcher_;
};

}  // namespace arbiter
