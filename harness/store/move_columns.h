// The moves table's columns, declared once: each column's name, the schema version that added
// it, and how a MoveRecord's field is bound into an INSERT and read back from a SELECT. The
// store's insert and load, the merge's copy and the schema test are all made from this list, so
// a new field of a move is one entry here and one migration.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "harness/game/played_game.h"
#include "harness/store/sqlite.h"

namespace arbiter {

// One column of the moves table after game_id.
struct MoveColumn {
    std::string_view name;
    int since_version;  // the first schema version whose moves table has it
    void (*bind)(sql::Statement& insert, int parameter, const MoveRecord& move);
    void (*read)(const sql::Statement& select, int column, MoveRecord& move);
};

// Every column of the moves table but game_id, in table order.
std::span<const MoveColumn> move_columns();

// "INSERT INTO moves (game_id, ply, ...) VALUES (?1, ?2, ...)": game_id is ?1, column i of
// move_columns() is ?(i + 2). The text lives as long as the program.
const std::string& insert_move_sql();

// "SELECT ply, ... FROM moves WHERE game_id = ?1 ORDER BY ply" for a file at schema `version`:
// a column that version lacks reads as NULL, so result column i is always move_columns()[i].
// The text lives as long as the program.
const std::string& select_moves_sql(int version);

// How many moves one statement of insert_moves_sql() writes at most.
inline constexpr int MOVES_PER_INSERT = 32;

// "INSERT INTO moves (game_id, ply, ...) VALUES (?1, ?2, ...), (?1, ?21, ...), ..." for `rows`
// moves (1 to MOVES_PER_INSERT) of one game: game_id is ?1, column i of row r is
// ?(2 + r * move_columns().size() + i). The text lives as long as the program.
const std::string& insert_moves_sql(int rows);

// Binds game `game_id` and every field of `move` to insert_move_sql(). The move's text is not
// copied: `move` must live until the statement is reset.
void bind_move(sql::Statement& insert, std::int64_t game_id, const MoveRecord& move);

// Binds every field of `move` as row `row` of insert_moves_sql() (game_id is bound apart). The
// move's text is not copied: `move` must live until the statement is reset.
void bind_move_row(sql::Statement& insert, int row, const MoveRecord& move);

// The move in the current row of select_moves_sql(); its score carries the bound of
// score_bound. Throws StoreError, without the file's name, for a value the table's CHECKs refuse.
MoveRecord read_move(const sql::Statement& select);

}  // namespace arbiter
