#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engines/core/reference_program.h"
#include "harness/report/pgn.h"
#include "harness/report/progress.h"
#include "harness/report/standings.h"

namespace arbiter {
namespace {

GameRecord sample_game() {
    GameRecord g;
    g.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.result = "0-1";
    g.termination = Termination::checkmate;
    g.termination_text = "Black mates";
    g.started_at_ms = 1764460800000;  // 2025-11-30
    const char* moves[][2] = {{"f2f3", "f3"}, {"e7e5", "e5"}, {"g2g4", "g4"}, {"d8h4", "Qh4#"}};
    int ply = 0;
    for (auto [uci, san] : moves) {
        MoveRecord m;
        m.ply = ++ply;
        m.uci = uci;
        m.san = san;
        m.time_ms = 120;
        m.depth = 3;
        m.score_cp = -25;
        m.book = ply <= 2;
        g.moves.push_back(m);
    }
    g.moves[3].score_cp.reset();
    g.moves[3].score_mate = 1;
    return g;
}

TEST(Pgn, WritesTagsMovesAndComments) {
    std::ostringstream out;
    PgnHeader header;
    header.white = "minimax";
    header.black = "alpha \"beta\"";
    header.round = "3";
    write_pgn(out, sample_game(), header);
    EXPECT_EQ(
        out.str(),
        "[Event \"arbiter tournament\"]\n[Site \"?\"]\n[Date \"2025.11.30\"]\n[Round \"3\"]\n"
        "[White \"minimax\"]\n[Black \"alpha \\\"beta\\\"\"]\n[Result \"0-1\"]\n[PlyCount \"4\"]\n"
        "[Termination \"normal\"]\n\n"
        "1. f3 {book} e5 {book} 2. g4 {-0.25/3 0.120s} Qh4# {+M1/3 0.120s} {Black mates}\n0-1\n\n");
}

TEST(Pgn, StartsFromAFenWithBlackToMove) {
    GameRecord g;
    g.start_fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7";
    g.result = "1/2-1/2";
    g.termination = Termination::max_plies;
    MoveRecord m;
    m.ply = 1;
    m.uci = "e8d7";
    m.san = "Kd7";
    g.moves.push_back(m);
    std::ostringstream out;
    write_pgn(out, g, PgnHeader{});
    EXPECT_NE(out.str().find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]"),
              std::string::npos);
    EXPECT_NE(out.str().find("7... Kd7 {0.000s} 1/2-1/2"), std::string::npos);
    EXPECT_NE(out.str().find("[Termination \"adjudication\"]"), std::string::npos);
}

TEST(Pgn, PgnExtractAcceptsTheOutput) {
    const std::string tool = testing::reference_program("pgn-extract");
    if (tool.empty()) GTEST_SKIP() << "pgn-extract is not installed";
    auto path = std::filesystem::temp_directory_path() /
                ("arbiter-pgn-" + std::to_string(getpid()) + ".pgn");
    {
        std::ofstream file(path);
        PgnHeader header;
        header.white = "a";
        header.black = "b";
        write_pgn(file, sample_game(), header);
        write_pgn(file, sample_game(), header);
    }
    std::string command = tool + " " + path.string() + " 2>&1 >/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    std::string output;
    char buffer[512];
    while (fgets(buffer, sizeof buffer, pipe)) output += buffer;
    pclose(pipe);
    std::filesystem::remove(path);
    EXPECT_NE(output.find("2 games matched out of 2"), std::string::npos) << output;
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
        GameRecord g = sample_game();
        g.tournament_id = t;
        g.slot = {i, 0, 0, i / 2, i % 2};
        g.white_engine_id = i % 2 == 0 ? ia : ib;
        g.black_engine_id = i % 2 == 0 ? ib : ia;
        g.result = results[i];
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

TEST(Progress, OneLinePerGameWhenNotATerminal) {
    std::ostringstream out;
    ProgressDisplay display(out, false);
    display.started(1, {}, 4, 1);
    GameRecord g = sample_game();
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
    display.game_finished(sample_game(), 1, "w", "b");
    EXPECT_NE(out.str().find("[###############...............] 1/2  ETA "), std::string::npos)
        << out.str();
    EXPECT_NE(out.str().find("leader: b 1.0/1"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace arbiter
