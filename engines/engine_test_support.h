// Test support for the engine binaries: runs a binary as a child process with pipes on its
// standard input and output, and reads its answers line by line with a deadline. The deadlines
// only keep a broken engine from hanging the test; they are far above the expected times.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::testing {

// The engine binaries the build made, by name (from the ENGINE_PATHS compile definition:
// "name=path,name=path,...").
inline std::vector<std::pair<std::string, std::string>> engine_binaries() {
    std::vector<std::pair<std::string, std::string>> engines;
    std::istringstream in(ENGINE_PATHS);
    for (std::string item; std::getline(in, item, ',');) {
        std::size_t eq = item.find('=');
        engines.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    }
    return engines;
}

// A child process speaking over pipes (its standard error is discarded). Killed and reaped on
// destruction if still running.
class ChildProcess {
  public:
    explicit ChildProcess(const std::string& path, const std::vector<std::string>& args = {}) {
        signal(SIGPIPE, SIG_IGN);  // a dead child must not kill the test on write
        int to_child[2], from_child[2];
        if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0) return;
        pid_ = fork();
        if (pid_ == 0) {
            dup2(to_child[0], STDIN_FILENO);
            dup2(from_child[1], STDOUT_FILENO);
            int null = open("/dev/null", O_WRONLY);  // usage errors are checked by exit code
            if (null >= 0) dup2(null, STDERR_FILENO);
            std::vector<char*> argv;
            argv.push_back(const_cast<char*>(path.c_str()));
            for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            execv(path.c_str(), argv.data());
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        in_ = to_child[1];
        out_ = from_child[0];
    }
    ~ChildProcess() {
        if (in_ >= 0) close(in_);
        if (out_ >= 0) close(out_);
        if (pid_ > 0 && !exited_) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    bool started() const { return pid_ > 0; }

    // Writes one line to the child's standard input. Returns false if the child is gone.
    bool send(const std::string& line) {
        std::string text = line + "\n";
        return in_ >= 0 && write(in_, text.data(), text.size()) == ssize_t(text.size());
    }

    // The next line of output, or nothing at the deadline or the end of the output.
    std::optional<std::string> read_line(int timeout_ms = 30000) {
        auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
        while (true) {
            std::size_t nl = buffer_.find('\n');
            if (nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return line;
            }
            auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
            if (left <= 0) return std::nullopt;
            pollfd p{out_, POLLIN, 0};
            if (poll(&p, 1, int(left)) <= 0) continue;
            char chunk[4096];
            ssize_t n = read(out_, chunk, sizeof chunk);
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, std::size_t(n));
        }
    }

    // Lines up to and including the first that starts with `prefix`; nothing on timeout/EOF.
    std::optional<std::vector<std::string>> read_until(const std::string& prefix,
                                                       int timeout_ms = 30000) {
        std::vector<std::string> lines;
        while (auto line = read_line(timeout_ms)) {
            lines.push_back(*line);
            if (line->rfind(prefix, 0) == 0) return lines;
        }
        return std::nullopt;
    }

    // The exit code once the child has ended, or nothing if it is still running at the deadline.
    std::optional<int> wait_exit(int timeout_ms = 30000) {
        auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
        while (std::chrono::steady_clock::now() < deadline) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) {
                exited_ = true;
                return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            }
            usleep(2000);
        }
        return std::nullopt;
    }

    // Closes the child's standard input (end of file).
    void close_input() {
        if (in_ >= 0) close(in_);
        in_ = -1;
    }

  private:
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;
    bool exited_ = false;
    std::string buffer_;
};

// Everything the child writes until it exits (for command-line runs).
inline std::string read_all(ChildProcess& child, int timeout_ms = 60000) {
    std::string all;
    while (auto line = child.read_line(timeout_ms)) all += *line + "\n";
    return all;
}

}  // namespace arbiter::testing
