// For end-to-end tests: runs a shell command line and returns its exit code with its standard
// output and standard error together, as a user at a terminal would read them; reads a file the
// run wrote, and counts what it holds.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace arbiter_test {

struct ProgramRun {
    int exit_code;       // 128 + the signal's number when a signal ended it
    std::string output;  // stdout and stderr, interleaved as written
};

// What `command`, run through /bin/sh, writes to its standard output (the command line redirects
// standard error as it wishes), and how it ended.
inline ProgramRun run_program_stdout(const std::string& command) {
    FILE* pipe = popen(command.c_str(), "r");
    std::string output;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), output};
}

// Runs `command` through /bin/sh with stderr joined to stdout.
inline ProgramRun run_program(const std::string& command) {
    return run_program_stdout(command + " 2>&1");
}

// The bytes of a file; empty when it cannot be read.
inline std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// How many times `part` occurs in `text`, not overlapping.
inline int count_of(const std::string& text, const std::string& part) {
    int count = 0;
    for (std::size_t at = 0; (at = text.find(part, at)) != std::string::npos; at += part.size())
        ++count;
    return count;
}

}  // namespace arbiter_test
