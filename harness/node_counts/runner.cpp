#include "harness/node_counts/runner.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <mutex>
#include <set>

#include "engines/core/movegen.h"
#include "harness/node_counts/measure.h"
#include "harness/node_counts/reference.h"
#include "harness/tournament/worker_pool.h"
#include "harness/uci/client.h"

namespace arbiter::nodes {

namespace {

// One unit of work: a search (engine >= 0) or a perft (engine < 0).
struct Job {
    int engine = -1;
    std::size_t position = 0;
    int depth = 0;
};

std::string describe(const RunSettings& settings, const Job& job) {
    std::string what = job.engine < 0 ? std::string("perft")
                                      : "engine '" + settings.engines[job.engine].name + "'";
    return what + ", position '" + settings.positions[job.position].name + "', depth " +
           std::to_string(job.depth);
}

// The jobs, longest first as far as can be guessed, so that no long job is started last while
// the other workers sit idle. A job's cost grows with its depth below the deepest depth of its
// kind (each engine's own cap, perft's depth) and with the position's legal moves; perft comes
// first, then the engines from the left, which are usually the slower ones.
std::vector<Job> plan_jobs(const RunSettings& settings) {
    struct Planned {
        Job job;
        int rank = 0;         // deepest depth of this kind - depth
        double estimate = 0;  // legal moves ^ depth
    };
    std::vector<double> legal_moves;
    for (const auto& position : settings.positions) {
        PlayedPosition played(position);
        legal_moves.push_back(static_cast<double>(count_legal(played.position())));
    }
    const int deepest = settings.depths.back();
    std::vector<Planned> planned;
    for (int depth : settings.depths) {
        for (std::size_t p = 0; p < settings.positions.size(); ++p) {
            double estimate = std::pow(legal_moves[p], depth);
            if (depth <= settings.perft_depth)
                planned.push_back(
                    {{-1, p, depth}, std::min(deepest, settings.perft_depth) - depth, estimate});
            for (std::size_t e = 0; e < settings.engines.size(); ++e) {
                const auto& cap = settings.engines[e].limits.depth;
                if (cap && depth > *cap) continue;
                planned.push_back({{static_cast<int>(e), p, depth},
                                   std::min(deepest, cap.value_or(deepest)) - depth,
                                   estimate});
            }
        }
    }
    std::stable_sort(planned.begin(), planned.end(), [](const Planned& a, const Planned& b) {
        if (a.rank != b.rank) return a.rank < b.rank;
        if (a.job.engine != b.job.engine) return a.job.engine < b.job.engine;
        return a.estimate > b.estimate;
    });
    std::vector<Job> jobs;
    for (const auto& p : planned) jobs.push_back(p.job);
    return jobs;
}

// Searches one job's position to its depth with `engine` and checks the answer. Throws
// std::runtime_error naming the job when the engine times out, exits, or reports no nodes or move.
// A measurement that failed: only its own cell is lost, and the run goes on.
struct CellFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

NodeCell measure_cell(const RunSettings& settings, const Job& job, UciClient& engine) {
    const NodePosition& position = settings.positions[job.position];
    DepthReport report = measure_depth(engine, position, job.depth, settings.search_timeout);
    if (report.status != EngineStatus::ok)
        throw CellFailure(describe(settings, job) + ": the engine " +
                          (report.status == EngineStatus::timeout
                               ? "did not finish in time"
                               : "exited (" + engine.exit_status().text() + ")"));
    if (!report.nodes)
        throw CellFailure(describe(settings, job) + ": the engine reported no nodes");
    if (report.bestmove.empty())
        throw CellFailure(describe(settings, job) + ": the engine sent no best move");
    NodeCell cell;
    cell.engine = static_cast<std::size_t>(job.engine);
    cell.position = job.position;
    cell.depth = job.depth;
    cell.reached_depth = report.depth;
    cell.nodes = *report.nodes;
    cell.leaves = report.leaves;
    cell.time_ms = report.time_ms;
    cell.score = report.score;
    cell.bestmove = report.bestmove;
    cell.pv = report.pv;
    return cell;
}

}  // namespace

std::vector<int> parse_depths(std::string_view text) {
    auto bad = [&] {
        return ConfigError("--depth '" + std::string(text) +
                           "' is not a depth from 1 to 100, a range like 1..6, or a list of those");
    };
    auto number = [&](std::string_view word) {
        int value = 0;
        auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
        if (word.empty() || error != std::errc{} || end != word.data() + word.size() || value < 1 ||
            value > 100)
            throw bad();
        return value;
    };
    std::set<int> depths;
    std::string_view rest = text;
    while (true) {
        std::size_t comma = rest.find(',');
        std::string_view item = rest.substr(0, comma);
        std::size_t dots = item.find("..");
        if (dots == std::string_view::npos) {
            depths.insert(number(item));
        } else {
            int first = number(item.substr(0, dots)), last = number(item.substr(dots + 2));
            if (first > last) throw bad();
            for (int d = first; d <= last; ++d) depths.insert(d);
        }
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return {depths.begin(), depths.end()};
}

void validate(const RunSettings& settings) {
    if (settings.engines.empty()) throw ConfigError("no engine to measure (use --engine)");
    if (settings.positions.empty()) throw ConfigError("no position to measure");
    if (settings.depths.empty()) throw ConfigError("no depth to measure (use --depth)");
    if (settings.concurrency < 1) throw ConfigError("the concurrency must be at least 1");
    for (std::size_t i = 0; i < settings.depths.size(); ++i) {
        if (settings.depths[i] < 1) throw ConfigError("depths must be at least 1");
        if (i > 0 && settings.depths[i] <= settings.depths[i - 1])
            throw ConfigError("depths must be ascending without repeats");
    }
    validate_distinct_names(settings.engines);
    for (const auto& engine : settings.engines) {
        const auto& limits = engine.limits;
        if (limits.nodes || limits.movetime_ms || limits.tc)
            throw ConfigError("engine '" + engine.name +
                              "': arbiter nodes searches to a depth; only depth=N (the deepest "
                              "depth to measure it at) is allowed");
    }
}

NodeResults run_measurements(const RunSettings& settings, NodeResults* partial) {
    // Step 1. The engines, positions and depths the results are about.
    validate(settings);
    NodeResults results;
    for (const auto& config : settings.engines) {
        NodeEngineInfo info;
        info.name = config.name;
        info.options = config.options;
        info.max_depth = config.limits.depth;
        results.engines.push_back(std::move(info));
    }
    results.positions = settings.positions;
    results.depths = settings.depths;

    const std::vector<Job> jobs = plan_jobs(settings);
    std::mutex mutex;                       // guards results, failed_cells, finished and progress
    std::vector<std::string> failed_cells;  // measurements that failed, the run going on
    std::size_t finished = 0;
    EngineStart start;
    start.engines = settings.engines;

    // Step 2. The jobs, on the worker pool. Every search starts with ucinewgame, so which
    // worker's engine runs a job does not matter.
    try {
        run_worker_pool(
            start, settings.concurrency, jobs.size(), [&](std::size_t j, WorkerEngines& engines) {
                const Job& job = jobs[j];
                const NodePosition& position = settings.positions[job.position];
                if (job.engine < 0) {
                    std::uint64_t leaves = perft_of(position, job.depth);
                    std::lock_guard lock(mutex);
                    results.perft[{job.position, job.depth}] = leaves;
                } else {
                    UciClient& engine = engines.ensure_uci(job.engine);
                    try {
                        NodeCell cell = measure_cell(settings, job, engine);
                        std::lock_guard lock(mutex);
                        results.engines[job.engine].id_name = engine.id_name();
                        results.cells.push_back(std::move(cell));
                    } catch (const CellFailure& e) {
                        // The engine, which may be searching still, is ended and
                        // started again for its next job.
                        engines.discard(job.engine);
                        std::lock_guard lock(mutex);
                        failed_cells.push_back(e.what());
                    }
                }
                std::lock_guard lock(mutex);
                ++finished;
                if (settings.progress) {
                    std::string line = std::string("[").append(std::to_string(finished));
                    line.append("/").append(std::to_string(jobs.size())).append("] ");
                    settings.progress(line.append(describe(settings, job)));
                }
            });
    } catch (...) {
        results.sort_cells();
        if (partial) *partial = std::move(results);
        throw;
    }
    // Step 3. The measured cells in order; failed ones are reported together, after the others
    // have been kept.
    results.sort_cells();
    if (!failed_cells.empty()) {
        std::sort(failed_cells.begin(), failed_cells.end());
        std::string message = failed_cells.front();
        for (std::size_t i = 1; i < failed_cells.size(); ++i) message += "; " + failed_cells[i];
        if (failed_cells.size() > 1)
            message = std::to_string(failed_cells.size()) + " measurements failed: " + message;
        if (partial) *partial = std::move(results);
        throw std::runtime_error(message);
    }
    return results;
}

}  // namespace arbiter::nodes
