#include "harness/process/engine_process.h"
#include "harness/process/affinity.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

using namespace std::chrono_literals;
using Status = EngineProcess::ReadStatus;
namespace fs = std::filesystem;

EngineProcess::Clock::time_point in(std::chrono::milliseconds duration) {
    return EngineProcess::Clock::now() + duration;
}

// Generous: these deadlines only bound a test that would otherwise hang; nothing is timed.
constexpr auto PATIENCE = 10s;

// True when the test process has no child at all, not even a zombie.
bool has_no_children() {
    int status = 0;
    return ::waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

// The state letter from /proc/PID/stat ('R', 'S', 'Z', ...), or '\0' if there is no such process.
char process_state(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return '\0';
    std::size_t paren = text.rfind(')');
    return paren + 2 < text.size() ? text[paren + 2] : '\0';
}

// Waits until pid has died (gone, or a zombie waiting for a reaper that is not us).
bool wait_until_dead(pid_t pid) {
    auto deadline = in(std::chrono::duration_cast<std::chrono::milliseconds>(PATIENCE));
    while (EngineProcess::Clock::now() < deadline) {
        char state = process_state(pid);
        if (state == '\0' || state == 'Z' || state == 'X') return true;
        std::this_thread::sleep_for(1ms);
    }
    return false;
}

class TempDir {
  public:
    TempDir() {
        path_ = fs::temp_directory_path() / ("arbiter_process_test_" + std::to_string(::getpid()) +
                                             "_" + std::to_string(counter_++));
        fs::create_directories(path_);
    }
    ~TempDir() { fs::remove_all(path_); }
    const fs::path& path() const { return path_; }

  private:
    static inline int counter_ = 0;
    fs::path path_;
};

TEST(EngineProcess, EchoesLinesThroughCat) {
    EngineProcess engine;
    engine.start("/bin/cat");
    EXPECT_TRUE(engine.started());
    EXPECT_GT(engine.pid(), 0);
    EXPECT_EQ(engine.program(), "/bin/cat");
    ASSERT_TRUE(engine.write_line("uci"));
    ASSERT_TRUE(engine.write_line("position startpos moves e2e4"));
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "uci");
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "position startpos moves e2e4");
    EXPECT_TRUE(engine.alive());
}

// A held line reaches the engine only with the next written line, in the same write (UCI's
// position goes with its go); the observer hears both, in order.
TEST(EngineProcess, AHeldLineGoesWithTheNextLine) {
    struct Heard : EngineIoObserver {
        std::vector<std::string> lines;
        void engine_line(const std::string&, Direction direction,
                         std::string_view line) noexcept override {
            if (direction == Direction::to_engine) lines.emplace_back(line);
        }
    } heard;
    EngineProcess engine;
    engine.start("/bin/bash", {"-c",
                               "read -t 0.3 a || echo nothing yet; read a; "
                               "if read -t 0; then echo together; fi; exec cat"});
    engine.observe(&heard, "bash");
    ASSERT_TRUE(engine.hold_line("position startpos"));
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "nothing yet");
    EXPECT_TRUE(heard.lines.empty());
    ASSERT_TRUE(engine.write_line("go nodes 1"));
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "together");
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "go nodes 1");
    EXPECT_EQ(heard.lines, (std::vector<std::string>{"position startpos", "go nodes 1"}));
}

// The Cpus_allowed_list line of /proc/PID/status ("0-1", "1").
std::string cpus_allowed(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("Cpus_allowed_list:", 0) == 0)
            return line.substr(line.find_last_of("\t ") + 1);
    return "";
}

