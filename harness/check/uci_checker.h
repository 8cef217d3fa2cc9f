// The UCI half of `arbiter check`: one engine, every check of the list in run_check.h, with the
// machinery they share (a search read word for word, the move audit, recovery after a fault).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engines/core/board.h"
#include "harness/check/engine_probe.h"
#include "harness/check/run_check.h"
#include "harness/uci/protocol.h"

namespace arbiter {

// UciChecker runs the checks in groups (protocol, legality, limits, options, information,
// robustness), each group a member function of numbered steps. Every search goes through
// search(), which reads the engine's lines and audits them: the bestmove (legal, or `(none)` /
// `0000` with no legal move), the ponder move, every PV, every number. The audit's findings
// across all searches make the information checks. After a fault that leaves the engine dead or
// stalled, the next check starts it again, so that one fault costs one check.
class UciChecker {
  public:
    UciChecker(const EngineConfig& engine, CheckListener& listener, const CheckBounds& bounds);
    EngineCheckReport run();

  private:
    // A search as the engine answered it.
    struct Search {
        EngineProbe::Read read = EngineProbe::Read::timeout;
        std::string bestmove;  // the word after `bestmove`, as sent
        std::string ponder;
        std::vector<std::string> info;  // the info lines, as sent
        std::int64_t elapsed_ms = 0;    // from `go` to bestmove (or to the end of waiting)
        bool answered() const { return read == EngineProbe::Read::found; }
        bool late() const { return read == EngineProbe::Read::timeout; }
        // The last score of the main line, when one was reported.
        std::optional<Score> last_score() const;
        std::optional<std::int64_t> max_field(std::string_view field) const;
    };
    // Where a search starts: a FEN (or "startpos") and moves, read by the chess core.
    struct Setup {
        std::string fen = "startpos";
        std::vector<std::string> moves;
        bool chess960 = false;
        std::string command() const;
        static Setup at(std::string_view fen) { return {std::string(fen), {}, false}; }
    };

    // Steps shared by the checks (uci_checker.cpp).
    void begin(std::string_view name);
    // Ends the check; its lines are the transcript since begin(), then `found` (an audit's
    // faulty lines).
    void record(std::string_view group, std::string_view name, CheckOutcome outcome,
                std::string detail, const std::vector<std::string>& found = {});
    // Runs a check of time (twice_if_late, check_report.h) and records what its tries found.
    void record_timed(std::string_view group, std::string_view name,
                      const std::function<CheckAttempt()>& attempt);
    bool start_engine(std::string& fault);
    bool make_responsive();
    bool ready(std::string& fault, std::chrono::milliseconds wait);
    Search search(const Setup& setup, const std::string& go, std::chrono::milliseconds wait);
    Search read_search(EngineProbe::Clock::time_point sent, std::chrono::milliseconds wait);
    std::string bestmove_fault(const Search& found, const Setup& setup, bool no_move);
    void audit(const Search& found, const Setup& setup);
    void audit_mating_pv(Board& board, const UciInfo& last, const std::string& line);
    std::string answer_fault(const Search& found, std::string_view what);
    const UciOption* option(std::string_view name) const;

    // The groups (uci_checks.cpp, uci_option_checks.cpp).
    void protocol_checks();
    void legality_checks();
    void limit_checks();
    void movetime_check(const Setup& middlegame);
    void clock_game_check();
    void infinite_stop_check(const Setup& middlegame);
    CheckAttempt clock_game();  // one try at clock-game
    void ponder_checks();
    CheckAttempt ponder(const Setup& pondered, bool hit);  // one try at ponderhit or ponder-stop
    void option_checks();
    void check_option(const UciOption& declared);
    void hash_check();
    CheckAttempt hash_growth(const UciOption& hash, std::int64_t small, std::int64_t large);
    void game_checks();
    void information_checks();
    void robustness_checks();

    const EngineConfig& engine_;
    CheckListener& listener_;
    const CheckBounds& bounds_;
    EngineProbe probe_;
    EngineCheckReport report_;
    std::vector<UciOption> options_;
    std::string id_author_;
    bool stalled_ = false;  // the last exchange left the engine silent or busy
    EngineProbe::Clock::time_point check_started_;

    // What the audit of every search found: lines with their fault, and how many it read.
    std::vector<std::string> pv_faults_, ponder_faults_, number_faults_, seldepth_faults_;
    std::vector<std::string> mate_pv_faults_;
    int pv_lines_ = 0, ponder_moves_ = 0, numbered_lines_ = 0, seldepth_lines_ = 0;
    int mate_pv_lines_ = 0;         // searches whose last PV came with an exact mate score
    int mate_pv_incomplete_ = 0;    // of those, PVs shorter than their mate (not a fault)
    int seldepth_below_depth_ = 0;  // lines whose seldepth is below their depth (not a fault)
};

// The fault of an info line's numbers ("nps 12.5 is not an integer"), or empty: every value of
// depth, seldepth, multipv, nodes, nps, time, hashfull, tbhits, cpuload, currmovenumber and of a
// score must be an integer (only a score may be negative).
std::string info_number_fault(std::string_view line);

// The resident memory of process `pid` in kB (VmRSS), or nothing when it cannot be read.
std::optional<std::int64_t> resident_kb(int pid);

// A legal game of `plies` plies from the start position, picked by a fixed rule from the chess
// core's moves (never a position without a legal move), as UCI moves.
std::vector<std::string> long_game(int plies);

}  // namespace arbiter
