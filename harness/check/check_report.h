// What `arbiter check` found about one engine: a list of named checks, each passed, failed or not
// applicable, with the lines exchanged with the engine while it ran. Plain values; the outputs
// (check_output.h) turn them into text.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace arbiter {

// The outcome of one named check. `not_applicable` is a check the engine cannot be asked (no
// Hash option, no UCI_Chess960, no ponder): it neither passes nor fails.
enum class CheckOutcome { passed, failed, not_applicable };
// Short names for the outcomes, as the checkers spell them.
inline constexpr CheckOutcome PASS = CheckOutcome::passed;
inline constexpr CheckOutcome FAIL = CheckOutcome::failed;
inline constexpr CheckOutcome NOT_APPLICABLE = CheckOutcome::not_applicable;

// "passed", "failed", "n/a".
const char* to_string(CheckOutcome outcome);

// One named check: what it asks (`group` and `name` are stable, for CI and tests), how it ended,
// why (`detail`: the measured figure or the fault, for people), and the lines exchanged with the
// engine while it ran ("> sent", "< received"), cut to MAX_LINES.
struct CheckResult {
    std::string group;  // protocol, legality, limits, options, information, robustness
    std::string name;   // "go-nodes", "legal:en-passant-pinned", "option:Hash"
    CheckOutcome outcome = CheckOutcome::passed;
    std::string detail;
    std::vector<std::string> lines;
    std::int64_t milliseconds = 0;  // how long the check took

    static constexpr std::size_t MAX_LINES = 40;
};

// Every check of one engine, in the order they ran, and how long the whole check took.
struct EngineCheckReport {
    std::string engine;    // the configured name
    std::string protocol;  // "uci" or "xboard"
    std::string id_name;   // what the engine calls itself, when it said
    std::vector<CheckResult> checks;
    std::int64_t milliseconds = 0;

    int count(CheckOutcome outcome) const;
    bool passed() const { return count(CheckOutcome::failed) == 0; }
    // The names of the failed checks, in order.
    std::vector<std::string> failed_names() const;
    // The check called `name`, or nullptr.
    const CheckResult* find(const std::string& name) const;
};

// One try at a check whose subject is time: its fault (empty when it passed), what a pass found,
// and whether the fault is lateness alone (an answer after its bound, or none by then).
struct CheckAttempt {
    std::string fault;
    std::string detail;
    bool late = false;
};

// Runs `attempt` and, when it failed by lateness alone, once more. On a busy machine one answer
// can be late for reasons that are not the engine's; an engine that overruns does so again. The
// second try decides, and its fault or detail names the first.
CheckAttempt twice_if_late(const std::function<CheckAttempt()>& attempt);

}  // namespace arbiter
