#include "engines/core/epd.h"

#include <gtest/gtest.h>

#include "engines/core/position.h"
#include "engines/core/text.h"

namespace arbiter {
namespace {

TEST(Epd, PositionAndOperations) {
    EpdLine line;
    ASSERT_EQ(
        parse_epd_line(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - id \"a; b\"; c0 \"1. e4\"; moves e2e4 e7e5;", line),
        "");
    EXPECT_EQ(line.fen, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -");
    ASSERT_EQ(line.operations.size(), 3u);
    EXPECT_EQ(*line.find("id"), "a; b");
    EXPECT_EQ(*line.find("c0"), "1. e4");
    EXPECT_EQ(*line.find("moves"), "e2e4 e7e5");
    EXPECT_EQ(line.find("bm"), nullptr);
}

TEST(Epd, CountersAndMissingFinalSemicolon) {
    EpdLine line;
    ASSERT_EQ(parse_epd_line("  4k3/8/8/8/8/8/8/4K3 b - - 12 40 ;D1 5 ;D2 25\r", line), "");
    EXPECT_EQ(line.fen, "4k3/8/8/8/8/8/8/4K3 b - - 12 40");
    ASSERT_EQ(line.operations.size(), 2u);
    EXPECT_EQ(line.operations[1], (std::pair<std::string, std::string>{"D2", "25"}));
    ASSERT_EQ(parse_epd_line("4k3/8/8/8/8/8/8/4K3 b - - hmvc 0; fmvn 1;", line), "");
    EXPECT_EQ(line.fen, "4k3/8/8/8/8/8/8/4K3 b - -");
    EXPECT_EQ(*line.find("fmvn"), "1");
}

TEST(Epd, Errors) {
    EpdLine line;
    EXPECT_EQ(parse_epd_line("4k3/8/8/8/8/8/8/4K3 w", line),
              "expected a FEN (4 fields), got '4k3/8/8/8/8/8/8/4K3 w'");
    EXPECT_EQ(
        parse_epd_line("4k3/8/8/8/8/8/8/4K3 w - - id \"open;", line).rfind("unbalanced quotes", 0),
        0u);
    EXPECT_TRUE(epd_line_is_blank("   "));
    EXPECT_TRUE(epd_line_is_blank(" # comment"));
    EXPECT_FALSE(epd_line_is_blank("8/8"));
}

TEST(Epd, ByteOrderMarkIsNotPartOfTheFen) {
    EpdLine line;
    ASSERT_EQ(parse_epd_line("\xEF\xBB\xBF"
                             "4k3/8/8/8/8/8/8/4K3 w - - id \"x\";",
                             line),
              "");
    EXPECT_EQ(line.fen, "4k3/8/8/8/8/8/8/4K3 w - -");
    EXPECT_TRUE(epd_line_is_blank("\xEF\xBB\xBF# a commented first line"));
}

TEST(Epd, BinaryBytesInMessagesAreEscapedAndCut) {
    EpdLine line;
    EXPECT_EQ(parse_epd_line("\x7F"
                             "ELF\x02\x01 \x01",
                             line),
              "expected a FEN (4 fields), got '\\x7FELF\\x02\\x01 \\x01'");
    const std::string long_line(500, 'x');
    const std::string error = parse_epd_line(long_line, line);
    EXPECT_LT(error.size(), 120u);
    EXPECT_NE(error.find("xxx...'"), std::string::npos);
    Position pos;
    StateInfo st;
    EXPECT_EQ(pos.set("4k3/8/8/8/8/8/8/3\xC3K3 w - - 0 1", st),
              "FEN field 1 (placement): bad piece letter '\\xC3'");
}

TEST(Text, PrintableExcerpt) {
    EXPECT_EQ(printable_excerpt("plain"), "plain");
    EXPECT_EQ(printable_excerpt("tab\there\r\n"), "tab\\there\\x0D\\x0A");
    // Valid UTF-8 is kept, broken sequences and surrogates are escaped.
    EXPECT_EQ(printable_excerpt("Kasparov \xC3\xA9\xE2\x82\xAC"), "Kasparov \xC3\xA9\xE2\x82\xAC");
    EXPECT_EQ(printable_excerpt("\xC3(\xED\xA0\x80"), "\\xC3(\\xED\\xA0\\x80");
    EXPECT_EQ(printable_excerpt("abcdef", 3), "abc...");
    EXPECT_EQ(printable_excerpt("\xC3\xA9\xC3\xA9\xC3\xA9", 3), "\xC3\xA9\xC3\xA9...");
    std::string_view text = "\xEF\xBB\xBFrest";
    EXPECT_TRUE(strip_byte_order_mark(text));
    EXPECT_EQ(text, "rest");
    EXPECT_FALSE(strip_byte_order_mark(text));
}

}  // namespace
}  // namespace arbiter
