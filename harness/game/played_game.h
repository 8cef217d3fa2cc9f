// What the referee hands back for one game: each move with what the engine said while choosing
// it, and the game as a whole (PlayedGame). Plain values; the store records them as they are
// (harness/store/records.h's GameRecord is a PlayedGame with its place in a tournament).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/game/result.h"
#include "harness/game/score.h"

namespace arbiter {

// One half-move of a recorded game with what the engine reported while choosing it.
struct MoveRecord {
    int ply = 0;  // 1-based index into the game's move list, counted from PlayedGame::start_fen
    std::string uci;
    std::string san;
    std::int64_t time_ms = 0;  // thinking time measured by the referee
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<std::int64_t> nodes;
    std::optional<Score> score;  // the engine's last evaluation, from the mover's point of view
    std::string pv;              // principal variation as the engine sent it, UCI moves
    std::string comment;
    bool book = false;  // played by the harness from the opening, not chosen by an engine
    // The mover's chess clock as the referee kept it, in timed games only: before the move (what
    // `go` gave) and after it (fastchess's timeleft: after the time used, the increment and a new
    // period's time).
    std::optional<std::int64_t> clock_ms;
    std::optional<std::int64_t> clock_left_ms;
    // The wall time from `go` to the move minus the engine's own last reported `time` (all of it
    // when the engine reports none): what the engine spent beyond its search.
    std::optional<std::int64_t> latency_ms;
    std::optional<int> hashfull;          // per mille, as the engine last reported it
    std::optional<std::int64_t> tbhits;   // as the engine last reported it
    std::vector<std::string> info_lines;  // the engine's lines that -pgnout match_line= asked for

    bool operator==(const MoveRecord&) const = default;
};

// One finished game as the referee saw it: the opening's name, the moves (book moves first), the
// result (one Result value: outcome, termination, description, illegal move), the final position,
// when it started and ended, and which engines misbehaved so that the caller restarts them. It
// knows nothing of tournaments, schedules or database rows.
struct PlayedGame {
    std::string start_fen;  // position before moves[0]
    std::vector<MoveRecord> moves;
    Result result;             // who won, why, in cutechess's words, and the illegal move if any
    std::string final_fen;     // position after the last move, start_fen if none (not stored)
    std::string opening_name;  // the opening's name in its suite, if any (stored with the opening)
    std::int64_t started_at_ms = 0;   // by RefereeClock::now_ms(); ms since the Unix epoch (UTC)
    std::int64_t finished_at_ms = 0;  // by RefereeClock::now_ms(); ms since the Unix epoch (UTC)
    // What the engines said that decided nothing, in order: draw offers, protocol errors
    // ("White: Error (unknown command): foo"), for the tournament's log.
    std::vector<std::string> events;
    bool white_needs_restart = false;
    bool black_needs_restart = false;
    // Ended by a stopping run (stop_engine_reads()), not by the game: never recorded.
    bool cut_short = false;

    bool operator==(const PlayedGame&) const = default;
};

}  // namespace arbiter
