// The worker pool shared by tournaments and `arbiter nodes`, and the one way an engine is started.
//
// Each worker thread owns its engine processes: an engine is started when a job of that worker
// first needs it, kept across jobs, and started again after it exited or was discarded. Jobs are
// handed out in index order; the pool stops handing them out when a job throws (the first
// exception is rethrown once every worker has ended its engines) or when asked to stop.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "harness/config/engine_config.h"
#include "harness/game/engine_session.h"
#include "harness/uci/client.h"

namespace arbiter {

// Starts `config`'s program, completes the handshake of its protocol, sends its options in order
// and waits until it is ready; `handshake_timeout` bounds the handshake and the ready wait.
// Writes the engine's stderr to `stderr_log` when it is not empty. Throws UciError whose message
// begins "engine NAME: " for anything that fails.
// With `chess960` the engine is then prepared for Chess960 (refused by name if it cannot play it).
void start_engine(EngineSession& engine, const EngineConfig& config, const std::string& stderr_log,
                  std::chrono::milliseconds handshake_timeout, bool chess960 = false);

// The stderr log file name of each engine ("NAME.stderr.log"), safe to put in a directory: every
// character other than ASCII letters, digits, '-', '_' and '.' becomes '_', a leading '.' becomes
// '_' (so "../x" cannot leave the directory and nothing is hidden), and a name that another
// engine's already took gets "-2", "-3", ... before the extension.
std::vector<std::string> log_file_names(const std::vector<EngineConfig>& engines);

// How the pool's workers start their engines.
struct EngineStart {
    std::vector<EngineConfig> engines;  // indexed by the jobs
    std::filesystem::path log_dir;      // stderr logs go here, named by log_file_names(); none
                                        // when empty (stderr is inherited). An engine's own
                                        // stderr_path (stderr=FILE) comes first.
    std::chrono::milliseconds handshake_timeout = UciClient::DEFAULT_HANDSHAKE_TIMEOUT;
    // Hears every line to and from every engine (the engine log), when set; each engine is named
    // "NAME(W)", W the number of its worker (run_worker_pool's are 1, 2, ...).
    EngineIoObserver* io_observer = nullptr;
    bool chess960 = false;  // the games are Chess960: every engine must be able to play it
};

// The engines of one worker thread, by index into EngineStart::engines. The destructor asks each
// running engine to quit (half a second's grace, then a kill).
class WorkerEngines {
  public:
    // `worker` numbers this worker in the engine log (0 for engines started outside the pool).
    explicit WorkerEngines(const EngineStart& start, int worker = 0);
    WorkerEngines(const WorkerEngines&) = delete;
    WorkerEngines& operator=(const WorkerEngines&) = delete;
    ~WorkerEngines();

    // The engine `index`, started now if it has not been yet or is no longer alive. Throws as
    // start_engine() does; the engine then stays unstarted (see client()).
    EngineSession& ensure(int index);
    // As ensure(), for callers that need UCI itself; throws UciError for an XBoard engine.
    UciClient& ensure_uci(int index);
    // The engine `index` as it is, started or not.
    EngineSession& client(int index);
    // Drops the engine `index` (a crashed or stalled one) so the next ensure() starts it anew.
    void discard(int index);
    // Ends the engine `index` in an orderly way (quit, half a second's grace, then a kill), so
    // the next ensure() starts a fresh process (restart=on). Does nothing if it is not running.
    void retire(int index);

    // The file the engine `index` writes its stderr to, or empty when it inherits arbiter's.
    const std::string& log_path(int index) const { return log_paths_.at(std::size_t(index)); }

    // The name the engine `index` has in the engine log: "NAME(W)", W this worker's number.
    std::string io_name(int index) const;
    // How many jobs this worker has finished (the pool counts them).
    std::size_t jobs_done = 0;

  private:
    const EngineStart& start_;
    int worker_;
    std::vector<std::string> log_paths_;
    std::vector<std::unique_ptr<EngineSession>> engines_;
};

// Runs job(0), job(1), ... job(job_count - 1), each once, on min(threads, job_count) worker
// threads, until all jobs have been handed out, a job throws, or `stopping` (may be empty)
// returns true. Returns how many jobs were handed out; rethrows the first exception of a job
// after all workers have finished.
using PoolJob = std::function<void(std::size_t job, WorkerEngines& engines)>;
std::size_t run_worker_pool(const EngineStart& start, int threads, std::size_t job_count,
                            const PoolJob& job, const std::function<bool()>& stopping = {});

}  // namespace arbiter
