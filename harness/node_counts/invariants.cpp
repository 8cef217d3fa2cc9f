#include "harness/node_counts/invariants.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace arbiter::nodes {

namespace {

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

std::string where(const NodeResults& results, const NodeCell& cell) {
    return "'" + results.positions.at(cell.position).name + "' depth " + std::to_string(cell.depth);
}

std::string plural(std::size_t n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace

std::string conditions_key(const NodeEngineInfo& engine) {
    static const std::vector<std::string> ignored = {"hash", "clear hash", "threads",
                                                     "move overhead"};
    std::vector<std::string> parts;
    for (const auto& [name, value] : engine.options) {
        std::string key = lower(name);
        if (std::find(ignored.begin(), ignored.end(), key) == ignored.end())
            parts.push_back(key + "=" + value);
    }
    std::sort(parts.begin(), parts.end());
    std::string text;
    for (const auto& part : parts) text += (text.empty() ? "" : ",") + part;
    return text;
}

namespace {

// The chain position -> engine index of one group of engines measured under the same conditions.
using ChainGroup = std::map<std::size_t, std::size_t>;

// Full-width minimax leaves equal perft.
void check_minimax_leaves(const NodeResults& results, InvariantReport& report) {
    for (std::size_t e = 0; e < results.engines.size(); ++e) {
        if (results.engines[e].id_name != "minimax") continue;
        std::size_t compared = 0;
        for (const auto& cell : results.cells) {
            if (cell.engine != e || !cell.leaves) continue;
            // The leaves are those of the last iteration the engine completed.
            int depth = cell.reached_depth.value_or(cell.depth);
            auto it = results.perft.find({cell.position, depth});
            if (it == results.perft.end()) continue;
            ++compared;
            if (*cell.leaves != it->second)
                report.violations.push_back(
                    "minimax leaves equal perft: '" + results.engines[e].name + "' at " +
                    where(results, cell) + " reached " + std::to_string(*cell.leaves) +
                    " leaves, perft(" + std::to_string(depth) + ") is " +
                    std::to_string(it->second));
        }
        if (compared > 0)
            report.checked.push_back("'" + results.engines[e].name + "' leaves equal perft at " +
                                     plural(compared, "cell"));
    }
}

// Ordering chain: total nodes over the cells both engines measured.
void check_ordering_chain(const NodeResults& results, const ChainGroup& group,
                          InvariantReport& report) {
    for (auto it = group.begin(); it != group.end(); ++it) {
        auto next = std::next(it);
        if (next == group.end()) break;
        std::size_t bigger = it->second, smaller = next->second;
        std::uint64_t bigger_total = 0, smaller_total = 0;
        std::size_t compared = 0;
        for (const auto& cell : results.cells) {
            if (cell.engine != smaller) continue;
            const NodeCell* other = results.find(bigger, cell.position, cell.depth);
            if (!other) continue;
            ++compared;
            bigger_total += other->nodes;
            smaller_total += cell.nodes;
        }
        if (compared == 0) continue;
        const std::string& a = results.engines[bigger].name;
        const std::string& b = results.engines[smaller].name;
        report.checked.push_back("total nodes '" + a + "' >= '" + b + "' over " +
                                 plural(compared, "cell"));
        if (bigger_total < smaller_total)
            report.violations.push_back("total nodes '" + a + "' >= '" + b + "': '" + a +
                                        "' searched " + std::to_string(bigger_total) + " nodes, '" +
                                        b + "' " + std::to_string(smaller_total));
    }
}

// Every alpha-beta variant returns minimax's score.
void check_minimax_scores(const NodeResults& results, const ChainGroup& group,
                          InvariantReport& report) {
    auto minimax = group.find(0);
    if (minimax == group.end()) return;
    for (const auto& [chain_index, e] : group) {
        if (chain_index == 0) continue;
        std::size_t compared = 0;
        for (const auto& cell : results.cells) {
            if (cell.engine != e) continue;
            const NodeCell* reference = results.find(minimax->second, cell.position, cell.depth);
            if (!reference) continue;
            ++compared;
            if (cell.score != reference->score) {
                auto text = [](const std::optional<Score>& s) {
                    return s ? score_text(*s) : std::string("no score");
                };
                report.violations.push_back(
                    "alpha-beta returns minimax's score: '" + results.engines[e].name + "' at " +
                    where(results, cell) + " scored " + text(cell.score) + ", '" +
                    results.engines[minimax->second].name + "' " + text(reference->score));
            }
        }
        if (compared > 0)
            report.checked.push_back("'" + results.engines[e].name + "' scores equal '" +
                                     results.engines[minimax->second].name + "' at " +
                                     plural(compared, "cell"));
    }
}

}  // namespace

InvariantReport check_invariants(const NodeResults& results) {
    InvariantReport report;

    // Group the engines of the chain by conditions: group -> chain position -> engine index.
    std::map<std::string, ChainGroup> groups;
    for (std::size_t e = 0; e < results.engines.size(); ++e) {
        const auto& engine = results.engines[e];
        auto it = std::find(ORDERING_CHAIN.begin(), ORDERING_CHAIN.end(), engine.id_name);
        if (it == ORDERING_CHAIN.end()) continue;
        auto& group = groups[conditions_key(engine)];
        group.emplace(static_cast<std::size_t>(it - ORDERING_CHAIN.begin()), e);  // first wins
    }

    check_minimax_leaves(results, report);
    for (const auto& [conditions, group] : groups) {
        check_ordering_chain(results, group, report);
        check_minimax_scores(results, group, report);
    }
    return report;
}

}  // namespace arbiter::nodes
