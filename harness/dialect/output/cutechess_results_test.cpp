// cutechess-cli's results lines from hand-made counts: the colour lines, the outcome blocks, the
// SPRT line and the ranking table in -resultformat's columns, byte for byte as cutechess-cli
// 1.3.1 printed them for the same counts.
#include "harness/dialect/output/cutechess_results.h"

#include <gtest/gtest.h>

#include "harness/config/values.h"

namespace arbiter {
namespace {

Result win(Color winner, Termination termination, const std::string& words) {
    return Result::win(winner, termination, words);
}

TEST(CutechessResults, ColourLinesCountTheFirstEngineByColour) {
    PlayerTally a, b;
    count_game(a, b, win(WHITE, Termination::checkmate, "White mates"), "White mates");
    count_game(b, a, win(BLACK, Termination::checkmate, "Black mates"), "Black mates");
    count_game(a, b, win(WHITE, Termination::checkmate, "White mates"), "White mates");
    count_game(b, a, Result::draw(Termination::threefold, "Draw by 3-fold repetition"),
               "Draw by 3-fold repetition");
    EXPECT_EQ(sides_lines("g", a),
              "...      g playing White: 2 - 0 - 0  [1.000] 2\n"
              "...      g playing Black: 1 - 0 - 1  [0.750] 2\n"
              "...      White vs Black: 2 - 1 - 1  [0.625] 4\n");
    PlayerTally white_only;
    count_game(white_only, b, Result::draw(Termination::stalemate, "Draw by stalemate"),
               "Draw by stalemate");
    EXPECT_EQ(sides_lines("w", white_only),
              "...      w playing White: 0 - 0 - 1  [0.500] 1\n"
              "...      White vs Black: 0 - 0 - 1  [0.500] 1\n");
    EXPECT_EQ(sides_lines("none", PlayerTally{}), "");
}

TEST(CutechessResults, OutcomeBlocksSortTheWordsAndMarkWinsAndLosses) {
    std::vector<PlayerTally> players(2);
    count_game(players[0], players[1], win(WHITE, Termination::checkmate, "White mates"),
               "White mates");
    count_game(players[1], players[0], win(BLACK, Termination::checkmate, "Black mates"),
               "Black mates");
    count_game(players[0], players[1], Result::draw(Termination::threefold, "Draw by 3-fold"),
               "Draw by 3-fold");
    EXPECT_EQ(outcome_blocks({"g", "r"}, players),
              "\nPlayer: g\n"
              "   \"Draw by 3-fold\": 1\n"
              "   \"Win: Black mates\": 1\n"
              "   \"Win: White mates\": 1\n"
              "Player: r\n"
              "   \"Draw by 3-fold\": 1\n"
              "   \"Loss: Black mates\": 1\n"
              "   \"Loss: White mates\": 1");
}

TEST(CutechessResults, EndingKindsAreCutechesssCounters) {
    PlayerTally w, b;
    count_game(w, b, Result::loss(BLACK, Termination::time_forfeit, "Black loses on time"), "x");
    count_game(w, b, Result::illegal(BLACK, "e2e5"), "x");
    count_game(w, b, Result::loss(WHITE, Termination::disconnect, "White disconnects"), "x");
    count_game(w, b, Result::loss(WHITE, Termination::stall, "White's connection stalls"), "x");
    count_game(w, b, Result::loss(WHITE, Termination::false_claim, "White's claim"), "x");
    count_game(w, b, Result::loss(BLACK, Termination::adjudication_resign, "adj"), "x");
    count_game(w, b, Result::draw(Termination::fifty_moves, "Draw by fifty moves rule"), "x");
    count_game(w, b,
               Result::draw(Termination::insufficient_material,
                            "Draw by insufficient "
                            "mating material"),
               "x");
    count_game(w, b, Result::draw(Termination::max_plies, "Draw by adjudication"), "x");
    count_game(w, b, Result::draw(Termination::tablebase, "Draw by adjudication: SyzygyTB"), "x");
    EXPECT_EQ(b.ending(EndingKind::time_forfeit), 1);
    EXPECT_EQ(b.ending(EndingKind::illegal_move), 1);
    EXPECT_EQ(w.ending(EndingKind::disconnection), 1);
    EXPECT_EQ(w.ending(EndingKind::stall), 1);
    EXPECT_EQ(w.ending(EndingKind::wrong_claim), 1);
    EXPECT_EQ(b.ending(EndingKind::regular_loss), 1);
    EXPECT_EQ(w.ending(EndingKind::regular_win), 1);
    EXPECT_EQ(w.ending(EndingKind::other_win), 2);
    EXPECT_EQ(b.ending(EndingKind::other_win), 3);
    for (const PlayerTally* p : {&w, &b}) {
        EXPECT_EQ(p->ending(EndingKind::moves_rule), 1);
        EXPECT_EQ(p->ending(EndingKind::material), 1);
        EXPECT_EQ(p->ending(EndingKind::adjudication), 2);
    }
}

// A draw counts by how it ended (its Termination), whatever words describe it: a game read back
// from a database, a resumed match's, carries the words of the arbiter that played it.
TEST(CutechessResults, DrawKindsComeFromTheTerminationNotTheWords) {
    PlayerTally w, b;
    count_game(w, b, Result::draw(Termination::threefold, "Draw by stalemate"), "x");
    count_game(w, b, Result::draw(Termination::stalemate, "a draw"), "x");
    count_game(w, b, Result::draw(Termination::resignation, "Draw by 3-fold repetition"), "x");
    for (const PlayerTally* p : {&w, &b}) {
        EXPECT_EQ(p->ending(EndingKind::repetition), 1);
        EXPECT_EQ(p->ending(EndingKind::stalemate), 1);
        EXPECT_EQ(p->ending(EndingKind::other_draw), 1);
        EXPECT_EQ(p->ending(EndingKind::counting_rules), 0);
    }
}

TEST(CutechessResults, SprtLineWithoutAndWithAnSprt) {
    EXPECT_EQ(cutechess_sprt_line(std::nullopt, PentanomialCounts{}),
              "SPRT: llr 0 (0.0%), lbound -inf, ubound inf");
    SprtParameters parameters;  // elo0 0, elo1 10, alpha = beta = 0.05
    EXPECT_EQ(cutechess_sprt_line(parameters, PentanomialCounts{}),
              "SPRT: llr 0 (0.0%), lbound -2.94, ubound 2.94");
    PentanomialCounts strong;
    strong.pairs = {0, 2, 20, 40, 60};
    std::string line = cutechess_sprt_line(parameters, strong);
    EXPECT_TRUE(line.ends_with("%), lbound -2.94, ubound 2.94 - H1 was accepted")) << line;
}

// Four engines, the counts of cutechess-cli 1.3.1's round robin of alphabeta, greedy, minimax
// and alphabeta-mvvlva at depth 2 from one opening (-repeat -games 2): greedy lost every game,
// the other three scored 4 of 6, each winning its three Black games.
std::vector<PlayerTally> four_engines() {
    std::vector<PlayerTally> players(4);
    auto mate = [&](int white, int black, Color winner) {
        const char* words = winner == WHITE ? "White mates" : "Black mates";
        count_game(players[std::size_t(white)], players[std::size_t(black)],
                   win(winner, Termination::checkmate, words), words);
    };
    for (int strong : {0, 2, 3}) {
        mate(strong, 1, WHITE);
        mate(1, strong, BLACK);
    }
    mate(0, 2, BLACK), mate(2, 0, BLACK), mate(0, 3, BLACK), mate(3, 0, BLACK);
    mate(2, 3, BLACK), mate(3, 2, BLACK);
    return players;
}

std::vector<RankingEntry> entries(const std::vector<PlayerTally>& players) {
    std::vector<std::string> names = {"ab", "greedy", "mm", "abm"};
    std::vector<RankingEntry> list;
    for (std::size_t i = 0; i < players.size(); ++i) list.push_back({names[i], &players[i], "inf"});
    return list;
}

TEST(CutechessResults, RankingTableInTheDefaultFormatListsTiesLaterEngineFirst) {
    std::vector<PlayerTally> players = four_engines();
    EXPECT_EQ(ranking_table(entries(players), "default", std::nullopt),
              "Rank Name                          Elo     +/-   Games   Score    Draw \n"
              "   1 abm                           120     nan       6   66.7%    0.0% \n"
              "   2 mm                            120     nan       6   66.7%    0.0% \n"
              "   3 ab                            120     nan       6   66.7%    0.0% \n"
              "   4 greedy                       -inf     nan       6    0.0%    0.0% \n");
}

TEST(CutechessResults, RankingTableInNamedAndCustomFormats) {
    std::vector<PlayerTally> players = four_engines();
    EXPECT_EQ(ranking_table(entries(players), "small", std::nullopt),
              "Rank Name                        Games   Points \n"
              "   1 abm                             6      4.0 \n"
              "   2 mm                              6      4.0 \n"
              "   3 ab                              6      4.0 \n"
              "   4 greedy                          6      0.0 \n");
    // Spaces dropped, LOS and wPoints printed as nothing, a shortcut written out.
    EXPECT_EQ(ranking_table(entries(players), " Rank, Name,TC,LOS,wPoints,Terminations", {}),
              "Rank Name                                  TC    Time Illegal  Discon   Stall "
              "WrClaim \n"
              "   1 abm                                  inf       0       0       0       0 "
              "      0 \n"
              "   2 mm                                   inf       0       0       0       0 "
              "      0 \n"
              "   3 ab                                   inf       0       0       0       0 "
              "      0 \n"
              "   4 greedy                               inf       0       0       0       0 "
              "      0 \n");
}

TEST(CutechessResults, GauntletSeedsComeFirstRankedFromZero) {
    std::vector<PlayerTally> players = four_engines();
    // Ordered as cutechess-cli orders -tournament gauntlet -seeds 2: both seeds first.
    std::string table = ranking_table(entries(players), "Rank,Name,Score,wScore,bScore", 2);
    EXPECT_EQ(table,
              "Rank Name                        Score   White   Black \n"
              "   0 greedy                       0.0%    0.0%    0.0% \n"
              "   1 ab                          66.7%   33.3%  100.0% \n"
              "   2 abm                         66.7%   33.3%  100.0% \n"
              "   3 mm                          66.7%   33.3%  100.0% \n");
}

TEST(CutechessResults, AnEngineWithoutGamesComesLastWithNan) {
    std::vector<PlayerTally> players(3);
    count_game(players[0], players[1], Result::draw(Termination::stalemate, "Draw by stalemate"),
               "Draw by stalemate");
    std::vector<RankingEntry> list = {
        {"a", &players[0], "10+0.1"}, {"b", &players[1], "10+0.1"}, {"c", &players[2], "1/move"}};
    EXPECT_EQ(ranking_table(list, "Rank,Name,TC,Score,wScore,DStale", std::nullopt),
              "Rank Name                                  TC   Score   White  DStale \n"
              "   1 b                                 10+0.1   50.0%    nan%       1 \n"
              "   2 a                                 10+0.1   50.0%   50.0%       1 \n"
              "   3 c                                 1/move    nan%    nan%       0 \n");
}

}  // namespace
}  // namespace arbiter
