// A child engine process: spawn, write a line, read a line before a deadline, kill, reap.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "harness/process/guardian.h"

namespace arbiter {

// Thrown when an engine program cannot be started; the message names the program and the reason.
class ProcessError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// How an engine process ended, as the operating system reported it: a value for the rooms that
// act on it (an engine stopped by a signal from outside is not its loss) and text for people.
struct ExitStatus {
    enum class Kind {
        running,   // not reaped yet (or never started)
        exited,    // exited by itself with `code`
        signaled,  // killed by signal number `code`
        unknown,   // `detail` says what is known (reaped elsewhere, an odd wait status)
    };
    Kind kind = Kind::running;
    int code = 0;
    std::string detail;

    // True if the process was killed by `signal`.
    bool killed_by(int signal) const { return kind == Kind::signaled && code == signal; }
    // "exited with code 3", "killed by signal 6 (Aborted)"; empty while it runs.
    std::string text() const;
    // The status of a reaped child from its wait status (waitpid's `status`).
    static ExitStatus from_wait_status(int status);
};

// How the line begins that EngineProcess::start() appends to an engine's stderr log before each
// start ("[arbiter 2026-12-06 01:02:03] starting PROGRAM ARGS"): a reader of the engine's own
// stderr lines skips the lines that begin so.
inline constexpr std::string_view ENGINE_LOG_HEADER = "[arbiter ";

// "[arbiter 2026-12-06 01:02:03]": ENGINE_LOG_HEADER and the local time, closed; the start of every
// line arbiter writes into an engine's stderr log (each start, and the tournament's game marks).
std::string engine_log_stamp();

// Appends "STAMP starting PROGRAM ARGS" to the log open as `fd`: what start() writes first.
void append_engine_log_header(int fd, const std::string& program,
                              const std::vector<std::string>& args);

// Hears every line an EngineProcess writes to its engine and every line it reads from it (the
// engine log). Called on the thread that uses the process, so an observer shared by processes of
// several threads must be thread-safe. It must not throw: the engine's I/O goes on regardless.
class EngineIoObserver {
  public:
    enum class Direction { to_engine, from_engine };

    virtual ~EngineIoObserver() = default;
    // One line (without its '\n') to or from the engine that EngineProcess::observe() named.
    virtual void engine_line(const std::string& engine, Direction direction,
                             std::string_view line) noexcept = 0;
};

// EngineProcess owns one running engine program connected through pipes to its stdin and stdout;
// its stderr is appended to a log file. It guarantees that the engine never outlives arbiter:
//  - the destructor and kill() send SIGKILL to the engine's process group and reap it (no zombie);
//  - the child asks the kernel for SIGKILL when its parent dies (PR_SET_PDEATHSIG), so even a
//    SIGKILLed arbiter leaves no orphan. Linux sends that signal when the *thread* that started
//    the engine exits, so start an engine on a thread that outlives it;
//  - every live engine is listed in a process-wide registry that kill_all_engine_processes()
//    empties from a signal handler;
//  - its helpers (its process group, and whatever carries its environment marker) are ended by
//    the guardian when arbiter ends or dies (guardian.h).
// Each engine runs in its own process group, so a terminal's Ctrl-C reaches only arbiter, which
// decides how the engines end. Writing to a dead engine never raises SIGPIPE (arbiter ignores it);
// it returns false instead. Reads poll() the pipe and split lines in a private buffer, so a line
// costs no system call once its bytes have arrived. One thread uses an EngineProcess at a time.
class EngineProcess {
  public:
    using Clock = std::chrono::steady_clock;

    enum class ReadStatus {
        line,     // a complete line was read (without its '\n' or "\r\n")
        timeout,  // the deadline passed before a complete line arrived
        eof,      // the engine closed its stdout: it exited or crashed
    };

    // Lines longer than this are returned in pieces of this size.
    static constexpr std::size_t MAX_LINE_LENGTH = 1 << 20;

    EngineProcess();
    ~EngineProcess();
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Starts `program` with `args`. A program name without '/' is looked up in PATH; a relative
    // path is resolved against arbiter's current directory (not `working_directory`). The engine
    // runs in `working_directory` (arbiter's own if empty) and its stderr is appended to
    // `stderr_log_path` (inherited from arbiter if empty). A previous engine of this object is
    // killed first. Throws ProcessError naming the program if it is missing, not executable, or
    // cannot be executed, if the directory does not exist, or if the log cannot be opened.
    void start(const std::string& program, const std::vector<std::string>& args = {},
               const std::string& working_directory = {}, const std::string& stderr_log_path = {});

    // Writes `line` and a '\n' in one system call when possible. Returns false if the engine
    // is not running or no longer reads its input (it exited or closed stdin). Blocks only if a
    // live engine leaves a full pipe (64 KiB) unread, which a UCI exchange never comes near.
    bool write_line(std::string_view line);

    // Keeps `line` to go out with the next write_line(), in the same system call, so that the
    // engine wakes once for both (UCI's position, always followed by go). Returns false if the
    // engine is not running.
    bool hold_line(std::string_view line);

