#include "harness/identity/engine_identity.h"

#include <filesystem>
#include <set>

#include "harness/identity/python_imports.h"
#include "harness/identity/sha256.h"
#include "harness/process/engine_process.h"

namespace arbiter {

namespace {

namespace fs = std::filesystem;

// The SHA-256 of `file`, or a ConfigError naming the engine.
std::string hash_or_throw(const EngineConfig& engine, const fs::path& file) {
    try {
        return sha256_file_hex(file);
    } catch (const std::runtime_error& e) {
        throw ConfigError("engine " + engine.name + ": " + e.what());
    }
}

// The files the engine's arguments name and, for Python files, the modules beside them that
// they import, as options "@file:PATH" = SHA-256 (see README.md).
void add_argument_files(const EngineConfig& engine, EngineIdentity& identity) {
    std::set<std::string> recorded;
    for (const std::string& arg : engine.args) {
        fs::path file = arg;
        if (file.is_relative() && !engine.working_dir.empty())
            file = fs::path(engine.working_dir) / file;
        std::error_code error;
        if (arg.empty() || !fs::is_regular_file(file, error)) continue;
        std::vector<std::pair<std::string, fs::path>> files{{arg, file}};
        if (file.extension() == ".py") {
            // The modules are found beside the real file, as the host loads them (an entrant
            // reached through a symbolic link loads the modules beside its target).
            const fs::path folder = fs::canonical(file).parent_path();
            try {
                for (const fs::path& module : python_modules_loaded(file))
                    files.emplace_back((fs::path(arg).parent_path() / module).string(),
                                       folder / module);
            } catch (const PythonImportsError& e) {
                throw ConfigError("engine " + engine.name + ": " + e.what());
            }
        }
        for (const auto& [shown, on_disk] : files) {
            if (recorded.insert(shown).second)
                identity.options.push_back({"@file:" + shown, hash_or_throw(engine, on_disk)});
        }
    }
}

}  // namespace

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
    add_argument_files(engine, identity);
    try {
        identity.binary_sha256 = sha256_file_hex(resolve_program(engine.command));
    } catch (const std::runtime_error& e) {
        throw ConfigError("engine " + engine.name + ": " + e.what());
    }
    return identity;
}

}  // namespace arbiter
