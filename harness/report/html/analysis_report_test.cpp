// The page's analysis figures from a database, worked by hand: two analysed games (the fool's
// mate with its first move from the book, and a quiet draw) and one the analysis does not hold;
// each engine's losses and marks (book moves left out), the turning point, the viewer's
// evaluations from White's side, the analysis chosen among two, and the section's text.
#include <gtest/gtest.h>

#include "harness/report/html/page.h"
#include "harness/report/html/report_data.h"

namespace arbiter::html {
namespace {

constexpr const char* ANALYSED_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

GameRecord played(TournamentId t, std::int64_t slot, EngineId white, EngineId black,
                  std::vector<std::pair<std::string, std::string>> moves, const char* result,
                  Termination termination) {
    GameRecord g;
    g.tournament_id = t;
    g.slot = {slot, 0, int(slot / 2), 0, int(slot % 2)};
    g.white_engine_id = white;
    g.black_engine_id = black;
    g.start_fen = ANALYSED_START;
    g.result.outcome = *parse_outcome(result);
    g.result.termination = termination;
    int ply = 0;
    for (auto& [uci, san] : moves) {
        MoveRecord m;
        m.ply = ++ply;
        m.uci = uci;
        m.san = san;
        g.moves.push_back(m);
    }
    return g;
}

PositionVerdict verdict_cp(int centipawns, std::string best) {
    return {Score::from_centipawns(centipawns), std::move(best), 6};
}

class AnalysisReport : public ::testing::Test {
  protected:
    void SetUp() override {
        alpha = store.get_or_create_engine({"alpha", "/bin/a", {}, "", {}, std::string(64, 'a')});
        beta = store.get_or_create_engine({"beta", "/bin/b", {}, "", {}, std::string(64, 'b')});
        const EngineId reference =
            store.get_or_create_engine({"ref", "/bin/r", {}, "", {}, std::string(64, 'c')});
        const TournamentId t = store.get_or_create_tournament("key", R"({"event":"Cup"})");
        // The fool's mate, 1. f3 from the book; a draw; a time loss nobody analysed.
        GameRecord mate = played(t, 0, alpha, beta,
                                 {{"f2f3", "f3"}, {"e7e5", "e5"}, {"g2g4", "g4"}, {"d8h4", "Qh4#"}},
                                 "0-1", Termination::checkmate);
        mate.moves[0].book = true;
        fools_mate = store.record_game(mate);
        draw = store.record_game(played(
            t, 1, beta, alpha, {{"e2e4", "e4"}, {"e7e5", "e5"}, {"g1f3", "Nf3"}, {"b8c6", "Nc6"}},
            "1/2-1/2", Termination::adjudication_draw));
        const GameId unanalysed = store.record_game(
            played(t, 2, alpha, beta, {{"e2e4", "e4"}}, "1-0", Termination::time_forfeit));
        // Scores are the side to move's. The mate: White loses 80 by f3 (book), 930 by g4 (??,
        // Nc3 better); the final position is mate 0 for White, as Stockfish says it.
        analysis = store.get_or_create_analysis(reference, "depth", 6);
        const std::vector<PositionVerdict> mate_verdicts = {verdict_cp(20, "e2e4"),
                                                            verdict_cp(60, "e7e5"),
                                                            verdict_cp(-70, "b1c3"),
                                                            {Score::from_mate_moves(1), "d8h4", 6},
                                                            {Score::from_mate_moves(0), "", 0}};
        store.record_game_analysis(analysis, fools_mate, mate_verdicts);
        // The draw: e4 loses 30 - 25 = 5, e5 -25 + 40 = 15, Nf3 nothing, Nc6 -120 + 200 = 80
        // (?!, d6 better).
        store.record_game_analysis(
            analysis, draw,
            std::vector<PositionVerdict>{verdict_cp(30, "e2e4"), verdict_cp(-25, "e7e5"),
                                         verdict_cp(40, "g1f3"), verdict_cp(-120, "d7d6"),
                                         verdict_cp(200, "f1b5")});
        // Another analysis holding only the time loss: the page shows the one holding more.
        const AnalysisId other = store.get_or_create_analysis(reference, "depth", 9);
        store.record_game_analysis(
            other, unanalysed,
            std::vector<PositionVerdict>{verdict_cp(10, "e2e4"), verdict_cp(-10, "e7e5")});
        ReportOptions options;
        options.bootstrap_samples = 20;
        options.timeline_bootstrap_samples = 10;
        data = collect_report(store, options);
    }
    int index(const std::string& name) const {
        return int(std::find(data.names.begin(), data.names.end(), name) - data.names.begin());
    }
    Store store = Store::open(":memory:");
    EngineId alpha = 0, beta = 0;
    GameId fools_mate = 0, draw = 0;
    AnalysisId analysis = 0;
    ReportData data;
};

TEST_F(AnalysisReport, EachEnginesLossesAndMarksLeaveBookMovesOut) {
    ASSERT_TRUE(data.analysis);
    EXPECT_EQ(data.analysis->analysis.id, analysis);
    EXPECT_EQ(data.analysis->analysis.games, 2);
    // alpha: g4 930 (??), then e5 15 and Nc6 80 (?!); f3 was the book's.
    const LossTally& a = data.analysis->engines[std::size_t(index("alpha"))];
    EXPECT_EQ(a.games, 2);
    EXPECT_EQ(a.moves, 3);
    EXPECT_EQ(a.loss, 1025);
    EXPECT_EQ(a.inaccuracies, 1);
    EXPECT_EQ(a.mistakes, 0);
    EXPECT_EQ(a.blunders, 1);
    // beta: e5 0 and Qh4# 0 (mate in 1 to mated), then e4 5 and Nf3 0.
    const LossTally& b = data.analysis->engines[std::size_t(index("beta"))];
    EXPECT_EQ(b.games, 2);
    EXPECT_EQ(b.moves, 4);
    EXPECT_EQ(b.loss, 5);
    EXPECT_EQ(b.inaccuracies + b.mistakes + b.blunders, 0);
    EXPECT_DOUBLE_EQ(b.average_loss(), 1.25);
}

TEST_F(AnalysisReport, TheDecisiveGameTurnsAtG4AndTheViewerDrawsWhitesSide) {
    ASSERT_TRUE(data.analysis);
    EXPECT_EQ(data.analysis->decisive, 1);  // the time loss is not analysed by this analysis
    ASSERT_EQ(data.analysis->turning_points.size(), 1u);
    const GameTurningPoint& t = data.analysis->turning_points[0];
    EXPECT_EQ(t.game, fools_mate);
    EXPECT_EQ(t.loser, index("alpha"));
    EXPECT_EQ(t.move, "2. g4");
    EXPECT_EQ(t.point.before, -70);
    EXPECT_EQ(t.point.after, -1000);
    EXPECT_EQ(t.point.better, "Nc3");
    ASSERT_GE(data.viewer_games.size(), 3u);
    const ViewerAnalysis& mate = data.viewer_games[0].analysis;
    EXPECT_EQ(mate.evals, (std::vector<std::optional<int>>{20, -60, -70, -1000, -1000}));
    EXPECT_EQ(mate.nags, (std::vector<std::string>{"?!", "", "??", ""}));
    EXPECT_EQ(mate.better, (std::vector<std::string>{"e4", "", "Nc3", ""}));
    EXPECT_EQ(mate.turning_ply, 3u);
    const ViewerAnalysis& quiet = data.viewer_games[1].analysis;
    EXPECT_EQ(quiet.evals, (std::vector<std::optional<int>>{30, 25, 40, 120, 200}));
    EXPECT_EQ(quiet.nags, (std::vector<std::string>{"", "", "", "?!"}));
    EXPECT_FALSE(quiet.turning_ply);
    EXPECT_TRUE(data.viewer_games[2].analysis.evals.empty());
}

TEST_F(AnalysisReport, TheSectionSaysWhatItCounted) {
    const std::string section = analysis_section(data);
    EXPECT_NE(section.find("ref at depth 6 analysed every position of 2 of the 3 games"),
              std::string::npos)
        << section;
    EXPECT_NE(section.find("<td>2. g4</td><td class=\"num\">-0.70</td><td class=\"num\">-10.00"
                           "</td><td>Nc3</td>"),
              std::string::npos)
        << section;
    EXPECT_NE(section.find("1 of the 1 decisive games analysed have one."), std::string::npos);
    // alpha: 1025 / 3 moves, marks over 2 games.
    EXPECT_NE(section.find("<th scope=\"row\">alpha</th><td class=\"num\">2</td><td "
                           "class=\"num\">3</td><td class=\"num\">341.7</td><td "
                           "class=\"num\">0.50</td><td class=\"num\">0.00</td><td "
                           "class=\"num\">0.50</td>"),
              std::string::npos)
        << section;
    // No analysis, no section.
    ReportData none = data;
    none.analysis.reset();
    EXPECT_EQ(analysis_section(none), "");
}

}  // namespace
}  // namespace arbiter::html