// -use-affinity (issue 22): an engine started by a pinned thread runs on that thread's CPUs
// only, from its first instruction; another thread's engines are not pinned.
TEST(EngineProcess, EnginesOfAPinnedThreadRunOnItsCpusOnly) {
    std::vector<int> cpus = affinity_cpu_order();
    if (cpus.size() < 2) GTEST_SKIP() << "one CPU: pinning cannot be told apart";
    std::string last = std::to_string(cpus.back());
    std::thread pinned([&] {
        pin_engines_of_this_thread({cpus.back()});
        EngineProcess engine;
        engine.start("cat");
        EXPECT_EQ(cpus_allowed(engine.pid()), last);
        pin_engines_of_this_thread({});
        EngineProcess free;
        free.start("cat");
        EXPECT_NE(cpus_allowed(free.pid()), last);
    });
    pinned.join();
    EngineProcess other;
    other.start("cat");
    EXPECT_NE(cpus_allowed(other.pid()), last);
}

// Each worker's CPUs for -use-affinity: one, or two when an engine ponders (the next two in the
// list, worker after worker, wrapping, never one twice).
TEST(Affinity, WorkersTakeOneCpuOrTwoWhenPondering) {
    set_worker_cpus({4, 5, 6});
    EXPECT_EQ(worker_cpus(1), (std::vector<int>{4}));
    EXPECT_EQ(worker_cpus(4), (std::vector<int>{4}));
    EXPECT_EQ(worker_cpus(1, 2), (std::vector<int>{4, 5}));
    EXPECT_EQ(worker_cpus(2, 2), (std::vector<int>{6, 4}));
    set_worker_cpus({7});
    EXPECT_EQ(worker_cpus(2, 2), (std::vector<int>{7}));
    set_worker_cpus({});
    EXPECT_EQ(worker_cpus(1, 2), (std::vector<int>{}));
}

TEST(EngineProcess, FindsProgramsInPath) {
    EngineProcess engine;
    engine.start("echo", {"found", "in", "path"});
    EXPECT_TRUE(engine.program() == "/usr/bin/echo" || engine.program() == "/bin/echo")
        << engine.program();
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "found in path");
}

TEST(EngineProcess, ReadTimesOutAndRecovers) {
    EngineProcess engine;
    engine.start("/bin/cat");
    std::string line = "untouched";
    EXPECT_EQ(engine.read_line(line, in(20ms)), Status::timeout);
    EXPECT_EQ(engine.read_line(line, EngineProcess::Clock::now() - 1s), Status::timeout);
    EXPECT_EQ(line, "untouched");
    ASSERT_TRUE(engine.write_line("isready"));
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "isready");
    EXPECT_TRUE(engine.alive());
}

TEST(EngineProcess, BufferedLinesAreReturnedAfterTheDeadline) {
    EngineProcess engine;
    // "three" and "four" come in one write (atomic on a pipe), so the read that finds "three"
    // buffers "four" too: no timing is involved.
    engine.start("/bin/sh", {"-c", "echo one; read x; printf 'three\\nfour\\n'; exec cat"});
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "one");
    ASSERT_TRUE(engine.write_line("go on"));
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "three");
    ASSERT_EQ(engine.read_line(line, EngineProcess::Clock::now() - 1s), Status::line);
    EXPECT_EQ(line, "four");
    EXPECT_EQ(engine.read_line(line, EngineProcess::Clock::now() - 1s), Status::timeout);
}

TEST(EngineProcess, ReportsEofAndExitCodeWhenTheEngineExits) {
    EngineProcess engine;
    engine.start("/bin/sh", {"-c", "echo one; printf 'two\\r\\nlast'; exit 3"});
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "one");
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "two");
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "last");
    EXPECT_EQ(engine.read_line(line, in(PATIENCE)), Status::eof);
    EXPECT_EQ(engine.read_line(line, in(PATIENCE)), Status::eof);
    EXPECT_TRUE(engine.wait_for_exit(PATIENCE));
    EXPECT_FALSE(engine.alive());
    EXPECT_FALSE(engine.started());
    EXPECT_EQ(engine.exit_status().text(), "exited with code 3");
    EXPECT_EQ(engine.exit_status().kind, ExitStatus::Kind::exited);
    EXPECT_EQ(engine.exit_status().code, 3);
    EXPECT_TRUE(has_no_children());
}

