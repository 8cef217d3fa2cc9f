// cutechess-cli's results lines end to end: fixed matches of our engines whose printed lines
// are what cutechess-cli 1.3.1 printed for the same commands (run side by side while this was
// written): the two-engine colour lines, Elo and SPRT lines every -ratinginterval games, the
// outcome blocks every -outcomeinterval games, and the ranking table of more engines in
// -resultformat's named formats and field lists.
#include <regex>

#include "harness/cli/cutechess_dialect_fixture.h"

namespace arbiter_test {
namespace {

class CutechessResults : public CutechessDialect {
  protected:
    // A suite of one opening: with deterministic engines (restart=on for the seeded random
    // movers) every game is decided by its two engines and their colours only, whatever order
    // the schedule plays them in.
    std::string one_opening() {
        std::ifstream suite(path("book.epd"));
        std::string line;
        std::getline(suite, line);
        std::ofstream(path("one.epd")) << line << '\n';
        return " -openings file=" + path("one.epd") + " -concurrency 1 -repeat -games 2";
    }
    // Four engines at depth 2: greedy loses every game, the other three win their Black games.
    std::string four_engines() {
        return "-engine name=ab cmd=" + std::string(ALPHABETA_PATH) +
               " -engine name=greedy cmd=" + GREEDY_PATH + " -engine name=mm cmd=" + MINIMAX_PATH +
               " -engine name=abm cmd=" + ALPHABETA_MVVLVA_PATH + " -each tc=inf depth=2" +
               one_opening() + " -rounds 1";
    }
    // greedy against the random mover seeded 1, six games on the fixture's book, in order.
    std::string greedy_and_random(const std::string& options, const std::string& db) {
        return "-engine name=g cmd=" + std::string(GREEDY_PATH) +
               " -engine name=r1 cmd=" + RANDOM_ENGINE_PATH +
               " option.Seed=1 -each tc=10+0.1 -openings file=" + path("book.epd") +
               " -repeat -games 2 -rounds 3 -concurrency 1 " + options + " -db " + path(db);
    }
    // stdout from its ranking table's header on.
    static std::string from_ranking(const std::string& out) {
        std::size_t at = out.find("\nRank ");
        return at == std::string::npos ? out : out.substr(at + 1);
    }
};

TEST_F(CutechessResults, TwoEnginesColoursEloSprtAndOutcomesAtTheirIntervals) {
    RunResult r = run(greedy_and_random("-ratinginterval 2 -outcomeinterval 4", "two.sqlite"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "Started game 1 of 6 (g vs r1)\n"
              "Finished game 1 (g vs r1): 1-0 {White mates}\n"
              "Score of g vs r1: 1 - 0 - 0  [1.000] 1\n"
              "Started game 2 of 6 (r1 vs g)\n"
              "Finished game 2 (r1 vs g): 0-1 {Black mates}\n"
              "Score of g vs r1: 2 - 0 - 0  [1.000] 2\n"
              "...      g playing White: 1 - 0 - 0  [1.000] 1\n"
              "...      g playing Black: 1 - 0 - 0  [1.000] 1\n"
              "...      White vs Black: 1 - 1 - 0  [0.500] 2\n"
              "Elo difference: inf +/- nan, LOS: 92.1 %, DrawRatio: 0.0 %\n"
              "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n"
              "Started game 3 of 6 (g vs r1)\n"
              "Finished game 3 (g vs r1): 1-0 {White mates}\n"
              "Score of g vs r1: 3 - 0 - 0  [1.000] 3\n"
              "Started game 4 of 6 (r1 vs g)\n"
              "Finished game 4 (r1 vs g): 1/2-1/2 {Draw by 3-fold repetition}\n"
              "Score of g vs r1: 3 - 0 - 1  [0.875] 4\n"
              "...      g playing White: 2 - 0 - 0  [1.000] 2\n"
              "...      g playing Black: 1 - 0 - 1  [0.750] 2\n"
              "...      White vs Black: 2 - 1 - 1  [0.625] 4\n"
              "Elo difference: 338.0 +/- nan, LOS: 95.8 %, DrawRatio: 25.0 %\n"
              "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n"
              "\n"
              "Player: g\n"
              "   \"Draw by 3-fold repetition\": 1\n"
              "   \"Win: Black mates\": 1\n"
              "   \"Win: White mates\": 2\n"
              "Player: r1\n"
              "   \"Draw by 3-fold repetition\": 1\n"
              "   \"Loss: Black mates\": 1\n"
              "   \"Loss: White mates\": 2\n"
              "Started game 5 of 6 (g vs r1)\n"
              "Finished game 5 (g vs r1): 1-0 {White mates}\n"
              "Score of g vs r1: 4 - 0 - 1  [0.900] 5\n"
              "Started game 6 of 6 (r1 vs g)\n"
              "Finished game 6 (r1 vs g): 0-1 {Black mates}\n"
              "Score of g vs r1: 5 - 0 - 1  [0.917] 6\n"
              "...      g playing White: 3 - 0 - 0  [1.000] 3\n"
              "...      g playing Black: 2 - 0 - 1  [0.833] 3\n"
              "...      White vs Black: 3 - 2 - 1  [0.583] 6\n"
              "Elo difference: 416.6 +/- nan, LOS: 98.7 %, DrawRatio: 16.7 %\n"
              "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n"
              "\n"
              "Player: g\n"
              "   \"Draw by 3-fold repetition\": 1\n"
              "   \"Win: Black mates\": 2\n"
              "   \"Win: White mates\": 3\n"
              "Player: r1\n"
              "   \"Draw by 3-fold repetition\": 1\n"
              "   \"Loss: Black mates\": 2\n"
              "   \"Loss: White mates\": 3\n"
              "Finished match\n");
}

TEST_F(CutechessResults, WithAnSprtItsLineCarriesTheTestsFigures) {
    RunResult r =
        run(greedy_and_random("-sprt elo0=0 elo1=10 alpha=0.05 beta=0.05", "sprt.sqlite"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // arbiter's pentanomial LLR in cutechess's words (cutechess's own is trinomial).
    EXPECT_TRUE(std::regex_search(
        r.out, std::regex("\nElo difference: 416.6 \\+/- nan, LOS: 98.7 %, DrawRatio: 16.7 %\n"
                          "SPRT: llr -?[0-9.]+ \\(-?[0-9]+\\.[0-9]%\\), lbound -2.94, ubound "
                          "2.94\n\nPlayer: g\n")))
        << r.out;
}

TEST_F(CutechessResults, FourEnginesInThePerColorFormat) {
    RunResult r = run(four_engines() + " -resultformat per-color -db " + path("pc.sqlite"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(from_ranking(r.out),
              "Rank Name                          Elo     +/-   Games    Wins  Losses   Draws   "
              "Points   WWins  WLoss.  WDraws   BWins  BLoss.  BDraws \n"
              "   1 abm                           120     nan       6       4       2       0      "
              "4.0       1       2       0       3       0       0 \n"
              "   2 mm                            120     nan       6       4       2       0      "
              "4.0       1       2       0       3       0       0 \n"
              "   3 ab                            120     nan       6       4       2       0      "
              "4.0       1       2       0       3       0       0 \n"
              "   4 greedy                       -inf     nan       6       0       6       0      "
              "0.0       0       3       0       0       3       0 \n"
              "\n"
              "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n"
              "\n"
              "Player: ab\n"
              "   \"Loss: Black mates\": 2\n"
              "   \"Win: Black mates\": 3\n"
              "   \"Win: White mates\": 1\n"
              "Player: greedy\n"
              "   \"Loss: Black mates\": 3\n"
              "   \"Loss: White mates\": 3\n"
              "Player: mm\n"
              "   \"Loss: Black mates\": 2\n"
              "   \"Win: Black mates\": 3\n"
              "   \"Win: White mates\": 1\n"
              "Player: abm\n"
              "   \"Loss: Black mates\": 2\n"
              "   \"Win: Black mates\": 3\n"
              "   \"Win: White mates\": 1\n"
              "Finished match\n");
}

TEST_F(CutechessResults, GauntletSeedsFirstInAFieldList) {
    RunResult r = run(four_engines() + " -tournament gauntlet -seeds 2 -resultformat " +
                      "Rank,Name,Elo,Points,wW,wL,bW,bL,RegulW,RegulL -db " + path("g.sqlite"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(from_ranking(r.out),
              "Rank Name                          Elo   Points   WWins  WLoss.   BWins  BLoss.  "
              "RegulW  RegulL \n"
              "   0 greedy                       -inf      0.0       0       2       0       2     "
              "  0       4 \n"
              "   1 ab                              0      2.0       0       2       2       0     "
              "  2       2 \n"
              "   2 abm                           191      3.0       1       1       2       0     "
              "  3       1 \n"
              "   3 mm                            191      3.0       1       1       2       0     "
              "  3       1 \n"
              "\n"
              "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n"
              "\n"
              "Player: ab\n"
              "   \"Loss: Black mates\": 2\n"
              "   \"Win: Black mates\": 2\n"
              "Player: greedy\n"
              "   \"Loss: Black mates\": 2\n"
              "   \"Loss: White mates\": 2\n"
              "Player: mm\n"
              "   \"Loss: Black mates\": 1\n"
              "   \"Win: Black mates\": 2\n"
              "   \"Win: White mates\": 1\n"
              "Player: abm\n"
              "   \"Loss: Black mates\": 1\n"
              "   \"Win: Black mates\": 2\n"
              "   \"Win: White mates\": 1\n"
              "Finished match\n");
}

TEST_F(CutechessResults, DrawsByTheirRulesInTheDrawsFormat) {
    std::string random = RANDOM_ENGINE_PATH;
    RunResult r =
        run("-engine name=r1 cmd=" + random + " option.Seed=1 -engine name=r2 cmd=" + random +
            " option.Seed=5 -engine name=r3 cmd=" + random +
            " option.Seed=3 -each tc=inf nodes=100 restart=on" + one_opening() +
            " -rounds 2 -resultformat draws -db " + path("d.sqlite"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(from_ranking(r.out),
              "Rank Name                          Elo     +/-   Games    Wins  Losses   Draws   "
              "Points   Score    Draw  DStale  DMater  DRepet  DMoves    DAdj  DAgree  OtherD \n"
              "   1 r3                              0       0       8       0       0       8      "
              "4.0   50.0%  100.0%       0       0       6       2       0       0       0 \n"
              "   2 r2                              0       0       8       0       0       8      "
              "4.0   50.0%  100.0%       2       2       4       0       0       0       0 \n"
              "   3 r1                              0       0       8       0       0       8      "
              "4.0   50.0%  100.0%       2       2       2       2       0       0       0 \n"
              "\n"
              "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n"
              "\n"
              "Player: r1\n"
              "   \"Draw by 3-fold repetition\": 2\n"
              "   \"Draw by fifty moves rule\": 2\n"
              "   \"Draw by insufficient mating material\": 2\n"
              "   \"Draw by stalemate\": 2\n"
              "Player: r2\n"
              "   \"Draw by 3-fold repetition\": 4\n"
              "   \"Draw by insufficient mating material\": 2\n"
              "   \"Draw by stalemate\": 2\n"
              "Player: r3\n"
              "   \"Draw by 3-fold repetition\": 6\n"
              "   \"Draw by fifty moves rule\": 2\n"
              "Finished match\n");
}

// Through fastchess's link, -output format=cutechess ends as fastchess's cutechess form ends:
// the last Score line, the Elo line and "Finished match", no colour lines nor outcome blocks.
TEST_F(CutechessResults, FastchessCutechessFormEndsWithTheEloLine) {
    fs::create_symlink(ARBITER_PATH, dir_ / "fastchess");
    std::string command = path("fastchess") + " " +
                          greedy_and_random("-output format=cutechess", "fc.sqlite") + " 2>" +
                          path("err");
    FILE* pipe = popen(command.c_str(), "r");
    std::string out;
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    ASSERT_EQ(pclose(pipe), 0) << out;
    EXPECT_TRUE(
        out.ends_with("Finished game 6 (r1 vs g): 0-1 {Black mates}\n"
                      "Score of g vs r1: 5 - 0 - 1  [0.917] 6\n"
                      "Elo difference: 416.6 +/- nan, LOS: 98.7 %, DrawRatio: 16.7 %\n"
                      "Finished match\n"))
        << out;
}

TEST_F(CutechessResults, ResultFormatHelpAndAnUnknownField) {
    RunResult help = run("-engine cmd=x -engine cmd=y -resultformat help");
    EXPECT_EQ(help.exit_code, 0) << help.err;
    EXPECT_TRUE(
        help.out.starts_with("\nOption -resultformat accepts a comma separated list of "
                             "fields or one of following format names:\n\nconcise \n"))
        << help.out;
    RunResult bad = run(four_engines() + " -resultformat Rank,Name,Elo,Wins");
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("-resultformat: unknown field 'Wins'"), std::string::npos) << bad.err;
    EXPECT_EQ(bad.out, "");
}

}  // namespace
}  // namespace arbiter_test
