#include "harness/text/text_table.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <utility>

namespace arbiter {

namespace {

// Code points that take no column: combining marks, zero-width spaces and joiners, variation
// selectors.
constexpr std::array<std::pair<char32_t, char32_t>, 9> ZERO_WIDTH = {{{0x0300, 0x036F},
                                                                      {0x0483, 0x0489},
                                                                      {0x0591, 0x05BD},
                                                                      {0x1AB0, 0x1AFF},
                                                                      {0x1DC0, 0x1DFF},
                                                                      {0x200B, 0x200F},
                                                                      {0x20D0, 0x20FF},
                                                                      {0xFE00, 0xFE0F},
                                                                      {0xFE20, 0xFE2F}}};

// Code points that take two columns: East Asian wide and fullwidth forms, and emoji.
constexpr std::array<std::pair<char32_t, char32_t>, 12> DOUBLE_WIDTH = {{{0x1100, 0x115F},
                                                                         {0x2E80, 0x303E},
                                                                         {0x3041, 0x33FF},
                                                                         {0x3400, 0x4DBF},
                                                                         {0x4E00, 0x9FFF},
                                                                         {0xA000, 0xA4CF},
                                                                         {0xAC00, 0xD7A3},
                                                                         {0xF900, 0xFAFF},
                                                                         {0xFE30, 0xFE4F},
                                                                         {0xFF00, 0xFF60},
                                                                         {0xFFE0, 0xFFE6},
                                                                         {0x1F300, 0x3FFFD}}};

template <std::size_t N>
bool in_ranges(char32_t c, const std::array<std::pair<char32_t, char32_t>, N>& ranges) {
    for (const auto& [first, last] : ranges)
        if (c >= first && c <= last) return true;
    return false;
}

// Decodes the UTF-8 sequence at text[i] into `code`, advancing i past it; returns false for an
// invalid or truncated sequence (i then stands past the bytes read).
bool decode(std::string_view text, std::size_t& i, char32_t& code) {
    const auto byte = static_cast<unsigned char>(text[i++]);
    int more = byte < 0x80           ? 0
               : (byte >> 5) == 0x6  ? 1
               : (byte >> 4) == 0xE  ? 2
               : (byte >> 3) == 0x1E ? 3
                                     : -1;
    if (more < 0) return false;
    code = more == 0 ? byte : byte & (0x3F >> more);
    for (int k = 0; k < more; ++k) {
        if (i >= text.size() || (static_cast<unsigned char>(text[i]) >> 6) != 0x2) return false;
        code = (code << 6) | (static_cast<unsigned char>(text[i++]) & 0x3F);
    }
    return true;
}

std::string spaces(std::size_t n) {
    return std::string(n, ' ');
}

}  // namespace

std::size_t display_width(std::string_view text) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size();) {
        char32_t code = 0;
        if (!decode(text, i, code))
            width += 1;
        else if (in_ranges(code, ZERO_WIDTH))
            continue;
        else
            width += in_ranges(code, DOUBLE_WIDTH) ? 2 : 1;
    }
    return width;
}

TextTable::TextTable(std::vector<TextColumn> columns, std::size_t gap)
    : columns_(std::move(columns)), gap_(gap) {}

void TextTable::add_row(std::vector<std::string> cells) {
    if (cells.empty()) cells.emplace_back();
    rows_.push_back(std::move(cells));
}

void TextTable::add_rule() {
    rows_.emplace_back();
}

std::string TextTable::render() const {
    // Step 1. Each column as wide as its widest cell, and at least its minimum.
    std::vector<std::size_t> widths;
    for (const auto& column : columns_) widths.push_back(column.min_width);
    for (const auto& row : rows_) {
        if (row.size() > widths.size()) widths.resize(row.size(), 0);
        for (std::size_t c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], display_width(row[c]));
    }
    std::size_t total = 0;
    for (std::size_t c = 0; c < widths.size(); ++c) total += widths[c] + (c ? gap_ : 0);

    // Step 2. The rows, padded to those widths.
    std::string out;
    for (const auto& row : rows_) {
        if (row.empty()) {
            out += std::string(total, '-') + '\n';
            continue;
        }
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const bool right = c < columns_.size() && columns_[c].align == TextColumn::Align::right;
            const std::string padding = spaces(widths[c] - display_width(row[c]));
            if (c > 0) line += spaces(gap_);
            line += right ? padding + row[c] : row[c] + padding;
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
    }
    return out;
}

std::string TextTable::render_markdown() const {
    std::string out;
    bool header = true;
    for (const auto& row : rows_) {
        if (row.empty()) continue;
        std::string line = "|";
        for (const auto& cell : row) {
            line += ' ';
            for (char c : cell) {
                if (c == '|') line += '\\';
                line += c;
            }
            line += " |";
        }
        out += line + '\n';
        if (!header) continue;
        header = false;
        out += '|';
        for (std::size_t c = 0; c < row.size(); ++c) {
            const bool right = c < columns_.size() && columns_[c].align == TextColumn::Align::right;
            out += right ? " ---: |" : " --- |";
        }
        out += '\n';
    }
    return out;
}

std::vector<TextColumn> left_then_right(std::size_t count_left, std::size_t count_right) {
    std::vector<TextColumn> columns(count_left + count_right);
    for (std::size_t c = count_left; c < columns.size(); ++c)
        columns[c].align = TextColumn::Align::right;
    return columns;
}

std::string csv_field(std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

}  // namespace arbiter
