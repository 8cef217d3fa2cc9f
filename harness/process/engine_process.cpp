#include "harness/process/engine_process.h"
#include "harness/process/affinity.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/env.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <system_error>
#include <thread>

namespace arbiter {

namespace {

// The registry of live engines: a fixed array of pids, so that a signal handler can walk it
// without locks or allocation. A slot is cleared before its process is reaped, so every pid in
// it names a child of ours (alive or a zombie), never a recycled pid.
constexpr int REGISTRY_SIZE = 4096;
std::atomic<pid_t> registry[REGISTRY_SIZE];
std::atomic<std::size_t> registry_count{0};

int register_pid(pid_t pid) {
    for (int i = 0; i < REGISTRY_SIZE; ++i) {
        pid_t expected = 0;
        if (registry[i].compare_exchange_strong(expected, pid)) {
            registry_count.fetch_add(1);
            return i;
        }
    }
    return -1;  // full: the engine still dies with arbiter through PR_SET_PDEATHSIG
}

void unregister_slot(int slot) {
    if (slot < 0) return;
    registry[slot].store(0);
    registry_count.fetch_sub(1);
}

// Spawns are serialised: Boost.Process creates its exec-error pipe without O_CLOEXEC and sets
// the flag afterwards, so a concurrent fork could leak it into another engine.
std::mutex spawn_mutex;

std::string errno_text(int error) {
    return std::system_category().message(error);
}

// Moves fd above the standard descriptors (so that dup2() onto 0, 1, 2 in the child cannot
// clobber it) and keeps it close-on-exec.
int lift_descriptor(int fd) {
    if (fd > 2) return fd;
    int lifted = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    int error = errno;
    ::close(fd);
    if (lifted < 0) throw ProcessError("cannot create engine pipe: " + errno_text(error));
    return lifted;
}

void make_pipe(int& read_end, int& write_end) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        throw ProcessError("cannot create engine pipe: " + errno_text(errno));
    }
    read_end = lift_descriptor(fds[0]);
    write_end = lift_descriptor(fds[1]);
}

void close_descriptor(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

void ignore_sigpipe_once() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction current {};
        if (::sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) {
            ::signal(SIGPIPE, SIG_IGN);
        }
    });
}

// Runs in the child between fork() and exec(): only async-signal-safe calls from here on.
struct ChildSetup : boost::process::extend::handler {
    int stdin_source = -1;
    int stdout_sink = -1;
    int stderr_sink = -1;  // -1: inherit arbiter's stderr
    const char* directory = nullptr;
    pid_t parent = -1;
    pid_t* failed_child = nullptr;
    const cpu_set_t* cpus = nullptr;  // pin the engine to these CPUs (-use-affinity)

    template <class Executor>
    void on_exec_setup(Executor&) const {
        // Own process group: Ctrl-C reaches arbiter only, and kill(-pid) reaches helpers.
        ::setpgid(0, 0);
        // Die with arbiter, even if it is SIGKILLed; it may already have died before this call.
        if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || ::getppid() != parent) ::_exit(127);
        // Ignored signals and the blocked mask survive exec(): give the engine a clean slate.
        struct sigaction default_action {};
        default_action.sa_handler = SIG_DFL;
        for (int sig = 1; sig < NSIG; ++sig) {
            if (sig != SIGKILL && sig != SIGSTOP) ::sigaction(sig, &default_action, nullptr);
        }
        sigset_t none;
        ::sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        // No descriptor of arbiter's (other engines' pipes, the database) may leak into the
        // engine; marking them close-on-exec keeps Boost's exec-error pipe working until exec.
        if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
            for (int fd = 3; fd < 65536; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
        }
        if (::dup2(stdin_source, 0) < 0 || ::dup2(stdout_sink, 1) < 0) ::_exit(127);
        if (stderr_sink >= 0 && ::dup2(stderr_sink, 2) < 0) ::_exit(127);
        if (directory && ::chdir(directory) != 0) ::_exit(127);
        // Before exec, so that every thread the engine starts inherits the mask.
        if (cpus) ::sched_setaffinity(0, sizeof(cpu_set_t), cpus);
    }

    template <class Executor>
    void on_error(Executor& executor, const std::error_code&) const {
        if (failed_child) *failed_child = executor.pid;
    }
};

}  // namespace

