#pragma once

// What the files of Store share, private to harness/store: the connection, the cache of prepared
// statements, the lock that serialises them, and the small conversions between records and
// columns. store.cpp opens and checks the file; store_records.cpp keeps tournaments, engines and
// openings; store_games.cpp games, moves and their per-engine totals; store_node_counts.cpp the
// runs of `arbiter nodes`. Each SQL statement is written beside the method that runs it.

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "harness/store/sqlite.h"
#include "harness/store/store.h"

namespace arbiter {

// One value bound to a statement parameter.
using SqlValue = std::variant<std::int64_t, std::string_view>;

// Marks a database file as open in this process while it lives, by device and inode, so that no
// second descriptor of it is ever opened (see Store): a Store opening a file already open here
// leaves the file's header to SQLite rather than reading it itself.
class OpenFileMark {
  public:
    OpenFileMark() = default;
    OpenFileMark(const OpenFileMark&) = delete;
    OpenFileMark& operator=(const OpenFileMark&) = delete;
    ~OpenFileMark();
    // Marks `path` (which exists now) as open.
    void mark(const std::string& path);
    // True if a Store of this process has `path` open.
    static bool is_open(const std::string& path);

  private:
    std::optional<std::pair<std::uint64_t, std::uint64_t>> key_;  // device, inode
};

// What is done for a Store once its connection has closed (store_opening.cpp):
// - after a read-only open of a file that had no -wal or -shm beside it, the two files SQLite
//   creates to read a WAL database are removed, unless another connection still uses them. The
//   removal is SQLite's own: a connection that may write is opened and closed, and SQLite deletes
//   the files only when it can lock the database exclusively (no other connection in any
//   process) and the log is checkpointed, which an unused log needs no write for;
// - after a read-write open that passed quick_check, the file as this process leaves it (written
//   by SQLite only) counts as checked, so that a command reading what it has just written (merge)
//   does not read the whole file again.
class AfterClose {
  public:
    AfterClose(const std::string& path, Store::Access access);
    AfterClose(const AfterClose&) = delete;
    AfterClose& operator=(const AfterClose&) = delete;
    ~AfterClose();

    // The file passed quick_check at the open.
    void checked() { checked_ = true; }

  private:
    std::string path_;
    Store::Access access_;
    bool remove_companions_ = false;  // read-only, and neither was there before the open
    bool checked_ = false;
};

// Throws StoreError naming the file and SQLite's quick_check's first problem if the file is
// damaged (store_opening.cpp); a file this process found whole and that has not changed since
// is not read again.
void check_not_damaged(sql::Connection& connection, Store::Access access);

struct Store::Impl {
    Impl(const std::string& path, Access access);

    // Returns the prepared statement for `text`, which must be a string constant: the cache is
    // keyed by its address.
    sql::Statement& statement(std::string_view text);

    // In one write transaction: runs `select` with `key` bound as ?1..?n and returns the id in
    // its first column; if it finds no row, runs `insert` with `key` then `extra` bound as
    // ?1..?m and returns the new row's id. `what` names the row in error messages.
    std::int64_t find_or_insert(std::string_view select, std::string_view insert,
                                std::span<const SqlValue> key, std::span<const SqlValue> extra,
                                std::string_view what);

    // Throws StoreError "<file>: no <what> with id <id>".
    [[noreturn]] void fail_missing(std::string_view what, std::int64_t id) const;

    // Runs `select` with ?1 = id and returns read(row) of its first row; throws as fail_missing()
    // if it finds none. The caller holds the lock.
    template <typename Read>
    auto select_one(std::string_view select, std::int64_t id, std::string_view what, Read read) {
        sql::Statement& query = statement(select);
        sql::ResetOnExit reset(query);
        query.bind(1, id);
        if (!query.step()) fail_missing(what, id);
        return read(std::as_const(query));
    }

    // Runs `select` with `parameters` bound as ?1..?n and returns read(row) of every row, in
    // order. The caller holds the lock.
    template <typename Read>
    auto select_rows(std::string_view select, std::span<const SqlValue> parameters, Read read) {
        sql::Statement& query = statement(select);
        sql::ResetOnExit reset(query);
        for (std::size_t i = 0; i < parameters.size(); ++i)
            std::visit([&](const auto& v) { query.bind(int(i + 1), v); }, parameters[i]);
        std::vector<std::invoke_result_t<Read&, const sql::Statement&>> rows;
        while (query.step()) rows.push_back(read(std::as_const(query)));
        return rows;
    }

    // Throws StoreError naming the file if the connection was opened read-only.
    void require_writable(std::string_view what) const;

    // A file opened read-only at schema version 2 has no per-game totals; they are computed
    // once into a temporary table of the same name the first time a query needs them.
    void ensure_game_totals();

    Termination read_termination(const std::string& code) const;
    Outcome read_outcome(const std::string& text) const;

    Access access;
    bool totals_missing = false;
    int version = 0;  // the file's schema version once open (older only when read-only)
    // Declared before the connection and the mark, so that it runs after both are gone.
    AfterClose after_close;
    // Declared before the connection, so that the mark is removed after the connection closes.
    OpenFileMark open_mark;
    // Declared before the statements so that they are finalised before the connection closes.
    sql::Connection connection;
    std::unordered_map<const char*, std::unique_ptr<sql::Statement>> statements;
    std::mutex mutex;
};

// Moves are stored as one text of UCI moves separated by single spaces. Throws
// std::invalid_argument naming `what` if a move is empty or holds whitespace.
std::string join_moves(std::span<const std::string> moves, std::string_view what);
std::vector<std::string> split_moves(const std::string& text);

// Milliseconds since the Unix epoch.
std::int64_t now_ms();

// True if a constraint failure `code` is the extended code `extended`.
inline bool is_constraint(int code, int extended) {
    return code == extended;
}

// Binds ?1 = tournament and ?2 = the JSON array of `engines` (NULL for all engines): the filter
// every per-tournament game query shares.
void bind_tournament_filter(sql::Statement& query, TournamentId tournament,
                            const std::optional<std::span<const EngineId>>& engines);

}  // namespace arbiter