TEST(EngineProcess, ReportsACrashBySignal) {
    EngineProcess engine;
    engine.start("/bin/sh", {"-c", "kill -ABRT $$"});
    std::string line;
    EXPECT_EQ(engine.read_line(line, in(PATIENCE)), Status::eof);
    EXPECT_TRUE(engine.wait_for_exit(PATIENCE));
    EXPECT_EQ(engine.exit_status().text(), "killed by signal 6 (Aborted)");
    EXPECT_TRUE(engine.exit_status().killed_by(SIGABRT));
    EXPECT_FALSE(engine.exit_status().killed_by(SIGTERM));
}

TEST(EngineProcess, WritingToAnEngineThatStoppedReadingFailsWithoutSigpipe) {
    EngineProcess engine;
    engine.start("/bin/sh", {"-c", "exec 0<&-; echo closed; exec sleep 1000"});
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "closed");
    EXPECT_FALSE(engine.write_line("quit"));  // EPIPE, and the test process is still here
    EXPECT_TRUE(engine.alive());
}

TEST(EngineProcess, WritingToADeadEngineFails) {
    EngineProcess engine;
    engine.start("/bin/true");
    std::string line;
    EXPECT_EQ(engine.read_line(line, in(PATIENCE)), Status::eof);
    EXPECT_TRUE(engine.wait_for_exit(PATIENCE));
    EXPECT_FALSE(engine.alive());
    EXPECT_EQ(engine.exit_status().text(), "exited with code 0");
    EXPECT_FALSE(engine.write_line("quit"));
    EngineProcess never_started;
    EXPECT_FALSE(never_started.write_line("uci"));
    EXPECT_EQ(never_started.read_line(line, in(1ms)), Status::eof);
    EXPECT_FALSE(never_started.alive());
}

TEST(EngineProcess, KillReapsTheEngine) {
    EngineProcess engine;
    engine.start("/bin/sh", {"-c", "exec sleep 1000"});
    pid_t pid = engine.pid();
    ASSERT_EQ(live_engine_process_count(), 1u);
    engine.kill();
    EXPECT_FALSE(engine.started());
    EXPECT_EQ(engine.pid(), -1);
    EXPECT_EQ(engine.exit_status().text(), "killed by signal 9 (Killed)");
    EXPECT_EQ(process_state(pid), '\0');  // reaped: not even a zombie
    EXPECT_TRUE(has_no_children());
    EXPECT_EQ(live_engine_process_count(), 0u);
    engine.kill();  // a second kill does nothing
    std::string line;
    EXPECT_EQ(engine.read_line(line, in(PATIENCE)), Status::eof);
}

TEST(EngineProcess, DestructorKillsAndReaps) {
    pid_t pid = -1;
    {
        EngineProcess engine;
        engine.start("/bin/cat");
        pid = engine.pid();
        EXPECT_EQ(process_state(pid) != '\0', true);
    }
    EXPECT_EQ(process_state(pid), '\0');
    EXPECT_TRUE(has_no_children());
    EXPECT_EQ(live_engine_process_count(), 0u);
}

TEST(EngineProcess, KillReachesTheEnginesHelperProcesses) {
    EngineProcess engine;
    engine.start("/bin/sh", {"-c", "sleep 1000 & echo $!; wait"});
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    pid_t helper = std::stoi(line);
    ASSERT_NE(process_state(helper), '\0');
    engine.kill();
    EXPECT_TRUE(wait_until_dead(helper));
}

// Issue 20, item 9: an engine that exits while a helper of its own still holds its stdout is
// gone, not stalled: reads end at its exit (after what it wrote first), not at the deadline, and
// the helper dies with it. The helper holds the pipe for 1000 s, past the read's 60 s deadline,
// so without the exit watch the read would time out.
TEST(EngineProcess, EngineExitEndsReadsWhileItsHelperHoldsStdout) {
    EngineProcess engine;
    engine.start("/bin/sh", {"-c", "sleep 1000 & echo $!; echo last words; exit 5"});
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    pid_t helper = std::stoi(line);
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "last words");
    EXPECT_EQ(engine.read_line(line, in(60s)), Status::eof);
    EXPECT_FALSE(engine.alive());
    EXPECT_EQ(engine.exit_status().text(), "exited with code 5");
    EXPECT_TRUE(wait_until_dead(helper));
}

