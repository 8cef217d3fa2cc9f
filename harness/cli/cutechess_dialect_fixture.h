// The fixture of the dialect's end-to-end tests: a temporary folder with a 12-opening book,
// arbiter run in it (stdout and stderr apart), and the games a database holds.
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace arbiter_test {

namespace fs = std::filesystem;

struct RunResult {
    int exit_code;
    std::string out;  // stdout only
    std::string err;
};

class CutechessDialect : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("arbiter_cutechess_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        std::ifstream suite(std::string(SOURCE_DIR) + "/openings/arbiter-8ply.epd");
        std::ofstream out(dir_ / "book.epd");
        std::string line;
        for (int i = 0; i < 12 && std::getline(suite, line); ++i) out << line << '\n';
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Two seeded random movers on a 12-opening book, as a tuner would start cutechess-cli.
    std::string match(const std::string& db) const {
        std::string random = RANDOM_ENGINE_PATH;
        return "-engine name=alpha cmd=" + random +
               " option.Seed=1 -engine name=beta cmd=" + random +
               " option.Seed=2 -each tc=10+0.1 -openings file=" + path("book.epd") +
               " -repeat -concurrency 2 -db " + path(db);
    }

    RunResult run(const std::string& arguments) const {
        std::string command = std::string(ARBITER_PATH) + " " + arguments + " 2>" + path("err");
        FILE* pipe = popen(command.c_str(), "r");
        std::string out;
        char buffer[4096];
        while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
        int status = pclose(pipe);
        std::ifstream err_file(path("err"));
        std::string err((std::istreambuf_iterator<char>(err_file)), {});
        return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out, err};
    }

    fs::path dir_;
};

// One game as the database holds it.
struct StoredGame {
    std::int64_t number;  // slot + 1
    std::string white, black, result, termination;
    std::string start_fen;
};

inline std::vector<StoredGame> stored_games(const std::string& db) {
    sqlite3* connection = nullptr;
    EXPECT_EQ(sqlite3_open_v2(db.c_str(), &connection, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    sqlite3_prepare_v2(connection,
                       "SELECT g.slot, w.name, b.name, g.result, g.termination, g.start_fen "
                       "FROM games g JOIN engines w ON w.id = g.white_engine_id "
                       "JOIN engines b ON b.id = g.black_engine_id ORDER BY g.slot",
                       -1, &statement, nullptr);
    std::vector<StoredGame> games;
    auto text = [&](int column) {
        return std::string(reinterpret_cast<const char*>(sqlite3_column_text(statement, column)));
    };
    while (sqlite3_step(statement) == SQLITE_ROW)
        games.push_back(
            {sqlite3_column_int64(statement, 0) + 1, text(1), text(2), text(3), text(4), text(5)});
    sqlite3_finalize(statement);
    sqlite3_close(connection);
    return games;
}

}  // namespace arbiter_test
