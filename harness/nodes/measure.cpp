#include "harness/nodes/measure.h"

#include <charconv>

namespace arbiter::nodes {

namespace {

std::optional<std::uint64_t> parse_count(std::string_view text) {
    std::uint64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace

bool InfoCollector::consume(std::string_view line) {
    std::string_view rest = line;
    std::string_view word = next_word(rest);
    if (word == "bestmove") {
        report_.bestmove = std::string(next_word(rest));
        return true;
    }
    if (word != "info" || !parse_info_line(line, info_)) return false;
    if (info_.text) {
        std::string_view text = *info_.text;
        if (next_word(text) == "leaves") {
            if (auto leaves = parse_count(next_word(text)); leaves && next_word(text).empty())
                report_.leaves = leaves;
        }
    }
    bool first_variation = !info_.multipv || *info_.multipv <= 1;
    if (first_variation && (info_.score || info_.has_pv)) {
        report_.depth = info_.depth;
        report_.score = info_.score;
        report_.pv = info_.pv;
    }
    if (info_.nodes) report_.nodes = info_.nodes;
    if (info_.time_ms) report_.time_ms = info_.time_ms;
    return false;
}

DepthReport measure_depth(UciEngine& engine, const NodePosition& position, int depth,
                          std::chrono::milliseconds timeout) {
    DepthReport failed;
    failed.status = UciStatus::disconnected;
    if (!engine.new_game()) return failed;
    if (UciStatus ready = engine.is_ready(timeout); ready != UciStatus::ok) {
        failed.status = ready;
        return failed;
    }
    if (!engine.position(position.fen, position.moves)) return failed;
    SearchLimits limits;
    limits.depth = depth;
    auto deadline = UciEngine::Clock::now() + timeout;
    if (!engine.send_go(limits)) return failed;
    InfoCollector collector;
    std::string line;
    while (true) {
        auto read = engine.process().read_line(line, deadline);
        if (read != EngineProcess::ReadStatus::line) {
            collector.report().status = read == EngineProcess::ReadStatus::timeout
                                            ? UciStatus::timeout
                                            : UciStatus::disconnected;
            return collector.report();
        }
        if (collector.consume(line)) return collector.report();
    }
}

}  // namespace arbiter::nodes
