#include "harness/uci/protocol.h"

#include <array>
#include <charconv>
#include <utility>

namespace arbiter {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

// The next word without consuming it.
std::string_view peek_word(std::string_view text) {
    return next_word(text);
}

template <class Number>
std::optional<Number> to_number(std::string_view word) {
    Number value{};
    if (word.empty()) return std::nullopt;
    if (word.front() == '+') word.remove_prefix(1);
    auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (error != std::errc() || end != word.data() + word.size()) return std::nullopt;
    return value;
}

// Reads a number from `text` into `field` if the next word is one; otherwise leaves both alone,
// so that a keyword standing where the number should be is still seen as a keyword.
template <class Number>
void take_number(std::string_view& text, std::optional<Number>& field) {
    std::string_view rest = text;
    if (auto value = to_number<Number>(next_word(rest))) {
        field = value;
        text = rest;
    }
}

template <class Number>
void take_non_negative(std::string_view& text, std::optional<Number>& field) {
    std::optional<Number> value;
    take_number(text, value);
    if (value && *value >= 0) field = value;
}

constexpr std::array<std::string_view, 18> INFO_KEYWORDS = {
    "depth",          "seldepth", "multipv", "score",      "nodes",    "nps",
    "time",           "hashfull", "tbhits",  "sbhits",     "cpuload",  "currmove",
    "currmovenumber", "pv",       "string",  "refutation", "currline", "wdl"};

bool is_info_keyword(std::string_view word) {
    for (std::string_view keyword : INFO_KEYWORDS)
        if (word == keyword) return true;
    return false;
}

// Parses what follows `score`: "cp 35", "mate -3", each optionally followed (or, leniently,
// preceded) by "lowerbound" or "upperbound", into `info` (a score out of the sane range into
// info.score_problem instead).
void take_score(std::string_view& text, UciInfo& info) {
    Score::Kind kind = Score::Kind::centipawns;
    Score::Bound bound = Score::Bound::exact;
    std::optional<int> value;
    for (int words = 0; words < 3; ++words) {
        std::string_view rest = text;
        std::string_view word = next_word(rest);
        if (word == "lowerbound" || word == "upperbound") {
            bound = word == "lowerbound" ? Score::Bound::lower : Score::Bound::upper;
            text = rest;
        } else if (!value && (word == "cp" || word == "mate")) {
            value = to_number<int>(next_word(rest));
            if (!value) break;
            kind = word == "cp" ? Score::Kind::centipawns : Score::Kind::mate;
            text = rest;
        } else {
            break;
        }
    }
    if (!value) return;
    info.score_problem.clear();
    info.score = sane_engine_score(kind, *value, bound, info.score_problem);
}

}  // namespace

std::string_view next_word(std::string_view& text) {
    std::size_t start = 0;
    while (start < text.size() && is_space(text[start])) ++start;
    std::size_t end = start;
    while (end < text.size() && !is_space(text[end])) ++end;
    std::string_view word = text.substr(start, end - start);
    text.remove_prefix(end);
    return word;
}

std::optional<DrawClaim> parse_draw_claim(std::string_view text) {
    if (next_word(text) != "draw-claim") return std::nullopt;
    std::optional<Termination> rule = parse_termination(next_word(text));
    if (rule != Termination::threefold && rule != Termination::fifty_moves) return std::nullopt;
    return DrawClaim{*rule, printable_engine_text(trim(text))};
}

std::optional<DrawClaim> find_draw_claim(const std::vector<std::string>& info_strings) {
    for (auto it = info_strings.rbegin(); it != info_strings.rend(); ++it)
        if (auto claim = parse_draw_claim(*it)) return claim;
    return std::nullopt;
}

bool parse_info_line(std::string_view line, UciInfo& info) {
    info.depth.reset();
    info.seldepth.reset();
    info.multipv.reset();
    info.score.reset();
    info.score_problem.clear();
    info.nodes.reset();
    info.nps.reset();
    info.time_ms.reset();
    info.hashfull.reset();
    info.tbhits.reset();
    info.currmove.reset();
    info.currmovenumber.reset();
    info.has_pv = false;
    info.pv.clear();
    info.text.reset();

    std::string_view text = line;
    if (next_word(text) != "info") return false;
    while (true) {
        std::string_view word = next_word(text);
        if (word.empty()) break;
        if (word == "depth") {
            take_non_negative(text, info.depth);
        } else if (word == "seldepth") {
            take_non_negative(text, info.seldepth);
        } else if (word == "multipv") {
            take_non_negative(text, info.multipv);
        } else if (word == "score") {
            take_score(text, info);
        } else if (word == "nodes") {
            take_number(text, info.nodes);
        } else if (word == "nps") {
            take_number(text, info.nps);
        } else if (word == "time") {
            take_non_negative(text, info.time_ms);
        } else if (word == "hashfull") {
            take_non_negative(text, info.hashfull);
        } else if (word == "tbhits") {
            take_number(text, info.tbhits);
        } else if (word == "currmovenumber") {
            take_non_negative(text, info.currmovenumber);
        } else if (word == "currmove") {
            std::string_view rest = text;
            std::string_view move = next_word(rest);
            if (!move.empty() && !is_info_keyword(move)) {
                info.currmove = std::string(move);
                text = rest;
            }
        } else if (word == "pv" || word == "refutation" || word == "currline") {
            bool is_pv = word == "pv";
            if (is_pv) {
                info.has_pv = true;
                info.pv.clear();
            }
            while (true) {
                std::string_view move = peek_word(text);
                if (move.empty() || is_info_keyword(move)) break;
                next_word(text);
                if (is_pv) info.pv.emplace_back(move);
            }
        } else if (word == "string") {
            info.text = std::string(trim(text));
            break;
        }
        // Anything else ("sbhits", "cpuload", "wdl" with their numbers, or garbage) is skipped a
        // word at a time.
    }
    return true;
}

