#include "harness/tournament/engine_log.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <utility>

#include "engines/core/text.h"
#include "harness/game/engine_types.h"

namespace arbiter {

namespace {

// "[12:34:56.789] ": `milliseconds` since the epoch in local time.
std::string stamp_text(long long milliseconds) {
    std::time_t seconds = std::time_t(milliseconds / 1000);
    std::tm local{};
    localtime_r(&seconds, &local);
    char stamp[32];
    std::snprintf(stamp, sizeof stamp, "[%02d:%02d:%02d.%03d] ", local.tm_hour, local.tm_min,
                  local.tm_sec, int(milliseconds % 1000));
    return stamp;
}

// The time the run began, for the cutechess form: fixed when the run's first log is made.
std::chrono::steady_clock::time_point run_start() {
    static const auto start = std::chrono::steady_clock::now();
    return start;
}

std::string log_line_now(EngineLogForm form, const std::string& engine,
                         EngineIoObserver::Direction direction, std::string_view line) {
    using std::chrono::duration_cast, std::chrono::milliseconds;
    long long ms =
        form == EngineLogForm::cutechess
            ? duration_cast<milliseconds>(std::chrono::steady_clock::now() - run_start()).count()
            : duration_cast<milliseconds>(std::chrono::system_clock::now().time_since_epoch())
                  .count();
    return engine_log_line(ms, engine, direction, line, form);
}

}  // namespace

std::string engine_log_line(long long milliseconds, const std::string& engine,
                            EngineIoObserver::Direction direction, std::string_view line,
                            EngineLogForm form) {
    const bool to_engine = direction == EngineIoObserver::Direction::to_engine;
    std::string text =
        form == EngineLogForm::cutechess
            ? std::to_string(milliseconds) + (to_engine ? " >" : " <") + engine + ": "
            : stamp_text(milliseconds) + engine + (to_engine ? " > " : " < ");
    const std::size_t kept = std::min(line.size(), MAX_KEPT_LINE_LENGTH);
    text += printable_excerpt(line.substr(0, kept), std::string_view::npos);  // never raw
    if (kept < line.size())
        text += " [" + std::to_string(line.size() - kept) + " more bytes not logged]";
    return text;
}

EngineLog::EngineLog(const std::string& path, bool append, EngineLogForm form)
    : form_(form),
      file_(path, append ? OutputFile::Mode::append : OutputFile::Mode::truncate,
            "the engine log") {
    run_start();
}

void EngineLog::engine_line(const std::string& engine, Direction direction,
                            std::string_view line) noexcept {
    try {
        write_text(log_line_now(form_, engine, direction, line) + '\n');
    } catch (...) {
        // Out of memory while formatting: the line is lost, the engine's I/O goes on.
    }
}

void EngineLog::write_lines(const std::vector<std::string>& lines) noexcept {
    try {
        for (const std::string& line : lines) write_text(line + '\n');
    } catch (...) {
        // Out of memory: the lines are lost, as engine_line() loses them.
    }
}

void EngineLog::write_text(const std::string& text) noexcept {
    std::lock_guard lock(mutex_);
    if (!error_.empty()) return;
    try {
        file_.write(text);
        file_.flush();
    } catch (const OutputError& e) {
        error_ = e.what();
    }
}

HeldEngineLog::HeldEngineLog(EngineLogForm form) : form_(form) {
    run_start();
}

void HeldEngineLog::engine_line(const std::string& engine, Direction direction,
                                std::string_view line) noexcept {
    try {
        std::string text = log_line_now(form_, engine, direction, line);
        std::lock_guard lock(mutex_);
        lines_.push_back(std::move(text));
    } catch (...) {
        // Out of memory: the line is lost, the engine's I/O goes on.
    }
}

std::vector<std::string> HeldEngineLog::take() {
    std::lock_guard lock(mutex_);
    return std::exchange(lines_, {});
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
