#include "harness/process/guardian.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>

extern char** environ;

namespace arbiter {

namespace {

// The guardian's program ($1 the engine's process group, $2 its marker); its standard input is
// the pipe from arbiter. "done" means arbiter ended the engine itself.
constexpr const char* GUARDIAN_SCRIPT =
    "trap '' INT TERM HUP\n"
    "IFS= read -r word\n"
    "[ \"$word\" = done ] || kill -9 -\"$1\" 2>/dev/null\n"
    "for f in $(grep -lzxF -- \"$2\" /proc/[0-9]*/environ 2>/dev/null); do\n"
    "  p=${f#/proc/}; kill -9 \"${p%/environ}\" 2>/dev/null\n"
    "done\n"
    "exit 0\n";

}  // namespace

std::string EngineGuardian::new_marker() {
    static std::atomic<unsigned long> counter{0};
    return "ARBITER_ENGINE=" + std::to_string(::getpid()) + "." + std::to_string(++counter);
}

void EngineGuardian::start(pid_t group, const std::string& marker) {
    release();
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return;
    posix_spawn_file_actions_t files;
    posix_spawnattr_t attributes;
    ::posix_spawn_file_actions_init(&files);
    ::posix_spawn_file_actions_adddup2(&files, fds[0], STDIN_FILENO);
    ::posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    ::posix_spawn_file_actions_adddup2(&files, STDOUT_FILENO, STDERR_FILENO);
    ::posix_spawn_file_actions_addclosefrom_np(&files, 3);
    ::posix_spawnattr_init(&attributes);
    sigset_t none, defaults;  // arbiter ignores SIGPIPE; its handlers end at exec anyway
    ::sigemptyset(&none);
    ::sigemptyset(&defaults);
    ::sigaddset(&defaults, SIGPIPE);
    ::posix_spawnattr_setsigmask(&attributes, &none);
    ::posix_spawnattr_setsigdefault(&attributes, &defaults);
    ::posix_spawnattr_setpgroup(&attributes, 0);  // a terminal's Ctrl-C is arbiter's to handle
    ::posix_spawnattr_setflags(
        &attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    const std::string group_text = std::to_string(group);
    const char* argv[] = {
        "sh",           "-c",   GUARDIAN_SCRIPT, "arbiter-guardian", group_text.c_str(),
        marker.c_str(), nullptr};
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
    pid_ = pid;
    pipe_ = fds[1];
}

void EngineGuardian::release() {
    if (pid_ <= 0) return;
    [[maybe_unused]] ssize_t written = ::write(pipe_, "done\n", 5);
    ::close(pipe_);
    pipe_ = -1;
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {}
    pid_ = -1;
}

}  // namespace arbiter
