// The referee's words for an exchange with an engine, whatever protocol the engine speaks: how an
// exchange ended, an evaluation, the limits of one search and what the engine answered to it.
// Both protocol clients (harness/uci/, harness/xboard/) fill these types, so neither includes the
// other and the referee reads one reply for both.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "harness/config/time_control.h"
#include "harness/game/result.h"
#include "harness/game/score.h"

namespace arbiter {

// How an exchange with a running engine ended.
enum class EngineStatus {
    ok,
    timeout,       // no answer before the deadline: the engine stalls
    disconnected,  // its output ended or it stopped reading: it exited or crashed
};

std::string_view to_string(EngineStatus status);

// The scores an engine may report: centipawns within +/-MAX_SANE_CENTIPAWNS (beyond any real
// evaluation, 16-bit engine scores included) and mates within +/-MAX_SANE_MATE_MOVES moves (no
// tablebase mate is half as long). Anything else is a protocol error of the engine's.
constexpr int MAX_SANE_CENTIPAWNS = 50000;
constexpr int MAX_SANE_MATE_MOVES = 1000;

// The score an engine reported in its protocol's units (`value` centipawns, or moves to mate for
// Score::Kind::mate), if it is within the sane range. Otherwise nothing, and `problem` says why
// ("score mate -2147483648 is out of range (mates within +/-1000 moves)") unless it says
// something already.
std::optional<Score> sane_engine_score(Score::Kind kind, std::int64_t value, Score::Bound bound,
                                       std::string& problem);

// A principal variation as the store and the PGN comments hold it: the moves separated by single
// spaces, empty for none.
std::string pv_text(const std::vector<std::string>& pv);

// How `ponderhit` went (UCI pondering, harness/game/ponder.h): sent, so the engine's move follows;
// premature, its bestmove arrived before ponderhit and is discarded (as cutechess discards it);
// or the engine is gone.
enum class PonderHit { sent, premature, disconnected };

// The limits of one search; unset fields are not sent. Clocks are the game's (White's and
// Black's); each protocol client says them in its own commands.
struct GoLimits {
    std::optional<std::int64_t> wtime_ms;
    std::optional<std::int64_t> btime_ms;
    std::optional<std::int64_t> winc_ms;
    std::optional<std::int64_t> binc_ms;
    std::optional<int> movestogo;  // the moves left in the mover's current clock period
    // The mover's first clock period: XBoard's `level` states one period before the game, and
    // `time`/`otim` the true clocks before each move (UCI says movestogo instead).
    std::optional<TimePeriod> first_period;
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<std::int64_t> movetime_ms;
    bool infinite = false;
};

// The most lines of free text (UCI's `info string`, XBoard's `Error (...)`) a client keeps from
// one search, and the most bytes kept of each: an engine that floods them costs bounded memory.
constexpr std::size_t MAX_KEPT_LINES = 100;
constexpr std::size_t MAX_KEPT_LINE_LENGTH = 4096;

// Appends `text` (cut to MAX_KEPT_LINE_LENGTH bytes) to `kept`, first dropping the oldest line
// when MAX_KEPT_LINES are kept already. Returns true if a line was dropped.
bool keep_recent_line(std::vector<std::string>& kept, std::string text);

// What an engine says of itself in its handshake: UCI's `id name` and `id author`, XBoard's
// `myname` (XBoard has no author). Empty where the engine said nothing; printable_engine_text().
// `description` is what an engine says it is (`id description`, an extension of UCI's `id` that
// arbiter's Python host sends with an entrant's module docstring); no other engine sends it.
struct EngineOwnIdentity {
    std::string name;
    std::string author;
    std::string description;

    bool operator==(const EngineOwnIdentity&) const = default;
};

// The kinds of option an engine declares (UCI's option types).
enum class EngineOptionType { check, spin, combo, button, string };

// The value an engine option holds: a spin's integer, a check's truth, or text (a combo's choice,
// a string, or a default the engine declared that does not read as its type); a button holds none.
using EngineOptionValue = std::variant<std::monostate, std::int64_t, bool, std::string>;

// An option an engine declared in its handshake, with the value it holds now: the declared default
// until the harness sets the option, then the value set. Read by the rooms that report what an
// engine ran with (fastchess's header shows Threads and Hash).
struct DeclaredOption {
    std::string name;  // the engine's own spelling
    EngineOptionType type = EngineOptionType::string;
    std::string default_value;  // as declared ("<empty>" stays "<empty>")
    EngineOptionValue value;

