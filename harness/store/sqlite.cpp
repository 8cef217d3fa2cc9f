#include "harness/store/sqlite.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace arbiter::sql {

std::string_view describe_result_code(int code) {
    switch (code & 0xff) {
        case SQLITE_CORRUPT:
            return "the database file is damaged";
        case SQLITE_NOTADB:
            return "the file is not an SQLite database, or it is damaged";
        case SQLITE_BUSY:
            return "the database is locked by another process, for longer than this one waits";
        case SQLITE_LOCKED:
            return "the database is locked";
        case SQLITE_FULL:
            return "the disk is full";
        case SQLITE_READONLY:
            return "the database is read-only";
        case SQLITE_CANTOPEN:
            return "the database file cannot be opened";
        case SQLITE_IOERR:
            return "an I/O error occurred";
        case SQLITE_PERM:
            return "permission denied";
        default:
            return "";
    }
}

std::string describe_process(long pid) {
    std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
    std::string name;
    std::getline(comm, name);
    if (name == "arbiter") return "another arbiter (pid " + std::to_string(pid) + ")";
    return "another process (pid " + std::to_string(pid) + (name.empty() ? "" : ", " + name) + ")";
}

namespace {

// Where SQLite takes its POSIX locks (see SQLite's os_unix.c and wal.c): the write lock of a
// WAL database is byte 120 of the -shm file, the reserved lock of a rollback-journal database
// byte 0x40000001 of the file itself; other processes reading hold locks nearby.
constexpr std::uint64_t WAL_WRITE_LOCK_BYTE = 120;
constexpr std::uint64_t WAL_LAST_LOCK_BYTE = 127;
constexpr std::uint64_t RESERVED_LOCK_BYTE = 0x40000001;

// A POSIX (SQLite) or FLOCK (WriterClaim) lock of another process on a file, from /proc/locks.
struct HeldLock {
    long pid = 0;
    bool write = false;
    std::uint64_t start = 0, end = 0;
};

// The POSIX locks other processes hold on `file` (none if it or /proc/locks is absent). Reads
// /proc/locks rather than asking fcntl: closing a descriptor of the database would drop this
// process's own SQLite locks on it.
std::vector<HeldLock> locks_of_others(const std::string& file) {
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0) return {};
    char device[64];
    std::snprintf(device, sizeof device, "%02x:%02x:%llu", major(info.st_dev), minor(info.st_dev),
                  static_cast<unsigned long long>(info.st_ino));
    std::ifstream in("/proc/locks");
    std::vector<HeldLock> locks;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string number, kind, advisory, mode, id, start, end;
        HeldLock lock;
        if (!(fields >> number >> kind)) continue;
        if (kind == "->") fields >> kind;  // a waiting lock, listed under the one it waits for
        if (!(fields >> advisory >> mode >> lock.pid >> id >> start >> end)) continue;
        if ((kind != "POSIX" && kind != "FLOCK") || id != device || lock.pid == ::getpid()) {
            continue;
        }
        lock.write = mode == "WRITE";
        lock.start = std::strtoull(start.c_str(), nullptr, 10);
        lock.end = end == "EOF" ? UINT64_MAX : std::strtoull(end.c_str(), nullptr, 10);
        locks.push_back(lock);
    }
    return locks;
}

// The process that most likely keeps the database busy: the WAL writer, the rollback-journal
// writer, then any other process holding a lock on it. 0 if none is found.
long lock_holder(const std::string& path) {
    const auto find = [](const std::vector<HeldLock>& locks, std::uint64_t first,
                         std::uint64_t last, bool write_only) -> long {
        for (const HeldLock& lock : locks) {
            if (lock.start <= last && lock.end >= first && (lock.write || !write_only)) {
                return lock.pid;
            }
        }
        return 0;
    };
    const std::vector<HeldLock> shm = locks_of_others(path + "-shm");
    const std::vector<HeldLock> file = locks_of_others(path);
    if (long pid = find(shm, WAL_WRITE_LOCK_BYTE, WAL_WRITE_LOCK_BYTE, true)) return pid;
    if (long pid = find(file, RESERVED_LOCK_BYTE, RESERVED_LOCK_BYTE, false)) return pid;
    if (long pid = find(shm, WAL_WRITE_LOCK_BYTE, WAL_LAST_LOCK_BYTE, true)) return pid;
    if (long pid = find(file, 0, UINT64_MAX, true)) return pid;
    return 0;
}

std::string error_message(const std::string& path, sqlite3* db, int code,
                          std::string_view context) {
    std::string message = path + ": ";
    if ((code & 0xff) == SQLITE_BUSY && path != ":memory:") {
        if (const long pid = lock_holder(path)) {
            return message + "is in use by " + describe_process(pid) +
                   ", which kept it locked longer than this process waits (" +
                   std::string(context) + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(code)) +
                   ")";
        }
    }
    const std::string_view phrase = describe_result_code(code);
    const std::string detail = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
    if (!phrase.empty()) {
        message += std::string(phrase) + " (" + std::string(context) + ": " + detail + ")";
    } else {
        message += std::string(context) + ": " + detail;
    }
    return message;
}

}  // namespace

long process_using(const std::string& path) {
    for (const std::string& file : {path + "-shm", path}) {
        const std::vector<HeldLock> locks = locks_of_others(file);
        if (!locks.empty()) return locks.front().pid;
    }
    return 0;
}

