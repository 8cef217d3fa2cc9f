#include "harness/node_counts/record.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "harness/identity/engine_identity.h"

namespace arbiter::nodes {

NodeRunId record_run(Store& store, const NodeResults& results,
                     const std::vector<EngineConfig>& engines, const std::string& description) {
    std::vector<EngineId> ids;
    for (const auto& engine : engines)
        ids.push_back(store.get_or_create_engine(engine_identity(engine, false)));
    NodeRunId run = store.begin_node_run(description);
    for (const auto& cell : results.cells) {
        const auto& position = results.positions.at(cell.position);
        NodeCountRecord record;
        record.engine_id = ids.at(cell.engine);
        record.fen = position.fen;
        record.moves = position.moves;
        record.depth = cell.depth;
        record.nodes = static_cast<std::int64_t>(cell.nodes);
        record.time_ms = cell.time_ms;
        if (cell.leaves) record.leaves = static_cast<std::int64_t>(*cell.leaves);
        record.reached_depth = cell.reached_depth;
        record.score = cell.score;
        record.bestmove = cell.bestmove;
        record.pv = pv_text(cell.pv);
        store.record_node_count(run, record);
    }
    return run;
}

}  // namespace arbiter::nodes
