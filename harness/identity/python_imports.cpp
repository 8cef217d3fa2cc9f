#include "harness/identity/python_imports.h"

#include <chrono>

#include "harness/process/engine_process.h"

namespace arbiter {

std::vector<std::filesystem::path> python_modules_loaded(const std::filesystem::path& file) {
    std::vector<std::filesystem::path> modules;
    EngineProcess python;
    try {
        python.start("python3", {"-c", PYTHON_IMPORTS_PROGRAM, file.string()});
    } catch (const ProcessError&) {
        return modules;  // no python3: no entrant of this machine can run either
    }
    const auto deadline = EngineProcess::Clock::now() + std::chrono::seconds(30);
    std::string line;
    while (python.read_line(line, deadline) == EngineProcess::ReadStatus::line)
        if (!line.empty()) modules.emplace_back(line);
    if (!python.wait_for_exit(std::chrono::seconds(1))) python.kill();
    return modules;
}

}  // namespace arbiter
