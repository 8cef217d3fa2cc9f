#include "harness/config/output_plan.h"

#include <algorithm>
#include <regex>

#include "harness/config/values.h"

namespace arbiter {

std::vector<int> read_cpu_list(std::string_view text_view, std::string_view flag_view) {
    const std::string text(text_view), flag(flag_view);
    static const std::regex form(R"(\d+(-\d+)?(,\d+(-\d+)?)*)");
    if (!std::regex_match(text, form))
        throw ConfigError(flag + ": bad CPU list '" + text + "' (e.g. 0-3,6)");
    std::vector<int> cpus;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find(',', at);
        if (end == std::string::npos) end = text.size();
        std::string part = text.substr(at, end - at);
        std::size_t dash = part.find('-');
        // A number of more than four digits is out of range (and would overflow stoi).
        auto number = [](const std::string& digits) {
            return digits.size() > 4 ? 1024 : std::stoi(digits);
        };
        int first = number(part.substr(0, dash));
        int last = dash == std::string::npos ? first : number(part.substr(dash + 1));
        if (last < first || last >= 1024)
            throw ConfigError(flag + ": bad CPU range '" + part + "' in '" + text + "'");
        for (int cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
        at = end + 1;
    }
    return cpus;
}

bool* pgn_move_field(PgnMoveFields& fields, std::string_view name) {
    for (const PgnMoveFieldName& field : PGN_MOVE_FIELD_NAMES)
        if (field.name == name) return &(fields.*field.member);
    return nullptr;
}

PgnMoveFields read_pgn_fields(std::string_view list, std::string_view flag) {
    PgnMoveFields fields;
    std::size_t at = 0;
    while (at <= list.size()) {
        std::size_t end = std::min(list.find(',', at), list.size());
        std::string_view name = list.substr(at, end - at);
        bool* field = pgn_move_field(fields, name);
        if (!field) {
            std::string known;
            for (const PgnMoveFieldName& each : PGN_MOVE_FIELD_NAMES)
                known += (known.empty() ? "" : ", ") + std::string(each.name);
            throw ConfigError(std::string(flag) + ": unknown field '" + std::string(name) +
                              "' (known: " + known + ")");
        }
        *field = true;
        fields.fastchess = true;
        at = end + 1;
    }
    return fields;
}

}  // namespace arbiter

namespace arbiter {

bool read_pgn_form(std::string_view text, std::string_view flag) {
    return read_choice(flag, text, {"cutechess", "fastchess"}) == "fastchess";
}

std::string read_line_pattern(std::string_view text, std::string_view flag) {
    const std::string pattern(text);
    try {
        std::regex check(pattern);
    } catch (const std::regex_error& e) {
        throw ConfigError(std::string(flag) + ": '" + pattern +
                          "' is not a regular expression: " + e.what());
    }
    return pattern;
}

}  // namespace arbiter
