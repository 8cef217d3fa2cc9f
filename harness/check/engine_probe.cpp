#include "harness/check/engine_probe.h"

#include "harness/check/check_report.h"

namespace arbiter {

namespace {

constexpr std::size_t HEAD_LINES = CheckResult::MAX_LINES / 2;
constexpr std::size_t TAIL_LINES = CheckResult::MAX_LINES - HEAD_LINES - 1;
constexpr std::size_t MAX_KEPT_BYTES = 300;  // a longer line is cut (a 300-ply position line)

}  // namespace

std::string_view first_word(std::string_view line) {
    std::size_t begin = line.find_first_not_of(" \t\r");
    if (begin == std::string_view::npos) return {};
    std::size_t end = line.find_first_of(" \t\r", begin);
    return line.substr(begin, end == std::string_view::npos ? line.npos : end - begin);
}

void EngineProbe::start(const EngineConfig& engine) {
    process_.observe(nullptr, {});
    process_.start(engine.command, engine.args, engine.working_dir,
                   engine.stderr_path.empty() ? "/dev/null" : engine.stderr_path);
    process_.observe(&transcript_, engine.name);
}

void Transcript::engine_line(const std::string&, Direction direction,
                             std::string_view line) noexcept {
    try {
        std::string text = direction == Direction::to_engine ? "> " : "< ";
        if (line.size() > MAX_KEPT_BYTES)
            text += std::string(line.substr(0, MAX_KEPT_BYTES)) + "... (" +
                    std::to_string(line.size()) + " bytes)";
        else
            text += line;
        if (head_.size() < HEAD_LINES) {
            head_.push_back(std::move(text));
            return;
        }
        tail_.push_back(std::move(text));
        if (tail_.size() > TAIL_LINES) {
            tail_.erase(tail_.begin());
            ++left_out_;
        }
    } catch (...) {
        // A transcript line lost to memory exhaustion costs only the transcript.
    }
}

std::vector<std::string> Transcript::take() {
    std::vector<std::string> lines = std::move(head_);
    if (left_out_ > 0) lines.push_back("(" + std::to_string(left_out_) + " lines left out)");
    for (std::string& line : tail_) lines.push_back(std::move(line));
    head_.clear();
    tail_.clear();
    left_out_ = 0;
    return lines;
}

EngineProbe::Read EngineProbe::read_until(const Predicate& until, Clock::time_point deadline,
                                          std::vector<std::string>* lines) {
    std::string line;
    while (true) {
        switch (process_.read_line(line, deadline)) {
            case EngineProcess::ReadStatus::timeout:
                return Read::timeout;
            case EngineProcess::ReadStatus::eof:
                return Read::eof;
            case EngineProcess::ReadStatus::line:
                break;
        }
        if (lines) lines->push_back(line);
        if (until(line)) return Read::found;
    }
}

EngineProbe::Read EngineProbe::expect(std::string_view word, std::chrono::milliseconds wait,
                                      std::vector<std::string>* lines) {
    return read_until([word](std::string_view line) { return first_word(line) == word; },
                      deadline_after(Clock::now(), wait), lines);
}

void EngineProbe::drain(std::chrono::milliseconds wait, std::vector<std::string>* lines) {
    read_until([](std::string_view) { return false; }, deadline_after(Clock::now(), wait), lines);
}

}  // namespace arbiter
