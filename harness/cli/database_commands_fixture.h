// What the end-to-end tests of the database commands share: running the `arbiter` program with
// its output captured, reading a file whole, and a fresh folder per test with two mock engines.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace arbiter {

namespace fs = std::filesystem;

struct CommandOutcome {
    int exit_code;
    std::string output;  // stdout and stderr
};

// Runs a shell command line, its standard error joined to its output.
inline CommandOutcome run_shell(const std::string& command_line) {
    const std::string command = command_line + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    std::string output;
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    const int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), output};
}

inline CommandOutcome run_arbiter(const std::string& arguments) {
    return run_shell(std::string(ARBITER_PATH) + " " + arguments);
}

inline std::string file_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class DatabaseCommands : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("arbiter-db-commands-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override {
        std::error_code ignored;
        fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add, ignored);
        fs::remove_all(dir_, ignored);
    }
    std::string engines() const {
        return std::string(" --engine name=a,cmd=") + MOCK_ENGINE_PATH +
               " --engine name=b,cmd=" + MOCK_ENGINE_PATH + " --depth 1";
    }
    // The first `count` openings of the shipped suite, as a file of this test's folder.
    fs::path short_suite(int count) const {
        const fs::path openings = dir_ / "openings.epd";
        std::ifstream suite("openings/arbiter-8ply.epd");
        std::ofstream out(openings);
        std::string line;
        for (int i = 0; i < count && std::getline(suite, line); ++i) out << line << '\n';
        return openings;
    }
    fs::path dir_;
};

}  // namespace arbiter
