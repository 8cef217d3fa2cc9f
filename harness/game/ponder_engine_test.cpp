// Pondering with real engine processes: mock_ponder_engine (harness/testing) checks the order of
// the commands and exits with code 3 on the first one out of order, so a game that ends in a
// disconnection, or an engine that does not quit with code 0, is a referee's mistake.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "engines/core/position.h"
#include "harness/game/game.h"
#include "harness/uci/session.h"
#include "harness/xboard/session.h"

namespace arbiter {
namespace {

using std::chrono::milliseconds;

// The engine log of one engine: ">line" sent to it, "<line" read from it, in order.
struct Transcript : EngineIoObserver {
    void engine_line(const std::string&, Direction direction,
                     std::string_view line) noexcept override {
        lines.push_back((direction == Direction::to_engine ? ">" : "<") + std::string(line));
    }
    int count(std::string_view line) const {
        return int(std::count(lines.begin(), lines.end(), std::string(line)));
    }
    std::vector<std::string> lines;
};

// Two mock_ponder_engines with the given extra arguments, both pondering, depth 1.
struct PonderMatch {
    PonderMatch(std::vector<std::string> white_args, std::vector<std::string> black_args) {
        white_engine.observe(&white_log, "white");
        black_engine.observe(&black_log, "black");
        white_engine.start(MOCK_PONDER_ENGINE_PATH, white_args, {}, {}, milliseconds(10000));
        black_engine.start(MOCK_PONDER_ENGINE_PATH, black_args, {}, {}, milliseconds(10000));
        white = {&white_engine, "white", {}};
        black = {&black_engine, "black", {}};
        white.limits.depth = black.limits.depth = 1;
        white.ponder = black.ponder = true;
        settings.stall_timeout = milliseconds(5000);
        settings.adjudication.max_plies = 12;
    }
    PlayedGame play() {
        Opening opening;
        opening.start_fen = std::string(START_FEN);
        return play_game(white, black, opening, settings);
    }
    // Both engines quit; each must exit by itself with code 0 (3 is an order violation).
    void expect_clean_exit() {
        for (UciSession* engine : {&white_engine, &black_engine}) {
            EXPECT_TRUE(engine->quit(milliseconds(5000)));
            EXPECT_EQ(engine->exit_status().kind, ExitStatus::Kind::exited);
            EXPECT_EQ(engine->exit_status().code, 0) << engine->exit_status().text();
        }
    }
    Transcript white_log, black_log;
    UciSession white_engine, black_engine;
    Player white, black;
    GameSettings settings;
};

// After every `stop` sent to an engine, the next line from it is its bestmove, read before
// anything else is sent to it: the ponder search is drained.
void expect_each_stop_drained(const Transcript& log) {
    for (std::size_t i = 0; i < log.lines.size(); ++i) {
        if (log.lines[i] != ">stop") continue;
        std::size_t j = i + 1;
        while (j < log.lines.size() && log.lines[j].rfind("<info", 0) == 0) ++j;
        ASSERT_LT(j, log.lines.size()) << "stop at line " << i << " was never answered";
        EXPECT_EQ(log.lines[j].rfind("<bestmove ", 0), 0u) << "after stop: " << log.lines[j];
    }
}

void expect_no_violation(const PlayedGame& game, const Transcript& log) {
    for (const std::string& line : log.lines)
        EXPECT_EQ(line.find("ORDER VIOLATION"), std::string::npos) << line;
    EXPECT_EQ(game.result.termination, Termination::max_plies) << game.result.description;
    EXPECT_EQ(game.moves.size(), 12u);
}

// Both pick and expect the first legal move: every pondered move is played. White ponders during
// Black's searches at plies 2..12 (6 times): 5 ponderhits, and the last is stopped by the game's
// end; Black ponders during White's at plies 3..11: 5 ponderhits.
TEST(PonderEngine, EveryExpectedMoveIsAPonderhit) {
    PonderMatch match({}, {});
    PlayedGame game = match.play();
    expect_no_violation(game, match.white_log);
    expect_no_violation(game, match.black_log);
    EXPECT_EQ(match.white_log.count(">setoption name Ponder value true"), 1);
    EXPECT_EQ(match.white_log.count(">ponderhit"), 5);
    EXPECT_EQ(match.white_log.count(">stop"), 1);
    EXPECT_EQ(match.black_log.count(">ponderhit"), 5);
    EXPECT_EQ(match.black_log.count(">stop"), 0);
    expect_each_stop_drained(match.white_log);
    // Black's first ponder, during White's second search: after 1. a3 a5 it expects 2. Ra2,
    // White's first legal move in UCI text order, and searches it with Black's own limits.
    const std::vector<std::string>& b = match.black_log.lines;
    auto go_ponder = std::find(b.begin(), b.end(), ">go ponder depth 1");
    ASSERT_NE(go_ponder, b.end());
    EXPECT_EQ(*(go_ponder - 1),
              ">position fen " + std::string(START_FEN) + " moves a2a3 a7a5 a1a2");
    match.expect_clean_exit();
}

// White expects the last legal reply, Black plays the first: each White ponder is stopped, its
// bestmove drained, and the position searched again; Black still hits every time.
TEST(PonderEngine, AMissIsStoppedAndItsBestmoveDrained) {
    PonderMatch match({"--expect", "last"}, {});
    PlayedGame game = match.play();
    expect_no_violation(game, match.white_log);
    expect_no_violation(game, match.black_log);
    EXPECT_EQ(match.white_log.count(">ponderhit"), 0);
    EXPECT_EQ(match.white_log.count(">stop"), 6);  // 5 misses and the game's end
    EXPECT_EQ(match.black_log.count(">ponderhit"), 5);
    expect_each_stop_drained(match.white_log);
    match.expect_clean_exit();
}

// The ponder search finishes long before the opponent moves (it thinks 200 ms): the engine holds
// its bestmove until `ponderhit`, and the move's record keeps the ponder search's info line.
TEST(PonderEngine, APonderhitAfterThePonderSearchFinished) {
    PonderMatch match({"--ponder-finishes", "--think", "200"},
                      {"--ponder-finishes", "--think", "200"});
    PlayedGame game = match.play();
    expect_no_violation(game, match.white_log);
    expect_no_violation(game, match.black_log);
    EXPECT_EQ(match.white_log.count(">ponderhit"), 5);
    EXPECT_EQ(match.black_log.count(">ponderhit"), 5);
    for (const MoveRecord& move : game.moves) EXPECT_EQ(move.depth, 1) << move.ply;
    expect_each_stop_drained(match.white_log);
    match.expect_clean_exit();
}

// A game ends while White ponders; the next game starts only after its bestmove was drained
// (the mock refuses ucinewgame while pondering), and both games play out.
TEST(PonderEngine, TheGameEndsWhilePonderingAndTheNextGameStartsClean) {
    PonderMatch match({}, {});
    PlayedGame first = match.play();
    PlayedGame second = match.play();
    expect_no_violation(first, match.white_log);
    expect_no_violation(second, match.white_log);
    EXPECT_EQ(match.white_log.count(">stop"), 2);
    EXPECT_EQ(match.white_log.count(">ucinewgame"), 2);
    expect_each_stop_drained(match.white_log);
    match.expect_clean_exit();
}

// An engine asked to ponder that does not declare the option Ponder is never sent go ponder.
TEST(PonderEngine, NoPonderOptionNoPondering) {
    PonderMatch match({"--no-ponder-option"}, {});
    PlayedGame game = match.play();
    expect_no_violation(game, match.white_log);
    for (const std::string& line : match.white_log.lines) {
        if (line[0] == '>') {
            EXPECT_EQ(line.find("onder"), std::string::npos) << line;
        }
    }
    EXPECT_EQ(match.black_log.count(">ponderhit"), 5);
    match.expect_clean_exit();
}

// An XBoard engine ponders by itself: it is sent `hard` at each new game and nothing else changes.
TEST(PonderEngine, AnXboardEngineIsSentHard) {
    const std::string log_path = testing::TempDir() + "ponder-xboard.log";
    std::remove(log_path.c_str());
    XboardSession white_engine, black_engine;
    white_engine.start(MOCK_XBOARD_ENGINE_PATH, {"--log", log_path}, {}, {}, milliseconds(5000));
    black_engine.start(MOCK_XBOARD_ENGINE_PATH, {}, {}, {}, milliseconds(5000));
    Player white{&white_engine, "w", {}}, black{&black_engine, "b", {}};
    white.limits.depth = black.limits.depth = 1;
    white.ponder = true;
    GameSettings settings;
    settings.adjudication.max_plies = 6;
    Opening opening;
    opening.start_fen = std::string(START_FEN);
    PlayedGame game = play_game(white, black, opening, settings);
    EXPECT_EQ(game.moves.size(), 6u) << game.result.description;
    EXPECT_TRUE(white_engine.quit(milliseconds(5000)));
    black_engine.quit(milliseconds(5000));
    std::ifstream in(log_path);
    std::vector<std::string> received;
    for (std::string line; std::getline(in, line);) received.push_back(line);
    auto hard = std::find(received.begin(), received.end(), "hard");
    ASSERT_NE(hard, received.end());
    EXPECT_EQ(std::find(received.begin(), received.end(), "easy") < hard, true);  // handshake's
    std::remove(log_path.c_str());
}

}  // namespace
}  // namespace arbiter
