#include "harness/dialect/output/fastchess_header.h"

#include <charconv>
#include <cstdio>
#include <type_traits>
#include <variant>

namespace arbiter {

namespace {

// Seconds as fastchess's {} prints a double: the shortest text that reads back, never with an
// exponent ("10", "0.5", "0.001").
std::string shortest_seconds(std::int64_t milliseconds) {
    char text[64];
    auto [end, error] = std::to_chars(text, text + sizeof text, double(milliseconds) / 1000,
                                      std::chars_format::fixed);
    return error == std::errc() ? std::string(text, end) : std::string();
}

// An option's value as fastchess's getValue() writes it: a spin's integer, a check's
// "true"/"false", text as it is ("<empty>" for none), nothing for a button.
std::string value_text(const EngineOptionValue& value) {
    return std::visit(
        [](const auto& held) -> std::string {
            using Held = std::decay_t<decltype(held)>;
            if constexpr (std::is_same_v<Held, std::int64_t>) return std::to_string(held);
            if constexpr (std::is_same_v<Held, bool>) return held ? "true" : "false";
            if constexpr (std::is_same_v<Held, std::string>) return held.empty() ? "<empty>" : held;
            return "";
        },
        value);
}

// "X" when both sides agree, "X - Y" when they differ.
std::string both(const std::string& first, const std::string& second) {
    return first == second ? first : first + " - " + second;
}

}  // namespace

std::string fastchess_limit_text(const SearchLimitConfig& limits) {
    // An hourglass and periods are not fastchess's: written in arbiter's form.
    if (limits.tc && (limits.tc->hourglass || limits.tc->periods.size() > 1))
        return to_string(*limits.tc);
    if (limits.tc && limits.tc->first().base_ms + limits.tc->first().increment_ms > 0) {
        const TimePeriod& tc = limits.tc->first();
        std::string text = tc.moves > 0 ? std::to_string(tc.moves) + "/" : "";
        text += shortest_seconds(tc.base_ms);
        if (tc.increment_ms > 0) {
            char increment[32];
            std::snprintf(increment, sizeof increment, "+%.2g", double(tc.increment_ms) / 1000);
            text += increment;
        }
        return text;
    }
    if (limits.movetime_ms) return shortest_seconds(*limits.movetime_ms) + "/move";
    if (limits.depth) return std::to_string(*limits.depth) + " plies";
    if (limits.nodes) return std::to_string(*limits.nodes) + " nodes";
    return "";
}

std::string fastchess_option_field(const std::vector<DeclaredOption>& options,
                                   const std::string& name, const std::string& unit) {
    for (const DeclaredOption& option : options)
        if (option.name == name) return value_text(option.value) + unit;
    return "NULL";
}

std::string fastchess_matchup(const MatchupSide& first, const MatchupSide& second,
                              const TournamentConfig& config) {
    auto limit = [&](const MatchupSide& side) {
        return fastchess_limit_text(side.engine.limits.or_else(config.limits));
    };
    auto field = [](const MatchupSide& side, const std::string& name, const std::string& unit) {
        return fastchess_option_field(side.options, name, unit);
    };
    const std::string& path = config.openings_path;
    const std::size_t folder_end = path.find_last_of("/\\");
    const std::string book = folder_end == std::string::npos ? path : path.substr(folder_end + 1);
    return first.engine.name + " vs " + second.engine.name + " (" +
           both(limit(first), limit(second)) + ", " +
           both(field(first, "Threads", "t"), field(second, "Threads", "t")) + ", " +
           both(field(first, "Hash", "MB"), field(second, "Hash", "MB")) +
           (book.empty() ? "" : ", " + book) + ")";
}

}  // namespace arbiter
