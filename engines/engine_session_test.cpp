// Scripted UCI sessions with every engine binary through pipes, as a GUI or the tournament
// runner would drive it, plus each binary's own command line.
#include <gtest/gtest.h>

#include "engines/core/board.h"
#include "engines/core/notation.h"
#include "engines/engine_test_support.h"

namespace arbiter {
namespace {

using testing::ChildProcess;

class EngineSession : public ::testing::TestWithParam<std::pair<std::string, std::string>> {
  protected:
    const std::string& name() const { return GetParam().first; }
    const std::string& path() const { return GetParam().second; }
};

// True if `line` is "bestmove <m>" with m legal after `moves` from the start position.
bool legal_bestmove(const std::string& line, const std::vector<std::string>& moves,
                    std::string_view fen = START_FEN) {
    Board board;
    if (!board.set(fen).empty()) return false;
    for (const std::string& m : moves)
        if (!board.play_uci(m)) return false;
    std::istringstream words(line);
    std::string keyword, move;
    words >> keyword >> move;
    return keyword == "bestmove" && move_from_uci(board.position(), move);
}

TEST_P(EngineSession, ScriptedSession) {
    ChildProcess engine(path());
    ASSERT_TRUE(engine.started());

    // Step 1. Handshake: id, options, uciok; readiness.
    engine.send("uci");
    auto handshake = engine.read_until("uciok");
    ASSERT_TRUE(handshake) << name() << " did not answer uci";
    EXPECT_EQ((*handshake)[0], "id name " + name());
    bool has_option = false;
    for (const std::string& line : *handshake) has_option |= line.rfind("option name ", 0) == 0;
    EXPECT_TRUE(has_option) << name();
    engine.send("isready");
    EXPECT_EQ(engine.read_line(), "readyok");

    // Step 2. Garbage and empty lines are ignored: the next answer is the next readyok.
    for (const char* junk : {"", "hello world", "   ", "go2", "setoptionname x", "\t"})
        engine.send(junk);
    engine.send("isready");
    EXPECT_EQ(engine.read_line(), "readyok") << name();

    // Step 3. Errors are reported as info strings and change nothing.
    engine.send("setoption name No Such Option value 1");
    EXPECT_EQ(engine.read_line(), "info string error: no such option: 'No Such Option'");
    engine.send("position startpos moves e2e4 e7e5 g1f3");
    engine.send("position startpos moves e2e4 e7e5 e1e8");
    auto error = engine.read_line();
    ASSERT_TRUE(error);
    EXPECT_EQ(error->rfind("info string error: illegal move 'e1e8'", 0), 0u) << *error;
    engine.send("d");
    EXPECT_EQ(engine.read_line(),
              "info string fen rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");

    // Step 4. A fixed-depth search ends with a legal bestmove.
    engine.send("go depth 3");
    auto search = engine.read_until("bestmove");
    ASSERT_TRUE(search) << name();
    EXPECT_TRUE(legal_bestmove(search->back(), {"e2e4", "e7e5", "g1f3"})) << search->back();

    // Step 5. go infinite: isready is answered while it runs, bestmove comes only after stop.
    engine.send("position startpos moves e2e4");
    engine.send("go infinite");
    engine.send("isready");
    auto ready = engine.read_until("readyok");
    ASSERT_TRUE(ready) << name();
    for (const std::string& line : *ready) {
        EXPECT_NE(line.rfind("bestmove", 0), 0u) << name() << " answered before stop: " << line;
    }
    engine.send("stop");
    auto stopped = engine.read_until("bestmove");
    ASSERT_TRUE(stopped) << name();
    EXPECT_TRUE(legal_bestmove(stopped->back(), {"e2e4"})) << stopped->back();

    // Step 6. go perft prints the divide of the current position.
    engine.send("go perft 2");
    auto perft = engine.read_until("Nodes searched");
    ASSERT_TRUE(perft);
    EXPECT_EQ(perft->back(), "Nodes searched: 600");
    EXPECT_EQ(perft->size(), 22u);

    // Step 7. Clock, node and time limits each end with a legal move.
    for (const char* go : {"go wtime 1000 btime 1000 winc 10 binc 10", "go nodes 3000",
                           "go movetime 50", "go wtime 300 btime 300 movestogo 2"}) {
        engine.send("position startpos moves e2e4");
        engine.send(go);
        auto answer = engine.read_until("bestmove");
        ASSERT_TRUE(answer) << name() << ": " << go;
        EXPECT_TRUE(legal_bestmove(answer->back(), {"e2e4"})) << go << ": " << answer->back();
    }

    // Step 8. No legal move: bestmove 0000.
    engine.send("ucinewgame");
    engine.send("position fen k7/P7/1K6/8/8/8/8/8 b - - 0 1");
    engine.send("go depth 2");
    EXPECT_EQ(engine.read_until("bestmove")->back(), "bestmove 0000");

    // Step 9. quit while searching: the engine exits promptly and cleanly.
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("isready");
    ASSERT_TRUE(engine.read_until("readyok"));
    engine.send("quit");
    EXPECT_EQ(engine.wait_exit(10000), 0) << name();
}

TEST_P(EngineSession, EndOfInputEndsTheEngine) {
    ChildProcess engine(path());
    engine.send("position startpos");
    engine.send("go infinite");
    engine.close_input();
    EXPECT_EQ(engine.wait_exit(10000), 0) << name();
}

TEST_P(EngineSession, CommandLineHelpPerftAndErrors) {
    {
        ChildProcess help(path(), {"--help"});
        std::string text = testing::read_all(help);
        EXPECT_EQ(help.wait_exit(), 0);
        EXPECT_NE(text.find("Usage: " + name()), std::string::npos) << text;
        EXPECT_NE(text.find("bench"), std::string::npos);
        EXPECT_NE(text.find("perft"), std::string::npos);
    }
    {
        ChildProcess perft(
            path(), {"perft", "3", "--fen",
                     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"});
        std::string text = testing::read_all(perft);
        EXPECT_EQ(perft.wait_exit(), 0);
        EXPECT_NE(text.find("e1g1: "), std::string::npos);
        EXPECT_NE(text.find("\nNodes searched: 97862\n"), std::string::npos) << text;
    }
    for (std::vector<std::string> bad : {std::vector<std::string>{"frobnicate"},
                                         {"perft"},
                                         {"perft", "x"},
                                         {"bench", "0"},
                                         {"bench", "3", "--eval", "nnue"},
                                         {"perft", "2", "--fen", "8/8/8 w - -"},
                                         {"bench", "2", "--fen", "8/8/8 w - -"}}) {
        ChildProcess child(path(), bad);
        testing::read_all(child);
        EXPECT_EQ(child.wait_exit(), 2) << name() << " " << bad[0];
    }
}

std::string param_name(const ::testing::TestParamInfo<std::pair<std::string, std::string>>& info) {
    std::string n = info.param.first;
    for (char& c : n)
        if (c == '-') c = '_';
    return n;
}

INSTANTIATE_TEST_SUITE_P(AllEngines, EngineSession, ::testing::ValuesIn(testing::engine_binaries()),
                         param_name);

}  // namespace
}  // namespace arbiter
