// The Python modules an entrant loads, for its identity: python_imports.py (embedded byte for byte
// as PYTHON_IMPORTS_PROGRAM) run by the system's python3 on the entrant's file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace arbiter {

// The text of harness/identity/python_imports.py.
extern const char* const PYTHON_IMPORTS_PROGRAM;

// Every .py file under the folder of `file` that Python loads for it, directly or not, relative
// to that folder and sorted (python_imports.py says which import forms count). Empty when the
// file imports none of them, and when python3 cannot be run or does not answer within 30 s.
std::vector<std::filesystem::path> python_modules_loaded(const std::filesystem::path& file);

}  // namespace arbiter
