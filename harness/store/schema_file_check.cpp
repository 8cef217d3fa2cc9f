// The check of a file before SQLite opens it (schema.h's check_file_before_open): its header and
// its size, read without SQLite so that a file that is not a database is refused untouched.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "harness/store/schema.h"

namespace arbiter::schema {
namespace {

std::uint32_t big_endian(const unsigned char* bytes, int size) {
    std::uint32_t value = 0;
    for (int i = 0; i < size; ++i) value = (value << 8) | bytes[i];
    return value;
}

bool non_empty_file(const std::filesystem::path& path) {
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    return !error && size > 0;
}

}  // namespace

void check_file_before_open(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (!fs::exists(status)) return;
    if (!fs::is_regular_file(status)) throw StoreError(path + ": is not a regular file");
    // Another process may be writing the file while this reads it (the file is not locked
    // here), so the reads go in the order a writer cannot fool: the header, then whether a log
    // or journal is pending, then the size. SQLite writes page 1 first and the file's end last,
    // and removes or empties its log or journal only after the main file is complete.
    const auto file_size = [&] {
        const std::uintmax_t size = fs::file_size(path, error);
        if (error) throw StoreError(path + ": cannot read the file size: " + error.message());
        return size;
    };

    // Step 1. The 100-byte SQLite header starts with "SQLite format 3\0".
    unsigned char header[100] = {};
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(header), sizeof header);
    if (!in) {
        const std::uintmax_t size = file_size();
        // Empty, being created by another process right now, or unreadable: SQLite opens it
        // under its lock and says what is wrong.
        if (size == 0 || size >= sizeof header) return;
        throw StoreError(path + ": is not an SQLite database, or it is damaged (only " +
                         std::to_string(size) + " bytes, shorter than the SQLite header)");
    }
    static constexpr char MAGIC[] = "SQLite format 3";
    if (!std::equal(MAGIC, MAGIC + sizeof MAGIC, reinterpret_cast<const char*>(header))) {
        throw StoreError(path +
                         ": is not an SQLite database, or it is damaged (the file does not start "
                         "with the SQLite header)");
    }

    // Step 2. A file shorter than the size its header declares has been truncated. The declared
    // size is valid when the change counter equals the version-valid-for number; with a
    // non-empty write-ahead log or a hot rollback journal the main file may legitimately lag.
    std::uint32_t page_size = big_endian(header + 16, 2);
    if (page_size == 1) page_size = 65536;
    const std::uint32_t page_count = big_endian(header + 28, 4);
    const bool size_is_valid =
        page_count != 0 && big_endian(header + 24, 4) == big_endian(header + 92, 4);
    if (!size_is_valid || non_empty_file(path + "-wal") || non_empty_file(path + "-journal")) {
        return;
    }
    const std::uintmax_t declared = std::uintmax_t{page_count} * page_size;
    const std::uintmax_t size = file_size();
    if (size < declared) {
        throw StoreError(path + ": the database file is damaged (truncated: its header declares " +
                         std::to_string(page_count) + " pages of " + std::to_string(page_size) +
                         " bytes = " + std::to_string(declared) + " bytes, but the file has " +
                         std::to_string(size) + " bytes)");
    }
}

}  // namespace arbiter::schema
