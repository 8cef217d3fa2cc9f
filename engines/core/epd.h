// EPD, the Extended Position Description: a position (the four FEN fields, optionally followed by
// the halfmove and fullmove counters) and operations such as `id "Ruy Lopez"; c0 "1. e4 e5";`.
// Shared by the opening suites and the node-count suites.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter {

// One EPD line taken apart. The FEN is not validated here: give it to Position::set().
struct EpdLine {
    std::string fen;  // the four fields, plus the two counters when the line has them
    std::vector<std::pair<std::string, std::string>> operations;  // opcode, operand (unquoted)

    // The operand of the first operation with this opcode, or nullptr.
    const std::string* find(std::string_view opcode) const;
};

// Parses one line. Operations are separated by ';' outside double quotes (the last ';' may be
// missing); an operand in double quotes loses its quotes. Returns an empty string on success,
// otherwise what is wrong.
std::string parse_epd_line(std::string_view line, EpdLine& out);

// True for a line that holds no position: empty, blanks only, or a '#' comment.
bool epd_line_is_blank(std::string_view line);

}  // namespace arbiter
