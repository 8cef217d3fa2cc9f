// The guardian of a process's engines: what ends the engines' helpers when arbiter cannot.
#pragma once

#include <sys/types.h>

#include <string>

namespace arbiter {

// No process an engine started outlives arbiter, even a SIGKILLed one. An engine dies with
// arbiter through PR_SET_PDEATHSIG, but that signal reaches only the engine, not the helpers it
// started. So the first engine starts a guardian: one small /bin/sh per arbiter process, in a
// process group of its own, ignoring SIGINT, SIGTERM and SIGHUP, reading a pipe whose only
// writer is arbiter, which names each engine's process group as it starts and ends. When the pipe
// ends (arbiter exited or died) the guardian kills the groups still named, then every process
// whose environment holds this arbiter's marker (ARBITER_ENGINE=PID.N, which every helper
// inherits), so a grandchild that started a new session (setsid, a daemon's double fork) is found
// too, as Jenkins's ProcessTreeKiller finds a build's processes by its BUILD_ID cookie; then it
// exits. Only a helper that both leaves the group and clears its environment escapes: no
// process-level tool can name it then (a cgroup could, but an unprivileged arbiter under Slurm or
// a plain shell cannot count on a delegated one).

// A new marker for the next engine's environment: "ARBITER_ENGINE=<arbiter's pid>.<counter>".
// Starts the guardian the first time, before the engine it marks is spawned.
std::string new_engine_marker();
// Names a started engine's process group to the guardian (starting the guardian the first time;
// without /bin/sh nothing is guarded, and the engine still dies with arbiter).
void guard_engine_group(pid_t group) noexcept;
// The engine's group was killed and is about to be reaped: the guardian forgets it.
void release_engine_group(pid_t group) noexcept;

}  // namespace arbiter
