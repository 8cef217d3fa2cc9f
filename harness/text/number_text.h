// The text of a number wherever arbiter shows one: the terminal's tables and standings, the HTML
// report and the PGN's evaluation comments all write scores, Elo and percentages through
// format_fixed, so one value reads the same, to the last digit, in each of them. Each output
// keeps its own sign and infinity conventions; only the rounding is shared.
#pragma once

#include <string>

namespace arbiter {

// When format_fixed writes a '+' before a number that is not negative.
enum class PlusSign {
    never,       // "0.35", "0.00" (tables, CSV, JSON)
    always,      // "+0.35", "+0.00" (cutechess's PGN comments)
    above_zero,  // "+0.35", "0.00" (fastchess's PGN comments, the report's move scores)
};

// `value` with `decimals` decimals, rounded half away from zero (0.125 -> "0.13", -2.5 -> "-3"
// with 0 decimals; printf would give "0.12" and "-2"), never a negative zero (-0.001 -> "0.00").
// Non-finite values print as "inf", "-inf" and "nan" (with the '+' of `plus` before "inf").
std::string format_fixed(double value, int decimals, PlusSign plus = PlusSign::never);

}  // namespace arbiter
