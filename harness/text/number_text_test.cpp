// format_fixed, the one number formatter of the terminal, the HTML report and the PGN: half away
// from zero where printf rounds a tie to even, no negative zero, and each output's plus sign.
#include "harness/text/number_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace arbiter {
namespace {

std::string printf_fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

TEST(FormatFixed, RoundsExactTiesAwayFromZeroWherePrintfRoundsToEven) {
    // Each value is a tie in binary too, so printf's round-half-to-even decides it downwards.
    EXPECT_EQ(printf_fixed(0.125, 2), "0.12");
    EXPECT_EQ(format_fixed(0.125, 2), "0.13");
    EXPECT_EQ(printf_fixed(6.25, 1), "6.2");
    EXPECT_EQ(format_fixed(6.25, 1), "6.3");
    EXPECT_EQ(printf_fixed(-2.5, 0), "-2");
    EXPECT_EQ(format_fixed(-2.5, 0), "-3");
    EXPECT_EQ(format_fixed(12.25, 1), "12.3");
    EXPECT_EQ(format_fixed(-0.125, 2), "-0.13");
}

TEST(FormatFixed, KeepsOrdinaryValuesAndDropsTheNegativeZero) {
    EXPECT_EQ(format_fixed(851.3, 1), "851.3");
    EXPECT_EQ(format_fixed(2.345, 1), "2.3");
    EXPECT_EQ(format_fixed(-2.35, 1), "-2.4");
    EXPECT_EQ(format_fixed(-0.004, 2), "0.00");
    EXPECT_EQ(format_fixed(-0.04, 1), "0.0");
    EXPECT_EQ(format_fixed(0.0, 3), "0.000");
    EXPECT_EQ(format_fixed(1.5, 3), "1.500");
}

TEST(FormatFixed, WritesThePlusSignEachOutputAsksFor) {
    EXPECT_EQ(format_fixed(0.35, 2, PlusSign::never), "0.35");
    EXPECT_EQ(format_fixed(0.35, 2, PlusSign::always), "+0.35");
    EXPECT_EQ(format_fixed(0.35, 2, PlusSign::above_zero), "+0.35");
    EXPECT_EQ(format_fixed(0.0, 2, PlusSign::always), "+0.00");  // cutechess's PGN
    EXPECT_EQ(format_fixed(0.0, 2, PlusSign::above_zero), "0.00");
    EXPECT_EQ(format_fixed(-0.001, 2, PlusSign::always), "+0.00");
    EXPECT_EQ(format_fixed(-0.001, 2, PlusSign::above_zero), "0.00");
    EXPECT_EQ(format_fixed(-0.35, 2, PlusSign::always), "-0.35");
    EXPECT_EQ(format_fixed(-0.35, 2, PlusSign::above_zero), "-0.35");
}

TEST(FormatFixed, NamesNonFiniteValues) {
    EXPECT_EQ(format_fixed(INFINITY, 1), "inf");
    EXPECT_EQ(format_fixed(-INFINITY, 1), "-inf");
    EXPECT_EQ(format_fixed(INFINITY, 1, PlusSign::always), "+inf");
    EXPECT_EQ(format_fixed(NAN, 1), "nan");
}

}  // namespace
}  // namespace arbiter