Connection::Connection(const std::string& path, int flags, const std::string& uri) : path_(path) {
    const int code = uri.empty()
                         ? sqlite3_open_v2(path.c_str(), &db_, flags, nullptr)
                         : sqlite3_open_v2(uri.c_str(), &db_, flags | SQLITE_OPEN_URI, nullptr);
    if (code != SQLITE_OK) {
        const std::string message = error_message(path, db_, code, "opening the database");
        sqlite3_close_v2(db_);
        db_ = nullptr;
        throw StoreError(message);
    }
    sqlite3_extended_result_codes(db_, 1);
}

Connection::~Connection() {
    sqlite3_close_v2(db_);
}

void Connection::execute(std::string_view sql, std::string_view context) {
    const std::string text(sql);
    const int code = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
    if (code != SQLITE_OK) fail(code, context);
}

std::int64_t Connection::query_integer(std::string_view sql, std::string_view context) {
    Statement statement(*this, sql);
    const int code = statement.try_step();
    if (code != SQLITE_ROW) fail(code == SQLITE_DONE ? SQLITE_ERROR : code, context);
    return statement.integer(0);
}

std::string Connection::query_text(std::string_view sql, std::string_view context) {
    Statement statement(*this, sql);
    const int code = statement.try_step();
    if (code != SQLITE_ROW) fail(code == SQLITE_DONE ? SQLITE_ERROR : code, context);
    return statement.text(0);
}

void Connection::fail(int code, std::string_view context) const {
    throw StoreError(error_message(path_, db_, code, context));
}

Statement::Statement(Connection& connection, std::string_view sql) : connection_(connection) {
    const int code =
        sqlite3_prepare_v3(connection.handle(), sql.data(), static_cast<int>(sql.size()),
                           SQLITE_PREPARE_PERSISTENT, &statement_, nullptr);
    if (code != SQLITE_OK) {
        // arbiter's own statements only fail to compile on a file whose tables were changed.
        const std::string detail = sqlite3_errmsg(connection.handle());
        if (detail.starts_with("no such column") || detail.starts_with("no such table")) {
            throw StoreError(connection.path() +
                             ": the database file is damaged or was changed outside arbiter (" +
                             detail + ")");
        }
        connection.fail(code, "preparing \"" + std::string(sql.substr(0, 60)) + "\"");
    }
}

Statement::~Statement() {
    sqlite3_finalize(statement_);
}

void Statement::bind(int index, std::int64_t value) {
    const int code = sqlite3_bind_int64(statement_, index, value);
    if (code != SQLITE_OK) connection_.fail(code, "binding a parameter");
}

void Statement::bind(int index, std::string_view value) {
    const int code = sqlite3_bind_text64(statement_, index, value.data(), value.size(),
                                         SQLITE_TRANSIENT, SQLITE_UTF8);
    if (code != SQLITE_OK) connection_.fail(code, "binding a parameter");
}

void Statement::bind(int index, double value) {
    const int code = sqlite3_bind_double(statement_, index, value);
    if (code != SQLITE_OK) connection_.fail(code, "binding a parameter");
}

void Statement::bind_static(int index, std::string_view value) {
    const int code = sqlite3_bind_text64(statement_, index, value.data(), value.size(),
                                         SQLITE_STATIC, SQLITE_UTF8);
    if (code != SQLITE_OK) connection_.fail(code, "binding a parameter");
}

void Statement::bind_null(int index) {
    const int code = sqlite3_bind_null(statement_, index);
    if (code != SQLITE_OK) connection_.fail(code, "binding a parameter");
}

int Statement::try_step() {
    return sqlite3_step(statement_);
}

bool Statement::step() {
    const int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code == SQLITE_DONE) return false;
    connection_.fail(code, "running \"" + std::string(sql().substr(0, 60)) + "\"");
}

void Statement::reset() {
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
}

std::int64_t Statement::integer(int column) const {
    return sqlite3_column_int64(statement_, column);
}

double Statement::real(int column) const {
    return sqlite3_column_double(statement_, column);
}

std::string Statement::text(int column) const {
    const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
    const int size = sqlite3_column_bytes(statement_, column);
    return bytes ? std::string(bytes, static_cast<std::size_t>(size)) : std::string();
}

bool Statement::is_null(int column) const {
    return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

std::optional<std::int64_t> Statement::optional_integer(int column) const {
    if (is_null(column)) return std::nullopt;
    return integer(column);
}

std::optional<int> Statement::optional_int(int column) const {
    if (is_null(column)) return std::nullopt;
    return static_cast<int>(integer(column));
}

std::optional<double> Statement::optional_real(int column) const {
    if (is_null(column)) return std::nullopt;
    return real(column);
}

std::string_view Statement::sql() const {
    const char* text = sqlite3_sql(statement_);
    return text ? std::string_view(text) : std::string_view();
}

Transaction::Transaction(Connection& connection) : connection_(connection) {
    connection_.execute("BEGIN IMMEDIATE", "starting a write transaction");
}

Transaction::~Transaction() {
    if (open_) sqlite3_exec(connection_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    connection_.execute("COMMIT", "committing a transaction");
    open_ = false;
}

}  // namespace arbiter::sql
