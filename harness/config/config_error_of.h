// Tests of the configuration rooms: what a rejected setting says.
#pragma once

#include <string>

#include "harness/config/values.h"

namespace arbiter::testing {

// The ConfigError message `f` throws, or "accepted" when it throws none.
template <typename F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "accepted";
}

}  // namespace arbiter::testing