EngineProcess::Clock::time_point deadline_after(EngineProcess::Clock::time_point start,
                                                std::chrono::milliseconds wait) {
    using Clock = EngineProcess::Clock;
    if (wait <= std::chrono::milliseconds::zero()) return start;
    auto room =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::time_point::max() - start);
    if (wait >= room) return Clock::time_point::max();
    return start + wait;
}

struct EngineProcess::Child {
    boost::process::child handle;
};

EngineProcess::EngineProcess() = default;

EngineProcess::~EngineProcess() {
    kill();
    close_pipes();
}

void EngineProcess::start(const std::string& program, const std::vector<std::string>& args,
                          const std::string& working_directory,
                          const std::string& stderr_log_path) {
    kill();
    close_pipes();
    exit_status_ = {};
    program_ = resolve_program(program);
    if (!working_directory.empty() && !std::filesystem::is_directory(working_directory)) {
        throw ProcessError("engine working directory does not exist: " + working_directory);
    }
    ignore_sigpipe_once();

    int log_fd = -1;
    if (!stderr_log_path.empty()) {
        log_fd = ::open(stderr_log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (log_fd < 0) {
            throw ProcessError("cannot open engine log file " + stderr_log_path + ": " +
                               errno_text(errno));
        }
        log_fd = lift_descriptor(log_fd);
        append_engine_log_header(log_fd, program_, args);
    }
    int child_stdin = -1, child_stdout = -1;
    try {
        make_pipe(child_stdin, stdin_fd_);
        make_pipe(stdout_fd_, child_stdout);
    } catch (...) {
        close_descriptor(log_fd);
        close_descriptor(child_stdin);
        close_descriptor(child_stdout);
        close_pipes();
        throw;
    }

    ChildSetup setup;
    setup.stdin_source = child_stdin;
    setup.stdout_sink = child_stdout;
    setup.stderr_sink = log_fd;
    setup.directory = working_directory.empty() ? nullptr : working_directory.c_str();
    setup.parent = ::getpid();
    pid_t failed_child = -1;
    setup.failed_child = &failed_child;
    setup.cpus = engine_cpus_of_this_thread();

    const std::string marker = new_engine_marker();  // inherited by all it starts
    const std::size_t equals = marker.find('=');
    std::error_code error;
    {
        std::lock_guard lock(spawn_mutex);
        boost::process::child handle(
            boost::process::exe = program_, boost::process::args = args,
            boost::process::env[marker.substr(0, equals)] = marker.substr(equals + 1), setup,
            error);
        if (!error) {
            pid_ = handle.id();
            registry_slot_ = register_pid(pid_);
            child_ = std::make_unique<Child>(Child{std::move(handle)});
        }
    }
    close_descriptor(child_stdin);
    close_descriptor(child_stdout);
    close_descriptor(log_fd);
    if (error) {
        if (failed_child > 0) {
            int status = 0;
            while (::waitpid(failed_child, &status, 0) < 0 && errno == EINTR) {}
        }
        close_pipes();
        pid_ = -1;
        throw ProcessError("cannot execute engine program " + program_ + ": " + error.message());
    }
    // A descriptor that becomes readable when the engine exits (Linux 5.3), so that reads end at
    // its death even while a grandchild holds its stdout open. Without one, reads poll.
    guard_engine_group(pid_);
    exit_fd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
    if (exit_fd_ >= 0) exit_fd_ = lift_descriptor(exit_fd_);
    buffer_.resize(1 << 16);
    begin_ = end_ = 0;
    stdout_eof_ = false;
}

bool EngineProcess::hold_line(std::string_view line) {
    if (stdin_fd_ < 0) return false;
    write_buffer_.append(line);
    write_buffer_.push_back('\n');
    return true;
}

bool EngineProcess::write_line(std::string_view line) {
    const bool running = hold_line(line);
    std::string_view left = write_buffer_;
    while (running && !left.empty()) {
        ssize_t n = ::write(stdin_fd_, left.data(), left.size());
        if (n < 0 && errno != EINTR) break;  // EPIPE: the engine no longer reads its input
        if (n > 0) left.remove_prefix(std::size_t(n));
    }
    const bool written = running && left.empty();
    // Each line written, the held ones first, as if each had been written alone.
    for (std::string_view lines = write_buffer_; written && observer_ && !lines.empty();) {
        const std::size_t end = lines.find('\n');
        observer_->engine_line(observed_name_, EngineIoObserver::Direction::to_engine,
                               lines.substr(0, end));
        lines.remove_prefix(end + 1);
    }
    write_buffer_.clear();
    return written;
}

void EngineProcess::observe(EngineIoObserver* observer, std::string engine) {
    observer_ = observer;
    observed_name_ = std::move(engine);
}

EngineProcess::ReadStatus EngineProcess::read_line(std::string& line, Clock::time_point deadline) {
    ReadStatus status = next_line(line, deadline);
    if (observer_ && status == ReadStatus::line)
        observer_->engine_line(observed_name_, EngineIoObserver::Direction::from_engine, line);
    return status;
}

// read_line() without the observer.
EngineProcess::ReadStatus EngineProcess::next_line(std::string& line, Clock::time_point deadline) {
    std::size_t scanned = begin_;
    while (true) {
        char* data = buffer_.data();
        if (scanned < end_) {
            auto* newline = static_cast<char*>(std::memchr(data + scanned, '\n', end_ - scanned));
            std::size_t length = newline ? static_cast<std::size_t>(newline - (data + begin_)) : 0;
            if (newline && length <= MAX_LINE_LENGTH) {
                std::size_t kept = length;
                if (kept > 0 && data[begin_ + kept - 1] == '\r') --kept;
                line.assign(data + begin_, kept);
                begin_ += length + 1;
                if (begin_ == end_) begin_ = end_ = 0;
                return ReadStatus::line;
            }
            scanned = end_;
        }
        if (end_ - begin_ >= MAX_LINE_LENGTH) {
            line.assign(data + begin_, MAX_LINE_LENGTH);
            begin_ += MAX_LINE_LENGTH;
            return ReadStatus::line;
        }
        if (stdout_eof_ || stdout_fd_ < 0) {
            if (begin_ == end_) return ReadStatus::eof;
            std::size_t kept = end_ - begin_;
            if (data[begin_ + kept - 1] == '\r') --kept;
            line.assign(data + begin_, kept);
            begin_ = end_ = 0;
            return ReadStatus::line;
        }
        std::size_t offset = scanned - begin_;
        if (!fill_buffer(deadline)) return ReadStatus::timeout;
        scanned = begin_ + offset;  // fill_buffer() may have moved the unread bytes
    }
}

// Waits until stdout is readable or the deadline passes, then reads what is there. Returns false
// on timeout; sets stdout_eof_ when the engine closed its end.
bool EngineProcess::fill_buffer(Clock::time_point wanted, bool honour_stop) {
    constexpr std::size_t CHUNK = 1 << 16;
    if (buffer_.size() - end_ < CHUNK) {
        if (begin_ > 0) {
            std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
            end_ -= begin_;
            begin_ = 0;
        }
        if (buffer_.size() - end_ < CHUNK) buffer_.resize(end_ + CHUNK);
    }
    // Without a pidfd, the engine's exit is checked this often.
    constexpr long long EXIT_POLL_MS = 50;
    while (true) {
        // A stopping run cuts the wait short (stop_engine_reads()); its descriptor wakes it.
        const Clock::time_point deadline = honour_stop ? engine_read_deadline(wanted) : wanted;
        const int stop_fd = honour_stop ? engine_read_stop_descriptor() : -1;
        auto remaining = deadline - Clock::now();
        long long wait_ms = 0;
        if (remaining > Clock::duration::zero()) {
            wait_ms = std::chrono::ceil<std::chrono::milliseconds>(remaining).count();
            if (wait_ms > INT_MAX) wait_ms = INT_MAX;
            if (exit_fd_ < 0) wait_ms = std::min(wait_ms, EXIT_POLL_MS);
            if (pid_ <= 0) wait_ms = 0;  // reaped already: only what is in the pipe is left
        }
        pollfd entries[3] = {{stdout_fd_, POLLIN, 0}, {exit_fd_, POLLIN, 0}, {stop_fd, POLLIN, 0}};
        int ready = ::poll(entries, 3, static_cast<int>(wait_ms));  // a -1 descriptor is skipped
        if (ready < 0) {
            if (errno == EINTR) continue;
            stdout_eof_ = true;
            return true;
        }
        if (entries[0].revents == 0) {
            // Its output is all in (it wrote before it exited): the engine is gone.
            if ((ready > 0 || exit_fd_ < 0) && engine_exited()) {
                stdout_eof_ = true;
                return true;
            }
            if (Clock::now() < deadline) continue;  // poll() may wake a little early
            return false;
        }
        ssize_t n = ::read(stdout_fd_, buffer_.data() + end_, buffer_.size() - end_);
        if (n > 0) {
            end_ += static_cast<std::size_t>(n);
            return true;
        }
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        stdout_eof_ = true;
        return true;
    }
}

// True once the engine process has exited (it is not reaped here). A pipe readable after the
// exit was seen still holds output the engine wrote first: the caller reads that before eof.
bool EngineProcess::engine_exited() {
    if (pid_ <= 0) return true;
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0)
        return true;
    if (info.si_pid == 0) return false;
    pollfd entry{stdout_fd_, POLLIN, 0};
    return ::poll(&entry, 1, 0) == 0;
}