// Issue 20, item 6: a deadline the clock cannot hold saturates instead of wrapping into the past.
TEST(EngineProcess, DeadlinesSaturateAtTheClocksEnd) {
    using Clock = EngineProcess::Clock;
    Clock::time_point now = Clock::now();
    EXPECT_EQ(deadline_after(now, std::chrono::milliseconds(9'300'000'000'000)),
              Clock::time_point::max());
    EXPECT_EQ(deadline_after(now, std::chrono::milliseconds::max()), Clock::time_point::max());
    EXPECT_EQ(deadline_after(now, 1500ms), now + 1500ms);
    EXPECT_EQ(deadline_after(now, -5ms), now);
    EngineProcess engine;
    engine.start("/bin/sh", {"-c", "echo hello"});
    std::string line;
    EXPECT_EQ(engine.read_line(line, deadline_after(now, std::chrono::milliseconds::max())),
              Status::line);
    EXPECT_EQ(line, "hello");
    EXPECT_TRUE(engine.wait_for_exit(std::chrono::milliseconds(9'300'000'000'000)));
}

TEST(EngineProcess, StartingAgainReplacesTheEngine) {
    EngineProcess engine;
    engine.start("/bin/cat");
    pid_t first = engine.pid();
    engine.start("/bin/sh", {"-c", "echo second"});
    EXPECT_NE(engine.pid(), first);
    EXPECT_EQ(process_state(first), '\0');
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "second");
}

TEST(EngineProcess, WaitForExitTimesOutOnARunningEngine) {
    EngineProcess engine;
    engine.start("/bin/cat");
    EXPECT_FALSE(engine.wait_for_exit(10ms));
    EXPECT_TRUE(engine.alive());
    EXPECT_EQ(engine.exit_status().kind, ExitStatus::Kind::running);
}

TEST(EngineProcess, MissingProgramIsNamed) {
    EngineProcess engine;
    try {
        engine.start("build/bin/no-such-engine");
        FAIL() << "no exception";
    } catch (const ProcessError& e) {
        EXPECT_EQ(std::string(e.what()), "engine program not found: build/bin/no-such-engine");
    }
    try {
        engine.start("no-such-engine-anywhere");
        FAIL() << "no exception";
    } catch (const ProcessError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "engine program not found in PATH: no-such-engine-anywhere");
    }
    EXPECT_THROW(engine.start(""), ProcessError);
    EXPECT_FALSE(engine.started());
    EXPECT_TRUE(has_no_children());
}

TEST(EngineProcess, UnusableProgramsAreExplained) {
    TempDir dir;
    fs::path script = dir.path() / "engine.txt";
    std::ofstream(script) << "not a program\n";
    try {
        EngineProcess engine;
        engine.start(script.string());
        FAIL() << "no exception";
    } catch (const ProcessError& e) {
        EXPECT_EQ(std::string(e.what()), "engine program is not executable: " + script.string());
    }
    try {
        EngineProcess engine;
        engine.start(dir.path().string());
        FAIL() << "no exception";
    } catch (const ProcessError& e) {
        EXPECT_EQ(std::string(e.what()), "engine program is a directory: " + dir.path().string());
    }
    // Executable but not a program the kernel can run: the error comes back from exec in the
    // child, which must still be reaped.
    fs::permissions(script, fs::perms::owner_all);
    try {
        EngineProcess engine;
        engine.start(script.string());
        FAIL() << "no exception";
    } catch (const ProcessError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "cannot execute engine program " + script.string() + ": Exec format error");
    }
    EXPECT_TRUE(has_no_children());
    EXPECT_EQ(live_engine_process_count(), 0u);
}

