#include "harness/store/schema.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace arbiter::schema {
namespace {

// Version 1. Identity columns are NOT NULL so that their UNIQUE constraints hold (SQLite treats
// NULLs as distinct). Termination codes are checked by the store, not by a CHECK constraint,
// so a new code does not need a table rebuild; results are fixed by PGN and checked here.
constexpr std::string_view VERSION_1 = R"sql(
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    config_key TEXT NOT NULL UNIQUE,
    config_json TEXT NOT NULL CHECK (json_valid(config_json)),
    created_at_ms INTEGER NOT NULL
);

CREATE TABLE engines (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    command TEXT NOT NULL,
    arguments TEXT NOT NULL CHECK (json_valid(arguments)),  -- JSON array of strings
    options TEXT NOT NULL CHECK (json_valid(options)),      -- JSON array of [name, value]
    binary_sha256 TEXT NOT NULL CHECK (length(binary_sha256) = 64),
    working_dir TEXT NOT NULL,
    UNIQUE (binary_sha256, command, arguments, options, name)
);

CREATE TABLE openings (
    id INTEGER PRIMARY KEY,
    source_file TEXT NOT NULL,
    suite_index INTEGER NOT NULL,
    start_fen TEXT NOT NULL,
    moves TEXT NOT NULL,  -- UCI moves separated by single spaces
    name TEXT NOT NULL,
    UNIQUE (source_file, suite_index, start_fen, moves, name)
);

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    slot INTEGER NOT NULL,
    round INTEGER NOT NULL,
    pair_index INTEGER NOT NULL,
    opening_index INTEGER NOT NULL,
    game_in_pair INTEGER NOT NULL CHECK (game_in_pair IN (0, 1)),
    white_engine_id INTEGER NOT NULL REFERENCES engines (id),
    black_engine_id INTEGER NOT NULL REFERENCES engines (id),
    opening_id INTEGER REFERENCES openings (id),
    start_fen TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    termination TEXT NOT NULL,
    termination_text TEXT NOT NULL,
    ply_count INTEGER NOT NULL,  -- rows in moves for this game, written in the same transaction
    started_at_ms INTEGER NOT NULL,
    finished_at_ms INTEGER NOT NULL,
    UNIQUE (tournament_id, slot, white_engine_id, black_engine_id)
);
CREATE INDEX games_by_white_engine ON games (white_engine_id);
CREATE INDEX games_by_black_engine ON games (black_engine_id);
CREATE INDEX games_by_opening ON games (opening_id);

CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply INTEGER NOT NULL CHECK (ply >= 1),
    uci TEXT NOT NULL,
    san TEXT NOT NULL,
    time_ms INTEGER NOT NULL,
    depth INTEGER,
    seldepth INTEGER,
    nodes INTEGER,
    score_cp INTEGER,
    score_mate INTEGER CHECK (score_mate IS NULL OR score_cp IS NULL),
    pv TEXT NOT NULL,
    comment TEXT NOT NULL,
    book INTEGER NOT NULL CHECK (book IN (0, 1)),
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE node_runs (
    id INTEGER PRIMARY KEY,
    started_at_ms INTEGER NOT NULL,
    description TEXT NOT NULL
);

CREATE TABLE node_counts (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES node_runs (id),
    engine_id INTEGER NOT NULL REFERENCES engines (id),
    fen TEXT NOT NULL,
    moves TEXT NOT NULL,  -- UCI moves separated by single spaces
    depth INTEGER NOT NULL CHECK (depth >= 1),
    nodes INTEGER NOT NULL,
    time_ms INTEGER,
    score_cp INTEGER,
    score_mate INTEGER CHECK (score_mate IS NULL OR score_cp IS NULL),
    bestmove TEXT NOT NULL,
    pv TEXT NOT NULL,
    UNIQUE (run_id, engine_id, fen, moves, depth)
);
CREATE INDEX node_counts_by_position ON node_counts (engine_id, fen, moves, depth, run_id);

-- For people reading the file with the sqlite3 shell: one line per game with names.
CREATE VIEW game_list AS
SELECT g.id AS game_id, t.config_key AS tournament, g.slot, g.round,
       w.name AS white, b.name AS black, g.result, g.termination, g.termination_text,
       g.ply_count, g.started_at_ms, g.finished_at_ms
