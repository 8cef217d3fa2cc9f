// What opening a database checks and leaves behind (Store::Impl, store.cpp): SQLite's
// quick_check before anything reads or writes the file, and the removal of the -wal and -shm
// files a read-only open made SQLite create.
#include <sys/stat.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "harness/store/store_impl.h"

namespace arbiter {

namespace {

// What a file and its write-ahead log are on disk: device, inode, and each one's size and
// modification time in nanoseconds (0 for a missing or empty log).
using FileState = std::array<std::int64_t, 6>;

std::optional<FileState> file_state(const std::string& path) {
    struct stat file {
    }, log{};
    if (path == ":memory:" || ::stat(path.c_str(), &file) != 0) return std::nullopt;
    // An empty log holds nothing: the same file whether a reader has just created it or not.
    const bool has_log = ::stat((path + "-wal").c_str(), &log) == 0 && log.st_size > 0;
    const auto nanoseconds = [](const timespec& t) {
        return std::int64_t(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
    };
    return FileState{std::int64_t(file.st_dev),
                     std::int64_t(file.st_ino),
                     std::int64_t(file.st_size),
                     nanoseconds(file.st_mtim),
                     has_log ? std::int64_t(log.st_size) : 0,
                     has_log ? nanoseconds(log.st_mtim) : 0};
}

// The files this process found undamaged, as they were then (guarded by checked_files_mutex).
std::mutex checked_files_mutex;
std::set<FileState> checked_files;

}  // namespace

// Refuses a damaged file before anything reads or writes it: SQLite's quick_check (every page
// of every table and index is well formed, without matching indexes to tables). Its first
// message names the problem, e.g. "Tree 7 page 12 cell 3: invalid page number 4278190080".
//
// A file this process found undamaged and that has not changed since (the same size and
// modification time, and those of its -wal) is not checked again: `status` opens each of its
// files several times, and the check reads the whole file.
void check_not_damaged(sql::Connection& connection, Store::Access access) {
    const std::optional<FileState> state = file_state(connection.path());
    {
        std::lock_guard lock(checked_files_mutex);
        if (state && checked_files.count(*state)) return;
    }
    sql::Statement check(connection, "PRAGMA quick_check");
    std::vector<std::string> problems;
    for (int code; (code = check.try_step()) != SQLITE_DONE;) {
        if (code != SQLITE_ROW) {
            // A page too damaged for the check to go on: SQLite's own words end the list.
            const int primary = code & 0xff;
            if (primary != SQLITE_CORRUPT && primary != SQLITE_NOTADB)
                connection.fail(code, "checking the file (PRAGMA quick_check)");
            problems.push_back(sqlite3_errmsg(connection.handle()));
            break;
        }
        // A row may hold several problems, one a line, after a "*** in database main ***" line.
        std::istringstream lines(check.text(0));
        for (std::string line; std::getline(lines, line);)
            if (!line.empty() && !line.starts_with("*** in database ")) problems.push_back(line);
    }
    if (problems.size() == 1 && problems[0] == "ok") {
        std::lock_guard lock(checked_files_mutex);
        if (state) checked_files.insert(*state);
        return;
    }
    std::string message = connection.path() + ": the database file is damaged (SQLite's " +
                          "quick_check: " + (problems.empty() ? "no answer" : problems[0]);
    if (problems.size() > 1) message += "; " + std::to_string(problems.size() - 1) + " more";
    message += access == Store::Access::read_write ? "); nothing was written to it" : ")";
    throw StoreError(message);
}

AfterClose::AfterClose(const std::string& path, Store::Access access)
    : path_(path), access_(access) {
    if (access != Store::Access::read_only || path == ":memory:") return;
    std::error_code error;
    remove_companions_ = !std::filesystem::exists(path + "-wal", error) &&
                         !std::filesystem::exists(path + "-shm", error);
}

AfterClose::~AfterClose() {
    if (checked_ && access_ == Store::Access::read_write) {
        const std::optional<FileState> state = file_state(path_);
        std::lock_guard lock(checked_files_mutex);
        if (state) checked_files.insert(*state);
    }
    if (!remove_companions_ || OpenFileMark::is_open(path_)) return;
    std::error_code error;
    if (!std::filesystem::exists(path_ + "-wal", error) &&
        !std::filesystem::exists(path_ + "-shm", error))
        return;
    try {
        // SQLITE_OPEN_READWRITE without CREATE: the file is there, and nothing is written to it.
        sql::Connection connection(path_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
        connection.query_integer("PRAGMA schema_version", "reading the schema version");
    } catch (const std::exception&) {
        // The files stay, as SQLite itself would leave them; they stop no one.
    }
}

}  // namespace arbiter
