// The text of the UCI protocol as arbiter reads and writes it: `info` and `option` lines from an
// engine, and the `go` command to it. Pure functions, no I/O.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// An engine's evaluation: centipawns or moves to mate (negative when the engine is mated), and
// whether the engine only knows a bound (`lowerbound`/`upperbound` after a fail-high or -low).
struct UciScore {
    enum class Kind { centipawns, mate };
    enum class Bound { exact, lower, upper };
    Kind kind = Kind::centipawns;
    int value = 0;
    Bound bound = Bound::exact;

    bool operator==(const UciScore&) const = default;
};

// The scores an engine may report: centipawns within +/-MAX_SANE_CENTIPAWNS (beyond any real
// evaluation, 16-bit engine scores included) and mates within +/-MAX_SANE_MATE_MOVES moves (no
// tablebase mate is half as long). Anything else is a protocol error of the engine's.
constexpr int MAX_SANE_CENTIPAWNS = 50000;
constexpr int MAX_SANE_MATE_MOVES = 1000;

// Clears `score` if it is outside the sane range, and says why in `problem` ("score mate
// -2147483648 is out of range (mates within +/-1000 moves)") unless `problem` says something
// already. True if the score was cleared.
bool drop_insane_score(std::optional<UciScore>& score, std::string& problem);

// One `info` line, field by field. A field the line does not report (or reports with a malformed
// value) is empty, so "reported" and "zero" stay distinct.
struct UciInfo {
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<int> multipv;
    std::optional<UciScore> score;
    std::optional<std::uint64_t> nodes;
    std::optional<std::uint64_t> nps;
    std::optional<std::int64_t> time_ms;
    std::optional<int> hashfull;
    std::optional<std::uint64_t> tbhits;
    std::optional<std::string> currmove;
    std::optional<int> currmovenumber;
    bool has_pv = false;
    std::vector<std::string> pv;      // the moves after `pv`, as sent
    std::optional<std::string> text;  // everything after `string`, spaces kept
};

// Parses `line` into `info` (every field is reset first). Returns false, leaving `info` empty, if
// the line is not an `info` line. Unknown keywords and malformed values are skipped; `pv` runs to
// the next known keyword, `string` to the end of the line.
bool parse_info_line(std::string_view line, UciInfo& info);

// A `bestmove <move> [ponder <move>]` line: the words exactly as sent, empty when missing.
struct UciBestMove {
    std::string move;
    std::string ponder;
};

// Parses a bestmove line. Returns nothing if the line is not one.
std::optional<UciBestMove> parse_bestmove_line(std::string_view line);

// An option as an engine advertises it in reply to `uci`.
struct UciOption {
    enum class Type { check, spin, combo, button, string };
    std::string name;
    Type type = Type::string;
    std::string default_value;  // as sent ("<empty>" stays "<empty>")
    std::optional<std::int64_t> min;
    std::optional<std::int64_t> max;
    std::vector<std::string> vars;  // combo choices
};

// Parses an `option name ... type ... [default ...] [min ...] [max ...] [var ...]*` line. Returns
// nothing if the line is not an option line, has no name, or has an unknown type.
std::optional<UciOption> parse_option_line(std::string_view line);

// The limits of one search; unset fields are not sent.
struct GoLimits {
    std::optional<std::int64_t> wtime_ms;
    std::optional<std::int64_t> btime_ms;
    std::optional<std::int64_t> winc_ms;
    std::optional<std::int64_t> binc_ms;
    std::optional<int> movestogo;
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<std::int64_t> movetime_ms;
    bool infinite = false;
};

// The `go` command for `limits`, fields in this order: wtime btime winc binc movestogo depth
// nodes movetime infinite. No limit at all gives a bare "go".
std::string go_command(const GoLimits& limits);

// The most lines of free text (`info string`, XBoard's `Error (...)`) a client keeps from one
// search, and the most bytes kept of each: an engine that floods them costs bounded memory.
constexpr std::size_t MAX_KEPT_LINES = 100;
constexpr std::size_t MAX_KEPT_LINE_LENGTH = 4096;

// Appends `text` (cut to MAX_KEPT_LINE_LENGTH bytes) to `kept`, first dropping the oldest line
// when MAX_KEPT_LINES are kept already. Returns true if a line was dropped.
bool keep_recent_line(std::vector<std::string>& kept, std::string text);

// An engine's words as arbiter prints and stores them (its name, a move it sent, a complaint):
// control bytes and bytes that are not UTF-8 written as \xNN (tab as \t), so that nothing an
// engine sends reaches a terminal, a PGN file or a page raw.
std::string printable_engine_text(std::string_view bytes);

// Splits off the first whitespace-separated word of `text` (advancing `text` past it); empty when
// none is left.
std::string_view next_word(std::string_view& text);

}  // namespace arbiter