    bool operator==(const DeclaredOption&) const = default;
};

// An engine's words as arbiter prints and stores them (its name, a move it sent, a complaint):
// control bytes and bytes that are not UTF-8 written as \xNN (tab as \t), so that nothing an
// engine sends reaches a terminal, a PGN file or a page raw.
std::string printable_engine_text(std::string_view bytes);

// What one search produced: the move and the engine's thinking output. depth, seldepth, score and
// pv come from the last principal-variation report (UCI: an info line with a score or a pv and no
// multipv above 1; XBoard: a thinking line); nodes, time, hashfull and tbhits from the last report
// of each. An empty optional means the engine never reported that field. Moves are UCI
// coordinates whatever the protocol (the XBoard client translates).
struct SearchReply {
    EngineStatus status = EngineStatus::ok;
    std::string bestmove;  // the move exactly as sent when it could not be read ("(none)",
                           // junk); empty if the engine sent no move
    std::string ponder;    // the move the engine expects in reply, or empty
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<Score> score;
    std::optional<std::uint64_t> nodes;
    std::optional<std::int64_t> time_ms;  // as reported by the engine
    std::optional<int> hashfull;          // per mille, from the last line reporting it
    std::optional<std::uint64_t> tbhits;  // from the last line reporting it
    std::vector<std::string> pv;          // empty if never reported
    std::int64_t info_lines = 0;          // thinking lines received during this search
    // The text after `string` of each UCI info line that has one, in the order received, spaces
    // inside kept ("info string leaves 541" gives "leaves 541"): the last MAX_KEPT_LINES of the
    // search, each cut to MAX_KEPT_LINE_LENGTH bytes, so that a flood costs bounded memory.
    std::vector<std::string> info_strings;
    std::int64_t info_strings_dropped = 0;  // older info strings of this search not kept
    // The first way this search's lines broke the protocol that arbiter overlooked (a score out
    // of the sane range, which is dropped, never adjudicated), or empty.
    std::string protocol_error;
    // Measured by arbiter on the steady clock, from just before the search was started until the
    // move was read (or until the timeout or disconnection was seen).
    std::chrono::steady_clock::duration wall_time{};

    std::int64_t wall_time_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(wall_time).count();
    }
    std::int64_t wall_time_us() const {
        return std::chrono::duration_cast<std::chrono::microseconds>(wall_time).count();
    }
};

// A draw an engine claims in place of its move under a rule of chess (UCI has no claim; arbiter
// reads one from a documented `info string`, harness/uci/protocol.h's parse_draw_claim()).
struct DrawClaim {
    Termination rule = Termination::threefold;  // threefold or fifty_moves
    // The engine's own word for its claim, printable (arbiter-python sends the exception the
    // entrant raised, "ThreeFoldRepetition"); may be empty.
    std::string name;

    bool operator==(const DrawClaim&) const = default;
};

// What the engine answered to one search as the referee reads it: the search, and what only some
// protocols can say: a resignation, a claim of the game's result (the referee checks it), a draw
// offer (recorded, deciding nothing), and protocol complaints for the log (XBoard's `Error (...)`
// and `Illegal move` replies). A UCI engine fills `search` and, when it claims a draw in its
// claim line, `draw_claim`.
struct EngineReply {
    SearchReply search;
    bool resigned = false;
    std::optional<std::string> claimed_result;  // "1-0", "0-1", "1/2-1/2"
    std::string claim_reason;
    // A draw claimed in place of the move (the move sent with it is never played): checked
    // (GameSettings::draw_claims, the default), it decides nothing and the move stands or falls
    // on its own; trusted, it ends the game as a draw without being checked.
    std::optional<DrawClaim> draw_claim;
    bool offered_draw = false;
    std::vector<std::string> errors;
};

}  // namespace arbiter
