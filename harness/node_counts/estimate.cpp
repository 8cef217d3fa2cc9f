#include "harness/node_counts/estimate.h"

#include <array>
#include <cmath>
#include <cstdio>

#include "harness/node_counts/reference.h"

namespace arbiter::nodes {

namespace {

constexpr int MEASURED_DEPTH = 3;  // perft measured up to here; growth extrapolated beyond

// A position's perft at any depth: measured up to MEASURED_DEPTH, then the last growth repeated.
class PerftGrowth {
  public:
    explicit PerftGrowth(const NodePosition& position) {
        for (int depth = 0; depth <= MEASURED_DEPTH; ++depth)
            perft_[std::size_t(depth)] = double(perft_of(position, depth));
        const double previous = perft_[MEASURED_DEPTH - 1];
        growth_ = previous > 0 ? perft_[MEASURED_DEPTH] / previous : 0;
    }
    double perft(int depth) const {
        if (depth <= MEASURED_DEPTH) return perft_[std::size_t(depth)];
        return perft_[MEASURED_DEPTH] * std::pow(growth_, depth - MEASURED_DEPTH);
    }
    // Nodes of a full-width iterative deepening to `depth`: every iteration's leaves.
    double search(int depth) const {
        double nodes = 0;
        for (int d = 1; d <= depth; ++d) nodes += perft(d);
        return nodes;
    }

  private:
    std::array<double, MEASURED_DEPTH + 1> perft_{};
    double growth_ = 0;
};

}  // namespace

WorkEstimate estimate_work(const RunSettings& settings) {
    WorkEstimate estimate;
    auto add = [&](double nodes, const std::string& job) {
        estimate.nodes += nodes;
        if (nodes > estimate.largest) {
            estimate.largest = nodes;
            estimate.largest_job = job;
        }
    };
    for (const auto& position : settings.positions) {
        PerftGrowth growth(position);
        for (int depth : settings.depths) {
            const std::string where =
                ", position '" + position.name + "', depth " + std::to_string(depth);
            if (depth <= settings.perft_depth) add(growth.perft(depth), "perft" + where);
            for (const auto& engine : settings.engines) {
                if (engine.limits.depth && depth > *engine.limits.depth) continue;
                add(growth.search(depth), "engine '" + engine.name + "'" + where);
            }
        }
    }
    return estimate;
}

std::string scientific(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1e", value);
    return text;
}

std::string refusal_message(const WorkEstimate& estimate) {
    return "this run would search up to " + scientific(estimate.nodes) +
           " nodes (a full-width estimate from each position's perft growth: minimax searches "
           "that many, alpha-beta engines far fewer), above the " +
           scientific(MAX_ESTIMATED_NODES) +
           " that take hours at ten million nodes per second; the largest job is " +
           estimate.largest_job + " (" + scientific(estimate.largest) +
           " nodes). Lower --depth, cap an engine with depth=N in its --engine, or pass --force "
           "to run it anyway";
}

}  // namespace arbiter::nodes