FROM games g
JOIN tournaments t ON t.id = g.tournament_id
JOIN engines w ON w.id = g.white_engine_id
JOIN engines b ON b.id = g.black_engine_id;
)sql";

// Version 2. What `arbiter nodes` measured beside the node count: the engine's own leaf count
// (`info string leaves N`) and the depth it completed, which is below the depth asked for when it
// stopped early on a proven mate. Both are NULL for rows written by version 1.
constexpr std::string_view VERSION_2 = R"sql(
ALTER TABLE node_counts ADD COLUMN leaves INTEGER;
ALTER TABLE node_counts ADD COLUMN reached_depth INTEGER;
)sql";

// Version 3. Each game's totals per side over the moves that side chose (book moves excluded),
// written with the game, so that standings sum two rows per game instead of reading every move.
// Existing games get theirs from their moves here, once. The mover of ply p is white when p is
// odd and the start position has white to move, or p is even and black was to move.
#define ARBITER_GAME_TOTALS_COLUMNS                                                           \
    "game_id, side, engine_id, moves, depth_moves, depth_sum, seldepth_moves, seldepth_sum, " \
    "nodes_moves, nodes_sum, time_ms_sum"
#define ARBITER_TOTALS_FROM_MOVES                                                                \
    "INSERT INTO game_engine_totals (" ARBITER_GAME_TOTALS_COLUMNS                               \
    ")\n"                                                                                        \
    "SELECT g.id, s.side,\n"                                                                     \
    "       CASE s.side WHEN 'white' THEN g.white_engine_id ELSE g.black_engine_id END,\n"       \
    "       count(m.ply), count(m.depth), coalesce(sum(m.depth), 0),\n"                          \
    "       count(m.seldepth), coalesce(sum(m.seldepth), 0),\n"                                  \
    "       count(m.nodes), coalesce(sum(m.nodes), 0), coalesce(sum(m.time_ms), 0)\n"            \
    "FROM games g\n"                                                                             \
    "CROSS JOIN (SELECT 'white' AS side UNION ALL SELECT 'black') s\n"                           \
    "LEFT JOIN moves m ON m.game_id = g.id AND m.book = 0\n"                                     \
    "     AND ((m.ply % 2 = 1) = (substr(g.start_fen, instr(g.start_fen, ' ') + 1, 1) = 'w'))\n" \
    "         = (s.side = 'white')\n"                                                            \
    "GROUP BY g.id, s.side;\n"

constexpr std::string_view VERSION_3 =
    "CREATE TABLE game_engine_totals (\n"
    "    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
    "    side TEXT NOT NULL CHECK (side IN ('white', 'black')),\n"
    "    engine_id INTEGER NOT NULL REFERENCES engines (id),\n"
    "    moves INTEGER NOT NULL,        -- moves the side chose, book moves excluded\n"
    "    depth_moves INTEGER NOT NULL,  -- of which reported a depth\n"
    "    depth_sum INTEGER NOT NULL,\n"
    "    seldepth_moves INTEGER NOT NULL,\n"
    "    seldepth_sum INTEGER NOT NULL,\n"
    "    nodes_moves INTEGER NOT NULL,\n"
    "    nodes_sum INTEGER NOT NULL,\n"
    "    time_ms_sum INTEGER NOT NULL,\n"
    "    PRIMARY KEY (game_id, side)\n"
    ") WITHOUT ROWID;\n"
    "CREATE INDEX game_engine_totals_by_engine ON game_engine_totals "
    "(engine_id);\n" ARBITER_TOTALS_FROM_MOVES;

// The same table without constraints in memory, for a file opened read-only at an older version.
constexpr std::string_view TEMPORARY_TOTALS =
    "CREATE TEMP TABLE game_engine_totals (" ARBITER_GAME_TOTALS_COLUMNS
    ");\n" ARBITER_TOTALS_FROM_MOVES;
#undef ARBITER_TOTALS_FROM_MOVES
#undef ARBITER_GAME_TOTALS_COLUMNS

