#include "harness/store/move_columns.h"

#include <array>
#include <map>
#include <mutex>
#include <optional>
#include <type_traits>
#include <vector>

#include "harness/store/schema.h"

namespace arbiter {

namespace {

// -pgnout match_line= lines are stored newline-separated in one column.
std::string join_lines(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += (text.empty() ? "" : "\n") + line;
    return text;
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        lines.push_back(text.substr(begin, end - begin));
        begin = end + 1;
    }
    return lines;
}

// The text of moves.score_bound for `score`: the UCI word of a bound, nothing when the score is
// exact or absent (NULL, as every move of a version before 8 reads).
std::optional<std::string> bound_text(const std::optional<Score>& score) {
    if (!score || score->bound() == Score::Bound::exact) return std::nullopt;
    return score->bound() == Score::Bound::lower ? "lowerbound" : "upperbound";
}

// The bound moves.score_bound's `text` names; the schema's CHECK admits no other text.
Score::Bound bound_of_text(const std::string& text) {
    if (text == "lowerbound") return Score::Bound::lower;
    if (text == "upperbound") return Score::Bound::upper;
    throw StoreError("the database file is damaged (a move's score_bound is '" + text +
                     "', not lowerbound, upperbound or NULL)");
}

// A column holding the MoveRecord member `field` as it is (integers, optionals and text).
template <auto field>
MoveColumn plain(std::string_view name, int since_version) {
    return {
        name, since_version,
        [](sql::Statement& insert, int parameter, const MoveRecord& move) {
            // The move outlives the statement's step (bind_move's contract): text uncopied.
            if constexpr (std::is_same_v<std::remove_cvref_t<decltype(move.*field)>, std::string>)
                insert.bind_static(parameter, move.*field);
            else
                insert.bind(parameter, move.*field);
        },
        [](const sql::Statement& select, int column, MoveRecord& move) {
            using Field = std::remove_cvref_t<decltype(move.*field)>;
            if constexpr (std::is_same_v<Field, std::string>)
                move.*field = select.text(column);
            else if constexpr (std::is_same_v<Field, std::optional<int>>)
                move.*field = select.optional_int(column);
            else if constexpr (std::is_same_v<Field, std::optional<std::int64_t>>)
                move.*field = select.optional_integer(column);
            else if constexpr (std::is_same_v<Field, int>)
                move.*field = static_cast<int>(select.integer(column));
            else
                move.*field = select.integer(column);
        }};
}

const std::array<MoveColumn, 19> COLUMNS = {
    plain<&MoveRecord::ply>("ply", 1),
    plain<&MoveRecord::uci>("uci", 1),
    plain<&MoveRecord::san>("san", 1),
    plain<&MoveRecord::time_ms>("time_ms", 1),
    plain<&MoveRecord::depth>("depth", 1),
    plain<&MoveRecord::seldepth>("seldepth", 1),
    plain<&MoveRecord::nodes>("nodes", 1),
    // One Score in two columns, at most one of them set: centipawns, or moves to mate (its bound
    // is score_bound, read after both). The schema forbids both; a mate read after a centipawn
    // score wins.
    MoveColumn{"score_cp", 1,
               [](sql::Statement& insert, int parameter, const MoveRecord& move) {
                   insert.bind(parameter, centipawns_of(move.score));
               },
               [](const sql::Statement& select, int column, MoveRecord& move) {
                   if (auto cp = select.optional_int(column))
                       move.score = score_from_columns(cp, {});
               }},
    MoveColumn{"score_mate", 1,
               [](sql::Statement& insert, int parameter, const MoveRecord& move) {
                   insert.bind(parameter, mate_moves_of(move.score));
               },
               [](const sql::Statement& select, int column, MoveRecord& move) {
                   if (auto mate = select.optional_int(column))
                       move.score = score_from_columns({}, mate);
               }},
    plain<&MoveRecord::pv>("pv", 1),
    plain<&MoveRecord::comment>("comment", 1),
    MoveColumn{"book", 1,
               [](sql::Statement& insert, int parameter, const MoveRecord& move) {
                   insert.bind(parameter, move.book ? 1 : 0);
               },
               [](const sql::Statement& select, int column, MoveRecord& move) {
                   move.book = select.integer(column) != 0;
               }},
    plain<&MoveRecord::clock_ms>("clock_ms", schema::MOVE_CLOCK_VERSION),
    plain<&MoveRecord::clock_left_ms>("clock_left_ms", schema::MOVE_CLOCK_VERSION),
    plain<&MoveRecord::latency_ms>("latency_ms", schema::MOVE_CLOCK_VERSION),
    plain<&MoveRecord::hashfull>("hashfull", schema::MOVE_CLOCK_VERSION),
    plain<&MoveRecord::tbhits>("tbhits", schema::MOVE_CLOCK_VERSION),
    MoveColumn{"info_lines", schema::MOVE_CLOCK_VERSION,
               [](sql::Statement& insert, int parameter, const MoveRecord& move) {
                   if (move.info_lines.empty())
                       insert.bind_null(parameter);
                   else
                       insert.bind(parameter, join_lines(move.info_lines));
               },
               [](const sql::Statement& select, int column, MoveRecord& move) {
                   if (!select.is_null(column)) move.info_lines = split_lines(select.text(column));
               }},
    // The bound of the score read from score_cp or score_mate above; NULL is exact.
    MoveColumn{"score_bound", schema::SCORE_BOUND_VERSION,
               [](sql::Statement& insert, int parameter, const MoveRecord& move) {
                   insert.bind(parameter, bound_text(move.score));
               },
               [](const sql::Statement& select, int column, MoveRecord& move) {
                   if (move.score && !select.is_null(column))
                       move.score = move.score->with_bound(bound_of_text(select.text(column)));
               }},
};

std::string make_insert_sql() {
    std::string names = "game_id", parameters = "?1";
    for (std::size_t i = 0; i < COLUMNS.size(); ++i) {
        names += ", " + std::string(COLUMNS[i].name);
        parameters += ", ?" + std::to_string(i + 2);
    }
    return "INSERT INTO moves (" + names + ") VALUES (" + parameters + ")";
}

std::string make_insert_rows_sql(int rows) {
    std::string sql = make_insert_sql();
    const int per_row = int(COLUMNS.size());
    for (int row = 1; row < rows; ++row) {
        sql += ", (?1";
        for (int i = 0; i < per_row; ++i) sql += ", ?" + std::to_string(2 + row * per_row + i);
        sql += ")";
    }
    return sql;
}

std::string make_select_sql(int version) {
    std::string names;
    for (const MoveColumn& column : COLUMNS)
        names += (names.empty() ? "" : ", ") +
                 (column.since_version <= version ? std::string(column.name) : "NULL");
    return "SELECT " + names + " FROM moves WHERE game_id = ?1 ORDER BY ply";
}

}  // namespace

