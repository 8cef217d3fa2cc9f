#include "harness/identity/python_imports.h"

#include <chrono>

#include "harness/process/engine_process.h"

namespace arbiter {

std::vector<std::filesystem::path> python_modules_loaded(const std::filesystem::path& file,
                                                         std::chrono::seconds timeout) {
    const std::string failed = "cannot list the modules " + file.string() + " loads: ";
    std::vector<std::filesystem::path> modules;
    EngineProcess python;
    try {
        python.start("python3", {"-c", PYTHON_IMPORTS_PROGRAM, file.string()});
    } catch (const ProcessError& error) {
        throw PythonImportsError(failed + error.what());
    }
    const auto deadline = EngineProcess::Clock::now() + timeout;
    std::string line;
    EngineProcess::ReadStatus read;
    while ((read = python.read_line(line, deadline)) == EngineProcess::ReadStatus::line)
        if (!line.empty()) modules.emplace_back(line);
    if (read == EngineProcess::ReadStatus::timeout || !python.wait_for_exit(timeout)) {
        python.kill();
        throw PythonImportsError(failed + "python3 did not answer within " +
                                 std::to_string(timeout.count()) + " s");
    }
    const ExitStatus& status = python.exit_status();
    if (status.kind != ExitStatus::Kind::exited || status.code != 0)
        throw PythonImportsError(failed + "python3 " + status.text());
    return modules;
}

}  // namespace arbiter
