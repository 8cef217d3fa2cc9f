// The text of the UCI protocol as arbiter reads and writes it: `info` and `option` lines from an
// engine, and the `go` command to it. Pure functions, no I/O.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/game/engine_types.h"

namespace arbiter {

// One `info` line, field by field. A field the line does not report (or reports with a malformed
// value) is empty, so "reported" and "zero" stay distinct.
struct UciInfo {
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<int> multipv;
    std::optional<Score> score;  // only a score within the sane range (sane_engine_score)
    std::string score_problem;   // why a score the line reports is refused, or empty
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

// arbiter's claim line, an `info string` a UCI engine sends before `bestmove` to claim a draw in
// place of its move (UCI itself has none; GUIs show it as text):
//     info string draw-claim RULE [NAME]
// RULE is `threefold` or `fifty-moves` (the termination codes), NAME the engine's own word for the
// claim (to the end of the line). arbiter-python sends it when an entrant raises the family
// tournament's ThreeFoldRepetition or FiftyMoveException, then `bestmove 0000`. Returns the claim
// that `text` (an info line's text after `string`) makes, or nothing for any other text.
std::optional<DrawClaim> parse_draw_claim(std::string_view text);

// The last claim among a search's info strings (SearchReply::info_strings), or nothing.
std::optional<DrawClaim> find_draw_claim(const std::vector<std::string>& info_strings);

// A `bestmove <move> [ponder <move>]` line: the words exactly as sent, empty when missing.
struct UciBestMove {
    std::string move;
    std::string ponder;
};

// Parses a bestmove line. Returns nothing if the line is not one.
std::optional<UciBestMove> parse_bestmove_line(std::string_view line);

// An option as an engine advertises it in reply to `uci`, and the value it holds: its default
// (default_option_value()) until UciClient::set_option() sets it.
struct UciOption {
    using Type = EngineOptionType;
    std::string name;
    Type type = Type::string;
    std::string default_value;  // as sent ("<empty>" stays "<empty>")
    std::optional<std::int64_t> min;
    std::optional<std::int64_t> max;
    std::vector<std::string> vars;  // combo choices
    EngineOptionValue value;
};

// The value a declared default gives an option of `type`: a spin's integer, a check's truth
// ("true" or "false"), a combo's or string's text; the text as sent when it does not read as the
// type (a spin default that is not an integer); none for a button.
EngineOptionValue default_option_value(EngineOptionType type, std::string_view text);

// Parses an `option name ... type ... [default ...] [min ...] [max ...] [var ...]*` line, its
// value the default's. Returns nothing if the line is not an option line, has no name, or has an
// unknown type.
std::optional<UciOption> parse_option_line(std::string_view line);

// The `go` command for `limits`, fields in this order: wtime btime winc binc movestogo depth
// nodes movetime infinite. No limit at all gives a bare "go".
std::string go_command(const GoLimits& limits);

// Splits off the first whitespace-separated word of `text` (advancing `text` past it); empty when
// none is left.
std::string_view next_word(std::string_view& text);

}  // namespace arbiter
