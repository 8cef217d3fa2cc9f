#include "engines/core/epd.h"

#include "engines/core/text.h"

namespace arbiter {

namespace {

// Blanks at both ends go, and so does a UTF-8 byte order mark that an editor put before the text.
std::string_view trim(std::string_view text) {
    strip_byte_order_mark(text);
    std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

bool all_digits(std::string_view text) {
    return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

// Removes and returns the next word (up to a blank or ';').
std::string_view take_word(std::string_view& rest) {
    rest = rest.substr(std::min(rest.size(), rest.find_first_not_of(" \t")));
    std::size_t end = rest.find_first_of(" \t;");
    std::string_view word = rest.substr(0, end);
    rest.remove_prefix(word.size());
    return word;
}

}  // namespace

const std::string* EpdLine::find(std::string_view opcode) const {
    for (const auto& [code, operand] : operations)
        if (code == opcode) return &operand;
    return nullptr;
}

bool epd_line_is_blank(std::string_view line) {
    line = trim(line);
    return line.empty() || line.front() == '#';
}

std::string parse_epd_line(std::string_view line, EpdLine& out) {
    out = EpdLine{};
    std::string_view rest = trim(line);
    for (int i = 0; i < 4; ++i) {
        std::string_view field = take_word(rest);
        if (field.empty())
            return "expected a FEN (4 fields), got '" + printable_excerpt(trim(line)) + "'";
        out.fen += (i ? " " : "") + std::string(field);
    }
    // The counters of a full FEN, when both are there.
    std::string_view after_fen = rest;
    std::string_view halfmove = take_word(rest), fullmove = take_word(rest);
    if (all_digits(halfmove) && all_digits(fullmove))
        out.fen += " " + std::string(halfmove) + " " + std::string(fullmove);
    else
        rest = after_fen;

    while (!(rest = trim(rest)).empty()) {
        std::size_t end = 0;
        for (bool quoted = false; end < rest.size() && (quoted || rest[end] != ';'); ++end)
            if (rest[end] == '"') quoted = !quoted;
        std::string_view operation = trim(rest.substr(0, end));
        rest.remove_prefix(std::min(rest.size(), end + 1));
        if (operation.empty()) continue;
        std::size_t space = operation.find_first_of(" \t");
        std::string_view opcode = operation.substr(0, space);
        std::string_view operand =
            space == std::string_view::npos ? std::string_view{} : trim(operation.substr(space));
        if (operand.size() >= 2 && operand.front() == '"' && operand.back() == '"')
            operand = operand.substr(1, operand.size() - 2);
        else if (operand.find('"') != std::string_view::npos)
            return "unbalanced quotes in the operation '" + printable_excerpt(operation) + "'";
        out.operations.emplace_back(std::string(opcode), std::string(operand));
    }
    return {};
}

}  // namespace arbiter
