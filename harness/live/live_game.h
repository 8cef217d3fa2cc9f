// One game as the live server holds it (in progress, or finished in the current round), and the
// forms it is read in: the JSON of the events, the snapshot and the live file (README, "Watching a
// run live"), back from that JSON (`arbiter serve` follows another process's file), and PGN with
// [%clk] and [%eval] for broadcast viewers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/config/json.h"
#include "harness/game/game_watcher.h"

namespace arbiter {

// What the engine of one side reported last while searching (its latest `info` line with a
// depth, score, nodes or PV).
struct LiveSearch {
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<std::int64_t> nodes;
    std::optional<std::int64_t> nps;
    std::optional<std::int64_t> time_ms;
    std::optional<Score> score;  // from the searching side's point of view
    std::string pv;
};

// One move of a live game: the record's fields the page shows, the position after it and both
// clocks after it.
struct LiveMove {
    MoveRecord record;
    std::string fen;
    WatchedClocks clocks;
};

// A game in progress or finished in the current round.
struct LiveGame {
    std::int64_t number = 0;  // the schedule's game number, from 1
    int round = 0;            // from 1
    std::string white;
    std::string black;
    std::string start_fen;
    std::vector<LiveMove> moves;
    WatchedClocks clocks;                // as the last move (or the start) left them
    std::int64_t clocks_at_ms = 0;       // when: the side to move's clock runs from then on
    std::int64_t started_at_ms = 0;      // ms since the Unix epoch
    std::string result = "*";            // "1-0", "0-1", "1/2-1/2", or "*" in progress
    std::string termination;             // the result's reason in words ("White mates")
    std::optional<std::int64_t> id;      // the game's row in the database, once recorded
    LiveSearch search[COLOR_NB];         // by side
    std::string pending_info[COLOR_NB];  // the latest `info` line not yet published

    std::string fen() const { return moves.empty() ? start_fen : moves.back().fen; }
};

// The game's JSON (the `game` event), and a move's, a search's and the clocks' within it.
json::Value game_json(const LiveGame& game);
json::Value move_json(const LiveMove& move, const std::string& start_fen);
json::Value search_json(const LiveSearch& search, Color side);
json::Value clocks_json(const WatchedClocks& clocks, std::int64_t at_ms);
// A game as game_json() wrote it, back (missing or mistyped fields read as empty).
LiveGame game_from_json(const json::Value& value);
// The game as PGN under `event` and `time_control` (a TimeControl tag when not empty): each move
// with its mover's clock ([%clk]) and evaluation ([%eval]) when known, "*" while in progress.
std::string game_pgn(const LiveGame& game, const std::string& event,
                     const std::string& time_control);

// The side that made move `ply` (1-based) of a game starting from `start_fen`.
Color mover_of(const std::string& start_fen, int ply);
// A JSON object's integer or text member; none or empty when missing or of another type.
std::optional<std::int64_t> integer_member(const json::Value& object, std::string_view key);
std::string text_member(const json::Value& object, std::string_view key);
// Milliseconds since the Unix epoch.
std::int64_t wall_clock_ms();

// A score as a PGN [%eval] or the page shows it: pawns from White's side ("0.35", "-1.20") or a
// mate ("#3", "#-2"), from a score given from the mover's side.
std::string white_view_eval(const Score& score, Color mover);
// Milliseconds as H:MM:SS (PGN's [%clk]), rounded down to the second; negative as 0:00:00.
std::string pgn_clock(std::int64_t ms);

}  // namespace arbiter
