#pragma once

// Thin RAII wrappers over the SQLite C API, private to harness/store: a connection, a prepared
// statement and an IMMEDIATE transaction. Every error becomes a StoreError naming the file.

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "harness/store/store_error.h"

namespace arbiter::sql {

// Returns a phrase for an SQLite result code that a user can act on, e.g. for SQLITE_CORRUPT
// "the database file is damaged"; empty for codes with no better words than SQLite's own.
std::string_view describe_result_code(int code);

// The id of another process holding a lock on the database at `path` (it has the file open in
// WAL mode, is reading or writing it, or holds a WriterClaim), or 0 if there is none. Reads
// /proc/locks.
long process_using(const std::string& path);

// "another arbiter (pid 123)" or "another process (pid 123, sqlite3)", from /proc/PID/comm.
std::string describe_process(long pid);

// An open database connection. Owns the sqlite3 handle.
class Connection {
  public:
    // Opens `path` with sqlite3_open_v2 `flags`, or the URI `uri` when given (with
    // SQLITE_OPEN_URI; `path` then only names the file in messages). Throws StoreError if
    // SQLite refuses.
    Connection(const std::string& path, int flags, const std::string& uri = "");
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    sqlite3* handle() const { return db_; }
    const std::string& path() const { return path_; }

    // Runs one or more statements that return no rows needed by the caller.
    void execute(std::string_view sql, std::string_view context);

    // Returns the single integer a query such as "PRAGMA user_version" yields.
    std::int64_t query_integer(std::string_view sql, std::string_view context);

    // Returns the single text value a query such as "PRAGMA journal_mode=WAL" yields.
    std::string query_text(std::string_view sql, std::string_view context);

    // Throws StoreError for result `code` met while doing `context`.
    [[noreturn]] void fail(int code, std::string_view context) const;

  private:
    sqlite3* db_ = nullptr;
    std::string path_;
};

// A prepared statement. Bind parameters (1-based), step, read columns (0-based), reset.
class Statement {
  public:
    Statement(Connection& connection, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    void bind(int index, std::int64_t value);
    void bind(int index, int value) { bind(index, static_cast<std::int64_t>(value)); }
    void bind(int index, std::string_view value);
    void bind(int index, const std::string& value) { bind(index, std::string_view(value)); }
    void bind(int index, const char* value) { bind(index, std::string_view(value)); }
    void bind(int index, double value);
    // Binds `value` without copying it: the text must live until the statement is reset.
    void bind_static(int index, std::string_view value);
    void bind_null(int index);
    template <typename T>
    void bind(int index, const std::optional<T>& value) {
        if (value) {
            bind(index, *value);
        } else {
            bind_null(index);
        }
    }

    // Steps once; returns the raw SQLite code (SQLITE_ROW, SQLITE_DONE or an error).
    int try_step();
    // Steps once; returns true if a row is available, false when done. Throws on error.
    bool step();
    // Resets the statement and clears its bindings so it holds no read snapshot.
    void reset();

    std::int64_t integer(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    bool is_null(int column) const;
    std::optional<std::int64_t> optional_integer(int column) const;
    std::optional<int> optional_int(int column) const;
    std::optional<double> optional_real(int column) const;

    Connection& connection() const { return connection_; }
    sqlite3_stmt* handle() const { return statement_; }
    std::string_view sql() const;

  private:
    Connection& connection_;
    sqlite3_stmt* statement_ = nullptr;
};

// Resets a statement when leaving scope, so an abandoned query never pins a WAL snapshot.
class ResetOnExit {
  public:
    explicit ResetOnExit(Statement& statement) : statement_(statement) {}
    ~ResetOnExit() { statement_.reset(); }
    ResetOnExit(const ResetOnExit&) = delete;
    ResetOnExit& operator=(const ResetOnExit&) = delete;

  private:
    Statement& statement_;
};

// BEGIN IMMEDIATE on construction; COMMIT on commit(); ROLLBACK if destroyed without commit.
class Transaction {
  public:
    explicit Transaction(Connection& connection);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    void commit();

  private:
    Connection& connection_;
    bool open_ = true;
};

}  // namespace arbiter::sql
