// How a run that records games stops on SIGINT, SIGTERM or SIGHUP: the same for `arbiter
// tournament` and the cutechess-cli/fastchess dialect (harness/session/match_session.h).
#pragma once

#include <atomic>
#include <csignal>

namespace arbiter {

// Watches for SIGINT, SIGTERM and SIGHUP while a run plays and closes, so that a stop finishes
// the run's work instead of ending the process. The first signal sets stop() (the flag
// run_tournament() takes: no game starts) and stops the engines' reads (stop_engine_reads(),
// harness/process/engine_process.h): a game in progress may still end within ENGINE_STOP_BOUND
// and is recorded, else it ends unrecorded (its engines sent `stop` and `quit`, killed after the
// bound). run_tournament() then returns and the run closes as a finished one does (every game
// committed, the database checkpointed, the saved config, the page, the closing lines); its exit
// status is 128 + signal(). A second signal ends the process at once with 128 + its number,
// engines killed: nothing is half-written, as SQLite commits a game whole, a game being appended
// to the live PGN or EPD is finished first (WholeWrite, harness/text/output_file.h), and the page
// and the saved config replace their files by renaming. One watch at a time per process.
class InterruptWatch {
  public:
    // Installs the handlers (keeping the previous ones) and lets the engines' reads wait again.
    InterruptWatch();
    // Restores the previous handlers and lets the engines' reads wait again.
    ~InterruptWatch();
    InterruptWatch(const InterruptWatch&) = delete;
    InterruptWatch& operator=(const InterruptWatch&) = delete;

    // Set by the first signal: the run starts no more games.
    const std::atomic<bool>& stop() const;
    // The first signal caught, or 0.
    int signal() const;

  private:
    struct sigaction previous_[3]{};
};

}  // namespace arbiter
