#include "harness/node_counts/table.h"

#include <cmath>
#include <map>

namespace arbiter::nodes {

namespace {

std::optional<double> divide(std::optional<std::uint64_t> a, std::optional<std::uint64_t> b) {
    if (!a || !b || *b == 0) return std::nullopt;
    return static_cast<double>(*a) / static_cast<double>(*b);
}

}  // namespace

NodeTable build_table(const NodeResults& results) {
    NodeTable table;
    for (const auto& engine : results.engines) table.engines.push_back(engine.name);
    for (const auto& position : results.positions) table.positions.push_back(position.name);
    const std::size_t engine_count = results.engines.size();

    // Index the cells once: [position][depth index][engine].
    std::vector<std::vector<std::vector<const NodeCell*>>> index(
        results.positions.size(),
        std::vector<std::vector<const NodeCell*>>(results.depths.size(),
                                                  std::vector<const NodeCell*>(engine_count)));
    auto depth_index = [&](int depth) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < results.depths.size(); ++i)
            if (results.depths[i] == depth) return i;
        return std::nullopt;
    };
    for (const auto& cell : results.cells)
        if (auto d = depth_index(cell.depth); d && cell.position < index.size())
            index[cell.position][*d][cell.engine] = &cell;

    table.total.nodes.assign(engine_count, 0);
    std::vector<std::uint64_t> common_left(engine_count, 0), common_this(engine_count, 0);
    std::vector<bool> has_common(engine_count, false);
    double minimal_total = 0;
    bool has_minimal = false;

    for (std::size_t p = 0; p < results.positions.size(); ++p) {
        for (std::size_t d = 0; d < results.depths.size(); ++d) {
            const auto& measured = index[p][d];
            bool any = false;
            for (const NodeCell* cell : measured) any = any || cell;
            if (!any) continue;
            TableRow row;
            row.position = p;
            row.depth = results.depths[d];
            if (auto it = results.perft.find({p, row.depth}); it != results.perft.end())
                row.perft = it->second;
            if (auto tree = minimal_tree(results, p, row.depth)) {
                row.minimal_leaves = tree->leaves;
                minimal_total += tree->leaves;
                has_minimal = true;
            }
            for (std::size_t e = 0; e < engine_count; ++e) {
                TableCell cell;
                if (const NodeCell* m = measured[e]) {
                    cell.nodes = m->nodes;
                    cell.leaves = m->leaves;
                    table.total.nodes[e] += m->nodes;
                    if (e > 0 && measured[e - 1]) {
                        cell.ratio = divide(measured[e - 1]->nodes, m->nodes);
                        common_left[e] += measured[e - 1]->nodes;
                        common_this[e] += m->nodes;
                        has_common[e] = true;
                    }
                    // The previous depth of the same engine, if it was measured.
                    if (auto previous = depth_index(row.depth - 1))
                        if (const NodeCell* before = index[p][*previous][e])
                            cell.branching = divide(m->nodes, before->nodes);
                    if (m->leaves && row.minimal_leaves && *row.minimal_leaves > 0)
                        cell.vs_minimal = static_cast<double>(*m->leaves) / *row.minimal_leaves;
                }
                row.cells.push_back(cell);
            }
            table.rows.push_back(std::move(row));
        }
    }
    for (std::size_t e = 0; e < engine_count; ++e)
        table.total.ratio.push_back(has_common[e] ? divide(common_left[e], common_this[e])
                                                  : std::nullopt);
    if (has_minimal) table.total.minimal_leaves = minimal_total;
    return table;
}

std::vector<DepthTotal> depth_totals(const NodeTable& table) {
    std::map<int, DepthTotal> by_depth;
    for (const auto& row : table.rows) {
        auto [it, first] = by_depth.try_emplace(row.depth);
        DepthTotal& total = it->second;
        if (first) {
            total.depth = row.depth;
            total.perft = 0;
            total.nodes.assign(table.engines.size(), std::nullopt);
        }
        if (total.perft && row.perft)
            *total.perft += *row.perft;
        else
            total.perft.reset();
        if (row.minimal_leaves)
            total.minimal_leaves += static_cast<std::uint64_t>(std::llround(*row.minimal_leaves));
        for (std::size_t e = 0; e < row.cells.size(); ++e)
            if (row.cells[e].nodes)
                total.nodes[e] = total.nodes[e].value_or(0) + *row.cells[e].nodes;
    }
    std::vector<DepthTotal> totals;
    for (auto& [depth, total] : by_depth) totals.push_back(std::move(total));
    return totals;
}

}  // namespace arbiter::nodes
