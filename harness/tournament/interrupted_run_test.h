// What the end-to-end tests of drawn forms (knockout, Swiss) share: a command run through the
// shell, its standard output read, SIGINT sent once a given text appears in it; rows read back
// from the database it wrote.
#pragma once

#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

// Runs `command` with its standard error to `err_path`; its exit code (128 + signal when killed)
// and standard output, SIGINT sent once `interrupt_after` appears (never when empty).
inline std::pair<int, std::string> run_interrupted(const std::string& command,
                                                   const std::string& err_path,
                                                   const std::string& interrupt_after) {
    int fds[2];
    if (::pipe(fds) != 0) return {-1, ""};
    pid_t child = ::fork();
    if (child == 0) {
        ::dup2(fds[1], STDOUT_FILENO);
        ::close(fds[0]);
        ::execl("/bin/sh", "sh", "-c", ("exec " + command + " 2>" + err_path).c_str(), nullptr);
        ::_exit(127);
    }
    ::close(fds[1]);
    std::string out;
    char buffer[256];
    bool sent = interrupt_after.empty();
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) {
        out.append(buffer, std::size_t(n));
        if (!sent && out.find(interrupt_after) != std::string::npos) {
            ::kill(child, SIGINT);
            sent = true;
        }
    }
    ::close(fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out};
}

// The rows `sql` selects from the SQLite file `db`, each column as text ("" for NULL).
inline std::vector<std::vector<std::string>> query_rows(const std::string& db,
                                                        const std::string& sql) {
    std::vector<std::vector<std::string>> rows;
    sqlite3* connection = nullptr;
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_open_v2(db.c_str(), &connection, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK &&
        sqlite3_prepare_v2(connection, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK) {
        while (sqlite3_step(statement) == SQLITE_ROW) {
            std::vector<std::string> row;
            for (int c = 0; c < sqlite3_column_count(statement); ++c) {
                const unsigned char* text = sqlite3_column_text(statement, c);
                row.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
            }
            rows.push_back(row);
        }
    }
    sqlite3_finalize(statement);
    sqlite3_close(connection);
    return rows;
}
