// Text helpers for messages about outside input: a line from a wrong (binary) file must not reach
// a terminal raw, and a UTF-8 byte order mark at the start of a file is not content.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter {

// The UTF-8 byte order mark, EF BB BF.
inline constexpr std::string_view BYTE_ORDER_MARK = "\xEF\xBB\xBF";

// Removes a UTF-8 byte order mark from the front of text; returns whether there was one.
bool strip_byte_order_mark(std::string_view& text);

// The text as it may appear in an error message: control bytes and bytes that are not valid UTF-8
// are written as \xNN (tab as \t), valid UTF-8 is kept, and text longer than max_bytes is cut
// at a character boundary and ends in "...".
std::string printable_excerpt(std::string_view text, std::size_t max_bytes = 60);

}  // namespace arbiter
