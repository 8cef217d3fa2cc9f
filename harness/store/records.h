#pragma once

// The plain values the tournament, the referee and `arbiter nodes` hand to the store, and that
// the store hands back. No behaviour; all SQL lives in the store. The game's own values (moves,
// result, termination) are the referee's, in harness/game/played_game.h.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/game/played_game.h"
#include "harness/values/opening_slot.h"

namespace arbiter {

// Row ids in the database. Each is the SQLite rowid of its table, stable for the file's life.
using TournamentId = std::int64_t;
using EngineId = std::int64_t;
using OpeningId = std::int64_t;
using GameId = std::int64_t;
using NodeRunId = std::int64_t;
using AnalysisId = std::int64_t;

// One UCI option sent with `setoption name NAME value VALUE`, in the order given by the user.
struct EngineOption {
    std::string name;
    std::string value;

    bool operator==(const EngineOption&) const = default;
};

// How an engine was started. Identity for incremental re-play is everything but working_dir:
// the same binary (by SHA-256), command, arguments, options and name give the same EngineId.
struct EngineIdentity {
    std::string name;
    std::string command;
    std::vector<std::string> args;
    std::string working_dir;  // recorded when the engine is first stored; not part of identity
    std::vector<EngineOption> options;
    std::string binary_sha256;  // 64 lowercase hex digits (see harness/identity/sha256.h)

    bool operator==(const EngineIdentity&) const = default;
};

// One shard of a schedule split with `arbiter tournament --shard K/N`: shard `index` (1..count)
// of `count`.
struct ShardNumber {
    int index = 1;
    int count = 1;

    bool operator==(const ShardNumber&) const = default;
};

// One finished game as the store records it: the referee's game as it was played (PlayedGame:
// start position, moves, result, termination, times), and where it sits: its tournament, slot,
// engines and opening, and the shard and host that played it. The store writes it in one
// transaction; what PlayedGame holds beyond the table's columns (events, restarts, final FEN)
// is not stored and is empty in a record read back.
struct GameRecord : PlayedGame {
    TournamentId tournament_id = 0;
    ScheduleSlot slot;
    EngineId white_engine_id = 0;
    EngineId black_engine_id = 0;
    std::optional<OpeningId> opening_id;
    std::optional<ShardNumber> shard;  // the shard that played it, in sharded runs
    std::string host;                  // the machine that played it (empty if unknown)

    bool operator==(const GameRecord&) const = default;
};

// One `go depth N` measurement of `arbiter nodes` (issue 5): the engine's last info line.
struct NodeCountRecord {
    EngineId engine_id = 0;
    std::string fen;
    std::vector<std::string> moves;  // UCI moves played from `fen` before searching
    int depth = 0;
    std::int64_t nodes = 0;
    std::optional<std::int64_t> time_ms;  // as the engine reported it
    std::optional<Score> score;           // stored without its bound (the table keeps none)
    std::string bestmove;
    std::string pv;
    std::optional<std::int64_t> leaves;  // `info string leaves N`, from engines that send it
    std::optional<int> reached_depth;    // the depth the engine completed: may be below `depth`
                                         // when it stopped early, e.g. on a proven mate

    bool operator==(const NodeCountRecord&) const = default;
};

// What a reference engine said of one position (`arbiter analyse`): its score from the side to
// move's point of view, the move it would play (UCI) and the depth it reached; score and move
// empty when it said none (a position with no legal move).
struct PositionVerdict {
    std::optional<Score> score;
    std::string best_move;
    std::optional<int> depth;

    bool operator==(const PositionVerdict&) const = default;
};

}  // namespace arbiter