bool EngineProcess::alive() {
    if (pid_ <= 0) return false;
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == 0) {
        return true;
    }
    reap();
    return false;
}

bool EngineProcess::wait_for_exit(std::chrono::milliseconds timeout) {
    Clock::time_point deadline = deadline_after(Clock::now(), timeout);
    while (true) {
        if (!alive()) return true;
        Clock::time_point now = Clock::now();
        if (now >= deadline) return false;
        Clock::time_point step = std::min(deadline, now + std::chrono::milliseconds(5));
        if (!stdout_eof_ && stdout_fd_ >= 0) {
            begin_ = end_ = 0;  // discard output: the caller waits for the end, not for lines
            fill_buffer(step, false);  // the grace runs whole, a stopping run's too
        } else {
            std::this_thread::sleep_for(std::chrono::microseconds(500));
        }
    }
}

void EngineProcess::kill() {
    if (pid_ <= 0) return;
    ::kill(-pid_, SIGKILL);  // the engine's process group, helpers included
    ::kill(pid_, SIGKILL);   // in case the child had not yet called setpgid()
    reap();
}

// Reaps the engine (blocking until it has ended) and records how it ended.
void EngineProcess::reap() {
    if (pid_ <= 0) return;
    // Helpers the engine left in its process group die with it; its unreaped pid keeps the group
    // id from being reused until then.
    ::kill(-pid_, SIGKILL);
    release_engine_group(pid_);  // its group is gone (the unreaped engine keeps its id unused)
    unregister_slot(registry_slot_);
    registry_slot_ = -1;
    std::error_code error;
    child_->handle.wait(error);
    if (error) {
        exit_status_ = {ExitStatus::Kind::unknown, 0, "reaped elsewhere (" + error.message() + ")"};
    } else {
        exit_status_ = ExitStatus::from_wait_status(child_->handle.native_exit_code());
    }
    child_.reset();
    pid_ = -1;
    close_descriptor(stdin_fd_);
    close_descriptor(exit_fd_);
}

