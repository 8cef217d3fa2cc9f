#include "harness/node_counts/baseline.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <tuple>

#include "harness/config/engine_config.h"

namespace arbiter::nodes {

namespace {

std::string percent_change(std::uint64_t before, std::uint64_t after) {
    if (before == 0) return after == 0 ? "" : "new";
    double change = (static_cast<double>(after) - static_cast<double>(before)) /
                    static_cast<double>(before) * 100.0;
    char text[32];
    std::snprintf(text, sizeof text, "%+.2f%%", change);
    return text;
}

std::string options_text(const NodeEngineInfo& engine) {
    std::string text;
    for (const auto& [name, value] : engine.options)
        text += (text.empty() ? "" : ",") + name + "=" + value;
    return text.empty() ? "(none)" : text;
}

std::string score_or_none(const std::optional<Score>& score) {
    return score ? score_text(*score) : "(none)";
}

}  // namespace

Comparison compare_with_baseline(const NodeResults& baseline, const NodeResults& current,
                                 double tolerance_percent) {
    Comparison comparison;
    comparison.tolerance_percent = tolerance_percent;
    comparison.invariants = check_invariants(current);

    // Index the baseline by (engine name, position key, depth).
    std::map<std::tuple<std::string, std::string, int>, const NodeCell*> old_cells;
    for (const auto& cell : baseline.cells)
        old_cells[{baseline.engines.at(cell.engine).name,
                   baseline.positions.at(cell.position).key(), cell.depth}] = &cell;

    for (const auto& engine : current.engines) {
        for (const auto& old_engine : baseline.engines) {
            if (old_engine.name == engine.name && old_engine.options != engine.options)
                comparison.differences.push_back({engine.name, "", 0, "options",
                                                  options_text(old_engine), options_text(engine),
                                                  ""});
        }
    }

    for (const auto& cell : current.cells) {
        const std::string& engine = current.engines.at(cell.engine).name;
        const NodePosition& position = current.positions.at(cell.position);
        auto it = old_cells.find({engine, position.key(), cell.depth});
        if (it == old_cells.end()) {
            comparison.unmatched.push_back("not in the baseline: '" + engine + "' at '" +
                                           position.name + "' depth " + std::to_string(cell.depth));
            continue;
        }
        const NodeCell& old = *it->second;
        old_cells.erase(it);
        ++comparison.compared;
        auto add = [&](std::string what, std::string before, std::string after,
                       std::string change) {
            comparison.differences.push_back({engine, position.name, cell.depth, std::move(what),
                                              std::move(before), std::move(after),
                                              std::move(change)});
        };
        double allowed = static_cast<double>(old.nodes) * tolerance_percent / 100.0;
        double moved = std::fabs(static_cast<double>(cell.nodes) - static_cast<double>(old.nodes));
        if (moved > allowed)
            add("nodes", std::to_string(old.nodes), std::to_string(cell.nodes),
                percent_change(old.nodes, cell.nodes));
        if (old.score != cell.score)
            add("score", score_or_none(old.score), score_or_none(cell.score), "");
        if (old.bestmove != cell.bestmove) add("bestmove", old.bestmove, cell.bestmove, "");
    }
    for (const auto& [key, cell] : old_cells) {
        const auto& [engine, position_key, depth] = key;
        comparison.unmatched.push_back("not measured in this run: '" + engine + "' at '" +
                                       baseline.positions.at(cell->position).name + "' depth " +
                                       std::to_string(depth));
    }
    return comparison;
}

NodeResults load_baseline(const std::string& path) {
    std::string text = read_text_file(path);
    json::Value doc;
    try {
        doc = json::parse(text);
    } catch (const json::ParseError& e) {
        throw std::runtime_error("baseline '" + path + "': " + e.what());
    }
    return results_from_json(doc, "baseline '" + path + "'");
}

}  // namespace arbiter::nodes
