#pragma once

// The plain values the tournament, the referee and `arbiter nodes` hand to the store, and that
// the store hands back. No behaviour beyond naming termination codes; all SQL lives in the store.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter {

// Row ids in the database. Each is the SQLite rowid of its table, stable for the file's life.
using TournamentId = std::int64_t;
using EngineId = std::int64_t;
using OpeningId = std::int64_t;
using GameId = std::int64_t;
using NodeRunId = std::int64_t;

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

// One entry of an opening suite: the position the suite gives and the moves played into it.
// All fields together identify an opening row.
struct Opening {
    int suite_index = 0;             // 0-based position of the entry in its file
    std::string source_file;         // the EPD or PGN file as the user named it
    std::string start_fen;           // position before `moves`
    std::vector<std::string> moves;  // UCI moves leading into the game (PGN suites), may be empty
    std::string name;  // e.g. the EPD "id" opcode or the PGN Opening tag; may be empty

    bool operator==(const Opening&) const = default;
};

// One half-move of a recorded game with what the engine reported while choosing it.
struct MoveRecord {
    int ply = 0;  // 1-based index into the game's move list, counted from GameRecord::start_fen
    std::string uci;
    std::string san;
    std::int64_t time_ms = 0;  // thinking time measured by the referee
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<std::int64_t> nodes;
    std::optional<int> score_cp;    // centipawns from the mover's point of view
    std::optional<int> score_mate;  // mate in N moves (negative: getting mated); never with cp
    std::string pv;                 // principal variation as the engine sent it, UCI moves
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

// Where a game sits in a tournament's schedule. `number` is the stable slot number the
// tournament derives from the other fields; resume works on it.
struct ScheduleSlot {
    std::int64_t number = 0;
    int round = 0;
    int pair_index = 0;
    int opening_index = 0;
    int game_in_pair = 0;  // 0 or 1: the second game of a pair (colours reversed unless the
                           // tournament plays -noswap, TournamentConfig::colours)

    // The number the two games of a colour-reversed pair share (for pentanomial statistics
    // and SPRT): slots 2k and 2k+1 form pair k.
    std::int64_t pair_number() const { return number / 2; }

    bool operator==(const ScheduleSlot&) const = default;
};

// One shard of a schedule split with `arbiter tournament --shard K/N`: shard `index` (1..count)
// of `count`.
struct ShardNumber {
    int index = 1;
    int count = 1;

    bool operator==(const ShardNumber&) const = default;
};

// Why a game ended. Stored as the text codes below; the referee chooses one per game.
enum class Termination {
    checkmate,
    stalemate,
    threefold,
    fifty_moves,
    insufficient_material,
    adjudication_draw,
    adjudication_resign,
    max_plies,
    time_forfeit,
    illegal_move,
    disconnect,
    stall,
    resignation,  // the engine resigned (XBoard `resign`)
    false_claim,  // the engine claimed a result the rules do not give
    tablebase,    // adjudicated by a Syzygy table
};

inline constexpr std::array<std::pair<Termination, std::string_view>, 15> TERMINATION_CODES = {{
    {Termination::checkmate, "checkmate"},
    {Termination::stalemate, "stalemate"},
    {Termination::threefold, "threefold"},
    {Termination::fifty_moves, "fifty-moves"},
    {Termination::insufficient_material, "insufficient-material"},
    {Termination::adjudication_draw, "adjudication-draw"},
    {Termination::adjudication_resign, "adjudication-resign"},
    {Termination::max_plies, "max-plies"},
    {Termination::time_forfeit, "time-forfeit"},
    {Termination::illegal_move, "illegal-move"},
    {Termination::disconnect, "disconnect"},
    {Termination::stall, "stall"},
    {Termination::resignation, "resignation"},
    {Termination::false_claim, "false-claim"},
    {Termination::tablebase, "tablebase"},
}};

// Returns the stored text code of a termination, e.g. "fifty-moves".
constexpr std::string_view termination_code(Termination termination) {
    for (const auto& [value, code] : TERMINATION_CODES) {
        if (value == termination) return code;
    }
    return "unknown";
}

// Returns the termination whose code is `code`, or nothing for an unknown code.
constexpr std::optional<Termination> parse_termination(std::string_view code) {
    for (const auto& [value, text] : TERMINATION_CODES) {
        if (text == code) return value;
    }
    return std::nullopt;
}

// One finished game as the referee produced it. The store writes it in one transaction.
struct GameRecord {
    TournamentId tournament_id = 0;
    ScheduleSlot slot;
    EngineId white_engine_id = 0;
    EngineId black_engine_id = 0;
    std::optional<OpeningId> opening_id;
    std::string start_fen;  // position before moves[0]
    std::string result;     // "1-0", "0-1" or "1/2-1/2"
    Termination termination = Termination::checkmate;
    std::string termination_text;     // as cutechess prints it: "White mates", "Black stalls", ...
    std::int64_t started_at_ms = 0;   // milliseconds since the Unix epoch (UTC)
    std::int64_t finished_at_ms = 0;  // milliseconds since the Unix epoch (UTC)
    std::vector<MoveRecord> moves;
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
    std::optional<int> score_cp;
    std::optional<int> score_mate;
    std::string bestmove;
    std::string pv;
    std::optional<std::int64_t> leaves;  // `info string leaves N`, from engines that send it
    std::optional<int> reached_depth;    // the depth the engine completed: may be below `depth`
                                         // when it stopped early, e.g. on a proven mate

    bool operator==(const NodeCountRecord&) const = default;
};

}  // namespace arbiter
