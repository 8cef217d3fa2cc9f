#include "harness/process/affinity.h"

#include <pthread.h>

#include <algorithm>
#include <fstream>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>

namespace arbiter {

namespace {

thread_local std::optional<cpu_set_t> engine_cpus;
std::mutex worker_cpus_mutex;
std::vector<int> pool_cpus;  // set_worker_cpus()

// A number from a file of /sys/devices/system/cpu/cpuN/topology, or -1 when it cannot be read.
int topology_value(int cpu, const char* name) {
    std::ifstream file("/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/" + name);
    int value = -1;
    if (!(file >> value)) return -1;
    return value;
}

// The mask of the CPUs in `cpus` (those out of range left out).
cpu_set_t cpu_mask(const std::vector<int>& cpus) {
    cpu_set_t mask;
    CPU_ZERO(&mask);
    for (int cpu : cpus)
        if (cpu >= 0 && cpu < CPU_SETSIZE) CPU_SET(cpu, &mask);
    return mask;
}

}  // namespace

std::vector<int> affinity_cpu_order() {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return {};
    // (sibling rank within its core, package, core, cpu): first threads of all cores first.
    std::vector<std::tuple<int, int, int, int>> order;
    std::vector<std::pair<std::pair<int, int>, int>> seen;  // (package, core) -> threads so far
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
        if (!CPU_ISSET(cpu, &allowed)) continue;
        int package = topology_value(cpu, "physical_package_id");
        int core = topology_value(cpu, "core_id");
        if (core < 0) core = cpu;  // no topology: every CPU a core of its own
        auto it = std::find_if(seen.begin(), seen.end(),
                               [&](const auto& s) { return s.first == std::pair(package, core); });
        if (it == seen.end()) it = seen.insert(seen.end(), {{package, core}, 0});
        order.emplace_back(it->second++, package, core, cpu);
    }
    std::sort(order.begin(), order.end());
    std::vector<int> cpus;
    for (const auto& entry : order) cpus.push_back(std::get<3>(entry));
    return cpus;
}

void pin_engines_of_this_thread(const std::vector<int>& cpus) {
    if (cpus.empty())
        engine_cpus.reset();
    else
        engine_cpus = cpu_mask(cpus);
}

bool pin_this_thread(const std::vector<int>& cpus) {
    if (cpus.empty()) return true;
    const cpu_set_t mask = cpu_mask(cpus);
    return pthread_setaffinity_np(pthread_self(), sizeof mask, &mask) == 0;
}

void set_worker_cpus(const std::vector<int>& cpus) {
    std::lock_guard lock(worker_cpus_mutex);
    pool_cpus = cpus;
}

std::vector<int> worker_cpus(int worker, int each) {
    std::lock_guard lock(worker_cpus_mutex);
    if (pool_cpus.empty() || worker < 1) return {};
    std::vector<int> cpus;
    for (std::size_t k = 0; k < std::size_t(std::max(each, 1)); ++k) {
        int cpu = pool_cpus[(std::size_t(worker - 1) * std::size_t(each) + k) % pool_cpus.size()];
        if (std::find(cpus.begin(), cpus.end(), cpu) == cpus.end()) cpus.push_back(cpu);
    }
    return cpus;
}

const cpu_set_t* engine_cpus_of_this_thread() {
    return engine_cpus ? &*engine_cpus : nullptr;
}

}  // namespace arbiter