TEST(EngineProcess, RunsInTheWorkingDirectoryWithCwdRelativeProgram) {
    TempDir dir;
    fs::path script = dir.path() / "where";
    std::ofstream(script) << "#!/bin/sh\npwd\n";
    fs::permissions(script, fs::perms::owner_all);
    std::string relative = fs::relative(script, fs::current_path()).string();
    ASSERT_NE(relative.find('/'), std::string::npos);
    EngineProcess engine;
    engine.start(relative, {}, "/");
    EXPECT_EQ(engine.program(), script.lexically_normal().string());
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "/");
    try {
        engine.start("/bin/cat", {}, (dir.path() / "missing").string());
        FAIL() << "no exception";
    } catch (const ProcessError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "engine working directory does not exist: " + (dir.path() / "missing").string());
    }
}

TEST(EngineProcess, AppendsStderrToTheLog) {
    TempDir dir;
    fs::path log = dir.path() / "engine.log";
    for (int run = 1; run <= 2; ++run) {
        EngineProcess engine;
        engine.start("/bin/sh", {"-c", "echo complaint $0 >&2; echo out", std::to_string(run)}, {},
                     log.string());
        std::string line;
        ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
        EXPECT_EQ(line, "out");
        EXPECT_EQ(engine.read_line(line, in(PATIENCE)), Status::eof);
        EXPECT_TRUE(engine.wait_for_exit(PATIENCE));
    }
    std::string text = arbiter_test::read_text(log);
    EXPECT_NE(text.find("complaint 1\n"), std::string::npos) << text;
    EXPECT_NE(text.find("complaint 2\n"), std::string::npos) << text;
    EXPECT_LT(text.find("complaint 1\n"), text.find("complaint 2\n"));
    EXPECT_NE(text.find("] starting /bin/sh -c echo complaint $0 >&2; echo out 1\n"),
              std::string::npos)
        << text;
    try {
        EngineProcess engine;
        engine.start("/bin/cat", {}, {}, (dir.path() / "missing" / "x.log").string());
        FAIL() << "no exception";
    } catch (const ProcessError& e) {
        EXPECT_EQ(std::string(e.what()), "cannot open engine log file " +
                                             (dir.path() / "missing" / "x.log").string() +
                                             ": No such file or directory");
    }
}

TEST(EngineProcess, ManyLinesAndALongLineArriveExactly) {
    EngineProcess engine;
    engine.start("/bin/sh", {"-c", "seq 1 100000; head -c 200000 /dev/zero | tr '\\0' a; echo"});
    std::string line;
    for (int i = 1; i <= 100000; ++i) {
        ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
        ASSERT_EQ(line, std::to_string(i));
    }
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, std::string(200000, 'a'));
    EXPECT_EQ(engine.read_line(line, in(PATIENCE)), Status::eof);
}

TEST(EngineProcess, OverlongLinesComeInPieces) {
    EngineProcess engine;
    std::size_t length = EngineProcess::MAX_LINE_LENGTH + 10;
    engine.start("/bin/sh",
                 {"-c", "head -c " + std::to_string(length) + " /dev/zero | tr '\\0' b; echo"});
    std::string line;
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line.size(), EngineProcess::MAX_LINE_LENGTH);
    ASSERT_EQ(engine.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, std::string(10, 'b'));
    EXPECT_EQ(engine.read_line(line, in(PATIENCE)), Status::eof);
}

TEST(EngineProcess, EngineStartsWithCleanSignalsAndNoInheritedDescriptors) {
    EngineProcess other;  // its pipes are open in arbiter while the second engine starts
    other.start("/bin/cat");
    ::signal(SIGUSR1, SIG_IGN);
    sigset_t blocked, previous;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGUSR2);
    ::pthread_sigmask(SIG_BLOCK, &blocked, &previous);
    EngineProcess engine;
    engine.start("/bin/grep", {"-E", "^Sig(Ign|Blk)", "/proc/self/status"});
    EngineProcess lister;  // ls itself opens the directory as descriptor 3
    lister.start("/bin/ls", {"/proc/self/fd"});
    ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    ::signal(SIGUSR1, SIG_DFL);
    std::vector<std::string> lines;
    std::string line;
    while (engine.read_line(line, in(PATIENCE)) == Status::line) lines.push_back(line);
    while (lister.read_line(line, in(PATIENCE)) == Status::line) lines.push_back(line);
    ASSERT_EQ(lines.size(), 6u);
    EXPECT_EQ(lines[0], "SigBlk:\t0000000000000000");
    EXPECT_EQ(lines[1], "SigIgn:\t0000000000000000");
    EXPECT_EQ(lines[2], "0");
    EXPECT_EQ(lines[3], "1");
    EXPECT_EQ(lines[4], "2");
    EXPECT_EQ(lines[5], "3");
}

