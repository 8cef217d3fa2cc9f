#include "harness/process/guardian.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include <atomic>
#include <mutex>

extern char** environ;

namespace arbiter {

namespace {

// The guardian's program; $1 is this arbiter's marker prefix as a pattern, descriptor 3 the
// pipe from arbiter: "+PGID" an engine's group started, "-PGID" it ended. The shell arbiter
// starts leaves the guardian in the background and exits, so that arbiter has no lasting child
// (init reaps the guardian).
constexpr const char* GUARDIAN_SCRIPT =
    "(\n"
    "trap '' INT TERM HUP\n"
    "groups=' '\n"
    "while IFS= read -r line; do\n"
    "  case $line in\n"
    "    +*) groups=\"$groups${line#+} \" ;;\n"
    "    -*) id=${line#-}\n"
    "        case $groups in *\" $id \"*) groups=\"${groups%% $id *} ${groups#* $id }\" ;; esac "
    ";;\n"
    "  esac\n"
    "done\n"
    "for g in $groups; do kill -9 -\"$g\" 2>/dev/null; done\n"
    "for f in $(grep -lz \"^$1\" /proc/[0-9]*/environ 2>/dev/null); do\n"
    "  p=${f#/proc/}; kill -9 \"${p%/environ}\" 2>/dev/null\n"
    "done\n"
    ") <&3 3<&- &\n";

std::atomic<int> guardian_pipe{-1};  // the write end, close-on-exec: only arbiter holds it

// Starts the guardian once; afterwards guardian_pipe is its pipe, or -1 if it could not start.
void start_guardian() {
    static std::once_flag once;
    std::call_once(once, [] {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) return;
        posix_spawn_file_actions_t files;
        posix_spawnattr_t attributes;
        ::posix_spawn_file_actions_init(&files);
        ::posix_spawn_file_actions_adddup2(&files, fds[0], 3);
        ::posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
        ::posix_spawn_file_actions_adddup2(&files, STDOUT_FILENO, STDERR_FILENO);
        ::posix_spawn_file_actions_addopen(&files, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
        ::posix_spawn_file_actions_addclosefrom_np(&files, 4);
        ::posix_spawnattr_init(&attributes);
        sigset_t none, defaults;  // arbiter ignores SIGPIPE; its handlers end at exec anyway
        ::sigemptyset(&none);
        ::sigemptyset(&defaults);
        ::sigaddset(&defaults, SIGPIPE);
        ::posix_spawnattr_setsigmask(&attributes, &none);
        ::posix_spawnattr_setsigdefault(&attributes, &defaults);
        ::posix_spawnattr_setpgroup(&attributes, 0);  // a terminal's Ctrl-C is arbiter's
        ::posix_spawnattr_setflags(
            &attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
        const std::string pattern = "ARBITER_ENGINE=" + std::to_string(::getpid()) + "\\.";
        const char* argv[] = {"sh",   "-c", GUARDIAN_SCRIPT, "arbiter-guardian", pattern.c_str(),
                              nullptr};
        pid_t pid = -1;
        const int error = ::posix_spawn(&pid, "/bin/sh", &files, &attributes,
                                        const_cast<char* const*>(argv), environ);
        ::posix_spawn_file_actions_destroy(&files);
        ::posix_spawnattr_destroy(&attributes);
        ::close(fds[0]);
        if (error != 0) {
            ::close(fds[1]);
            return;
        }
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {}  // the guardian's launcher
        guardian_pipe = fds[1];
    });
}

// One line to the guardian, in one write (a line this short is written whole).
void tell_guardian(char sign, pid_t group) noexcept {
    const int fd = guardian_pipe;
    if (fd < 0) return;
    char line[32];
    int length = 0;
    line[length++] = sign;
    char digits[16];
    int count = 0;
    for (unsigned long value = static_cast<unsigned long>(group); count == 0 || value > 0;
         value /= 10)
        digits[count++] = char('0' + value % 10);
    while (count > 0) line[length++] = digits[--count];
    line[length++] = '\n';
    [[maybe_unused]] ssize_t written = ::write(fd, line, std::size_t(length));
}

}  // namespace

std::string new_engine_marker() {
    static std::atomic<unsigned long> counter{0};
    // The guardian runs before the first engine is spawned: killed at any moment after, arbiter
    // leaves no engine's helper unguarded.
    try {
        start_guardian();
    } catch (...) {
        // no guardian: the engine still dies with arbiter
    }
    return "ARBITER_ENGINE=" + std::to_string(::getpid()) + "." + std::to_string(++counter);
}

void guard_engine_group(pid_t group) noexcept {
    try {
        start_guardian();
    } catch (...) {
        return;  // no guardian: the engine still dies with arbiter
    }
    tell_guardian('+', group);
}

void release_engine_group(pid_t group) noexcept {
    tell_guardian('-', group);
}

}  // namespace arbiter
