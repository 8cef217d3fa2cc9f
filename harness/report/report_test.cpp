#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "harness/pgn/fools_mate_game.h"
#include "harness/report/progress.h"
#include "harness/report/standings.h"
#include "harness/text/crc32.h"
#include "harness/text/text_table.h"

namespace arbiter {
namespace {

// The check value of CRC-32 (zlib's crc32 of "123456789"), whole and piece by piece, and as
// Python's hex() writes it.
TEST(Crc32, MatchesZlibsCheckValue) {
    Crc32 whole, pieces;
    whole.update("123456789");
    pieces.update("1234");
    pieces.update("56789");
    EXPECT_EQ(whole.value(), 0xCBF43926u);
    EXPECT_EQ(pieces.value(), 0xCBF43926u);
    EXPECT_EQ(Crc32().value(), 0u);
    EXPECT_EQ(crc32_hex(0xCBF43926u), "0xcbf43926");
    EXPECT_EQ(crc32_hex(0x0000abcdu), "0xabcd");
    std::string path = ::testing::TempDir() + "crc32_" + std::to_string(::getpid()) + ".txt";
    std::ofstream(path) << "123456789";
    EXPECT_EQ(file_crc32(path).value(), 0xCBF43926u);
    std::remove(path.c_str());
    EXPECT_EQ(file_crc32(path).value(), 0u);
}

// A store with a two-engine match of W=7, D=4, L=3 for "A".
TEST(Standings, TwoEngineMatchInCutechessWords) {
    Store store = Store::open(":memory:");
    TournamentId t = store.get_or_create_tournament("k", "{}");
    EngineIdentity a{"A", "a", {}, "", {}, std::string(64, 'a')},
        b{"B", "b", {}, "", {}, std::string(64, 'b')};
    EngineId ia = store.get_or_create_engine(a), ib = store.get_or_create_engine(b);
    const char* results[] = {"1-0",     "0-1",     "1-0", "0-1", "1-0",     "0-1",     "1-0",
                             "1/2-1/2", "1/2-1/2", "1-0", "0-1", "1/2-1/2", "1/2-1/2", "1-0"};
    // Even slots: A has White. A wins: slots 0,2,4,6 (white) + 1,3,5 (as black "0-1") = 7 wins.
    for (int i = 0; i < 14; ++i) {
        GameRecord g = testing::fools_mate_game();
        g.tournament_id = t;
        g.slot = {i, 0, 0, i / 2, i % 2};
        g.white_engine_id = i % 2 == 0 ? ia : ib;
        g.black_engine_id = i % 2 == 0 ? ib : ia;
        g.result.outcome = *parse_outcome(results[i]);
        store.record_game(g);
    }
    std::string text = format_standings(store, t, {ia, ib}, {"A", "B"}, {200, 1});
    EXPECT_NE(text.find("Score of A vs B: 7 - 3 - 4  [0.643] 14\n"), std::string::npos) << text;
    EXPECT_NE(text.find("Elo difference: 102.1 +/- 174.3, LOS: 89.7 %, DrawRatio: 28.6 %"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("DrawRatio: 28.6 %"), std::string::npos) << text;
    EXPECT_NE(text.find("Ptnml(0-2): ["), std::string::npos) << text;
    EXPECT_NE(text.find("Rank Name"), std::string::npos) << text;
    EXPECT_EQ(format_standings(store, t, {}, {}), "");
}

// The 9.5-0.5 match of issue 28 (A wins nine games and draws one, all as White): the standings
// print one interval unbounded above, where "255.8 +/- 82.2" stood; the cutechess line keeps
// cutechess's own symmetric formula.
TEST(Standings, NineAndAHalfOfTenIsUnboundedAbove) {
    Store store = Store::open(":memory:");
    TournamentId t = store.get_or_create_tournament("k", "{}");
    EngineId ia = store.get_or_create_engine({"A", "a", {}, "", {}, std::string(64, 'a')});
    EngineId ib = store.get_or_create_engine({"B", "b", {}, "", {}, std::string(64, 'b')});
    for (int i = 0; i < 10; ++i) {
        GameRecord g = testing::fools_mate_game();
        g.tournament_id = t;
        g.slot = {i, 0, 0, i / 2, i % 2};
        g.white_engine_id = ia;
        g.black_engine_id = ib;
        g.result.outcome = i == 9 ? Outcome::draw : Outcome::white_win;
        store.record_game(g);
    }
    const std::string text = format_standings(store, t, {ia, ib}, {"A", "B"});
    EXPECT_EQ(
        text.substr(0, text.find("\n\n")),
        "Rank Name                          Elo   95% low  95% high   Games   Score    Draw\n"
        "1    A                           255.8     106.0      +inf      10   95.0%   10.0%\n"
        "2    B                          -255.8      -inf    -106.0      10    5.0%   10.0%\n"
        "Elo: joint maximum likelihood, core group's average 0; 95% low/high: the widest of the "
        "profile likelihood ratio, it moved against the bias, and a 1000-sample parametric "
        "bootstrap; +inf/-inf: unbounded (a sweep between groups)")
        << text;
    EXPECT_NE(text.find("\nElo difference: 511.5 +/- "), std::string::npos) << text;
}

// Three engines named by `names`: `first_pair` games between the first two, two games in each
// other pair; White wins two games in three, the third is drawn.
struct ThreeEngines {
    Store store = Store::open(":memory:");
    TournamentId tournament = 0;
    std::vector<EngineId> ids;
};

void play_three(ThreeEngines& t, const std::vector<std::string>& names, int first_pair) {
    t.tournament = t.store.get_or_create_tournament("k", "{}");
    for (std::size_t i = 0; i < names.size(); ++i)
        t.ids.push_back(t.store.get_or_create_engine(
            {names[i], names[i], {}, "", {}, std::string(64, char('a' + i))}));
    int slot = 0;
    for (int pair = 0; pair < 3; ++pair) {
        for (int i = 0; i < (pair == 0 ? first_pair : 2); ++i, ++slot) {
            GameRecord g = testing::fools_mate_game();
            g.tournament_id = t.tournament;
            g.slot = {slot, 0, 0, slot / 2, slot % 2};
            std::size_t a = std::size_t(pair), b = std::size_t((pair + 1) % 3);
            g.white_engine_id = i % 2 ? t.ids[a] : t.ids[b];
            g.black_engine_id = i % 2 ? t.ids[b] : t.ids[a];
            g.result.outcome = i % 3 == 0 ? Outcome::draw : Outcome::white_win;
            t.store.record_game(g);
        }
    }
}

// The lines of `text` from the one starting with `first` up to the next blank line.
std::vector<std::string> block(const std::string& text, const std::string& first) {
    std::vector<std::string> lines;
    std::istringstream in(text.substr(text.find("\n" + first) + 1));
    for (std::string line; std::getline(in, line) && !line.empty();) lines.push_back(line);
    return lines;
}

// Every line of each table ends in a right-aligned number column, so aligned tables have lines
// of one display width.
void expect_aligned(const std::vector<std::string>& lines, const std::string& text) {
    ASSERT_GT(lines.size(), 1u) << text;
    for (const auto& line : lines)
        EXPECT_EQ(display_width(line), display_width(lines[0])) << line << "\n" << text;
}

TEST(Standings, LongAndUnicodeNamesStayAligned) {
    ThreeEngines t;
    play_three(t, {"Ströhmer 象棋", "a-very-long-engine-name-here-x", "plain"}, 4);
    std::string text =
        format_standings(t.store, t.tournament, t.ids,
                         {"Ströhmer 象棋", "a-very-long-engine-name-here-x", "plain"}, {50, 1});
    std::vector<std::string> ratings = block("\n" + text, "Rank");
    ratings.pop_back();  // the legend line
    expect_aligned(ratings, text);
    expect_aligned(block(text, "Name"), text);
    expect_aligned(block(text, "Crosstable"), text);
    EXPECT_NE(text.find("a-very-long-engine-name-here-x "), std::string::npos) << text;
}

// Short names keep the layout arbiter has always printed (scripts/tournament's standings).
TEST(Standings, ShortNamesKeepTheFixedLayout) {
    ThreeEngines t;
    play_three(t, {"greedy", "random", "minimax"}, 4);
    std::string text =
        format_standings(t.store, t.tournament, t.ids, {"greedy", "random", "minimax"}, {10, 1});
    EXPECT_EQ(
        text.find("Rank Name                          Elo   95% low  95% high   Games   Score    "
                  "Draw\n"),
        0u)
        << text;
    EXPECT_NE(text.find("\nName                       Depth         Nodes   Time ms    Moves\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("\nCrosstable                         1           2           3\n"),
              std::string::npos)
        << text;
    // The first crosstable row: the name in 24 columns, then its own cell "-" in the next 12.
    std::vector<std::string> cross = block(text, "Crosstable");
    ASSERT_GT(cross.size(), 1u) << text;
    EXPECT_EQ(cross[1].substr(24, 12), std::string(11, ' ') + "-") << text;
}

TEST(Standings, CrosstableColumnsAreSizedByTheirCells) {
    ThreeEngines t;
    play_three(t, {"a", "b", "c"}, 10000);
    std::string text = format_standings(t.store, t.tournament, t.ids, {"a", "b", "c"}, {10, 1});
    std::vector<std::string> cross = block(text, "Crosstable");
    expect_aligned(cross, text);
    // Each cell stands apart ("5000.5/10000" is wider than the 11 columns a cell starts from):
    // a row holds its rank, name and three cells.
    for (std::size_t r = 1; r < cross.size(); ++r) {
        std::istringstream words(cross[r]);
        std::vector<std::string> tokens{std::istream_iterator<std::string>(words), {}};
        EXPECT_EQ(tokens.size(), 5u) << text;
    }
}

// The report is its sections' values laid out in one place: a section cleared (status clears
// the per-move statistics) leaves the text without its block and one blank line between the rest.
TEST(Standings, ASectionClearedLeavesTheOthersAsFormatted) {
    ThreeEngines t;
    play_three(t, {"a", "b", "c"}, 4);
    StandingsTables tables =
        standings_tables(t.store, t.tournament, t.ids, {"a", "b", "c"}, {10, 1});
    const std::string whole = format_standings(tables);
    EXPECT_EQ(whole, format_standings(t.store, t.tournament, t.ids, {"a", "b", "c"}, {10, 1}));
    ASSERT_EQ(tables.move_statistics.front(),
              (std::vector<std::string>{"Name", "Depth", "Nodes", "Time ms", "Moves"}));
    ASSERT_EQ(tables.move_statistics.size(), 4u);
    tables.move_statistics.clear();
    const std::string without = format_standings(tables);
    const std::size_t name = whole.find("\nName ");
    const std::size_t cross = whole.find("\nCrosstable");
    ASSERT_NE(name, std::string::npos);
    ASSERT_NE(cross, std::string::npos);
    // The whole text less the block from "Name" to the blank line before "Crosstable".
    EXPECT_EQ(without, whole.substr(0, name + 1) + whole.substr(cross + 1)) << without;
    EXPECT_EQ(without.find("Depth"), std::string::npos);
}

TEST(Progress, OneLinePerGameWhenNotATerminal) {
    std::ostringstream out;
    ProgressDisplay display(out, false);
    display.started(1, {}, 4, 1);
    GameRecord g = testing::fools_mate_game();
    g.slot.number = 11;
    display.game_finished(g, 1, "alphabeta", "minimax");
    display.finish();
    EXPECT_EQ(out.str(),
              "Resuming: 1 of 4 games already played\n"
              "Finished game 12 (alphabeta vs minimax): 0-1 {Black mates}\n");
}

TEST(Progress, TerminalLineShowsBarEtaAndLeader) {
    std::ostringstream out;
    ProgressDisplay display(out, true);
    display.started(1, {}, 2, 0);
    display.game_finished(testing::fools_mate_game(), 1, "w", "b");
    EXPECT_NE(out.str().find("[###############...............] 1/2  ETA "), std::string::npos)
        << out.str();
    EXPECT_NE(out.str().find("leader: b 1.0/1"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace arbiter