void EngineProcess::close_pipes() {
    close_descriptor(stdin_fd_);
    close_descriptor(stdout_fd_);
    close_descriptor(exit_fd_);
    stdout_eof_ = false;
    begin_ = end_ = 0;
    write_buffer_.clear();  // lines held for an engine that is gone
}

void kill_all_engine_processes() noexcept {
    for (auto& slot : registry) {
        pid_t pid = slot.load();
        if (pid > 0) {
            ::kill(-pid, SIGKILL);
            ::kill(pid, SIGKILL);
        }
    }
}

std::size_t live_engine_process_count() noexcept {
    return registry_count.load();
}

std::string ExitStatus::text() const {
    switch (kind) {
        case Kind::running:
            return "";
        case Kind::exited:
            return "exited with code " + std::to_string(code);
        case Kind::signaled: {
            const char* name = ::strsignal(code);
            return "killed by signal " + std::to_string(code) +
                   (name ? std::string(" (") + name + ")" : "");
        }
        case Kind::unknown:
            return detail;
    }
    return "";
}

ExitStatus ExitStatus::from_wait_status(int status) {
    if (WIFEXITED(status)) return {Kind::exited, WEXITSTATUS(status), {}};
    if (WIFSIGNALED(status)) return {Kind::signaled, WTERMSIG(status), {}};
    return {Kind::unknown, 0, "ended with wait status " + std::to_string(status)};
}

}  // namespace arbiter
