#include <unistd.h>

#include <ctime>

#include "harness/process/engine_process.h"

namespace arbiter {

std::string engine_log_stamp() {
    std::time_t now = std::time(nullptr);
    char stamp[32] = "";
    struct tm local {};
    if (::localtime_r(&now, &local))
        std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &local);
    return std::string(ENGINE_LOG_HEADER) + stamp + "]";
}

void append_engine_log_header(int fd, const std::string& program,
                              const std::vector<std::string>& args) {
    std::string header = engine_log_stamp() + " starting " + program;
    for (const std::string& arg : args) header += " " + arg;
    header += "\n";
    [[maybe_unused]] ssize_t written = ::write(fd, header.data(), header.size());
}

}  // namespace arbiter
