#pragma once

// The fixture the store's tests share: a fresh database path per test, the message of the
// StoreError an action throws, and raw bytes written over the file.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fstream>
#include <string>

#include "harness/store/store.h"
#include "harness/store/test_records.h"

namespace arbiter::store_test {

// sqlite3_open_v2's flags for a test that opens a database file by itself.
inline constexpr int RAW_FLAGS = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;

class StoreTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = store_test::temp_database_path(info->name());
    }
    void TearDown() override { store_test::remove_database(path_); }

    // Runs `action` and returns the message of the StoreError it must throw.
    template <typename Action>
    std::string store_error_of(Action action) {
        try {
            action();
        } catch (const StoreError& error) {
            return error.what();
        }
        ADD_FAILURE() << "expected a StoreError";
        return "";
    }

    void write_file(const std::string& bytes) {
        std::ofstream out(path_, std::ios::binary);
        out << bytes;
    }

    std::string path_;
};

inline std::string contains_both(const std::string& message, const std::string& a,
                                 const std::string& b) {
    return message.find(a) != std::string::npos && message.find(b) != std::string::npos
               ? ""
               : "message: " + message;
}

}  // namespace arbiter::store_test
