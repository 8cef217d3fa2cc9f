// For end-to-end tests: runs a shell command line and returns its exit code with its standard
// output and standard error together, as a user at a terminal would read them.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace arbiter_test {

struct ProgramRun {
    int exit_code;       // 128 + the signal's number when a signal ended it
    std::string output;  // stdout and stderr, interleaved as written
};

// Runs `command` through /bin/sh with stderr joined to stdout.
inline ProgramRun run_program(const std::string& command) {
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    std::string output;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), output};
}

}  // namespace arbiter_test