    // Reads the next line into `line`, waiting until `deadline` at most. Lines already buffered
    // are returned even when the deadline has passed. A last line without '\n' is returned before
    // eof is reported. Eof comes when the engine closes its stdout or when the engine process
    // exits, whichever is first: a helper it left behind holding the pipe open does not make a
    // dead engine look like a stalled one. What the engine wrote before it exited is read first.
    ReadStatus read_line(std::string& line, Clock::time_point deadline);

    // Reports every line written or read from now on to `observer` under the name `engine`;
    // nullptr stops it. Without an observer the I/O pays one pointer test per line.
    void observe(EngineIoObserver* observer, std::string engine);

    // Returns true while the engine has not exited. When it has exited, reaps it (exit_status()
    // becomes available) and returns false.
    bool alive();

    // Waits at most `timeout` for the engine to exit by itself, discarding its further output,
    // and reaps it. Returns true if it exited (or had already been reaped).
    bool wait_for_exit(std::chrono::milliseconds timeout);

    // Sends SIGKILL to the engine's process group and reaps the engine. Does nothing if there is
    // no running engine.
    void kill();

    // True between a successful start() and the reaping of the engine.
    bool started() const { return pid_ > 0; }
    // Operating-system process id of the running engine, or -1.
    pid_t pid() const { return pid_; }
    // The absolute path of the program last started.
    const std::string& program() const { return program_; }
    // How the last engine ended once it has been reaped; `running` while it runs or before any
    // start.
    const ExitStatus& exit_status() const { return exit_status_; }

  private:
    struct Child;
    void reap();
    void close_pipes();
    bool fill_buffer(Clock::time_point deadline, bool honour_stop = true);
    bool engine_exited();
    ReadStatus next_line(std::string& line, Clock::time_point deadline);

    std::unique_ptr<Child> child_;
    pid_t pid_ = -1;
    int registry_slot_ = -1;
    int stdin_fd_ = -1;
    int stdout_fd_ = -1;
    int exit_fd_ = -1;  // a pidfd, readable once the engine has exited (-1: polled instead)
    bool stdout_eof_ = false;
    std::string program_;
    ExitStatus exit_status_;
    std::vector<char> buffer_;
    std::size_t begin_ = 0;     // first unread byte in buffer_
    std::size_t end_ = 0;       // one past the last byte read into buffer_
    std::string write_buffer_;  // the lines held by hold_line(), then the line being written
    EngineIoObserver* observer_ = nullptr;
    std::string observed_name_;  // the engine's name in the observer's lines
};

// `start` plus `wait` on the steady clock, or the latest time point the clock can hold when the
// sum would overflow (a wait of 10^13 ms is, for a deadline, forever). A negative wait is none.
EngineProcess::Clock::time_point deadline_after(EngineProcess::Clock::time_point start,
                                                std::chrono::milliseconds wait);

// The absolute path of `program` as execvp() would find it (PATH lookup for a name without '/'),
// but resolved against arbiter's own working directory. Throws ProcessError naming the program
// when it is missing, a directory or not executable.
std::string resolve_program(const std::string& program);

// Sends SIGKILL to every engine started by this program that has not been reaped yet (and to
// its process group). Async-signal-safe: meant for SIGINT/SIGTERM handlers and fatal-error paths.
// The EngineProcess objects still reap their engines when they are destroyed.
void kill_all_engine_processes() noexcept;

// Number of engines started by this program and not reaped yet.
std::size_t live_engine_process_count() noexcept;

// How long the engines' reads go on after stop_engine_reads(): the games in progress may end in
// it (and are recorded); then every read ends at once, so each game ends within a move.
inline constexpr std::chrono::milliseconds ENGINE_STOP_BOUND{500};

// A stopping run (SIGINT, SIGTERM, SIGHUP: harness/tournament/interrupt.h): every read_line() of
// every engine, waiting now or later, returns `timeout` at the latest ENGINE_STOP_BOUND after
// this call, so the referee ends each game in progress (a searching engine is sent `stop` and
// killed) and the engines are sent `quit`. Async-signal-safe; prepare_engine_read_stop() must
// have run first (else reads notice the stop within their own deadline only). Idempotent.
void stop_engine_reads() noexcept;
// Makes the descriptor stop_engine_reads() wakes waiting reads through. Call outside a handler.
void prepare_engine_read_stop();
// Ends the stop: reads wait for their own deadlines again (a new run in the same process).
void resume_engine_reads() noexcept;
// True once stop_engine_reads() ran (and resume_engine_reads() did not since).
bool engine_reads_stopped() noexcept;
// `deadline`, or the stop's end when that comes first.
EngineProcess::Clock::time_point engine_read_deadline(EngineProcess::Clock::time_point deadline);
// The descriptor a waiting read polls to hear of the stop: readable once it comes; -1 when the
// stop has already come (or nothing was prepared).
int engine_read_stop_descriptor() noexcept;

}  // namespace arbiter
