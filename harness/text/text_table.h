// The plain-text building blocks of every report: aligned text tables for the terminal (the
// standings and crosstable, the ratings table and the node-count tables all go through this one
// renderer), and the text of single values in CSV and JSON (numbers: number_text.h).
//
// Tables: Columns are sized by their content (never
// narrower than a minimum) and padded by display width, so names in any script line up: an
// accented letter or "±" takes one column, a CJK ideograph two, a combining mark none.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// The columns a UTF-8 string takes on a terminal. Invalid bytes count one column each.
std::size_t display_width(std::string_view text);

// How a column is laid out: text to the left or right, and its narrowest width.
struct TextColumn {
    enum class Align { left, right };
    Align align = Align::left;
    std::size_t min_width = 0;
};

// A table of text cells, rendered row by row with `gap` spaces between columns and no trailing
// spaces, or as Markdown. A row may be shorter than the column list; its missing cells are empty.
class TextTable {
  public:
    explicit TextTable(std::vector<TextColumn> columns, std::size_t gap = 2);

    void add_row(std::vector<std::string> cells);
    // A line of '-' as wide as the whole table, below the rows added so far.
    void add_rule();

    std::string render() const;
    // The same rows as a Markdown table: the first row is the header, followed by the alignment
    // row ("---" left, "---:" right); '|' in a cell is escaped and rules are left out.
    std::string render_markdown() const;

  private:
    std::vector<TextColumn> columns_;
    std::size_t gap_;
    std::vector<std::vector<std::string>> rows_;  // an empty row stands for a rule
};

// `count_left` columns aligned left followed by `count_right` aligned right, all with no minimum.
std::vector<TextColumn> left_then_right(std::size_t count_left, std::size_t count_right);

// Returns a CSV field, quoted (with doubled quotes) when it holds a comma, quote or line break.
std::string csv_field(std::string_view text);

}  // namespace arbiter
