// The guardian of a process's engines (guardian.h) runs before the first engine is spawned: a
// fresh process has none, and the first engine's marker starts it. Its own program, so that no
// earlier test has started an engine in this process.
#include "harness/process/guardian.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace arbiter {
namespace {

// How many running processes are this process's guardian: `sh -c SCRIPT arbiter-guardian
// ARBITER_ENGINE=<pid>\.` (the launcher's backgrounded subshell keeps its command line).
int guardians_of_this_process() {
    const std::string pattern = "ARBITER_ENGINE=" + std::to_string(::getpid()) + "\\.";
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream in(entry.path() / "cmdline", std::ios::binary);
        std::string command((std::istreambuf_iterator<char>(in)), {});
        if (command.find(std::string("arbiter-guardian") + '\0' + pattern) != std::string::npos)
            ++count;
    }
    return count;
}

TEST(Guardian, RunsBeforeTheFirstEngineIsSpawned) {
    EXPECT_EQ(guardians_of_this_process(), 0);
    const std::string marker = new_engine_marker();  // taken before an engine is spawned
    EXPECT_TRUE(marker.starts_with("ARBITER_ENGINE=" + std::to_string(::getpid()) + "."));
    EXPECT_EQ(guardians_of_this_process(), 1);
    new_engine_marker();
    EXPECT_EQ(guardians_of_this_process(), 1);  // one guardian a process
}

}  // namespace
}  // namespace arbiter
