// The Python modules an entrant loads, for its identity: python_imports.py (embedded byte for byte
// as PYTHON_IMPORTS_PROGRAM) run by the system's python3 on the entrant's file.
#pragma once

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter {

// The text of harness/identity/python_imports.py.
extern const char* const PYTHON_IMPORTS_PROGRAM;

// Why the modules a Python file loads could not be listed: python3 is missing, did not answer
// within its time, or failed (its exit status). Thrown by python_modules_loaded().
class PythonImportsError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Every .py file under the folder of `file` (its real folder, symbolic links followed, where
// arbiter's Python host loads its modules from) that Python loads for it, directly or not,
// relative to that folder and sorted (python_imports.py says which import forms count). Empty
// when the file imports none of them. Throws PythonImportsError when python3 cannot be run, does
// not answer within `timeout`, or fails: an identity missing the modules would not be one.
std::vector<std::filesystem::path> python_modules_loaded(
    const std::filesystem::path& file, std::chrono::seconds timeout = std::chrono::seconds(30));

}  // namespace arbiter
