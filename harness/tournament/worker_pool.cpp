#include "harness/tournament/worker_pool.h"

#include "harness/process/affinity.h"
#include "harness/tournament/make_session.h"
#include "harness/uci/session.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

namespace arbiter {

void start_engine(EngineSession& engine, const EngineConfig& config, const std::string& stderr_log,
                  std::chrono::milliseconds handshake_timeout, bool chess960) {
    try {
        engine.start(config.command, config.args, config.working_dir, stderr_log,
                     handshake_timeout);
        for (const auto& [name, value] : config.options) {
            if (!engine.set_option(name, value))
                throw UciError("exited while its options were set (" + engine.exit_status().text() +
                               ")");
        }
        if (chess960 && !engine.enable_chess960())
            throw UciError("exited while set up for Chess960 (" + engine.exit_status().text() +
                           ")");
        EngineStatus ready = engine.is_ready(handshake_timeout);
        if (ready == EngineStatus::disconnected) {
            engine.quit(std::chrono::milliseconds(1000));  // reaps it, for its exit status
            throw UciError("exited before answering isready (" + engine.exit_status().text() + ")");
        }
        if (ready != EngineStatus::ok)
            throw UciError("did not answer isready within " +
                           std::to_string(handshake_timeout.count()) + " ms");
    } catch (const UciError& e) {
        engine.kill();
        throw e.for_engine(config.name);
    } catch (const std::exception& e) {
        engine.kill();
        throw UciError(e.what()).for_engine(config.name);
    }
}

std::vector<std::string> log_file_names(const std::vector<EngineConfig>& engines) {
    std::vector<std::string> names;
    std::set<std::string> taken;
    for (const EngineConfig& engine : engines) {
        std::string stem = engine.name.empty() ? std::string("engine") : engine.name;
        for (char& c : stem) {
            bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
            if (!safe) c = '_';
        }
        if (stem.front() == '.') stem.front() = '_';
        std::string name = stem + ".stderr.log";
        for (int suffix = 2; !taken.insert(name).second; ++suffix)
            name = stem + "-" + std::to_string(suffix) + ".stderr.log";
        names.push_back(name);
    }
    return names;
}

WorkerEngines::WorkerEngines(const EngineStart& start, int worker)
    : start_(start), worker_(worker), engines_(start.engines.size()) {
    std::vector<std::string> names = log_file_names(start.engines);
    for (std::size_t i = 0; i < start.engines.size(); ++i) {
        const std::string& own = start.engines[i].stderr_path;
        log_paths_.push_back(!own.empty()            ? own
                             : start.log_dir.empty() ? std::string()
                                                     : (start.log_dir / names[i]).string());
    }
}

WorkerEngines::~WorkerEngines() {
    for (auto& engine : engines_)
        if (engine) engine->quit(std::chrono::milliseconds(500));
}

EngineSession& WorkerEngines::ensure(int index) {
    auto& engine = engines_.at(std::size_t(index));
    if (engine && engine->alive()) return *engine;
    const EngineConfig& config = start_.engines[std::size_t(index)];
    engine = make_session(config.protocol);
    if (start_.io_observer) engine->observe(start_.io_observer, io_name(index));
    start_engine(*engine, config, log_paths_[std::size_t(index)], start_.handshake_timeout,
                 start_.chess960);
    return *engine;
}

std::string WorkerEngines::io_name(int index) const {
    return start_.engines.at(std::size_t(index)).name + "(" + std::to_string(worker_) + ")";
}

UciClient& WorkerEngines::ensure_uci(int index) {
    auto* uci = dynamic_cast<UciSession*>(&ensure(index));
    if (!uci)
        throw UciError("engine " + start_.engines[std::size_t(index)].name +
                       " speaks XBoard; this command needs a UCI engine");
    return uci->client();
}

EngineSession& WorkerEngines::client(int index) {
    auto& engine = engines_.at(std::size_t(index));
    if (!engine) engine = make_session(start_.engines[std::size_t(index)].protocol);
    return *engine;
}

void WorkerEngines::discard(int index) {
    engines_.at(std::size_t(index)).reset();
}

void WorkerEngines::retire(int index) {
    auto& engine = engines_.at(std::size_t(index));
    if (engine) engine->quit(std::chrono::milliseconds(500));
    engine.reset();
}

std::size_t run_worker_pool(const EngineStart& start, int threads, std::size_t job_count,
                            const PoolJob& job, const std::function<bool()>& stopping) {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::mutex mutex;  // guards first_error
    std::exception_ptr first_error;
    auto worker = [&](int number) {
        // -use-affinity: the worker and its engines on one CPU (two when an engine ponders, one
        // for each engine; README); else nothing.
        bool ponder = std::any_of(start.engines.begin(), start.engines.end(),
                                  [](const EngineConfig& e) { return e.ponder; });
        const std::vector<int> cpus = worker_cpus(number, ponder ? 2 : 1);
        pin_engines_of_this_thread(cpus);
        pin_this_thread(cpus);
        WorkerEngines engines(start, number);
        try {
            while (!failed && !(stopping && stopping())) {
                std::size_t index = next++;
                if (index >= job_count) break;
                job(index, engines);
                ++engines.jobs_done;
            }
        } catch (...) {
            failed = true;
            std::lock_guard lock(mutex);
            if (!first_error) first_error = std::current_exception();
        }
    };
    std::size_t count = std::min<std::size_t>(std::size_t(std::max(threads, 1)), job_count);
    std::vector<std::thread> workers;
    for (std::size_t i = 0; i < count; ++i) workers.emplace_back(worker, int(i) + 1);
    for (auto& thread : workers) thread.join();
    if (first_error) std::rethrow_exception(first_error);
    return std::min(next.load(), job_count);
}

}  // namespace arbiter
