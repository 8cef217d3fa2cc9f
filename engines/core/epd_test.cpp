#include "engines/core/epd.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace arbiter
