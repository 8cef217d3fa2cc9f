// Test support: the reference programs some tests compare against (Stockfish, pgn-extract).
// scripts/setup installs them, but a developer's machine may lack them. Outside CI a test whose
// reference is missing is skipped; under CI (CI=true in the environment, as GitHub Actions sets
// it) it fails, because there a missing reference means a broken setup, not a choice.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <string_view>

namespace arbiter::testing {

// True when the environment says the tests run under continuous integration (CI=true or CI=1).
inline bool running_under_ci() {
    const char* ci = std::getenv("CI");
    return ci && (std::string_view(ci) == "true" || std::string_view(ci) == "1");
}

// The path of an installed program: the first executable `name` in /usr/games, /usr/bin or
// /usr/local/bin, or empty. When it is missing under CI, the current test fails (non-fatally);
// the caller then skips the part that needs it:
//     std::string stockfish = reference_program("stockfish");
//     if (stockfish.empty()) GTEST_SKIP() << "stockfish is not installed";
inline std::string reference_program(std::string_view name) {
    for (const char* dir : {"/usr/games/", "/usr/bin/", "/usr/local/bin/"}) {
        std::string path = std::string(dir) + std::string(name);
        if (::access(path.c_str(), X_OK) == 0) return path;
    }
    if (running_under_ci())
        ADD_FAILURE() << name << " is not installed, and CI=true: scripts/setup installs it";
    return {};
}

}  // namespace arbiter::testing
