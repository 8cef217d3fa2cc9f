// Runs independent pieces of the joint ratings' work (the bootstrap's replays, each player's
// interval) on several threads. Each piece writes only its own results, so what is computed does
// not depend on the number of threads or on which thread ran which piece. Internal to the joint
// ratings.
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace arbiter::rating_fit {

// The threads to use when asked for `requested` (0: one per hardware thread), never more than
// `pieces` and never fewer than 1.
inline int worker_count(int requested, int pieces) {
    const int available =
        requested > 0 ? requested : static_cast<int>(std::thread::hardware_concurrency());
    return std::max(1, std::min(available, pieces));
}

// Calls body(piece, worker) once for every piece in [0, pieces), on `workers` threads (the
// calling thread one of them), handing out the pieces one at a time; `worker` (0..workers-1)
// names the thread, for scratch space of its own. The first exception a piece throws is
// rethrown here once every thread has stopped; the pieces not yet begun are then skipped.
template <typename Body>
void parallel_for(int pieces, int workers, Body body) {
    std::atomic<int> next{0};
    std::exception_ptr failure;
    std::mutex failure_lock;
    auto work = [&](int worker) {
        for (int piece = next++; piece < pieces; piece = next++) {
            try {
                body(piece, worker);
            } catch (...) {
                std::lock_guard lock(failure_lock);
                if (!failure) failure = std::current_exception();
                next = pieces;
            }
        }
    };
    std::vector<std::thread> threads;
    for (int worker = 1; worker < workers; ++worker) threads.emplace_back(work, worker);
    work(0);
    for (std::thread& thread : threads) thread.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace arbiter::rating_fit
