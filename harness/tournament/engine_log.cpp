#include "harness/tournament/engine_log.h"

#include <chrono>
#include <cstdio>
#include <ctime>

#include "engines/core/text.h"

namespace arbiter {

std::string engine_log_line(long long milliseconds, const std::string& engine,
                            EngineIoObserver::Direction direction, std::string_view line) {
    std::time_t seconds = std::time_t(milliseconds / 1000);
    std::tm local{};
    localtime_r(&seconds, &local);
    char stamp[32];
    std::snprintf(stamp, sizeof stamp, "[%02d:%02d:%02d.%03d] ", local.tm_hour, local.tm_min,
                  local.tm_sec, int(milliseconds % 1000));
    std::string text = stamp;
    text += engine;
    text += direction == EngineIoObserver::Direction::to_engine ? " > " : " < ";
    text += printable_excerpt(line, std::string_view::npos);  // an engine's bytes never raw
    return text;
}

EngineLog::EngineLog(const std::string& path, bool append)
    : file_(path, append ? OutputFile::Mode::append : OutputFile::Mode::truncate) {}

void EngineLog::engine_line(const std::string& engine, Direction direction,
                            std::string_view line) noexcept {
    try {
        auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::system_clock::now().time_since_epoch());
        std::string text = engine_log_line(now.count(), engine, direction, line) + '\n';
        std::lock_guard lock(mutex_);
        if (!error_.empty()) return;
        try {
            file_.write(text);
            file_.flush();
        } catch (const OutputError& e) {
            error_ = e.what();
        }
    } catch (...) {
        // Out of memory while formatting: the line is lost, the engine's I/O goes on.
    }
}

void EngineLog::check() {
    std::lock_guard lock(mutex_);
    if (!error_.empty()) throw OutputError(error_);
}

void EngineLog::close() {
    check();
    std::lock_guard lock(mutex_);
    file_.close();
}

}  // namespace arbiter
