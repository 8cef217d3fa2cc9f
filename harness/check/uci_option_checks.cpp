// The option, information and robustness checks of a UCI engine (UciChecker, uci_checker.h).
#include <algorithm>
#include <cctype>
#include <thread>

#include "harness/check/positions.h"
#include "harness/check/uci_checker.h"

namespace arbiter {

using std::chrono::milliseconds;
using Clock = EngineProbe::Clock;

namespace {

std::string lower(std::string_view text) {
    std::string low(text);
    for (char& c : low) c = char(std::tolower(static_cast<unsigned char>(c)));
    return low;
}

// The largest value the check sets a spin option to: its max, except where the max would take the
// machine rather than test the engine: a hash table above 64 MB, more threads than cores.
std::int64_t checked_maximum(const UciOption& option) {
    const std::int64_t max = option.max.value_or(0);
    const std::string name = lower(option.name);
    if (name.find("hash") != std::string::npos) return std::min<std::int64_t>(max, 64);
    if (name == "threads" || name == "cores" || name == "cpus")
        return std::min<std::int64_t>(max, std::max(2u, std::thread::hardware_concurrency()));
    return max;
}

// The lines' faults, or a pass naming how many lines were read.
void findings(std::vector<std::string>& faults, int read, const std::string& what,
              CheckOutcome& outcome, std::string& detail) {
    if (read == 0) {
        outcome = NOT_APPLICABLE;
        detail = "the engine sent no " + what;
    } else if (faults.empty()) {
        outcome = PASS;
        detail = std::to_string(read) + " " + what + " read, all right";
    } else {
        outcome = FAIL;
        detail = std::to_string(faults.size()) + " of " + std::to_string(read) + " " + what +
                 " wrong; the first: " + faults.front();
    }
}

}  // namespace

void UciChecker::option_checks() {
    // Step 1. The Hash memory, on a fresh process, then every declared option but the user's
    // strings at its values.
    hash_check();
    for (const UciOption& declared : options_) {
        if (declared.type == UciOption::Type::string) continue;  // a path or a name: the user's
        check_option(declared);
    }
    // Step 2. isready answered during a search, and ucinewgame between two games.
    game_checks();
}

void UciChecker::check_option(const UciOption& declared) {
    const std::string name = "option:" + declared.name;
    begin(name);
    make_responsive();
    std::vector<std::string> values;
    switch (declared.type) {
        case UciOption::Type::spin:
            values = {std::to_string(declared.min.value_or(0)),
                      std::to_string(checked_maximum(declared))};
            break;
        case UciOption::Type::check:
            values = {"true", "false"};
            break;
        case UciOption::Type::combo:
            values = declared.vars;
            break;
        default:
            values = {""};  // a button: pressed
            break;
    }
    if (declared.type != UciOption::Type::button) values.push_back(declared.default_value);
    std::string fault;
    for (const std::string& value : values) {
        probe_.send("setoption name " + declared.name +
                    (declared.type == UciOption::Type::button ? "" : " value " + value));
        std::string why;
        if (!ready(why, bounds_.ready)) {
            fault = "after `setoption name " + declared.name +
                    (value.empty() ? "" : " value " + value) + "`: " + why;
            break;
        }
    }
    // Step 2. A spin at its largest value must still search: some engines fail only then.
    if (fault.empty() && declared.type == UciOption::Type::spin) {
        probe_.send("setoption name " + declared.name + " value " +
                    std::to_string(checked_maximum(declared)));
        Setup start;
        const std::string go = "go movetime " + std::to_string(bounds_.search_ms);
        Search found = search(start, go, milliseconds(bounds_.search_ms) + bounds_.answer);
        fault = answer_fault(found, go + " with " + declared.name + " at its maximum");
        if (fault.empty()) fault = bestmove_fault(found, start, false);
        make_responsive();  // a search still under way would not take the next setoption
        probe_.send("setoption name " + declared.name + " value " + declared.default_value);
    }
    std::string tried;
    for (const std::string& value : values) tried += (tried.empty() ? "" : ", ") + value;
    record("options", name, fault.empty() ? PASS : FAIL,
           fault.empty()
               ? (declared.type == UciOption::Type::button ? "pressed" : "set to " + tried)
               : fault);
}

void UciChecker::hash_check() {
    begin("hash-memory");
    const UciOption* hash = option("Hash");
    if (!hash || hash->type != UciOption::Type::spin || checked_maximum(*hash) < 33) {
        record("options", "hash-memory", NOT_APPLICABLE,
               "the engine declares no Hash option that reaches 33 MB");
        return;
    }
    const std::int64_t small = std::max<std::int64_t>(1, hash->min.value_or(1));
    const std::int64_t large = checked_maximum(*hash);
    record_timed("options", "hash-memory", [&] { return hash_growth(*hash, small, large); });
}

CheckAttempt UciChecker::hash_growth(const UciOption& hash, std::int64_t small,
                                     std::int64_t large) {
    // Step 1. A fresh process: memory a larger table left behind stays resident (the C library
    // keeps a freed block of the heap), so the table must not have been larger before.
    CheckAttempt attempt;
    probe_.kill();
    if (!start_engine(attempt.fault)) {
        attempt.fault = "restarting the engine: " + attempt.fault;
        return attempt;
    }
    // Step 2. The resident memory at the smallest table and at 64 MB, each after a new game.
    // Allocating the table is not timed here (a busy machine takes seconds to give 64 MB): the
    // engine has the start-up bound for it, then a search of depth 1 touches the table.
    std::optional<std::int64_t> resident[2];
    for (int k = 0; k < 2 && attempt.fault.empty(); ++k) {
        probe_.send("setoption name " + hash.name + " value " + std::to_string(k ? large : small));
        probe_.send("ucinewgame");
        if (!ready(attempt.fault, bounds_.handshake)) {
            attempt.fault = "after `setoption name " + hash.name + " value " +
                            std::to_string(k ? large : small) +
                            "` and `ucinewgame`: " + attempt.fault;
            attempt.late = probe_.alive();
            return attempt;
        }
        Setup start;
        Search found = search(start, "go depth 1", bounds_.answer);
        attempt.fault = answer_fault(found, "go depth 1");
        attempt.late = found.late();
        resident[k] = resident_kb(probe_.pid());
        if (attempt.fault.empty() && !resident[k])
            attempt.fault = "the engine's resident memory cannot be read";
    }
    probe_.send("setoption name " + hash.name + " value " + hash.default_value);
    if (!attempt.fault.empty()) return attempt;
    // Step 3. At least half the difference must show in the resident memory.
    const std::int64_t grown = (*resident[1] - *resident[0]) / 1024;
    const std::int64_t wanted = (large - small) / 2;
    const std::string change =
        "Hash " + std::to_string(small) + " -> " + std::to_string(large) + " MB";
    if (grown < wanted)
        attempt.fault = change + " grew the resident memory by " + std::to_string(grown) +
                        " MB (at least " + std::to_string(wanted) + " expected)";
    attempt.detail = change + ": resident memory +" + std::to_string(grown) + " MB";
    return attempt;
}

void UciChecker::game_checks() {
    const Setup middlegame = Setup::at(legality_positions()[0].fen);
    // Step 1. isready in the middle of go infinite: readyok at once, the search goes on.
    begin("isready-searching");
    record_timed("options", "isready-searching", [&] {
        make_responsive();
        probe_.send(middlegame.command());
        probe_.send("go infinite");
        std::this_thread::sleep_for(milliseconds(100));
        CheckAttempt attempt{"", "`readyok` while searching", false};
        std::vector<std::string> lines;
        probe_.send("isready");
        EngineProbe::Read read = probe_.read_until(
            [](std::string_view line) {
                return first_word(line) == "readyok" || first_word(line) == "bestmove";
            },
            deadline_after(Clock::now(), bounds_.stop), &lines);
        if (read != EngineProbe::Read::found) {
            attempt.fault = "no `readyok` within " + std::to_string(bounds_.stop.count()) +
                            " ms of `isready` during `go infinite`";
            attempt.late = read == EngineProbe::Read::timeout;
        } else if (first_word(lines.back()) == "bestmove") {
            attempt.fault = "ended `go infinite` (" + lines.back() + ") before `stop`";
        }
        probe_.send("stop");
        // The answer to stop is infinite-stop's to judge; one that keeps searching is restarted.
        read_search(Clock::now(), bounds_.stop);
        return attempt;
    });
    // Step 2. Two games, each started by ucinewgame: both answered with a legal move.
    begin("ucinewgame-games");
    make_responsive();
    std::string fault;
    const Setup games[] = {Setup{"startpos", {"e2e4"}, false},
                           Setup::at(legality_positions()[7].fen)};
    for (const Setup& game : games) {
        probe_.send("ucinewgame");
        std::string why;
        if (!ready(why, bounds_.ready)) {
            fault = "after `ucinewgame`: " + why;
            break;
        }
        const std::string go = "go movetime " + std::to_string(bounds_.search_ms);
        Search found = search(game, go, milliseconds(bounds_.search_ms) + bounds_.answer);
        fault = answer_fault(found, go);
        if (fault.empty()) fault = bestmove_fault(found, game, false);
        if (!fault.empty()) break;
    }
    record("options", "ucinewgame-games", fault.empty() ? PASS : FAIL,
           fault.empty() ? "two games, each after `ucinewgame`" : fault);
}

void UciChecker::information_checks() {
    const std::string group = "information";
    // Step 1. The sign of the score at a forced mate, for the side that mates and the mated.
    begin("mate-sign");
    MateSignTally tally;
    for (const MatePosition& mate : mate_positions()) {
        make_responsive();
        const Setup setup = Setup::at(mate.fen);
        const std::string go = "go movetime " + std::to_string(bounds_.movetime_ms);
        Search found = search(setup, go, milliseconds(bounds_.movetime_ms) + bounds_.answer);
        if (std::optional<Score> score = found.last_score()) tally.add(mate, *score);
    }
    record(group, "mate-sign", tally.outcome(), tally.detail("the engine reports no score"));
    // Step 2. What the audit of every search found.
    CheckOutcome outcome;
    std::string detail;
    const std::tuple<const char*, std::vector<std::string>*, int, const char*> audits[] = {
        {"info-integers", &number_faults_, numbered_lines_, "info lines"},
        {"seldepth", &seldepth_faults_, seldepth_lines_, "lines with seldepth"},
        {"pv-legal", &pv_faults_, pv_lines_, "PVs"},
        {"mate-pv", &mate_pv_faults_, mate_pv_lines_, "mating PVs"},
        {"ponder-legal", &ponder_faults_, ponder_moves_, "ponder moves"}};
    for (const auto& [name, faults, read, what] : audits) {
        begin(name);
        findings(*faults, read, what, outcome, detail);
        if (faults == &seldepth_faults_ && seldepth_below_depth_ > 0)
            detail += " (" + std::to_string(seldepth_below_depth_) + " with seldepth below depth)";
        if (faults == &mate_pv_faults_ && mate_pv_incomplete_ > 0)
            detail += " (" + std::to_string(mate_pv_incomplete_) +
                      " shorter than their mate, which fastchess's -check-mate-pvs warns of)";
        record(group, name, outcome, detail, *faults);
    }
}

void UciChecker::robustness_checks() {
    const std::string group = "robustness";
    // Step 1. An unknown command, then isready: the engine is still there.
    begin("unknown-command");
    make_responsive();
    probe_.send("arbitercheck unknown command 42");
    std::string fault;
    record(group, "unknown-command", ready(fault, bounds_.ready) ? PASS : FAIL,
           fault.empty() ? "ignored" : fault);
    // Step 2. A position 300 plies long.
    begin("long-position");
    make_responsive();
    const Setup long_setup{"startpos", long_game(300)};
    const std::string go = "go movetime " + std::to_string(bounds_.search_ms);
    Search found = search(long_setup, go, milliseconds(bounds_.search_ms) + bounds_.answer);
    fault = answer_fault(found, go);
    if (fault.empty()) fault = bestmove_fault(found, long_setup, false);
    record(group, "long-position", fault.empty() ? PASS : FAIL,
           fault.empty()
               ? std::to_string(long_setup.moves.size()) + " plies, bestmove " + found.bestmove
               : fault);
    // Step 3. quit ends the process within the bound.
    begin("quit");
    record_timed(group, "quit", [&] {
        make_responsive();
        Clock::time_point sent = Clock::now();
        probe_.send("quit");
        if (!probe_.wait_for_exit(bounds_.quit))
            return CheckAttempt{
                "still running " + std::to_string(bounds_.quit.count()) + " ms after `quit`", "",
                true};
        const auto took = std::chrono::duration_cast<milliseconds>(Clock::now() - sent).count();
        return CheckAttempt{
            "",
            "exited after " + std::to_string(took) + " ms (" + probe_.exit_status().text() + ")",
            false};
    });
}

}  // namespace arbiter
