// The XBoard half of `arbiter check` (xboard_checker.cpp says which checks the protocol allows).
#pragma once

#include "harness/check/run_check.h"

namespace arbiter {

// Runs the XBoard checks on `engine` and returns the report.
EngineCheckReport run_xboard_check(const EngineConfig& engine, CheckListener& listener,
                                   const CheckBounds& bounds);

}  // namespace arbiter
