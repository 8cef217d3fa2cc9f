// The XBoard half of `arbiter check`: the checks the protocol allows, through the XBoard client
// (harness/xboard), which speaks the engine's own dialect (usermove, SAN, setboard or edit).
// What XBoard cannot be asked is left out rather than marked: there is no node limit, no
// ponderhit, no isready during a search, and options are the user's (README, "arbiter check").
#include "harness/check/xboard_checker.h"

#include "engines/core/board.h"
#include "harness/check/engine_probe.h"
#include "harness/check/positions.h"
#include "harness/check/uci_checker.h"
#include "harness/xboard/client.h"

namespace arbiter {

using std::chrono::milliseconds;
using Clock = EngineProcess::Clock;

namespace {

// XboardChecker: the engine behind an XboardClient, every exchange in the transcript.
class XboardChecker {
  public:
    XboardChecker(const EngineConfig& engine, CheckListener& listener, const CheckBounds& bounds)
        : engine_(engine), listener_(listener), bounds_(bounds) {
        report_.engine = engine.name;
        report_.protocol = "xboard";
    }

    EngineCheckReport run() {
        Clock::time_point started = Clock::now();
        if (protocol_checks()) {
            legality_checks();
            limit_checks();
            information_checks();
            robustness_checks();
        }
        client_.kill();
        report_.milliseconds =
            std::chrono::duration_cast<milliseconds>(Clock::now() - started).count();
        return std::move(report_);
    }

  private:
    void begin(std::string_view name) {
        listener_.starting(name);
        check_started_ = Clock::now();
        transcript_.take();
    }
    void record(std::string_view group, std::string_view name, CheckOutcome outcome,
                std::string detail) {
        CheckResult check{
            std::string(group),
            std::string(name),
            outcome,
            std::move(detail),
            transcript_.take(),
            std::chrono::duration_cast<milliseconds>(Clock::now() - check_started_).count()};
        listener_.finished(check);
        report_.checks.push_back(std::move(check));
    }
    // Runs a check of time (twice_if_late, check_report.h) and records what its tries found.
    void record_timed(std::string_view group, std::string_view name,
                      const std::function<CheckAttempt()>& attempt) {
        const CheckAttempt timed = twice_if_late(attempt);
        record(group, name, timed.fault.empty() ? PASS : FAIL,
               timed.fault.empty() ? timed.detail : timed.fault);
    }
    bool start(std::string& fault) {
        try {
            client_.start(engine_.command, engine_.args, engine_.working_dir,
                          engine_.stderr_path.empty() ? "/dev/null" : engine_.stderr_path,
                          bounds_.handshake);
            // The observer follows the process once it runs; the handshake is read again here.
            client_.observe(&transcript_, engine_.name);
            report_.id_name = client_.name();
            return true;
        } catch (const std::exception& e) {
            fault = e.what();
            return false;
        }
    }
    void make_responsive() {
        std::string fault;
        if (client_.alive() && !stalled_) return;
        client_.kill();
        stalled_ = !start(fault);
    }
    // A search from `fen` with `limits`; the reply, and the fault of its move ("" when legal).
    EngineReply play(std::string_view fen, const std::vector<std::string>& moves,
                     const GoLimits& limits, milliseconds wait, bool no_move, std::string& fault);

    bool protocol_checks();
    void legality_checks();
    void limit_checks();
    CheckAttempt clock_game();  // one try at clock-game
    void search_then_move_now(const char* name);
    void information_checks();
    void robustness_checks();