TEST(EngineProcess, EofIsSeenWhileAnotherEngineRuns) {
    EngineProcess first;
    first.start("/bin/sh", {"-c", "read line; echo got $line"});
    EngineProcess second;  // started while first's pipes are open: must not inherit them
    second.start("/bin/cat");
    ASSERT_TRUE(first.write_line("go"));
    std::string line;
    ASSERT_EQ(first.read_line(line, in(PATIENCE)), Status::line);
    EXPECT_EQ(line, "got go");
    EXPECT_EQ(first.read_line(line, in(PATIENCE)), Status::eof);
    EXPECT_TRUE(second.alive());
}

TEST(EngineProcess, KillAllKillsEveryLiveEngine) {
    EngineProcess a, b;
    a.start("/bin/cat");
    b.start("/bin/sh", {"-c", "exec sleep 1000"});
    EXPECT_EQ(live_engine_process_count(), 2u);
    kill_all_engine_processes();
    std::string line;
    EXPECT_EQ(a.read_line(line, in(PATIENCE)), Status::eof);
    EXPECT_EQ(b.read_line(line, in(PATIENCE)), Status::eof);
    EXPECT_TRUE(a.wait_for_exit(PATIENCE));
    EXPECT_TRUE(b.wait_for_exit(PATIENCE));
    EXPECT_EQ(a.exit_status().text(), "killed by signal 9 (Killed)");
    EXPECT_EQ(b.exit_status().text(), "killed by signal 9 (Killed)");
    EXPECT_EQ(live_engine_process_count(), 0u);
    EXPECT_TRUE(has_no_children());
}

TEST(EngineProcess, KillAllWorksFromASignalHandler) {
    EngineProcess engine;
    engine.start("/bin/cat");
    struct sigaction action {
    }, previous{};
    action.sa_handler = [](int) { kill_all_engine_processes(); };
    ::sigaction(SIGUSR1, &action, &previous);
    ::raise(SIGUSR1);
    ::sigaction(SIGUSR1, &previous, nullptr);
    std::string line;
    EXPECT_EQ(engine.read_line(line, in(PATIENCE)), Status::eof);
    EXPECT_TRUE(engine.wait_for_exit(PATIENCE));
    EXPECT_EQ(engine.exit_status().text(), "killed by signal 9 (Killed)");
}

TEST(EngineProcess, EngineDiesWhenArbiterIsKilled) {
    int channel[2];
    ASSERT_EQ(::pipe(channel), 0);
    pid_t arbiter = ::fork();
    ASSERT_GE(arbiter, 0);
    if (arbiter == 0) {
        // Plays arbiter: starts an engine, reports its pid, and waits to be SIGKILLed.
        ::close(channel[0]);
        EngineProcess engine;
        engine.start("/bin/sh", {"-c", "exec sleep 1000"});
        pid_t pid = engine.pid();
        [[maybe_unused]] ssize_t n = ::write(channel[1], &pid, sizeof pid);
        while (true) ::pause();
    }
    ::close(channel[1]);
    pid_t engine = -1;
    ASSERT_EQ(::read(channel[0], &engine, sizeof engine), static_cast<ssize_t>(sizeof engine));
    ::close(channel[0]);
    ASSERT_GT(engine, 0);
    EXPECT_EQ(process_state(engine) != '\0', true);
    ::kill(arbiter, SIGKILL);
    int status = 0;
    ASSERT_EQ(::waitpid(arbiter, &status, 0), arbiter);
    EXPECT_TRUE(wait_until_dead(engine));
}

}  // namespace
}  // namespace arbiter