// Version 4 (issue 11, shards). Each game records the host that played it and, when it was played
// by `arbiter tournament --shard K/N`, its shard (NULL otherwise). `shards` says which part of a
// tournament's schedule the file was asked to play: one row in a shard's own database, one row
// per merged shard in a merged database; `identity` is the JSON every shard of one run must share
// (tournament key and engine identities). `shard_slots` lists the slots each shard must play, so
// a merge or `arbiter status` can say which games are missing without re-reading the openings.
constexpr std::string_view VERSION_4 = R"sql(
ALTER TABLE games ADD COLUMN shard_index INTEGER;
ALTER TABLE games ADD COLUMN shard_count INTEGER;
ALTER TABLE games ADD COLUMN host TEXT NOT NULL DEFAULT '';

CREATE TABLE shards (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    shard_index INTEGER NOT NULL CHECK (shard_index >= 1 AND shard_index <= shard_count),
    shard_count INTEGER NOT NULL,
    identity TEXT NOT NULL CHECK (json_valid(identity)),
    PRIMARY KEY (tournament_id, shard_index)
);

CREATE TABLE shard_slots (
    tournament_id INTEGER NOT NULL,
    shard_index INTEGER NOT NULL,
    slot INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, shard_index, slot),
    FOREIGN KEY (tournament_id, shard_index) REFERENCES shards (tournament_id, shard_index)
) WITHOUT ROWID;
)sql";

// Version 5 (issue 24, pooled SPRT). How each shard of a pooled SPRT ended: on the pool's verdict
// (with the verdict as the pool wrote it), or out of slots. Merged with the games.
constexpr std::string_view VERSION_5 = R"sql(
CREATE TABLE pool_stops (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    shard_index INTEGER NOT NULL,
    pool TEXT NOT NULL,
    reason TEXT NOT NULL,
    verdict TEXT CHECK (verdict IS NULL OR json_valid(verdict)),
    published TEXT NOT NULL CHECK (json_valid(published)),
    stopped_ms INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, shard_index)
);
)sql";

// Version 6 (issues 21, 22, 23). What the referee knew of each move when it was played, so that no
// reader re-simulates it: the mover's clock before the move (the time it was given in `go`) and
// after it (what fastchess calls timeleft: after the time used, the increment and a new period),
// both NULL for untimed moves; the latency (the measured time minus the engine's own reported
// `time`); the hash fill and tablebase hits the engine last reported; the `info string` lines
// asked for by -pgnout match_line= (newline-separated). All NULL for moves of older versions.
// Each tournament's variant in its own column; older rows read it from their configuration.
constexpr std::string_view VERSION_6 = R"sql(
ALTER TABLE moves ADD COLUMN clock_ms INTEGER;
ALTER TABLE moves ADD COLUMN clock_left_ms INTEGER;
ALTER TABLE moves ADD COLUMN latency_ms INTEGER;
ALTER TABLE moves ADD COLUMN hashfull INTEGER;
ALTER TABLE moves ADD COLUMN tbhits INTEGER;
ALTER TABLE moves ADD COLUMN info_lines TEXT;
ALTER TABLE tournaments ADD COLUMN variant TEXT NOT NULL DEFAULT 'standard';
UPDATE tournaments SET variant = 'chess960'
WHERE json_valid(config_json) AND json_extract(config_json, '$.variant') = 'chess960';
)sql";

// Version 7 (issue 29). What each engine says of itself in its handshake (UCI `id name` and
// `id author`, XBoard's `myname`), kept beside the name it was given; NULL where it is not known
// (engines of older versions, or an engine that said nothing). Not part of the engine's identity.
constexpr std::string_view VERSION_7 = R"sql(
ALTER TABLE engines ADD COLUMN id_name TEXT;
ALTER TABLE engines ADD COLUMN id_author TEXT;
)sql";

// Version 8 (issue 30). The bound of each move's score, as UCI names it: 'lowerbound' or
// 'upperbound' when the engine knew only a bound (a fail-high or -low), NULL when the score is
// exact or there is none. Moves of older versions read as exact, as their scores were recorded.
constexpr std::string_view VERSION_8 = R"sql(
ALTER TABLE moves ADD COLUMN score_bound TEXT CHECK (score_bound IS NULL OR
    (score_bound IN ('lowerbound', 'upperbound') AND
     (score_cp IS NOT NULL OR score_mate IS NOT NULL)));
)sql";

// Version 9 (issue 39). Why an engine's fault happened (Result::fault_detail): its own
// explanation, the position, its log file; NULL when there is none and in games of older versions.
constexpr std::string_view VERSION_9 = R"sql(
ALTER TABLE games ADD COLUMN fault_detail TEXT;
)sql";

