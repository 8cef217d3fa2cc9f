// Pinning engines to cores (the dialects' -use-affinity, as fastchess does it): each worker
// thread names the logical CPUs its engines may run on, and every engine that thread starts is
// pinned to them between fork() and exec(), so the engine's threads all inherit the mask.
#pragma once

#include <sched.h>

#include <vector>

namespace arbiter {

// The logical CPUs arbiter may run on, in the order fastchess hands them to its workers: the
// first hardware thread of every physical core (by package, then core), then the second ones.
std::vector<int> affinity_cpu_order();

// The CPUs every engine started by the calling thread from now on is pinned to; an empty list
// stops the pinning. Per thread, so each worker of a pool pins its own engines.
void pin_engines_of_this_thread(const std::vector<int>& cpus);

// Pins the calling thread itself to `cpus` (a worker of the pool, so that a ply's round trip,
// the worker writing `go`, its engine searching and the worker reading `bestmove`, stays on one
// CPU: no wake-up crosses CPUs). An empty list leaves the thread as it is. Returns false if the
// system refused.
bool pin_this_thread(const std::vector<int>& cpus);

// The CPUs the workers of every pool pin their engines to from now on (the dialects'
// -use-affinity): worker W (1, 2, ...) gets cpus[(W - 1) % size], as fastchess gives each worker
// one CPU for both engines of its games. Empty (the default): nothing is pinned.
void set_worker_cpus(const std::vector<int>& cpus);
// What worker `worker` pins its engines to: `each` CPUs (the next ones in the list, worker after
// worker, wrapping; fewer when the list is shorter), or none. Two when an engine ponders, so
// that the engine thinking and the one pondering have a CPU each.
std::vector<int> worker_cpus(int worker, int each = 1);

// The mask pin_engines_of_this_thread() set for the calling thread, or nullptr if none.
const cpu_set_t* engine_cpus_of_this_thread();

}  // namespace arbiter
