// Issue 41's check of time controls of several periods, end to end: Stockfish against itself at
// 10/2+0.05:5/1+0.05:3+0.05 through the `arbiter` program. No game is lost on time, every `go`
// carries the moves left in the mover's period (none in the last, sudden-death period), and the
// PGN's TimeControl tag is the whole control in the standard's form.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include "harness/game/stockfish_match_test_support.h"

namespace arbiter {
namespace {

const char* const CONTROL = "10/2+0.05:5/1+0.05:3+0.05";

// The movestogo a `go` should carry for the side's n-th move of the game (from 1): the moves
// left in its period of 10, then of 5, then none.
int expected_moves_to_go(int n) {
    if (n <= 10) return 11 - n;
    if (n <= 15) return 16 - n;
    return 0;
}

// The word after `key` in a line, as a number; 0 when the line has no such word.
int number_after(const std::string& line, const std::string& key) {
    std::istringstream words(line);
    for (std::string word; words >> word;)
        if (word == key && words >> word) return std::stoi(word);
    return 0;
}

TEST(PeriodsStockfish, AThreePeriodMatchSendsEachPeriodsMovesToGoAndNeverLosesOnTime) {
    auto match = arbiter_test::play_stockfish_match("periods", "sf1", "", "sf2", CONTROL);
    if (!match) GTEST_SKIP() << "stockfish is not installed";
    const std::string &run = match->output, &pgn = match->pgn;
    EXPECT_EQ(arbiter_test::count_of(pgn, "[Result "), 2) << run;
    EXPECT_EQ(arbiter_test::count_of(pgn, "[TimeControl \"" + std::string(CONTROL) + "\"]"), 2)
        << pgn;
    EXPECT_EQ(arbiter_test::count_of(pgn, "time forfeit"), 0) << pgn;
    EXPECT_EQ(arbiter_test::count_of(pgn, "loses on time"), 0) << pgn;

    // Each engine process's `go` follows its `position ... moves ...`: the moves played since the
    // opening say which of its own moves the engine is about to make.
    std::istringstream log(match->log);
    std::map<std::string, int> plies;  // per engine process ("sf1(1)"): plies before its search
    int goes = 0, in_last_period = 0, wrong = 0;
    for (std::string line; std::getline(log, line);) {
        std::size_t arrow = line.find(" > ");
        if (arrow == std::string::npos) continue;
        const std::string engine =
            line.substr(line.rfind(' ', arrow - 1) + 1, arrow - line.rfind(' ', arrow - 1) - 1);
        const std::string command = line.substr(arrow + 3);
        if (command.starts_with("position ")) {
            std::size_t moves = command.find(" moves ");
            plies[engine] = moves == std::string::npos
                                ? 0
                                : arbiter_test::count_of(command.substr(moves + 6), " ");
        } else if (command.starts_with("go ")) {
            const int n = plies[engine] / 2 + 1;  // the side's own move number in the game
            ++goes;
            if (n > 15) ++in_last_period;
            if (number_after(command, "movestogo") != expected_moves_to_go(n)) {
                ++wrong;
                ADD_FAILURE() << "move " << n << ": " << line;
            }
        }
    }
    EXPECT_GT(goes, 40);
    EXPECT_GT(in_last_period, 0);  // the games reached the sudden-death period
    EXPECT_EQ(wrong, 0);
    std::printf("%s%d go lines, %d in the last period\n", run.c_str(), goes, in_last_period);
    if (!HasFailure()) std::filesystem::remove_all(match->dir);
}

}  // namespace
}  // namespace arbiter
