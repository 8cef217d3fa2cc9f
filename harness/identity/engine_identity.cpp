#include "harness/identity/engine_identity.h"

#include "harness/identity/sha256.h"
#include "harness/process/engine_process.h"

namespace arbiter {

EngineIdentity engine_identity(const EngineConfig& engine, bool include_limits) {
    EngineIdentity identity;
    identity.name = engine.name;
    identity.command = engine.command;
    identity.args = engine.args;
    identity.working_dir = engine.working_dir;
    for (const auto& [name, value] : engine.options) identity.options.push_back({name, value});
    if (include_limits) {
        json::Value limits = to_json(engine.limits);
        for (const auto& [key, value] : limits.as_object())
            identity.options.push_back(
                {"@" + key, value.is_string() ? value.as_string() : value.dump()});
    }
    try {
        identity.binary_sha256 = sha256_file_hex(resolve_program(engine.command));
    } catch (const std::runtime_error& e) {
        throw ConfigError("engine " + engine.name + ": " + e.what());
    }
    return identity;
}

}  // namespace arbiter
