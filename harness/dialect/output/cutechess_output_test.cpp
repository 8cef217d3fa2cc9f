// The cutechess and fastchess lines, byte for byte, from hard-coded counts.
#include "harness/dialect/output/cutechess_output.h"

#include <gtest/gtest.h>

#include <array>
#include <sstream>
#include <vector>

namespace arbiter {
namespace {

TEST(CutechessLines, ScoreLineHasTwoSpacesBeforeTheBracket) {
    WdlCounts counts{5, 2, 3};  // wins, draws, losses
    EXPECT_EQ(score_line("alpha", "beta", counts), "Score of alpha vs beta: 5 - 3 - 2  [0.600] 10");
}

TEST(CutechessLines, NumbersRoundAsQtRoundsThem) {
    // An exact half goes away from zero, as cutechess-cli 1.3.1 prints 5 points of 16 "[0.313]".
    EXPECT_EQ(qt_fixed(0.3125, 3), "0.313");
    EXPECT_EQ(qt_fixed(0.4375, 3), "0.438");
    EXPECT_EQ(qt_fixed(56.25, 1), "56.3");
    EXPECT_EQ(qt_fixed(-70.45, 1), "-70.5");  // 70.45 is 70.4500000000000028... in binary
    EXPECT_EQ(qt_fixed(0.1, 1), "0.1");
    EXPECT_EQ(qt_fixed(9.96, 1), "10.0");
    EXPECT_EQ(qt_fixed(99.5, 0), "100");
    EXPECT_EQ(qt_fixed(-0.0, 1), "0.0");
    EXPECT_EQ(qt_fixed(2.0 / 3.0, 3), "0.667");
    EXPECT_EQ(score_line("a", "b", WdlCounts{1, 3, 4}), "Score of a vs b: 1 - 4 - 3  [0.313] 8");
}

TEST(CutechessLines, EloDifferenceLineWithoutSpreadIsWhatCutechessPrints) {
    // No decisive game: LOS is erf(0/0); a 100% score: Elo is -400 log10(0) and the margin
    // inf - inf. cutechess prints these through Qt as "nan" and "inf".
    EXPECT_EQ(elo_difference_line(WdlCounts{0, 4, 0}),
              "Elo difference: 0.0 +/- 0.0, LOS: nan %, DrawRatio: 100.0 %");
    EXPECT_EQ(elo_difference_line(WdlCounts{3, 0, 0}),
              "Elo difference: inf +/- nan, LOS: 95.8 %, DrawRatio: 0.0 %");
}

// The figures below were computed by hand from cutechess-cli's own formulas (projects/lib/src/
// elo.cpp): mu = (W + D/2)/N; stdev = sqrt(w(1-mu)^2 + l mu^2 + d(0.5-mu)^2)/sqrt(N) with w, l, d
// the shares of N; Elo = -400 log10(1/mu - 1); margin = (Elo(mu + 1.96 stdev) -
// Elo(mu - 1.96 stdev))/2, with cutechess's erfInv approximation behind phiInv(0.975);
// LOS = 100 (0.5 + 0.5 erf((W-L)/sqrt(2(W+L)))); DrawRatio = 100 D/N. WdlCounts is {W, D, L}.
TEST(CutechessLines, EloDifferenceLineMatchesCutechessFormulasOnHandCases) {
    EXPECT_EQ(elo_difference_line(WdlCounts{7, 4, 3}),
              "Elo difference: 102.1 +/- 174.0, LOS: 89.7 %, DrawRatio: 28.6 %");
    EXPECT_EQ(elo_difference_line(WdlCounts{5, 3, 2}),
              "Elo difference: 107.5 +/- 215.3, LOS: 87.2 %, DrawRatio: 30.0 %");
    EXPECT_EQ(elo_difference_line(WdlCounts{30, 50, 20}),
              "Elo difference: 34.9 +/- 48.4, LOS: 92.1 %, DrawRatio: 50.0 %");
    EXPECT_EQ(elo_difference_line(WdlCounts{120, 280, 100}),
              "Elo difference: 13.9 +/- 20.2, LOS: 91.1 %, DrawRatio: 56.0 %");
    EXPECT_EQ(elo_difference_line(WdlCounts{3, 2, 5}),
              "Elo difference: -70.4 +/- 226.4, LOS: 24.0 %, DrawRatio: 20.0 %");
}

TEST(CutechessLines, SprtLineSaysWhichHypothesisWasAccepted) {
    SprtParameters parameters;  // elo0 0, elo1 10, alpha = beta = 0.05
    PentanomialCounts strong;
    strong.pairs = {0, 2, 20, 40, 60};
    std::string line = sprt_line(parameters, strong);
    EXPECT_TRUE(line.rfind("SPRT: llr ", 0) == 0) << line;
    EXPECT_NE(line.find("%), lbound -2.94, ubound 2.94 - H1 was accepted"), std::string::npos)
        << line;
    EXPECT_EQ(sprt_line(parameters, PentanomialCounts{}),
              "SPRT: llr 0.00 (0.0%), lbound -2.94, ubound 2.94");
}

TEST(CutechessLines, ReasonsAreCutechessWords) {
    EXPECT_EQ(cutechess_reason(Termination::checkmate, "White mates"), "White mates");
    EXPECT_EQ(cutechess_reason(Termination::max_plies, "Draw by adjudication: maximum game length"),
              "Draw by adjudication");
}

TEST(FastchessLines, BlockCountsCompletedPairs) {
    PentanomialCounts pairs;
    pairs.pairs = {1, 2, 3, 2, 1};
    WdlCounts games{6, 6, 6};
    std::string block =
        fastchess_block("a vs b (10+0.1, NULL, 16MB, book.epd)", pairs, {2, 1}, games, {});
    EXPECT_NE(block.find("\nResults of a vs b (10+0.1, NULL, 16MB, book.epd):\n"),
              std::string::npos)
        << block;
    EXPECT_NE(block.find("\nGames: 18, Wins: 6, Losses: 6, Draws: 6, Points: 9.0 (50.00 %)\n"),
              std::string::npos)
        << block;
    EXPECT_NE(block.find("\nPtnml(0-2): [1, 2, 3, 2, 1], WL/DD Ratio: 2.00\n"), std::string::npos)
        << block;
    EXPECT_NE(block.find("DrawRatio: 33.33 %, PairsRatio: 1.00"), std::string::npos) << block;
    EXPECT_TRUE(block.rfind(std::string(50, '-') + "\n", 0) == 0);
}

TEST(FastchessLines, RatiosPrintAsFastchessDividesDoubles) {
    EXPECT_EQ(fastchess_ratio(3, 2), "1.50");
    EXPECT_EQ(fastchess_ratio(3, 0), "inf");
    EXPECT_EQ(fastchess_ratio(0, 0), "-nan");  // x86's default NaN has its sign bit set
    EXPECT_EQ(fastchess_ratio(0, 4), "0.00");
}

// The pentanomial block's figures by fastchess's own formulas, as fastchess 1.8.2 printed them for
// Stockfish 1200 nodes against 800 (8 pairs), for an all-draw match and for a 100% score.
TEST(FastchessLines, BlockFiguresAreFastchessOwn) {
    auto figures = [](std::array<std::int64_t, 5> counts) {
        PentanomialCounts pairs;
        pairs.pairs = counts;
        std::string block = fastchess_block("a vs b", pairs, {}, WdlCounts{}, {});
        std::size_t elo = block.find("\nElo: ");
        return block.substr(elo + 1, block.find(" %, DrawRatio") - elo - 1);
    };
    EXPECT_EQ(figures({1, 1, 2, 1, 3}),
              "Elo: 88.74 +/- 207.63, nElo: 86.86 +/- 170.24\nLOS: 84.13");
    EXPECT_EQ(figures({0, 0, 4, 0, 0}), "Elo: -0.00 +/- 0.00, nElo: -nan +/- -nan\nLOS: -nan");
    EXPECT_EQ(figures({0, 0, 0, 0, 4}), "Elo: inf +/- -nan, nElo: inf +/- -nan\nLOS: 100.00");
}

// fastchess prints its block when the game that completes pair 10, 20, ... (-ratinginterval
// pairs) ends, and at the end; single games (-games 1) every -ratinginterval games.
TEST(FastchessLines, BlocksEveryTenPairs) {
    auto blocks_after = [](bool single_games, int games) {
        std::ostringstream out, diagnostics;
        OutputPlan settings;
        settings.format = ConsoleFormat::fastchess;
        TournamentConfig config;
        config.engines.resize(2);
        config.engines[0].name = "a";
        config.engines[1].name = "b";
        config.single_games = single_games;
        CutechessConsole console(out, diagnostics, settings, config);
        console.started(1, {1, 2}, games, 0);
        std::vector<int> printed;  // the games after which a block was printed
        for (int number = 0; number < games; ++number) {
            GameRecord game;
            game.slot.number = number;
            game.slot.game_in_pair = single_games ? 0 : number % 2;
            game.result.outcome = Outcome::white_win;
            game.result.termination = Termination::checkmate;
            game.result.description = "White mates";
            const std::size_t before = out.str().size();
            console.game_finished(game, number + 1, number % 2 ? "b" : "a", number % 2 ? "a" : "b");
            if (out.str().find("Results of", before) != std::string::npos)
                printed.push_back(number + 1);
        }
        return printed;
    };
    EXPECT_EQ(blocks_after(false, 44), (std::vector<int>{20, 40}));
    EXPECT_EQ(blocks_after(true, 25), (std::vector<int>{10, 20}));
}

TEST(CutechessConsoleLines, NumbersGamesFromOneAndEndsWithFinishedMatch) {
    TournamentConfig config;
    config.engines.resize(2);
    config.engines[0].name = "a";
    config.engines[0].command = "x";
    config.engines[1].name = "b";
    config.engines[1].command = "y";
    std::ostringstream out, diagnostics;
    CutechessConsole console(out, diagnostics, OutputPlan{}, config);
    console.started(1, {1, 2}, 2, 0);
    ScheduleSlot first{0, 0, 0, 0, 0}, second{1, 0, 0, 0, 1};
    console.game_started(first, "a", "b");
    GameRecord game;
    game.slot = first;
    game.result.outcome = Outcome::white_win;
    game.result.termination = Termination::checkmate;
    game.result.description = "White mates";
    console.game_finished(game, 1, "a", "b");
    console.engine_event("b will be restarted after game 2");
    game.slot = second;
    game.result.outcome = Outcome::draw;
    game.result.termination = Termination::max_plies;
    game.result.description = "Draw by adjudication: maximum game length";
    console.game_finished(game, 2, "b", "a");
    console.finish();
    console.game_started(second, "b", "a");  // after finish(): nothing more
    EXPECT_EQ(out.str(),
              "Started game 1 of 2 (a vs b)\n"
              "Finished game 1 (a vs b): 1-0 {White mates}\n"
              "Score of a vs b: 1 - 0 - 0  [1.000] 1\n"
              "Finished game 2 (b vs a): 1/2-1/2 {Draw by adjudication}\n"
              "Score of a vs b: 1 - 0 - 1  [0.750] 2\n"
              "...      a playing White: 1 - 0 - 0  [1.000] 1\n"
              "...      a playing Black: 0 - 0 - 1  [0.500] 1\n"
              "...      White vs Black: 1 - 0 - 1  [0.750] 2\n"
              "Elo difference: 190.8 +/- nan, LOS: 84.1 %, DrawRatio: 50.0 %\n"
              "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n"
              "\n"
              "Player: a\n"
              "   \"Draw by adjudication\": 1\n"
              "   \"Win: White mates\": 1\n"
              "Player: b\n"
              "   \"Draw by adjudication\": 1\n"
              "   \"Loss: White mates\": 1\n"
              "Finished match\n");
    EXPECT_EQ(diagnostics.str(), "b will be restarted after game 2\n");
}

// fastchess's block without pentanomial (-games 1), its closing lines and its time line, by
// fastchess's formulas worked by hand: W=30 L=10 D=10 scores 0.7, variance 0.16 per game.
TEST(FastchessClosing, SingleGamesBlockFaultsAndTotalTime) {
    WdlCounts games;
    games.wins = 30;
    games.losses = 10;
    games.draws = 10;
    EXPECT_EQ(fastchess_games_block("a vs b (10+0.1, NULL, NULL, book.epd)", games, std::nullopt,
                                    PentanomialCounts{}),
              std::string(50, '-') +
                  "\nResults of a vs b (10+0.1, NULL, NULL, book.epd):\n"
                  "Elo: 147.19 +/- 95.14, nElo: 173.72 +/- 96.30\n"
                  "LOS: 99.98 %, DrawRatio: 20.00 %\n"
                  "Games: 50, Wins: 30, Losses: 10, Draws: 10, Points: 35.0 (70.00 %)\n" +
                  std::string(50, '-') + "\n");
    // Draws only, as fastchess prints them (-0.00 and -nan from its formulas on x86).
    EXPECT_NE(fastchess_games_block("a vs b", WdlCounts{0, 5, 0}, std::nullopt, {})
                  .find("\nElo: -0.00 +/- 0.00, nElo: -nan +/- -nan\nLOS: -nan %, DrawRatio: "
                        "100.00 %\n"),
              std::string::npos);
    EXPECT_EQ(fastchess_total_time(std::chrono::seconds(3723)),
              "Total Time: 01:02:03 (hours:minutes:seconds)");
    EXPECT_EQ(fastchess_total_time(std::chrono::milliseconds(999)),
              "Total Time: 00:00:00 (hours:minutes:seconds)");

    std::ostringstream out, diagnostics;
    OutputPlan settings;
    settings.format = ConsoleFormat::fastchess;
    TournamentConfig config;
    config.engines.resize(2);
    config.engines[0].name = "a";
    config.engines[1].name = "b";
    CutechessConsole console(out, diagnostics, settings, config);
    console.started(1, {1, 2}, 2, 0);
    GameRecord game;
    game.result.outcome = Outcome::white_win;
    game.result.termination = Termination::time_forfeit;
    game.result.description = "Black loses on time";
    console.game_finished(game, 1, "a", "b");
    game.slot.number = 1;
    game.slot.game_in_pair = 1;
    game.result.outcome = Outcome::white_win;
    game.result.termination = Termination::stall;
    game.result.description = "Black's connection stalls";
    console.game_finished(game, 2, "b", "a");
    console.finish();
    EXPECT_TRUE(out.str().ends_with(std::string(50, '-') +
                                    "\n\nPlayer: a\n  Timeouts: 0\n  Crashed: 1\n"
                                    "Player: b\n  Timeouts: 1\n  Crashed: 0\n\n"
                                    "Finished match\nTotal Time: 00:00:00 "
                                    "(hours:minutes:seconds)\n\n"))
        << out.str();
}

}  // namespace
}  // namespace arbiter
