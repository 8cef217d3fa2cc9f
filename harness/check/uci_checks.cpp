// The protocol, legality and limit checks of a UCI engine (UciChecker, uci_checker.h).
#include <thread>

#include "engines/core/board.h"
#include "engines/core/rules.h"
#include "harness/check/positions.h"
#include "harness/check/uci_checker.h"

namespace arbiter {

using std::chrono::milliseconds;
using Clock = EngineProbe::Clock;
using Read = EngineProbe::Read;

namespace {

CheckOutcome outcome_of(const std::string& fault) {
    return fault.empty() ? PASS : FAIL;
}

std::string ms(std::int64_t n) {
    return std::to_string(n) + " ms";
}

}  // namespace

std::int64_t node_tolerance(std::int64_t nodes) {
    return std::max<std::int64_t>(64, nodes / 100);
}

void UciChecker::protocol_checks() {
    const std::string group = "protocol";
    std::string fault;
    // Step 1. fastchess's list: the start, isready, the identity.
    begin("start");
    bool started = start_engine(fault);
    record(group, "start", outcome_of(fault),
           started
               ? "`uci` answered with " + std::to_string(options_.size()) + " options and `uciok`"
               : fault);
    if (!started) return;
    begin("isready");
    record(group, "isready", ready(fault, bounds_.ready) ? PASS : FAIL,
           fault.empty() ? "`readyok`" : fault);
    begin("id-name");
    record(group, "id-name", report_.id_name.empty() ? FAIL : PASS,
           report_.id_name.empty() ? "no `id name` before `uciok`" : report_.id_name);
    begin("id-author");
    record(group, "id-author", id_author_.empty() ? FAIL : PASS,
           id_author_.empty() ? "no `id author` before `uciok`" : id_author_);
    // Step 2. ucinewgame and the two forms of position, each followed by isready.
    const std::pair<const char*, std::string> commands[] = {
        {"ucinewgame", "ucinewgame"},
        {"position-startpos", "position startpos"},
        {"position-fen", "position fen " + std::string(legality_positions()[0].fen)}};
    for (const auto& [name, command] : commands) {
        begin(name);
        make_responsive();
        probe_.send(command);
        fault.clear();
        record(group, name, ready(fault, bounds_.ready) ? PASS : FAIL,
               fault.empty()
                   ? "`readyok` after `" +
                         (command.size() > 20 ? command.substr(0, 12) + " ..." : command) + "`"
                   : fault);
    }
    // Step 3. The four clock forms of go, each answered by a legal bestmove with a score.
    const std::tuple<const char*, Setup, const char*> goes[] = {
        {"go-wtime-btime", Setup{}, "go wtime 100 btime 100"},
        {"go-winc-binc", Setup{}, "go wtime 100 btime 100 winc 100 binc 100"},
        {"go-movestogo", Setup{}, "go wtime 100 btime 100 movestogo 10"},
        {"go-black-clock", Setup{"startpos", {"e2e4"}, false},
         "go btime 100 wtime 100 binc 100 winc 100"}};
    bool scored = false;
    std::vector<std::string> score_lines;
    for (const auto& [name, setup, go] : goes) {
        begin(name);
        make_responsive();
        Search found = search(setup, go, milliseconds(100) + bounds_.answer);
        fault = answer_fault(found, go);
        if (fault.empty()) fault = bestmove_fault(found, setup, false);
        for (const std::string& line : found.info)
            if (line.find(" score ") != std::string::npos) scored = true;
        record(group, name, outcome_of(fault),
               fault.empty() ? "bestmove " + found.bestmove + " after " + ms(found.elapsed_ms)
                             : fault);
    }
    begin("info-score");
    record(group, "info-score", scored ? PASS : FAIL,
           scored ? "an `info ... score` line came before each bestmove"
                  : "no `info` line with a score in the four searches");
}

void UciChecker::legality_checks() {
    const bool chess960 = option("UCI_Chess960") != nullptr;
    for (const CheckPosition& position : legality_positions()) {
        const std::string name = "legal:" + std::string(position.name);
        begin(name);
        if (position.chess960 && !chess960) {
            record("legality", name, NOT_APPLICABLE, "the engine declares no UCI_Chess960");
            continue;
        }
        make_responsive();
        if (position.chess960) probe_.send("setoption name UCI_Chess960 value true");
        Setup setup{std::string(position.fen), {}, position.chess960};
        const std::string go = "go movetime " + std::to_string(bounds_.search_ms);
        Search found = search(setup, go, milliseconds(bounds_.search_ms) + bounds_.answer);
        std::string fault = answer_fault(found, go);
        if (fault.empty()) fault = bestmove_fault(found, setup, position.no_move);
        if (position.chess960) probe_.send("setoption name UCI_Chess960 value false");
        record("legality", name, outcome_of(fault),
               fault.empty() ? "bestmove " + found.bestmove : fault);
    }
}

void UciChecker::limit_checks() {
    const std::string group = "limits";
    const Setup middlegame = Setup::at(legality_positions()[0].fen);
    // Step 1. go nodes N: no info line reports more than N and the tolerance.
    begin("go-nodes");
    make_responsive();
    const std::string nodes_go = "go nodes " + std::to_string(bounds_.nodes);
    Search found = search(middlegame, nodes_go, bounds_.answer);
    std::string fault = answer_fault(found, nodes_go);
    std::optional<std::int64_t> nodes = found.max_field("nodes");
    CheckOutcome outcome = outcome_of(fault);
    if (fault.empty() && !nodes) {
        outcome = NOT_APPLICABLE;
        fault = "the engine reports no node count";
    } else if (fault.empty() && *nodes > bounds_.nodes + node_tolerance(bounds_.nodes)) {
        outcome = FAIL;
        fault = "searched " + std::to_string(*nodes) + " nodes, limit " +
                std::to_string(bounds_.nodes) + " (tolerance " +
                std::to_string(node_tolerance(bounds_.nodes)) + ")";
    }
    record(group, "go-nodes", outcome,
           fault.empty() ? std::to_string(*nodes) + " nodes of " + std::to_string(bounds_.nodes)
                         : fault);
    // Step 2. go depth N: no info line reports a deeper depth.
    begin("go-depth");
    make_responsive();
    const std::string depth_go = "go depth " + std::to_string(bounds_.depth);
    found = search(middlegame, depth_go, bounds_.answer);
    fault = answer_fault(found, depth_go);
    std::optional<std::int64_t> depth = found.max_field("depth");
    outcome = outcome_of(fault);
    if (fault.empty() && !depth) {
        outcome = NOT_APPLICABLE;
        fault = "the engine reports no depth";
    } else if (fault.empty() && *depth > bounds_.depth) {
        outcome = FAIL;
        fault =
            "reached depth " + std::to_string(*depth) + ", limit " + std::to_string(bounds_.depth);
    }
    record(group, "go-depth", outcome, fault.empty() ? "depth " + std::to_string(*depth) : fault);
    movetime_check(middlegame);
    clock_game_check();
    infinite_stop_check(middlegame);
    ponder_checks();
}

// go movetime T: answered within T and the tolerance.
void UciChecker::movetime_check(const Setup& middlegame) {
    begin("go-movetime");
    record_timed("limits", "go-movetime", [&] {
        make_responsive();
        const std::string go = "go movetime " + std::to_string(bounds_.movetime_ms);
        Search answer = search(middlegame, go, milliseconds(bounds_.movetime_ms) + bounds_.answer);
        CheckAttempt attempt{answer_fault(answer, go), "answered after " + ms(answer.elapsed_ms),
                             answer.late()};
        const std::int64_t allowed = bounds_.movetime_ms + bounds_.movetime_over.count();
        if (attempt.fault.empty() && answer.elapsed_ms > allowed) {
            attempt.fault = "answered after " + ms(answer.elapsed_ms) + ", allowed " + ms(allowed);
            attempt.late = true;
        }
        return attempt;
    });
}

// go infinite: no answer before stop, then bestmove within the bound.
void UciChecker::infinite_stop_check(const Setup& middlegame) {
    begin("infinite-stop");
    record_timed("limits", "infinite-stop", [&] {
        make_responsive();
        probe_.send(middlegame.command());
        probe_.send("go infinite");
        Search answer = read_search(Clock::now(), milliseconds(300));
        if (answer.answered()) {
            stalled_ = false;
            return CheckAttempt{
                "answered `go infinite` with bestmove " + answer.bestmove + " before `stop`", "",
                false};
        }
        probe_.send("stop");
        answer = read_search(Clock::now(), bounds_.stop);
        CheckAttempt attempt{answer_fault(answer, "stop"),
                             "bestmove " + ms(answer.elapsed_ms) + " after `stop`", answer.late()};
        if (attempt.fault.empty()) attempt.fault = bestmove_fault(answer, middlegame, false);
        audit(answer, middlegame);
        return attempt;
    });
}

void UciChecker::clock_game_check() {
    begin("clock-game");
    record_timed("limits", "clock-game", [&] { return clock_game(); });
}

CheckAttempt UciChecker::clock_game() {
    make_responsive();
    // Step 1. Both sides' clocks at 1 s + 10 ms; the engine plays both until the plies are out.
    probe_.send("ucinewgame");
    Board board;
    Setup setup;
    std::int64_t clock[2] = {1000, 1000};
    const std::int64_t increment = 10;
    CheckAttempt attempt;
    int ply = 0;
    for (; ply < bounds_.clock_game_plies && attempt.fault.empty(); ++ply) {
        if (board.over()) break;
        const std::string go = "go wtime " + std::to_string(clock[0]) + " btime " +
                               std::to_string(clock[1]) + " winc 10 binc 10";
        const int side = board.side_to_move() == WHITE ? 0 : 1;
        Search found = search(setup, go, milliseconds(clock[side]) + bounds_.answer);
        // Step 2. The time used, measured here, comes off the mover's clock before its increment.
        attempt.fault = answer_fault(found, go);
        attempt.late = found.late();
        if (attempt.fault.empty()) attempt.fault = bestmove_fault(found, setup, false);
        clock[side] -= found.elapsed_ms;
        if (attempt.fault.empty() && clock[side] < -bounds_.clock_margin.count()) {
            attempt.fault = "ran out of time at ply " + std::to_string(ply + 1) + ": used " +
                            std::to_string(found.elapsed_ms) + " ms of the " +
                            std::to_string(clock[side] + found.elapsed_ms) + " ms on its clock";
            attempt.late = true;
        }
        clock[side] = std::max<std::int64_t>(clock[side], 0) + increment;  // the margin spent
        if (attempt.fault.empty()) {
            board.play_uci(found.bestmove);
            setup.moves.push_back(found.bestmove);
        }
    }
    attempt.detail = std::to_string(ply) + " plies at 1+0.01, clocks left " +
                     std::to_string(clock[0]) + " and " + std::to_string(clock[1]) + " ms";
    return attempt;
}

void UciChecker::ponder_checks() {
    const char* names[] = {"ponderhit", "ponder-stop"};
    if (!option("Ponder")) {
        for (const char* name : names) {
            begin(name);
            record("limits", name, NOT_APPLICABLE, "the engine declares no Ponder option");
        }
        return;
    }
    // The engine ponders 1...e5 after 1.e4 (its own move) and hears either the move or stop.
    const Setup pondered{"startpos", {"e2e4", "e7e5"}, false};
    for (const char* name : names) {
        const bool hit = std::string_view(name) == "ponderhit";
        begin(name);
        record_timed("limits", name, [&] { return ponder(pondered, hit); });
    }
}

CheckAttempt UciChecker::ponder(const Setup& pondered, bool hit) {
    make_responsive();
    probe_.send("setoption name Ponder value true");
    probe_.send(pondered.command());
    probe_.send("go ponder wtime 1000 btime 1000 winc 0 binc 0");
    Search found = read_search(Clock::now(), milliseconds(300));
    CheckAttempt attempt;
    if (found.answered()) {
        attempt.fault = "answered `go ponder` with bestmove " + found.bestmove + " before `" +
                        (hit ? "ponderhit" : "stop") + "`";
    } else {
        probe_.send(hit ? "ponderhit" : "stop");
        found = read_search(Clock::now(), hit ? milliseconds(1000) + bounds_.answer : bounds_.stop);
        attempt.fault = answer_fault(found, hit ? "ponderhit" : "stop");
        attempt.late = found.late();
        if (attempt.fault.empty()) attempt.fault = bestmove_fault(found, pondered, false);
        if (attempt.fault.empty() && hit &&
            found.elapsed_ms > 1000 + bounds_.clock_margin.count()) {
            attempt.fault = "after `ponderhit` with 1000 ms on its clock, answered after " +
                            ms(found.elapsed_ms);
            attempt.late = true;
        }
        audit(found, pondered);
    }
    probe_.send("setoption name Ponder value false");
    attempt.detail = "bestmove " + found.bestmove + " " + ms(found.elapsed_ms) + " after `" +
                     (hit ? "ponderhit" : "stop") + "`";
    return attempt;
}

}  // namespace arbiter
