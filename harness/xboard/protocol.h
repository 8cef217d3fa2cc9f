// The text of the XBoard protocol (CECP, versions 1 and 2) as arbiter reads and writes it:
// what an engine says, classified, and the time-control commands sent to it. Pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/game/engine_types.h"

namespace arbiter {

// One `name=value` pair of a `feature` line; strings lose their quotes.
struct XboardFeature {
    std::string name;
    std::string value;
    bool quoted = false;

    bool operator==(const XboardFeature&) const = default;
};

// Reads every pair of a `feature ...` line, in order. A pair whose value is cut off (an
// unterminated quote) ends the list. Returns an empty list for a line that is not a feature line.
std::vector<XboardFeature> parse_features(std::string_view line);

// What one line from an engine is, for the referee.
struct XboardLine {
    enum class Kind {
        feature,     // `feature ...`
        pong,        // `pong N`: number holds N
        move,        // `move M`, or protocol 1's `N. ... M`: text holds M as sent
        result,      // `1-0 {...}`, `0-1 {...}`, `1/2-1/2 {...}`, `* {...}`: text holds the result,
                     // comment the reason
        resign,      // `resign`
        offer_draw,  // `offer draw`
        illegal_move,  // `Illegal move: M` or `Illegal move (reason): M`: text holds M
        error,         // `Error (kind): command`: text holds the rest of the line
        thinking,      // `ply score time nodes pv...` (see XboardThinking)
        other,         // anything else (tellusers, debug output, `#` comments)
    };
    Kind kind = Kind::other;
    std::string text;
    std::string comment;
    std::int64_t number = 0;
};

XboardLine classify_xboard_line(std::string_view line);

// A line of thinking output: `ply score time nodes pv`, time in centiseconds, score in
// centipawns from the engine's side. Some engines put a mark after the ply ("12." or "12&").
struct XboardThinking {
    int depth = 0;
    int score = 0;
    std::int64_t time_cs = 0;
    std::uint64_t nodes = 0;
    std::vector<std::string> pv;  // as sent: SAN or coordinates, move numbers and marks removed
};

std::optional<XboardThinking> parse_thinking(std::string_view line);

// A score of thinking output that stands for a mate, by the protocol's convention (100000 + N for
// mate in N, -100000 - N when mated). Returns moves to mate (negative when mated), or nothing.
std::optional<int> xboard_mate_distance(int score);

// The score of a thinking line as a Score: a mate by the convention above (100003 is a mate in 3
// moves, 5 plies), else centipawns; nothing, and `problem` says why unless it says something
// already, for centipawns out of the sane range (sane_engine_score).
std::optional<Score> xboard_score(int score, std::string& problem);

// `level MPS BASE INC`: moves per session (0 for the whole game), base time as minutes or
// minutes:seconds, increment in seconds (fractions allowed).
std::string level_command(int moves_per_session, std::int64_t base_ms, std::int64_t increment_ms);
// `time N` / `otim N`: a clock in centiseconds (never negative).
std::string clock_command(std::string_view name, std::int64_t ms);

}  // namespace arbiter
