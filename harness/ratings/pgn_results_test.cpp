#include "harness/ratings/pgn_results.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace arbiter {
namespace {

GameRecords read(const std::string& text) {
    std::istringstream in(text);
    GameRecords records;
    read_pgn_results(in, "test.pgn", records);
    return records;
}

std::string error_of(const std::string& text) {
    try {
        read(text);
    } catch (const PgnError& error) {
        return error.what();
    }
    return "no error";
}

TEST(PgnResults, ReadsTagsAndSkipsMovesAndComments) {
    const GameRecords records = read(
        "% an escape line [White \"nobody\"]\n"
        "[Event \"test\"]\n"
        "[White \"alpha\"]\n"
        "[Black \"Bob \\\"the\\\" engine\"]\n"
        "[Result \"1-0\"]\n"
        "\n"
        "1. e4 {a comment with [brackets] and \"quotes\"} e5 2. Nf3 ; rest of line [x \"y\"]\n"
        "Nc6 (2... d6 3. d4) 3. Bb5 1-0\n"
        "\n"
        "[White \"Bob \\\"the\\\" engine\"]\n"
        "[Black \"alpha\"]\n"
        "[Result \"1/2-1/2\"]\n"
        "\n"
        "1/2-1/2\n"
        "[White \"alpha\"]\n"
        "[Black \"carol\"]\n"
        "[Result \"*\"]\n"
        "\n"
        "1. d4 *\n"
        "\n"
        "[White \"carol\"]\n"
        "[Black \"alpha\"]\n"
        "[Result \"0-1\"]\n");
    ASSERT_EQ(records.players.size(), 3u);
    EXPECT_EQ(records.players[0], "alpha");
    EXPECT_EQ(records.players[1], "Bob \"the\" engine");
    EXPECT_EQ(records.players[2], "carol");
    ASSERT_EQ(records.games.size(), 3u);
    EXPECT_EQ(records.games[0].white, 0);
    EXPECT_EQ(records.games[0].black, 1);
    EXPECT_EQ(records.games[0].outcome, Outcome::white_win);
    EXPECT_EQ(records.games[1].white, 1);
    EXPECT_EQ(records.games[1].outcome, Outcome::draw);
    EXPECT_EQ(records.games[2].white, 2);
    EXPECT_EQ(records.games[2].black, 0);
    EXPECT_EQ(records.games[2].outcome, Outcome::black_win);
    EXPECT_EQ(records.unfinished_games, 1);
}

TEST(PgnResults, TagSectionsWithoutMovesOrBlankLines) {
    // No movetext and no blank lines: a repeated tag starts the next game.
    const GameRecords records = read(
        "[White \"a\"][Black \"b\"][Result \"0-1\"]\n"
        "[White \"b\"]\n[Black \"a\"]\n[Result \"1-0\"]\n"
        "[White \"a\"]\n[Black \"c\"]\n[Result \"1/2-1/2\"]\n\n"
        "[Black \"b\"]\n[White \"c\"]\n[Result \"1-0\"]\n");
    ASSERT_EQ(records.games.size(), 4u);
    EXPECT_EQ(records.games[0].outcome, Outcome::black_win);
    EXPECT_EQ(records.games[1].white, 1);
    EXPECT_EQ(records.games[1].outcome, Outcome::white_win);
    EXPECT_EQ(records.games[3].white, 2);
    EXPECT_EQ(records.games[3].black, 1);
}

TEST(PgnResults, TerminationMarkerWithoutResultTag) {
    const GameRecords records = read("[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 0-1\n");
    ASSERT_EQ(records.games.size(), 1u);
    EXPECT_EQ(records.games[0].outcome, Outcome::black_win);
}

TEST(PgnResults, AppendsToExistingRecords) {
    GameRecords records;
    std::istringstream first("[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n");
    std::istringstream second("[White \"b\"]\n[Black \"c\"]\n[Result \"1-0\"]\n");
    read_pgn_results(first, "one.pgn", records);
    read_pgn_results(second, "two.pgn", records);
    EXPECT_EQ(records.players, (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_EQ(records.games.size(), 2u);
    EXPECT_EQ(records.games[1].white, 1);
}

TEST(PgnResults, ErrorsNameFileAndLine) {
    EXPECT_EQ(error_of("[White \"a\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"),
              "test.pgn:1: game has no Black tag");
    EXPECT_EQ(error_of("[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n"
                       "[White \"a\"]\n[Black \"b]\n"),
              "test.pgn:6: tag Black value is not closed");
    EXPECT_EQ(error_of("\n\n[White \"a\"]\n[Black \"b\"]\n[Result \"2-0\"]\n"),
              "test.pgn:3: unknown result '2-0'");
    EXPECT_EQ(error_of("[White \"a\"]\n[Black \"a\"]\n[Result \"1-0\"]\n"),
              "test.pgn:1: player 'a' plays against itself");
    EXPECT_EQ(error_of("[White \"a\"]\n[Black \"b\"]\n\n1. e4 {never closed\n"),
              "test.pgn:4: comment is not closed");
    EXPECT_EQ(error_of("[White \"a\" \n"), "test.pgn:1: tag White is not closed with ]");
    EXPECT_EQ(error_of("[ \"a\"]\n"), "test.pgn:1: tag has no name");
    GameRecords records;
    try {
        read_pgn_file("/nonexistent/games.pgn", records);
        FAIL() << "expected PgnError";
    } catch (const PgnError& error) {
        EXPECT_STREQ(error.what(), "/nonexistent/games.pgn:0: cannot open file");
    }
}

TEST(PgnResults, EmptyInputHasNoGames) {
    const GameRecords records = read("\n  \n% nothing\n");
    EXPECT_TRUE(records.games.empty());
    EXPECT_TRUE(records.players.empty());
}

}  // namespace
}  // namespace arbiter
