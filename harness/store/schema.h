#pragma once

// arbiter's database schema: the application id that marks a file as arbiter's, the list of
// migrations (`PRAGMA user_version` counts those applied) and the checks run when a file is
// opened. Private to harness/store; exposed as a header so the tests can drive migrations.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/store/sqlite.h"

namespace arbiter::schema {

// "ARBI" in ASCII, stored in the database header by `PRAGMA application_id`.
inline constexpr std::int64_t APPLICATION_ID = 0x41524249;

// One step of the schema: running `sql` on version `version - 1` gives version `version`.
// Published migrations are never edited; a change of schema is a new migration at the end.
struct Migration {
    int version;
    std::string_view description;
    std::string_view sql;
};

// arbiter's migrations in version order, starting at version 1.
std::span<const Migration> migrations();

// The version the last of `list` produces (0 for an empty list).
int latest_version(std::span<const Migration> list = migrations());

// The first version with per-game totals (table game_engine_totals).
inline constexpr int GAME_TOTALS_VERSION = 3;

// The first version with shards and their slots (tables shards and shard_slots).
inline constexpr int SHARDS_VERSION = 4;

// The first version with each move's clock, latency, hashfull, tbhits and info lines, and each
// tournament's variant in its own column.
inline constexpr int MOVE_CLOCK_VERSION = 6;

// The first version with each engine's own name and author (engines.id_name, engines.id_author).
inline constexpr int ENGINE_OWN_IDENTITY_VERSION = 7;

// The first version with the bound of each move's score (moves.score_bound).
inline constexpr int SCORE_BOUND_VERSION = 8;

// The first version with each game's fault detail (games.fault_detail).
inline constexpr int FAULT_DETAIL_VERSION = 9;

// The first version with what each engine says it is (engines.id_description).
inline constexpr int ENGINE_DESCRIPTION_VERSION = 10;

// The first version with a reference engine's analysis of games (analyses, position_analyses).
inline constexpr int ANALYSIS_VERSION = 11;

// The first version with a Swiss's stored initial ranking (initial_rankings and their entrants).
inline constexpr int INITIAL_RANKING_VERSION = 12;

// The tables arbiter reads and writes at schema `version`; open() checks they exist.
std::vector<std::string_view> required_tables(int version);

// For a file opened read-only below GAME_TOTALS_VERSION: computes the per-game totals from the
// moves into a temporary table of the same name, which the connection then reads instead.
void compute_game_totals_in_memory(sql::Connection& connection);

// Checks the file at `path` before SQLite opens it: a non-empty file must carry the SQLite
// header and be at least as long as the header declares. Throws StoreError naming the file.
void check_file_before_open(const std::string& path);

// Checks that the connection's database is arbiter's at a version no newer than `list` knows,
// or is empty, reading everything from one snapshot. Throws StoreError ("not an arbiter database",
// "newer schema", ...).
void check_identity(sql::Connection& connection, std::span<const Migration> list = migrations());

// Brings the database to the latest version of `list` in one IMMEDIATE transaction, stamping
// arbiter's application id on an empty database. Returns the version before migrating.
int migrate(sql::Connection& connection, std::span<const Migration> list = migrations());

// Returns the names of the user tables and views in the database, sorted.
std::vector<std::string> object_names(sql::Connection& connection);

}  // namespace arbiter::schema
