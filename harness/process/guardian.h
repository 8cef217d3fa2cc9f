// The guardian of one engine: what ends the engine's helpers when arbiter cannot.
#pragma once

#include <sys/types.h>

#include <string>

namespace arbiter {

// Makes sure no process an engine started outlives arbiter, even a SIGKILLed one. The engine
// itself dies with arbiter through PR_SET_PDEATHSIG, but that signal reaches only the engine,
// not the helpers it started. So each engine gets a guardian: a small /bin/sh in a process group
// of its own that ignores SIGINT, SIGTERM and SIGHUP and waits on a pipe whose only writer is
// arbiter. When arbiter dies (the pipe ends without a word) it kills the engine's process group
// with SIGKILL; in any case it then kills every process whose environment holds the engine's
// marker (ARBITER_ENGINE=...), which every helper inherits, so a grandchild that started a new
// session (setsid, a daemon's double fork) is found too, as Jenkins's ProcessTreeKiller finds a
// build's processes by its BUILD_ID cookie. Only a helper that clears its environment and
// leaves the group escapes: no process-level tool can name it then (a cgroup could, but an
// unprivileged arbiter under Slurm or a plain shell cannot count on a delegated one).
class EngineGuardian {
  public:
    EngineGuardian() = default;
    ~EngineGuardian() { release(); }
    EngineGuardian(const EngineGuardian&) = delete;
    EngineGuardian& operator=(const EngineGuardian&) = delete;

    // A new marker for the next engine: "ARBITER_ENGINE=<arbiter's pid>.<counter>".
    static std::string new_marker();
    // Starts guarding the engine whose process group is `group` and whose environment holds
    // `marker`. Without /bin/sh nothing is guarded (the engine still dies with arbiter).
    void start(pid_t group, const std::string& marker);
    // The engine was ended and reaped by arbiter: the guardian kills what still carries the
    // marker (a helper in a new session) and exits; it is reaped here.
    void release();

  private:
    pid_t pid_ = -1;
    int pipe_ = -1;  // the write end: closing it without "done" means arbiter died
};

}  // namespace arbiter
