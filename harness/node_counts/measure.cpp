#include "harness/node_counts/measure.h"

#include <charconv>
#include <string_view>
#include <utility>

namespace arbiter::nodes {

namespace {

std::optional<std::uint64_t> parse_count(std::string_view text) {
    std::uint64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace

std::optional<std::uint64_t> leaves_reported(std::span<const std::string> info_strings) {
    std::optional<std::uint64_t> leaves;
    for (std::string_view text : info_strings) {
        if (next_word(text) != "leaves") continue;
        if (auto count = parse_count(next_word(text)); count && next_word(text).empty())
            leaves = count;
    }
    return leaves;
}

DepthReport measure_depth(UciClient& engine, const NodePosition& position, int depth,
                          std::chrono::milliseconds timeout) {
    DepthReport failed;
    failed.status = EngineStatus::disconnected;
    if (!engine.new_game()) return failed;
    if (EngineStatus ready = engine.is_ready(timeout); ready != EngineStatus::ok) {
        failed.status = ready;
        return failed;
    }
    if (!engine.position(position.fen, position.moves)) return failed;
    GoLimits limits;
    limits.depth = depth;
    SearchReply search = engine.go(limits, timeout);
    std::optional<std::uint64_t> leaves = leaves_reported(search.info_strings);
    return {std::move(search), leaves};
}

}  // namespace arbiter::nodes