std::span<const MoveColumn> move_columns() {
    return COLUMNS;
}

const std::string& insert_move_sql() {
    static const std::string sql = make_insert_sql();
    return sql;
}

const std::string& insert_moves_sql(int rows) {
    static const std::array<std::string, MOVES_PER_INSERT> texts = [] {
        std::array<std::string, MOVES_PER_INSERT> made;
        for (int rows = 1; rows <= MOVES_PER_INSERT; ++rows)
            made[std::size_t(rows - 1)] = make_insert_rows_sql(rows);
        return made;
    }();
    return texts.at(std::size_t(rows - 1));
}

const std::string& select_moves_sql(int version) {
    // One text per version for the program's life: the store's statement cache keys on it.
    static std::mutex mutex;
    static std::map<int, std::string> texts;
    std::lock_guard lock(mutex);
    auto [it, added] = texts.try_emplace(version);
    if (added) it->second = make_select_sql(version);
    return it->second;
}

void bind_move(sql::Statement& insert, std::int64_t game_id, const MoveRecord& move) {
    insert.bind(1, game_id);
    for (std::size_t i = 0; i < COLUMNS.size(); ++i) COLUMNS[i].bind(insert, int(i) + 2, move);
}

void bind_move_row(sql::Statement& insert, int row, const MoveRecord& move) {
    const int first = 2 + row * int(COLUMNS.size());
    for (std::size_t i = 0; i < COLUMNS.size(); ++i) COLUMNS[i].bind(insert, first + int(i), move);
}

MoveRecord read_move(const sql::Statement& select) {
    MoveRecord move;
    for (std::size_t i = 0; i < COLUMNS.size(); ++i) COLUMNS[i].read(select, int(i), move);
    return move;
}

}  // namespace arbiter
