#include "harness/nodes/record.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "harness/store/sha256.h"

namespace arbiter::nodes {

std::string resolve_program(const std::string& command) {
    if (command.find('/') != std::string::npos) return command;
    const char* path = std::getenv("PATH");
    std::string_view dirs = path ? path : "";
    while (true) {
        std::size_t colon = dirs.find(':');
        std::string dir(dirs.substr(0, colon));
        std::string candidate = (dir.empty() ? "." : dir) + "/" + command;
        if (::access(candidate.c_str(), X_OK) == 0 && !std::filesystem::is_directory(candidate))
            return candidate;
        if (colon == std::string_view::npos) break;
        dirs.remove_prefix(colon + 1);
    }
    throw ConfigError("program '" + command + "' is not in PATH");
}

EngineIdentity engine_identity(const EngineConfig& engine) {
    EngineIdentity identity;
    identity.name = engine.name;
    identity.command = engine.command;
    identity.args = engine.args;
    identity.working_dir = engine.working_dir;
    for (const auto& [name, value] : engine.options) identity.options.push_back({name, value});
    try {
        identity.binary_sha256 = sha256_file_hex(resolve_program(engine.command));
    } catch (const std::runtime_error& e) {
        throw ConfigError("engine '" + engine.name + "': " + e.what());
    }
    return identity;
}

NodeRunId record_run(Store& store, const NodeResults& results,
                     const std::vector<EngineConfig>& engines, const std::string& description) {
    std::vector<EngineId> ids;
    for (const auto& engine : engines)
        ids.push_back(store.get_or_create_engine(engine_identity(engine)));
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
        if (cell.score && cell.score->kind == UciScore::Kind::mate)
            record.score_mate = cell.score->value;
        else if (cell.score)
            record.score_cp = cell.score->value;
        record.bestmove = cell.bestmove;
        for (std::size_t i = 0; i < cell.pv.size(); ++i) record.pv += (i ? " " : "") + cell.pv[i];
        store.record_node_count(run, record);
    }
    return run;
}

}  // namespace arbiter::nodes
