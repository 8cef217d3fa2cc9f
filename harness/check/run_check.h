// `arbiter check`: an engine's conformance told before it plays. Runs the named checks of
// check_report.h on one configured engine, UCI or XBoard, and returns what each found.
#pragma once

#include <chrono>
#include <string_view>

#include "harness/check/check_report.h"
#include "harness/config/engine_config.h"

namespace arbiter {

// Hears each check as it starts and ends, for a progress display. Default: nothing.
class CheckListener {
  public:
    virtual ~CheckListener() = default;
    virtual void starting(std::string_view /*name*/) {}
    virtual void finished(const CheckResult& /*check*/) {}
};

// The bounds every check is held to, in one place (README, "arbiter check", lists them).
struct CheckBounds {
    std::chrono::milliseconds handshake{10000};    // `uci` to `uciok`, `xboard` to `done=1`
    std::chrono::milliseconds ready{5000};         // `isready` to `readyok`, also after setoption
    std::chrono::milliseconds answer{5000};        // a search's bestmove past its own limit
    std::chrono::milliseconds stop{1000};          // `stop` (`?`) to bestmove (move)
    std::chrono::milliseconds quit{1000};          // `quit` to the end of the process
    std::chrono::milliseconds movetime_over{300};  // `go movetime T` answered within T + this
    std::chrono::milliseconds clock_margin{50};    // a move of the clock game may overrun this
    std::int64_t nodes = 5000;                     // `go nodes N`
    int depth = 3;                                 // `go depth N`
    std::int64_t movetime_ms = 300;                // `go movetime T`
    int clock_game_plies = 40;                     // plies of the 1+0.01 game
    std::int64_t search_ms = 100;                  // the legality positions' `go movetime`
};

// Runs every check on `engine` (its protocol's list) and returns the report. Never throws for an
// engine's fault: a program that cannot start fails the `start` check and the others are not run.
EngineCheckReport run_check(const EngineConfig& engine, CheckListener& listener,
                            const CheckBounds& bounds = {});

// The allowance above N of `go nodes N`: 1% of N, at least 64 nodes (an engine counts nodes in
// batches; a larger overrun is not a batch).
std::int64_t node_tolerance(std::int64_t nodes);

}  // namespace arbiter
