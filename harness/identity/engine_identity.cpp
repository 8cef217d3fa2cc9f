#include "harness/identity/engine_identity.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include "harness/identity/sha256.h"
#include "harness/process/engine_process.h"

namespace arbiter {

namespace {

namespace fs = std::filesystem;

// The top-level module names one line of Python imports: "import a, b.c as d" gives a and b,
// "from a.b import c" gives a ("from . import c" nothing). Other lines give nothing.
std::vector<std::string> imported_modules(const std::string& line) {
    static const std::regex from_import(R"(^\s*from\s+\.*([A-Za-z_]\w*)[\w.]*\s+import\b)");
    static const std::regex plain_import(R"(^\s*import\s+(.+))");
    static const std::regex module_name(R"(^\s*([A-Za-z_]\w*))");
    std::smatch match;
    if (std::regex_search(line, match, from_import)) return {match[1].str()};
    if (!std::regex_search(line, match, plain_import)) return {};
    std::vector<std::string> names;
    std::string list = match[1].str();
    for (std::size_t start = 0; start <= list.size();) {
        std::size_t comma = std::min(list.find(',', start), list.size());
        std::string part = list.substr(start, comma - start);
        if (std::regex_search(part, match, module_name)) names.push_back(match[1].str());
        start = comma + 1;
    }
    return names;
}

// The .py modules beside the Python file `shown` (as the user wrote it; `file` on disk) that it
// imports, and those they import in turn, by the paths shown to the user, sorted.
std::set<std::string> python_modules_beside(const fs::path& file, const fs::path& shown) {
    std::set<std::string> found;
    std::vector<std::string> pending{file.stem().string()};
    std::set<std::string> seen{pending.front()};
    while (!pending.empty()) {
        fs::path source = file.parent_path() / (pending.back() + ".py");
        pending.pop_back();
        std::ifstream in(source);
        for (std::string line; std::getline(in, line);) {
            for (const std::string& name : imported_modules(line)) {
                fs::path module = file.parent_path() / (name + ".py");
                if (!seen.insert(name).second || !fs::is_regular_file(module)) continue;
                found.insert((shown.parent_path() / (name + ".py")).string());
                pending.push_back(name);
            }
        }
    }
    return found;
}

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
            for (const std::string& module : python_modules_beside(file, arg)) {
                fs::path on_disk = file.parent_path() / fs::path(module).filename();
                files.emplace_back(module, on_disk);
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
