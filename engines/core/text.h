// Text helpers for outside input: a line from a wrong (binary) file must not reach a terminal raw
// in a message, a UTF-8 byte order mark at the start of a file is not content, and a command line
// is read as its words.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// The UTF-8 byte order mark, EF BB BF.
inline constexpr std::string_view BYTE_ORDER_MARK = "\xEF\xBB\xBF";

// Removes a UTF-8 byte order mark from the front of text; returns whether there was one.
bool strip_byte_order_mark(std::string_view& text);

// The text as it may appear in an error message: control bytes and bytes that are not valid UTF-8
// are written as \xNN (tab as \t), valid UTF-8 is kept, and text longer than max_bytes is cut
// at a character boundary and ends in "...".
std::string printable_excerpt(std::string_view text, std::size_t max_bytes = 60);

// True if a and b are equal but for the case of ASCII letters (UCI option names and values).
bool equal_ignoring_case(std::string_view a, std::string_view b);

// The words of text: the runs of characters between white space (std::isspace), in order.
std::vector<std::string> split_words(std::string_view text);

}  // namespace arbiter
