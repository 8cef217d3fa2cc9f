#include "harness/pgn/pgn_reader.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace arbiter {
namespace {

std::vector<PgnGame> read_all(const std::string& text, PgnDetail detail) {
    std::istringstream in(text);
    PgnReader reader(in, "t.pgn", detail);
    std::vector<PgnGame> games;
    PgnGame game;
    while (reader.next(game)) games.push_back(game);
    return games;
}

std::vector<std::string> sans(const PgnGame& game) {
    std::vector<std::string> out;
    for (const PgnMove& move : game.moves) out.push_back(move.san);
    return out;
}

std::string error_of(const std::string& text, PgnDetail detail) {
    try {
        read_all(text, detail);
    } catch (const PgnError& error) {
        return error.what();
    }
    return "no error";
}

TEST(PgnReader, MainLineWithoutCommentsVariationsNagsAndNumbers) {
    const std::string text =
        "[Event \"a \\\\ b\"]\n[White \"x\"]\n\n"
        "1.e4 $1 e5!? {a (comment) with ) and [brackets]\n over lines} 2. Nf3 (2. f4 exf4 (2... d5 "
        "{nested; deep}) 3. Nf3) 2... Nc6\n"
        "; a line comment 1-0\n"
        "%escaped line 0-1\n"
        "3. Bb5 a6 ?! 1/2-1/2 4. d4 *\n";
    for (PgnDetail detail : {PgnDetail::moves, PgnDetail::results}) {
        const auto games = read_all(text, detail);
        ASSERT_EQ(games.size(), 2u);
        EXPECT_EQ(games[0].tag("Event"), "a \\ b");
        EXPECT_EQ(games[0].tag("White"), "x");
        EXPECT_FALSE(games[0].tag("Black"));
        EXPECT_EQ(games[0].termination, "1/2-1/2");
        EXPECT_EQ(games[0].line, 1);
        EXPECT_EQ(games[1].termination, "*");
        EXPECT_EQ(games[1].line, 8);
        EXPECT_TRUE(games[1].tags.empty());
    }
    const auto games = read_all(text, PgnDetail::moves);
    EXPECT_EQ(sans(games[0]), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}));
    EXPECT_EQ(games[0].moves[2].line, 5);
    EXPECT_EQ(games[0].moves[4].line, 8);
    EXPECT_EQ(sans(games[1]), (std::vector<std::string>{"d4"}));
    EXPECT_TRUE(read_all(text, PgnDetail::results)[0].moves.empty());
}

TEST(PgnReader, GameBoundariesWithoutTerminationMarkers) {
    // A tag after movetext, a tag after a blank line and a repeated White tag each open a game.
    const std::string text =
        "[White \"a\"]\n\n1. e4\n[White \"b\"]\n\n[White \"c\"]\n[Black \"d\"][White \"e\"]\n";
    for (PgnDetail detail : {PgnDetail::moves, PgnDetail::results}) {
        const auto games = read_all(text, detail);
        ASSERT_EQ(games.size(), 4u);
        EXPECT_EQ(games[0].tag("White"), "a");
        EXPECT_TRUE(games[0].has_movetext);
        EXPECT_TRUE(games[0].termination.empty());
        EXPECT_EQ(games[1].tag("White"), "b");
        EXPECT_EQ(games[2].tag("Black"), "d");
        EXPECT_EQ(games[3].tag("White"), "e");
        EXPECT_EQ(games[3].line, 7);
    }
}

TEST(PgnReader, ErrorsNameLineAndEscapeBytes) {
    for (PgnDetail detail : {PgnDetail::moves, PgnDetail::results}) {
        EXPECT_EQ(error_of("[White \"a\"]\n\n1. e4 (1. d4\n\n", detail),
                  "t.pgn:3: variation is not closed");
        EXPECT_EQ(error_of("1. e4 (1. d4\n[White \"a\"]\n", detail),
                  "t.pgn:1: variation is not closed");
        EXPECT_EQ(error_of("\n1. e4 {open\n\n", detail), "t.pgn:2: comment is not closed");
        EXPECT_EQ(error_of("[Wh\xff \"a\"]\n", detail), "t.pgn:1: tag Wh has no quoted value");
        EXPECT_EQ(error_of("[White \"a\\", detail), "t.pgn:1: tag White value is not closed");
    }
    EXPECT_EQ(error_of("1. e4 ) *", PgnDetail::moves), "t.pgn:1: ')' closes no variation");
    EXPECT_EQ(error_of("1. e4 } *", PgnDetail::moves), "t.pgn:1: unexpected '}'");
}

TEST(PgnReader, LargeInputAcrossBufferRefillsAgreesBetweenPasses) {
    // Over 4 MiB of games with comments that span lines, a line longer than the read chunk and
    // CRLF line ends: both passes see every game, its first line and its marker.
    std::string text;
    int line = 1;
    std::vector<int> first_lines;
    for (int g = 0; g < 6000; ++g) {
        first_lines.push_back(line);
        const char* result = g % 3 == 0 ? "1-0" : g % 3 == 1 ? "0-1" : "1/2-1/2";
        text += "[White \"w" + std::to_string(g) + "\"]\r\n[Result \"" + result + "\"]\r\n\r\n";
        text += "1. e4 {multi\r\nline} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\r\n";
        line += 5;
        if (g == 4000) text += std::string(3u << 20, 'x') + " ";
        text += std::string(result) + "\r\n\r\n";
        line += 2;
    }
    for (PgnDetail detail : {PgnDetail::moves, PgnDetail::results}) {
        const auto games = read_all(text, detail);
        ASSERT_EQ(games.size(), 6000u);
        for (std::size_t g = 0; g < games.size(); ++g) {
            ASSERT_EQ(games[g].line, first_lines[g]) << g;
            ASSERT_EQ(games[g].tag("White"), "w" + std::to_string(g));
            ASSERT_EQ(games[g].termination, games[g].tag("Result").value());
        }
        if (detail == PgnDetail::moves) {
            EXPECT_EQ(games[1].moves.size(), 10u);
        }
    }
}

}  // namespace
}  // namespace arbiter