std::optional<UciOption> parse_option_line(std::string_view line) {
    std::string_view text = line;
    if (next_word(text) != "option") return std::nullopt;
    if (next_word(text) != "name") return std::nullopt;

    // The name runs to the word "type"; names may contain spaces.
    UciOption option;
    std::string_view name_start = text;
    std::string_view type_word;
    while (true) {
        std::string_view before = text;
        std::string_view word = next_word(text);
        if (word.empty()) return std::nullopt;
        if (word == "type") {
            option.name =
                std::string(trim(name_start.substr(0, name_start.size() - before.size())));
            type_word = next_word(text);
            break;
        }
    }
    if (option.name.empty()) return std::nullopt;
    if (type_word == "check") {
        option.type = UciOption::Type::check;
    } else if (type_word == "spin") {
        option.type = UciOption::Type::spin;
    } else if (type_word == "combo") {
        option.type = UciOption::Type::combo;
    } else if (type_word == "button") {
        option.type = UciOption::Type::button;
    } else if (type_word == "string") {
        option.type = UciOption::Type::string;
    } else {
        return std::nullopt;
    }

    // Then keyword/value pairs. A string default runs to the end of the line; other values run
    // to the next keyword, so combo choices may contain spaces.
    auto is_keyword = [](std::string_view word) {
        return word == "default" || word == "min" || word == "max" || word == "var";
    };
    std::string_view keyword = next_word(text);
    while (!keyword.empty()) {
        std::string_view value_start = text;
        std::string_view next_keyword;
        if (keyword == "default" && option.type == UciOption::Type::string) {
            text = {};
        } else {
            while (true) {
                std::string_view word = next_word(text);
                if (word.empty() || is_keyword(word)) {
                    next_keyword = word;
                    break;
                }
            }
        }
        std::size_t value_length = value_start.size() - text.size() - next_keyword.size();
        std::string_view value = trim(value_start.substr(0, value_length));
        if (keyword == "default") {
            option.default_value = std::string(value);
        } else if (keyword == "min") {
            option.min = to_number<std::int64_t>(value);
        } else if (keyword == "max") {
            option.max = to_number<std::int64_t>(value);
        } else if (keyword == "var") {
            option.vars.emplace_back(value);
        }
        keyword = next_keyword;
    }
    option.value = default_option_value(option.type, option.default_value);
    return option;
}

EngineOptionValue default_option_value(EngineOptionType type, std::string_view text) {
    switch (type) {
        case EngineOptionType::button:
            return std::monostate{};
        case EngineOptionType::spin:
            if (auto number = to_number<std::int64_t>(text)) return *number;
            break;
        case EngineOptionType::check:
            if (text == "true" || text == "false") return text == "true";
            break;
        case EngineOptionType::combo:
        case EngineOptionType::string:
            break;
    }
    return std::string(text);
}

std::optional<UciBestMove> parse_bestmove_line(std::string_view line) {
    if (next_word(line) != "bestmove") return std::nullopt;
    UciBestMove best;
    best.move = std::string(next_word(line));
    if (next_word(line) == "ponder") best.ponder = std::string(next_word(line));
    return best;
}

std::string go_command(const GoLimits& limits) {
    std::string command = "go";
    auto add = [&command](std::string_view name, auto value) {
        command += ' ';
        command += name;
        command += ' ';
        command += std::to_string(value);
    };
    if (limits.wtime_ms) add("wtime", *limits.wtime_ms);
    if (limits.btime_ms) add("btime", *limits.btime_ms);
    if (limits.winc_ms) add("winc", *limits.winc_ms);
    if (limits.binc_ms) add("binc", *limits.binc_ms);
    if (limits.movestogo) add("movestogo", *limits.movestogo);
    if (limits.depth) add("depth", *limits.depth);
    if (limits.nodes) add("nodes", *limits.nodes);
    if (limits.movetime_ms) add("movetime", *limits.movetime_ms);
    if (limits.infinite) command += " infinite";
    return command;
}

}  // namespace arbiter
