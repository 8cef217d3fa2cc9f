// What the page's browser tests share: running a program, and check_page.js opening a page in
// Debian's headless Chromium (ARBITER_CHROMIUM names another build of it) and reporting what it
// saw as JSON.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "harness/config/json.h"
#include "harness/store/records.h"

namespace arbiter::browser {

inline const std::string CHROMIUM =
    std::getenv("ARBITER_CHROMIUM") ? std::getenv("ARBITER_CHROMIUM") : "/usr/bin/chromium";

struct RunResult {
    int exit_code = -1;
    std::string output;
};

// Runs `command` in a shell; returns its exit code and its output and errors together.
inline RunResult run(const std::string& command) {
    RunResult result;
    FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    if (!pipe) return result;
    char buffer[4096];
    while (std::fgets(buffer, sizeof buffer, pipe)) result.output += buffer;
    int status = ::pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Runs check_page.js on `page` (opening `game` in the board viewer when given) and returns what
// it saw, or throws with its output. Screenshots go to `folder`/shots.
inline json::Value check_page(const std::filesystem::path& page,
                              const std::filesystem::path& folder, std::optional<GameId> game) {
    std::filesystem::path out = folder / (page.stem().string() + ".json");
    std::string command = "node " + std::string(CHECK_PAGE_SCRIPT) + " --page " + page.string() +
                          " --out " + out.string() + " --shots " + (folder / "shots").string() +
                          " --chromium " + CHROMIUM;
    if (game) command += " --game " + std::to_string(*game);
    RunResult r = run(command);
    if (r.exit_code != 0) throw std::runtime_error("check_page.js failed:\n" + r.output);
    return json::parse(read_file(out));
}

// The value check_page.js reported under `key`; throws if it reported none.
inline const json::Value& reported(const json::Value& seen, std::string_view key) {
    const json::Value* value = seen.find(key);
    if (!value) throw std::runtime_error("check_page.js did not report " + std::string(key));
    return *value;
}

// What a suite of page tests shares: its set-up (Derived::make(), run once for the suite) makes a
// page in `dir` and reads it in the browser into `seen`; a failure there is `setup_error`, which
// each test reports. Without Chromium each test fails under CI and is skipped elsewhere. The
// folder stays after the suite when ARBITER_KEEP_BROWSER_TEST is set.
template <typename Derived>
class PageTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        if (!std::filesystem::exists(CHROMIUM)) return;
        try {
            Derived::make();
        } catch (const std::exception& e) {
            setup_error = e.what();
        }
    }
    static void TearDownTestSuite() {
        if (!dir.empty() && !std::getenv("ARBITER_KEEP_BROWSER_TEST"))
            std::filesystem::remove_all(dir);
    }
    void SetUp() override {
        if (!std::filesystem::exists(CHROMIUM)) {
            if (std::getenv("CI")) FAIL() << CHROMIUM << " is missing: run scripts/setup";
            GTEST_SKIP() << CHROMIUM << " is not installed (scripts/setup installs it)";
        }
        ASSERT_TRUE(setup_error.empty()) << setup_error;
    }
    // A fresh folder for the suite's files: BASE/NAME-PID.
    static void make_folder(const std::filesystem::path& base, const std::string& name) {
        dir = base / (name + "-" + std::to_string(::getpid()));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    // Runs `command`; throws with its output if it fails (the suite's set-up error).
    static void run_or_throw(const std::string& command, const std::string& what) {
        RunResult r = run(command);
        if (r.exit_code != 0) throw std::runtime_error(what + " failed:\n" + r.output);
    }
    static inline std::filesystem::path dir;
    static inline std::string setup_error;
    static inline json::Value seen;
};

}  // namespace arbiter::browser