    const EngineConfig& engine_;
    CheckListener& listener_;
    const CheckBounds& bounds_;
    XboardClient client_;
    Transcript transcript_;
    EngineCheckReport report_;
    bool stalled_ = false;
    Clock::time_point check_started_;
};

GoLimits clock_limits(std::int64_t ms, std::int64_t increment) {
    GoLimits limits;
    limits.wtime_ms = limits.btime_ms = ms;
    limits.winc_ms = limits.binc_ms = increment;
    return limits;
}

EngineReply XboardChecker::play(std::string_view fen, const std::vector<std::string>& moves,
                                const GoLimits& limits, milliseconds wait, bool no_move,
                                std::string& fault) {
    EngineReply reply;
    try {
        client_.new_game();
        client_.position(fen, moves);
        reply = client_.go(limits, wait);
    } catch (const std::exception& e) {
        fault = e.what();
        return reply;
    }
    const SearchReply& search = reply.search;
    const bool moved = !search.bestmove.empty();
    if (no_move) {
        if (moved) fault = "no move is legal here, the engine played " + search.bestmove;
        stalled_ = search.status != EngineStatus::ok;  // silence is its right answer here
        return reply;
    }
    if (search.status == EngineStatus::timeout && !reply.resigned && !reply.claimed_result) {
        stalled_ = true;
        fault = "no move within " + std::to_string(search.wall_time_ms()) + " ms";
    } else if (search.status == EngineStatus::disconnected) {
        fault = "the engine exited or refused our move (" + client_.exit_status().text() + ")";
        for (const std::string& error : reply.errors) fault += "; " + error;
        stalled_ = true;
    } else if (moved) {
        Board board;
        (void)board.set(fen == "startpos" ? START_FEN : fen);
        for (const std::string& move : moves) board.play_uci(move);
        if (!board.play_uci(search.bestmove))
            fault = "illegal move " + search.bestmove + " in " + board.fen();
    } else if (!reply.resigned && !reply.claimed_result) {
        fault = "no move";
    }
    return reply;
}

bool XboardChecker::protocol_checks() {
    std::string fault;
    begin("start");
    bool started = start(fault);
    record("protocol", "start", started ? PASS : FAIL,
           started ? "protocol " + std::to_string(client_.protocol_version()) + " handshake done"
                   : fault);
    if (!started) return false;
    begin("ping");
    bool ping = client_.feature("ping") == "1";
    EngineStatus status = client_.is_ready(bounds_.ready);
    record("protocol", "ping",
           !ping                        ? NOT_APPLICABLE
           : status == EngineStatus::ok ? PASS
                                        : FAIL,
           !ping                        ? "the engine has no `feature ping=1`"
           : status == EngineStatus::ok ? "`pong` answered"
                                        : "no `pong`");
    begin("id-name");
    record("protocol", "id-name", client_.name().empty() ? FAIL : PASS,
           client_.name().empty() ? "no `feature myname`" : client_.name());
    begin("setboard");
    bool setboard = client_.feature("setboard") == "1";
    record("protocol", "setboard", setboard ? PASS : NOT_APPLICABLE,
           setboard ? "`feature setboard=1`" : "positions are given by `edit`");
    const std::pair<const char*, std::vector<std::string>> goes[] = {{"go-clock", {}},
                                                                     {"go-black-clock", {"e2e4"}}};
    for (const auto& [name, moves] : goes) {
        begin(name);
        make_responsive();
        fault.clear();
        EngineReply reply = play("startpos", moves, clock_limits(1000, 100),
                                 milliseconds(1000) + bounds_.answer, false, fault);
        record("protocol", name, fault.empty() ? PASS : FAIL,
               fault.empty() ? "move " + reply.search.bestmove : fault);
    }
    return true;
}

void XboardChecker::legality_checks() {
    const bool chess960 = client_.feature("variants").find("fischerandom") != std::string::npos;
    const bool setboard = client_.feature("setboard") == "1";
    for (const CheckPosition& position : legality_positions()) {
        const std::string name = "legal:" + std::string(position.name);
        begin(name);
        if (position.chess960) {
            record("legality", name, NOT_APPLICABLE,
                   chess960 ? "checked through UCI only (X-FEN castling over XBoard is the "
                              "engine's own)"
                            : "the engine has no fischerandom variant");
            continue;
        }
        if (!setboard && position.fen.find(" b ") != std::string_view::npos) {
            record("legality", name, NOT_APPLICABLE,
                   "the engine has no setboard, and `edit` cannot give Black the move");
            continue;
        }
        // `edit` has no castling field: a king and rook on their first squares may castle.
        if (!setboard && std::string_view(position.name).find("no-rights") != std::string::npos) {
            record("legality", name, NOT_APPLICABLE,
                   "the engine has no setboard, and `edit` cannot take castling rights away");
            continue;
        }
        make_responsive();
        std::string fault;
        EngineReply reply =
            play(position.fen, {}, clock_limits(1000, 10),
                 position.no_move ? milliseconds(1500) : milliseconds(1000) + bounds_.answer,
                 position.no_move, fault);
        std::string answer = !reply.search.bestmove.empty() ? "move " + reply.search.bestmove
                             : reply.claimed_result         ? "claims " + *reply.claimed_result
                                                            : "no move";
        record("legality", name, fault.empty() ? PASS : FAIL, fault.empty() ? answer : fault);
    }
}

void XboardChecker::limit_checks() {
    const std::string middlegame(legality_positions()[0].fen);
    std::string fault;
    // Step 1. `?` during a long search, on a fresh engine (no `sd` sent yet).
    search_then_move_now("move-now");
    // Step 2. sd N: no deeper thinking line.
    begin("go-depth");
    make_responsive();
    GoLimits depth;
    depth.depth = bounds_.depth;
    EngineReply reply = play(middlegame, {}, depth, bounds_.answer, false, fault);
    std::optional<int> reached = reply.search.depth;
    CheckOutcome outcome = fault.empty() ? PASS : FAIL;
    if (fault.rfind("no move within", 0) == 0)
        fault += " of `sd " + std::to_string(bounds_.depth) + "`: a deeper search";
    if (fault.empty() && !reached) {
        outcome = NOT_APPLICABLE;
        fault = "the engine posts no depth";
    } else if (fault.empty() && *reached > bounds_.depth) {
        outcome = FAIL;
        fault = "reached depth " + std::to_string(*reached) + " after `sd " +
                std::to_string(bounds_.depth) + "`";
    }
    record("limits", "go-depth", outcome,
           fault.empty() ? "depth " + std::to_string(*reached) : fault);
    // Step 3. st 1: a second a move, within the tolerance.
    begin("go-movetime");
    record_timed("limits", "go-movetime", [&] {
        make_responsive();
        CheckAttempt attempt;
        GoLimits movetime;
        movetime.movetime_ms = 1000;
        EngineReply answer = play(middlegame, {}, movetime, milliseconds(1000) + bounds_.answer,
                                  false, attempt.fault);
        const std::int64_t took = answer.search.wall_time_ms();
        attempt.late = answer.search.status == EngineStatus::timeout;
        if (attempt.fault.empty() && took > 1000 + bounds_.movetime_over.count()) {
            attempt.fault = "answered `st 1` after " + std::to_string(took) + " ms";
            attempt.late = true;
        }
        attempt.detail = "answered after " + std::to_string(took) + " ms";
        return attempt;
    });
    // Step 4. A game at 1+0.01 (level 0 0:01 0.01) played by the engine on both sides.
    begin("clock-game");
    record_timed("limits", "clock-game", [&] { return clock_game(); });
    // Step 5. After `sd`, a new game at a 10-minute clock: `new` must have cleared the depth.
    search_then_move_now("new-clears-depth");
}

CheckAttempt XboardChecker::clock_game() {
    make_responsive();
    CheckAttempt attempt;
    Board board;
    std::vector<std::string> moves;
    std::int64_t clock[2] = {1000, 1000};
    int ply = 0;
    client_.new_game();
    for (; ply < bounds_.clock_game_plies && attempt.fault.empty() && !board.over(); ++ply) {
        const int side = board.side_to_move() == WHITE ? 0 : 1;
        GoLimits limits = clock_limits(0, 10);
        limits.wtime_ms = clock[0];
        limits.btime_ms = clock[1];
        EngineReply reply;
        try {
            client_.position("startpos", moves);
            reply = client_.go(limits, milliseconds(clock[side]) + bounds_.answer);
        } catch (const std::exception& e) {
            attempt.fault = e.what();
            break;
        }
        clock[side] -= reply.search.wall_time_ms();
        if (reply.search.bestmove.empty() || !board.play_uci(reply.search.bestmove)) {
            attempt.fault = reply.search.bestmove.empty()
                                ? "no move at ply " + std::to_string(ply + 1)
                                : "illegal move " + reply.search.bestmove;
            attempt.late = reply.search.status == EngineStatus::timeout;
            stalled_ = true;
        } else if (clock[side] < -bounds_.clock_margin.count()) {
            attempt.fault = "ran out of time at ply " + std::to_string(ply + 1);
            attempt.late = true;
        }
        clock[side] = std::max<std::int64_t>(clock[side], 0) + 10;  // the margin spent
        moves.push_back(reply.search.bestmove);
    }
    attempt.detail = std::to_string(ply) + " plies at 1+0.01, clocks left " +
                     std::to_string(clock[0]) + " and " + std::to_string(clock[1]) + " ms";
    return attempt;
}

void XboardChecker::search_then_move_now(const char* name) {
    const bool after_depth = std::string_view(name) == "new-clears-depth";
    begin(name);
    make_responsive();
    std::string fault;
    GoLimits slow = clock_limits(600000, 0);
    EngineReply reply =
        play(legality_positions()[0].fen, {}, slow, milliseconds(300), false, fault);
    if (fault.find("no move within") == std::string::npos) {
        const bool shallow = reply.search.depth.value_or(0) <= bounds_.depth;
        if (after_depth && fault.empty() && shallow)
            record("limits", name, FAIL,
                   "moved at depth " + std::to_string(reply.search.depth.value_or(0)) +
                       " within 300 ms of a 10-minute clock: `new` kept `sd " +
                       std::to_string(bounds_.depth) + "`");
        else
            record("limits", name, fault.empty() ? NOT_APPLICABLE : FAIL,
                   fault.empty() ? "moved within 300 ms of a 10-minute clock" : fault);
        return;
    }
    // Step 1. Still thinking after 300 ms: `?` must bring the move within the bound.
    client_.stop();
    Clock::time_point sent = Clock::now();
    reply = client_.wait_reply(bounds_.stop);
    const auto after = std::chrono::duration_cast<milliseconds>(Clock::now() - sent).count();
    stalled_ = reply.search.bestmove.empty();
    if (after_depth)  // `?` is move-now's to judge
        record("limits", name, PASS, "still thinking 300 ms into a 10-minute clock");
    else  // the protocol lets an engine ignore `?`: not a fault, but said
        record("limits", name, stalled_ ? NOT_APPLICABLE : PASS,
               stalled_ ? "no move within " + std::to_string(bounds_.stop.count()) +
                              " ms of `?`, which the protocol lets an engine ignore"
                        : "move " + reply.search.bestmove + " " + std::to_string(after) +
                              " ms after `?`");
}

void XboardChecker::information_checks() {
    begin("mate-sign");
    MateSignTally tally;
    for (const MatePosition& mate : mate_positions()) {
        make_responsive();
        std::string why;
        EngineReply reply = play(mate.fen, {}, clock_limits(3000, 0),
                                 milliseconds(3000) + bounds_.answer, false, why);
        if (reply.search.score) tally.add(mate, *reply.search.score);
    }
    record("information", "mate-sign", tally.outcome(), tally.detail("the engine posts no score"));
}

void XboardChecker::robustness_checks() {
    begin("unknown-command");
    make_responsive();
    client_.send("arbitercheck unknown command 42");
    EngineStatus status = client_.is_ready(bounds_.ready);
    bool alive = client_.alive();
    stalled_ = status != EngineStatus::ok;
    record("robustness", "unknown-command", status == EngineStatus::ok && alive ? PASS : FAIL,
           !alive                       ? "the engine exited"
           : status != EngineStatus::ok ? "no `pong` after the unknown command"
                                        : "ignored (an `Error` reply is allowed)");
    begin("long-position");
    make_responsive();
    std::string fault;
    std::vector<std::string> game = long_game(300);
    EngineReply reply = play("startpos", game, clock_limits(1000, 10),
                             milliseconds(1000) + bounds_.answer, false, fault);
    record("robustness", "long-position", fault.empty() ? PASS : FAIL,
           fault.empty() ? std::to_string(game.size()) + " plies, move " + reply.search.bestmove
                         : fault);
    begin("quit");
    record_timed("robustness", "quit", [&] {
        make_responsive();
        Clock::time_point sent = Clock::now();
        if (!client_.quit(bounds_.quit))
            return CheckAttempt{
                "still running " + std::to_string(bounds_.quit.count()) + " ms after `quit`", "",
                true};
        const auto took = std::chrono::duration_cast<milliseconds>(Clock::now() - sent).count();
        return CheckAttempt{"", "exited after " + std::to_string(took) + " ms", false};
    });
}

}  // namespace

EngineCheckReport run_xboard_check(const EngineConfig& engine, CheckListener& listener,
                                   const CheckBounds& bounds) {
    return XboardChecker(engine, listener, bounds).run();
}

}  // namespace arbiter