// Version 10 (issue 46). What an engine says it is (`id description`: a Python entrant's module
// docstring, through arbiter's host), kept apart from its author; NULL where it said nothing.
constexpr std::string_view VERSION_10 = R"sql(
ALTER TABLE engines ADD COLUMN id_description TEXT;
)sql";

// Version 11 (issue 46). A reference engine's analyses (`arbiter analyse --db`), each identified
// by the engine's row and its search limit; one row per position of each analysed game (ply 0 the
// start; the score the side to move's; best_move UCI, empty without a legal move). README.md.
constexpr std::string_view VERSION_11 = R"sql(
CREATE TABLE analyses (
    id INTEGER PRIMARY KEY, engine_id INTEGER NOT NULL REFERENCES engines (id),
    limit_kind TEXT NOT NULL CHECK (limit_kind IN ('depth', 'nodes', 'movetime')),
    limit_value INTEGER NOT NULL CHECK (limit_value >= 1), created_at_ms INTEGER NOT NULL,
    UNIQUE (engine_id, limit_kind, limit_value));
CREATE TABLE position_analyses (
    analysis_id INTEGER NOT NULL REFERENCES analyses (id),
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply INTEGER NOT NULL CHECK (ply >= 0), score_cp INTEGER,
    score_mate INTEGER CHECK (score_mate IS NULL OR score_cp IS NULL),
    best_move TEXT NOT NULL, depth INTEGER,
    PRIMARY KEY (analysis_id, game_id, ply)) WITHOUT ROWID;
)sql";

// Version 12 (issue 49). A Swiss's initial ranking, fixed when the tournament is first run so that
// a resume pairs as the first run did: the pool's games it was computed from (tournaments, games,
// a note on what the pool left out), and each entrant's pairing number, name, and the rating that
// placed it (its rating=, its joint Elo over the pool's earlier tournaments, or none: name order).
constexpr std::string_view VERSION_12 = R"sql(
CREATE TABLE initial_rankings (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
    pool_tournaments INTEGER NOT NULL CHECK (pool_tournaments >= 0),
    pool_games INTEGER NOT NULL CHECK (pool_games >= 0), pool_note TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL);
CREATE TABLE initial_ranking_entrants (
    tournament_id INTEGER NOT NULL REFERENCES initial_rankings (tournament_id),
    pairing_number INTEGER NOT NULL CHECK (pairing_number >= 1), name TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('rating', 'pool', 'name')),
    rating REAL CHECK ((source = 'name') = (rating IS NULL)),
    PRIMARY KEY (tournament_id, pairing_number), UNIQUE (tournament_id, name)) WITHOUT ROWID;
)sql";

constexpr std::array<Migration, 12> MIGRATIONS = {{
    {1, "tournaments, engines, openings, games, moves, node counts", VERSION_1},
    {2, "node counts get leaves and the depth reached", VERSION_2},
    {3, "per-game totals of each side's moves", VERSION_3},
    {4, "games get their shard and host; shards and their slots", VERSION_4},
    {5, "how each shard of a pooled SPRT stopped", VERSION_5},
    {6,
     "moves get their clock, latency, hashfull, tbhits and info lines; tournaments their "
     "variant",
     VERSION_6},
    {7, "engines get the name and author they give themselves", VERSION_7},
    {8, "moves get the bound of their score", VERSION_8},
    {9, "games get the detail of an engine's fault", VERSION_9},
    {10, "engines get the description they give of themselves", VERSION_10},
    {11, "a reference engine's analysis of every position of a game", VERSION_11},
    {12, "a Swiss's initial ranking and the ratings behind it", VERSION_12},
}};

constexpr std::array<std::string_view, 14> REQUIRED_TABLES = {
    "analyses", "engines",           "game_engine_totals",
    "games",    "initial_rankings",  "initial_ranking_entrants",
    "moves",    "node_counts",       "node_runs",
    "openings", "position_analyses", "shard_slots",
    "shards",   "tournaments",
};

std::string hex32(std::int64_t value) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08llx",
                  static_cast<unsigned long long>(value) & 0xffffffffULL);
    return text;
}

}  // namespace

std::span<const Migration> migrations() {
    return MIGRATIONS;
}

int latest_version(std::span<const Migration> list) {
    return list.empty() ? 0 : list.back().version;
}

