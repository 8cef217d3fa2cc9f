#include "harness/pgn/pgn_results.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

namespace arbiter {
namespace {

GameRecords read(const std::string& text, SkippedGames* skipped_out = nullptr) {
    std::istringstream in(text);
    GameRecords records;
    SkippedGames skipped;
    read_pgn_results(in, "test.pgn", records, skipped);
    if (skipped_out != nullptr) *skipped_out = skipped;
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

// A game's tags for the pairing tests.
std::string game_text(const std::string& white, const std::string& black, const std::string& fen,
                      const std::string& round, const std::string& result) {
    std::string text = "[White \"" + white + "\"]\n[Black \"" + black + "\"]\n";
    if (!round.empty()) text += "[Round \"" + round + "\"]\n";
    if (!fen.empty()) text += "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n";
    return text + "[Result \"" + result + "\"]\n\n" + result + "\n\n";
}

// Whether games a and b of the records were found to be one pair, and no other game shares it.
bool paired(const GameRecords& records, std::size_t a, std::size_t b) {
    const auto& games = records.games;
    if (!games[a].pair_id || games[a].pair_id != games[b].pair_id) return false;
    return std::count_if(games.begin(), games.end(),
                         [&](const GameResult& g) { return g.pair_id == games[a].pair_id; }) == 2;
}

TEST(PgnResults, PairsAreFoundConsecutivelyOrByRoundOnTheSameOpening) {
    const std::string one = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
    const std::string two = "8/8/8/4k3/8/8/3P4/4K3 w - - 0 1";
    // Consecutive, colours reversed, one opening: a pair; another opening: no pair.
    GameRecords records =
        read(game_text("A", "B", one, "", "1-0") + game_text("B", "A", one, "", "1-0") +
             game_text("A", "B", one, "", "1/2-1/2") + game_text("B", "A", two, "", "0-1") +
             game_text("A", "B", "", "", "0-1") + game_text("A", "B", "", "", "1-0"));
    EXPECT_TRUE(paired(records, 0, 1));
    for (std::size_t g = 2; g < 6; ++g) EXPECT_FALSE(records.games[g].pair_id) << g;
    // Games finished out of order (concurrency): the Round tag pairs them, when two share it.
    records = read(game_text("A", "B", one, "1", "1-0") + game_text("A", "C", "", "3", "1-0") +
                   game_text("C", "D", two, "2", "0-1") + game_text("C", "A", "", "3", "0-1") +
                   game_text("B", "A", one, "1", "1-0") + game_text("D", "C", two, "2", "1/2-1/2") +
                   game_text("A", "C", "", "3", "1-0"));
    EXPECT_TRUE(paired(records, 0, 4));
    EXPECT_TRUE(paired(records, 2, 5));
    for (std::size_t g : {1, 3, 6}) EXPECT_FALSE(records.games[g].pair_id) << g;  // three share 3
}

TEST(PgnResults, ReadsTagsAndSkipsMovesAndComments) {
    SkippedGames skipped;
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
        "[Result \"0-1\"]\n",
        &skipped);
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
    EXPECT_EQ(skipped.unfinished, 1);
    EXPECT_EQ(skipped.first_unfinished, "test.pgn:15");
    EXPECT_EQ(skipped.total(), 1);
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

TEST(PgnResults, GamesWithoutAnAgreedResultAreSkippedAndCounted) {
    SkippedGames skipped;
    const GameRecords records = read(
        // 1: no Result tag, though the movetext ends in 0-1.
        "[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 0-1\n\n"
        // 6: Result * .
        "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
        // 12: the tag says 1-0, the movetext 0-1.
        "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 {resigns} 0-1\n\n"
        // 18: the tag says 1-0, the movetext * .
        "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 *\n\n"
        // 24: agreed, with the marker after a comment on the next line.
        "[White \"b\"]\n[Black \"a\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 {agreed}\n1/2-1/2\n",
        &skipped);
    ASSERT_EQ(records.games.size(), 1u);
    EXPECT_EQ(records.games[0].outcome, Outcome::draw);
    EXPECT_EQ(skipped.without_result, 1);
    EXPECT_EQ(skipped.unfinished, 1);
    EXPECT_EQ(skipped.disagreeing, 2);
    EXPECT_EQ(skipped.describe(),
              "skipped 4 games that have no result: 1 with result * (first at test.pgn:6), 1 "
              "without a Result tag (first at test.pgn:1), 2 whose Result tag disagrees with the "
              "movetext (first at test.pgn:12)");
}

TEST(PgnResults, ByteOrderMarkAndVariationsWithResults) {
    const GameRecords records = read(
        "\xEF\xBB\xBF[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n"
        "1. e4 (1. d4 d5\n2. c4 0-1) e5 1-0\n");
    ASSERT_EQ(records.players.size(), 2u);
    EXPECT_EQ(records.players[0], "a");
    ASSERT_EQ(records.games.size(), 1u);
    EXPECT_EQ(records.games[0].outcome, Outcome::white_win);
}

TEST(PgnResults, EmptyOrResultlessFileIsNamed) {
    const std::string dir = ::testing::TempDir();
    auto error_for = [&](const std::string& name, const std::string& text) {
        const std::string path = dir + name;
        std::ofstream(path) << text;
        GameRecords records;
        SkippedGames skipped;
        try {
            read_pgn_file(path, records, skipped);
        } catch (const PgnError& error) {
            return std::string(error.what()).substr(dir.size());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error_for("empty.pgn", ""), "empty.pgn: no game with a result in the file");
    EXPECT_EQ(error_for("star.pgn", "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n"),
              "star.pgn: no game with a result in the file: skipped 1 game that has no result: 1 "
              "with result * (first at " +
                  dir + "star.pgn:1)");
    EXPECT_EQ(error_for("binary.pgn", std::string(20u << 20, '\x01')).substr(0, 40),
              "binary.pgn:1: a line longer than 16 MiB ");
}

TEST(PgnResults, AppendsToExistingRecords) {
    GameRecords records;
    std::istringstream first("[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n");
    std::istringstream second("[White \"b\"]\n[Black \"c\"]\n[Result \"1-0\"]\n");
    SkippedGames skipped;
    read_pgn_results(first, "one.pgn", records, skipped);
    read_pgn_results(second, "two.pgn", records, skipped);
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
    EXPECT_EQ(error_of("[White \"a\"]\n[Black \"b\"]\n[Result \"\x01\xff\"]\n"),
              "test.pgn:1: unknown result '\\x01\\xFF'");
    GameRecords records;
    SkippedGames skipped;
    try {
        read_pgn_file("/nonexistent/games.pgn", records, skipped);
        FAIL() << "expected PgnError";
    } catch (const PgnError& error) {
        EXPECT_STREQ(error.what(), "/nonexistent/games.pgn: cannot open the file");
    }
}

// Issue 20, item 13: a tag given twice starts a new game, so the message says which tag did it.
TEST(PgnResults, ARepeatedTagIsNamedWithTheGameItSplit) {
    EXPECT_EQ(error_of("[Event \"x\"]\n[White \"a\"]\n[White \"b\"]\n[Black \"c\"]\n"
                       "[Result \"1-0\"]\n\n1. e4 1-0\n"),
              "test.pgn:1: game has no Black tag: its White tag is repeated at line 3, and a "
              "repeated White, Black or Result tag starts a new game (a game's tags are given "
              "once each)");
    EXPECT_EQ(error_of("[Event \"x\"]\n[White \"a\"]\n[Black \"c\"]\n[Result \"1-0\"]\n"
                       "[Result \"0-1\"]\n\n1. e4 1-0\n"),
              "test.pgn:5: game has no White tag: it begins with a second Result tag for the "
              "game at line 1, and a repeated White, Black or Result tag starts a new game (a "
              "game's tags are given once each)");
}

TEST(PgnResults, EmptyInputHasNoGames) {
    const GameRecords records = read("\n  \n% nothing\n");
    EXPECT_TRUE(records.games.empty());
    EXPECT_TRUE(records.players.empty());
}

}  // namespace
}  // namespace arbiter
