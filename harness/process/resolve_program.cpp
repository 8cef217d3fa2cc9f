// resolve_program(): where execvp() would find an engine program, checked before it is started.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "harness/process/engine_process.h"

namespace arbiter {

std::string resolve_program(const std::string& program) {
    namespace fs = std::filesystem;
    if (program.empty()) throw ProcessError("engine program is empty");
    auto check = [](const std::string& path, const std::string& shown) {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) {
            throw ProcessError("engine program not found: " + shown);
        }
        if (S_ISDIR(st.st_mode)) throw ProcessError("engine program is a directory: " + shown);
        if (::access(path.c_str(), X_OK) != 0) {
            throw ProcessError("engine program is not executable: " + shown);
        }
    };
    if (program.find('/') != std::string::npos) {
        std::error_code ec;
        std::string absolute = fs::absolute(program, ec).lexically_normal().string();
        if (ec) throw ProcessError("engine program path is invalid: " + program);
        check(absolute, program);
        return absolute;
    }
    const char* path = std::getenv("PATH");
    std::string_view dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    bool found_unexecutable = false;
    while (true) {
        std::size_t colon = dirs.find(':');
        std::string dir(dirs.substr(0, colon));
        if (dir.empty()) dir = ".";
        std::string candidate = dir + "/" + program;
        struct stat st {};
        if (::stat(candidate.c_str(), &st) == 0 && !S_ISDIR(st.st_mode)) {
            if (::access(candidate.c_str(), X_OK) == 0) {
                return fs::absolute(candidate).lexically_normal().string();
            }
            found_unexecutable = true;
        }
        if (colon == std::string_view::npos) break;
        dirs.remove_prefix(colon + 1);
    }
    if (found_unexecutable) throw ProcessError("engine program is not executable: " + program);
    throw ProcessError("engine program not found in PATH: " + program);
}

}  // namespace arbiter