std::vector<std::string_view> required_tables(int version) {
    std::vector<std::string_view> tables(REQUIRED_TABLES.begin(), REQUIRED_TABLES.end());
    if (version < GAME_TOTALS_VERSION) std::erase(tables, "game_engine_totals");
    if (version < INITIAL_RANKING_VERSION) {
        std::erase(tables, "initial_rankings");
        std::erase(tables, "initial_ranking_entrants");
    }
    if (version < ANALYSIS_VERSION) {
        std::erase(tables, "analyses");
        std::erase(tables, "position_analyses");
    }
    if (version < SHARDS_VERSION) {
        std::erase(tables, "shards");
        std::erase(tables, "shard_slots");
    }
    return tables;
}

void compute_game_totals_in_memory(sql::Connection& connection) {
    connection.execute(TEMPORARY_TOTALS,
                       "computing the per-game totals of an older database in memory");
}

std::vector<std::string> object_names(sql::Connection& connection) {
    sql::Statement statement(connection,
                             "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') "
                             "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    std::vector<std::string> names;
    while (true) {
        const int code = statement.try_step();
        if (code == SQLITE_DONE) break;
        if (code != SQLITE_ROW) connection.fail(code, "reading the list of tables");
        names.push_back(statement.text(0));
    }
    return names;
}

namespace {

void check_identity_in_snapshot(sql::Connection& connection, std::span<const Migration> list) {
    const std::string& path = connection.path();
    const std::int64_t application_id =
        connection.query_integer("PRAGMA application_id", "reading the application id");
    const std::int64_t version =
        connection.query_integer("PRAGMA user_version", "reading the schema version");

    if (application_id == 0) {
        const std::vector<std::string> names = object_names(connection);
        if (names.empty()) return;  // a new, empty database: migrate() will stamp it
        std::string listed;
        for (std::size_t i = 0; i < names.size() && i < 5; ++i) {
            listed += (i ? ", " : "") + names[i];
        }
        if (names.size() > 5) listed += ", ...";
        throw StoreError(path +
                         ": is not an arbiter database (it has no arbiter application id "
                         "and holds tables of another application: " +
                         listed + ")");
    }
    if (application_id != APPLICATION_ID) {
        throw StoreError(path + ": is not an arbiter database (application_id " +
                         hex32(application_id) + ", arbiter's is " + hex32(APPLICATION_ID) + ")");
    }
    const int latest = latest_version(list);
    if (version > latest) {
        throw StoreError(path + ": has arbiter schema version " + std::to_string(version) +
                         ", newer than the version " + std::to_string(latest) +
                         " this build knows; use a newer arbiter");
    }
    if (version < 0) {
        throw StoreError(path + ": the database file is damaged (schema version " +
                         std::to_string(version) + ")");
    }
}

}  // namespace

void check_identity(sql::Connection& connection, std::span<const Migration> list) {
    // Step 0. Read the header and the table list from one snapshot: another process creating
    // the schema between two reads must not make a new file look like another application's.
    const bool own_transaction = sqlite3_get_autocommit(connection.handle()) != 0;
    if (own_transaction) connection.execute("BEGIN DEFERRED", "starting a read transaction");
    try {
        check_identity_in_snapshot(connection, list);
    } catch (...) {
        if (own_transaction)
            sqlite3_exec(connection.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
    if (own_transaction) connection.execute("COMMIT", "ending a read transaction");
}

int migrate(sql::Connection& connection, std::span<const Migration> list) {
    sql::Transaction transaction(connection);
    // Another process may have migrated between check_identity() and the lock: check again.
    check_identity(connection, list);
    const int before = static_cast<int>(
        connection.query_integer("PRAGMA user_version", "reading the schema version"));
    if (before == latest_version(list)) return before;  // rolls back the empty transaction

    connection.execute("PRAGMA application_id = " + std::to_string(APPLICATION_ID),
                       "setting the application id");
    for (const Migration& migration : list) {
        if (migration.version <= before) continue;
        connection.execute(migration.sql, "migrating the schema to version " +
                                              std::to_string(migration.version) + " (" +
                                              std::string(migration.description) + ")");
        connection.execute("PRAGMA user_version = " + std::to_string(migration.version),
                           "setting the schema version");
    }
    transaction.commit();
    return before;
}

}  // namespace arbiter::schema
