#include "harness/store/store.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "harness/store/schema.h"
#include "harness/store/store_impl.h"

namespace arbiter {
namespace {

constexpr int DEFAULT_BUSY_TIMEOUT_MS = 10'000;

// The database files the Stores of this process have open: (device, inode) -> Stores.
std::mutex open_files_mutex;
std::map<std::pair<std::uint64_t, std::uint64_t>, int> open_files;

std::optional<std::pair<std::uint64_t, std::uint64_t>> file_key(const std::string& path) {
    struct stat info {};
    if (path == ":memory:" || ::stat(path.c_str(), &info) != 0) return std::nullopt;
    return std::pair<std::uint64_t, std::uint64_t>(info.st_dev, info.st_ino);
}

// Reads the header of `path` before SQLite opens it, unless this process has it open already:
// closing the descriptor that reads it would drop the open connection's locks.
void check_header_unless_open_here(const std::string& path) {
    if (!OpenFileMark::is_open(path)) schema::check_file_before_open(path);
}

// The folder of `path` ("." for a bare file name).
std::string folder_of(const std::string& path) {
    const std::string folder = std::filesystem::path(path).parent_path().string();
    return folder.empty() ? "." : folder;
}

// Step 0 of opening read-write: the folder exists, the file (if any) looks like SQLite, and this
// process may write both, so that a refusal names the file and the reason before any SQL runs.
sql::Connection open_for_writing(const std::string& path) {
    constexpr int FLAGS = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    if (path == ":memory:") return sql::Connection(path, FLAGS);
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    std::error_code error;
    if (!parent.empty()) std::filesystem::create_directories(parent, error);
    if (error) {
        throw StoreError(path + ": cannot create the folder " + parent.string() + ": " +
                         error.message());
    }
    check_header_unless_open_here(path);
    const bool exists = std::filesystem::exists(path, error);
    if (exists && ::access(path.c_str(), W_OK) != 0) {
        throw StoreError(path + ": cannot be written (" + std::strerror(errno) + ")");
    }
    const std::string folder = folder_of(path);
    if (::access(folder.c_str(), W_OK | X_OK) != 0) {
        throw StoreError(path + ": cannot be written: its folder " + folder + " is not writable (" +
                         std::strerror(errno) + ") and SQLite creates " + path +
                         "-wal there to write");
    }
    return sql::Connection(path, FLAGS);
}

// "file:PATH?immutable=1", with the characters a URI path cannot hold escaped.
std::string immutable_uri(const std::string& path) {
    std::string uri = "file:";
    for (const char c : std::filesystem::absolute(path).string()) {
        if (c == '%' || c == '?' || c == '#') {
            static constexpr char HEX[] = "0123456789ABCDEF";
            uri += '%';
            uri += HEX[(c >> 4) & 0xf];
            uri += HEX[c & 0xf];
        } else {
            uri += c;
        }
    }
    return uri + "?immutable=1";
}

// Step 0 of opening read-only: the file must exist, hold something, and look like SQLite. A
// file this process may not write, or in a folder it may not write, is opened immutable when no
// write-ahead log is pending: SQLite then creates no -wal or -shm file (which would carry the
// file's read-only mode and stop the next writer) and needs no write access at all.
sql::Connection open_for_reading(const std::string& path) {
    constexpr int FLAGS = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX;
    if (path == ":memory:") return sql::Connection(path, FLAGS);
    std::error_code error;
    if (!std::filesystem::exists(path, error)) throw StoreError(path + ": no such database");
    check_header_unless_open_here(path);
    if (std::filesystem::file_size(path, error) == 0 && !error) {
        throw StoreError(path + ": is empty, not an arbiter database");
    }
    const std::string folder = folder_of(path);
    const bool folder_writable = ::access(folder.c_str(), W_OK) == 0;
    if (folder_writable && ::access(path.c_str(), W_OK) == 0) return sql::Connection(path, FLAGS);
    const std::uintmax_t log = std::filesystem::file_size(path + "-wal", error);
    if (error || log == 0) return sql::Connection(path, FLAGS, immutable_uri(path));
    if (!folder_writable && !std::filesystem::exists(path + "-shm", error)) {
        throw StoreError(path + ": cannot be read while its folder " + folder +
                         " is read-only: its write-ahead log " + path +
                         "-wal holds recent games and SQLite needs to create " + path +
                         "-shm to read it; make the folder writable, or copy the three files "
                         "elsewhere");
    }
    return sql::Connection(path, FLAGS);
}

// Switches the file to WAL mode. SQLite does not wait for a lock when the switch would deadlock
// with another process creating the schema, so the switch is retried until the busy timeout.
std::string switch_to_wal(sql::Connection& connection) {
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(DEFAULT_BUSY_TIMEOUT_MS);
    while (true) {
        sql::Statement pragma(connection, "PRAGMA journal_mode = WAL");
        const int code = pragma.try_step();
        if (code == SQLITE_ROW) return pragma.text(0);
        if ((code & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() > deadline) {
            connection.fail(code, "switching to WAL mode");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

}  // namespace

OpenFileMark::~OpenFileMark() {
    if (!key_) return;
    std::lock_guard lock(open_files_mutex);
    if (--open_files[*key_] == 0) open_files.erase(*key_);
}

void OpenFileMark::mark(const std::string& path) {
    key_ = file_key(path);
    if (!key_) return;
    std::lock_guard lock(open_files_mutex);
    ++open_files[*key_];
}

bool OpenFileMark::is_open(const std::string& path) {
    const auto key = file_key(path);
    std::lock_guard lock(open_files_mutex);
    return key && open_files.count(*key) > 0;
}

Store::Impl::Impl(const std::string& path, Access access_)
    : access(access_),
      after_close(path, access_),
      connection(access_ == Access::read_only ? open_for_reading(path) : open_for_writing(path)) {
    open_mark.mark(path);
    sqlite3_busy_timeout(connection.handle(), DEFAULT_BUSY_TIMEOUT_MS);
    schema::check_identity(connection);
    // SQLite opens a file it may not write read-only without a word; say so now.
    if (access == Access::read_write && sqlite3_db_readonly(connection.handle(), "main") == 1)
        throw StoreError(path + ": cannot be written (SQLite opened it read-only)");
    if (path != ":memory:") {
        check_not_damaged(connection, access);
        after_close.checked();
    }
    const bool read_only = access == Access::read_only;
    if (read_only && connection.query_integer("PRAGMA application_id",
                                              "reading the application "
                                              "id") == 0) {
        throw StoreError(path + ": is not an arbiter database (it has no arbiter application id)");
    }

    // Step 1. Connection settings (the file is known to be arbiter's or empty by now).
    if (!read_only) {
        const std::string mode = switch_to_wal(connection);
        if (mode != "wal" && !(path == ":memory:" && mode == "memory")) {
            throw StoreError(path + ": cannot switch the database to WAL mode (journal mode is " +
                             mode + ")");
        }
        connection.execute("PRAGMA synchronous = NORMAL", "setting synchronous mode");
        connection.execute("PRAGMA foreign_keys = ON", "enabling foreign keys");
    }

    // Step 2. Schema: migrated when writing; read as it is otherwise.
    if (!read_only) schema::migrate(connection);
    const int version = static_cast<int>(
        connection.query_integer("PRAGMA user_version", "reading the schema version"));
    const std::vector<std::string> names = schema::object_names(connection);
    for (const std::string_view table : schema::required_tables(version)) {
        if (std::find(names.begin(), names.end(), table) == names.end()) {
            throw StoreError(path + ": the database file is damaged (table \"" +
                             std::string(table) + "\" is missing)");
        }
    }
    totals_missing = version < schema::GAME_TOTALS_VERSION;
    this->version = version;
}

sql::Statement& Store::Impl::statement(std::string_view text) {
    auto& slot = statements[text.data()];
    if (!slot) slot = std::make_unique<sql::Statement>(connection, text);
    return *slot;
}

namespace {

void bind_value(sql::Statement& statement, int index, const SqlValue& value) {
    std::visit([&](const auto& v) { statement.bind(index, v); }, value);
}

}  // namespace

std::int64_t Store::Impl::find_or_insert(std::string_view select, std::string_view insert,
                                         std::span<const SqlValue> key,
                                         std::span<const SqlValue> extra, std::string_view what) {
    require_writable(what);
    sql::Transaction transaction(connection);
    {
        sql::Statement& query = statement(select);
        sql::ResetOnExit reset(query);
        for (std::size_t i = 0; i < key.size(); ++i) bind_value(query, int(i) + 1, key[i]);
        if (query.step()) return query.integer(0);
    }
    sql::Statement& command = statement(insert);
    sql::ResetOnExit reset(command);
    for (std::size_t i = 0; i < key.size(); ++i) bind_value(command, int(i) + 1, key[i]);
    for (std::size_t i = 0; i < extra.size(); ++i) {
        bind_value(command, int(key.size() + i) + 1, extra[i]);
    }
    const int code = command.try_step();
    if (code != SQLITE_DONE) connection.fail(code, "creating " + std::string(what));
    const std::int64_t id = sqlite3_last_insert_rowid(connection.handle());
    transaction.commit();
    return id;
}

void Store::Impl::fail_missing(std::string_view what, std::int64_t id) const {
    throw StoreError(connection.path() + ": no " + std::string(what) + " with id " +
                     std::to_string(id));
}

void Store::Impl::require_writable(std::string_view what) const {
    if (access == Access::read_only) {
        throw StoreError(connection.path() + ": opened read-only; cannot write " +
                         std::string(what));
    }
}

void Store::Impl::ensure_game_totals() {
    if (!totals_missing) return;
    schema::compute_game_totals_in_memory(connection);
    totals_missing = false;
}

Termination Store::Impl::read_termination(const std::string& code) const {
    const std::optional<Termination> termination = parse_termination(code);
    if (!termination) {
        throw StoreError(connection.path() + ": unknown termination code \"" + code +
                         "\" in table games");
    }
    return *termination;
}

Outcome Store::Impl::read_outcome(const std::string& text) const {
    const std::optional<Outcome> outcome = parse_outcome(text);
    if (!outcome)
        throw StoreError(connection.path() + ": result \"" + text +
                         "\" in table games is not 1-0, " + "0-1 or 1/2-1/2");
    return *outcome;
}

std::string join_moves(std::span<const std::string> moves, std::string_view what) {
    std::string text;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (moves[i].empty() || moves[i].find_first_of(" \t\r\n") != std::string::npos) {
            throw std::invalid_argument(std::string(what) + ": move " + std::to_string(i + 1) +
                                        " \"" + moves[i] + "\" is empty or contains whitespace");
        }
        if (i) text.push_back(' ');
        text += moves[i];
    }
    return text;
}

std::vector<std::string> split_moves(const std::string& text) {
    std::vector<std::string> moves;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find(' ', start), text.size());
        moves.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return moves;
}

std::int64_t now_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

void bind_tournament_filter(sql::Statement& query, TournamentId tournament,
                            const std::optional<std::span<const EngineId>>& engines) {
    query.bind(1, tournament);
    if (!engines) {
        query.bind_null(2);
        return;
    }
    std::string json = "[";
    for (std::size_t i = 0; i < engines->size(); ++i) {
        if (i) json.push_back(',');
        json += std::to_string((*engines)[i]);
    }
    query.bind(2, json + "]");
}

Store::Store(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

Store Store::open(const std::filesystem::path& path, Access access) {
    return Store(std::make_unique<Impl>(path.string(), access));
}

const std::string& Store::path() const {
    return impl_->connection.path();
}

bool Store::is_empty() {
    static constexpr std::string_view ANY_ROW =
        "SELECT (SELECT count(*) FROM (SELECT 1 FROM tournaments LIMIT 1)) + "
        "(SELECT count(*) FROM (SELECT 1 FROM engines LIMIT 1)) + "
        "(SELECT count(*) FROM (SELECT 1 FROM openings LIMIT 1)) + "
        "(SELECT count(*) FROM (SELECT 1 FROM games LIMIT 1)) + "
        "(SELECT count(*) FROM (SELECT 1 FROM node_runs LIMIT 1))";
    std::lock_guard lock(impl_->mutex);
    sql::Statement& query = impl_->statement(ANY_ROW);
    sql::ResetOnExit reset(query);
    query.step();
    return query.integer(0) == 0;
}

bool Store::checkpoint() {
    std::lock_guard lock(impl_->mutex);
    if (impl_->access == Access::read_only) return true;
    int log_frames = 0, copied_frames = 0;
    return sqlite3_wal_checkpoint_v2(impl_->connection.handle(), nullptr,
                                     SQLITE_CHECKPOINT_TRUNCATE, &log_frames,
                                     &copied_frames) == SQLITE_OK;
}

void Store::set_busy_timeout(std::chrono::milliseconds timeout) {
    std::lock_guard lock(impl_->mutex);
    sqlite3_busy_timeout(impl_->connection.handle(), static_cast<int>(timeout.count()));
}

int Store::schema_version() {
    std::lock_guard lock(impl_->mutex);
    return static_cast<int>(
        impl_->connection.query_integer("PRAGMA user_version", "reading the schema version"));
}

int Store::latest_schema_version() {
    return schema::latest_version();
}

std::string Store::integrity_check() {
    std::lock_guard lock(impl_->mutex);
    sql::Statement check(impl_->connection, "PRAGMA integrity_check");
    std::string problems;
    while (check.step()) {
        if (!problems.empty()) problems.push_back('\n');
        problems += check.text(0);
    }
    const std::int64_t foreign_key_problems = impl_->connection.query_integer(
        "SELECT count(*) FROM pragma_foreign_key_check", "checking foreign keys");
    if (foreign_key_problems > 0) {
        if (problems == "ok") problems.clear();
        if (!problems.empty()) problems.push_back('\n');
        problems += std::to_string(foreign_key_problems) + " rows violate foreign keys";
    }
    return problems;
}

void remove_database_files(const std::filesystem::path& path) {
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
        std::filesystem::remove(path.string() + suffix, ignored);
    }
}

WriterClaim::WriterClaim(const std::filesystem::path& path) {
    if (path == ":memory:") return;
    const std::string name = path.string();
    std::error_code error;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), error);
    // Close-on-exec: an engine started by this process must not inherit the claim.
    descriptor_ = ::open(name.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (descriptor_ < 0) {
        const int why = errno;
        if (why == EACCES || why == EPERM || why == EROFS)
            throw StoreError(name + ": cannot be written (" + std::strerror(why) + ")");
        throw StoreError(name + ": cannot open the database file: " + std::strerror(why));
    }
    if (::flock(descriptor_, LOCK_EX | LOCK_NB) == 0) return;
    const int why = errno;
    ::close(descriptor_);  // no SQLite connection of this process has the file open yet
    descriptor_ = -1;
    if (why != EWOULDBLOCK) {
        throw StoreError(name + ": cannot lock the database file: " + std::strerror(why));
    }
    const long pid = sql::process_using(name);
    throw StoreError(name + ": is in use by " +
                     (pid ? sql::describe_process(pid) : std::string("another arbiter")) +
                     "; wait for it to finish, or give another --db");
}

WriterClaim::~WriterClaim() {
    if (descriptor_ >= 0) ::close(descriptor_);
}

DiscardIfLeftEmpty::DiscardIfLeftEmpty(std::filesystem::path path) : path_(std::move(path)) {
    std::error_code error;
    existed_ = path_ == ":memory:" || std::filesystem::exists(path_, error) || error;
}

DiscardIfLeftEmpty::~DiscardIfLeftEmpty() {
    if (existed_) return;
    try {
        if (!Store::open(path_, Store::Access::read_only).is_empty()) return;
        if (sql::process_using(path_.string())) return;
        remove_database_files(path_);
    } catch (const std::exception&) {
        // Not an arbiter database after all, or unreadable: leave it for the user to see.
    }
}

}  // namespace arbiter
