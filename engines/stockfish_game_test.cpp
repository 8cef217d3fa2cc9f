// Every engine binary plays a whole game against Debian's Stockfish, driven move by move over
// UCI by this test, which referees with the chess core: an illegal or missing move fails.
// Our engine plays on a 1+0.01 clock (exercising the time manager); Stockfish searches to a
// fixed depth. Without Stockfish: skipped, or a failure under CI.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>

#include "engines/core/board.h"
#include "engines/core/notation.h"
#include "engines/core/reference_program.h"
#include "engines/core/rules.h"
#include "engines/engine_test_support.h"

namespace arbiter {
namespace {

using testing::ChildProcess;

constexpr int MAX_PLIES = 400;  // adjudicated a draw after this many plies

// Sends uci and isready and waits for the answers.
::testing::AssertionResult handshake(ChildProcess& engine, const std::string& who) {
    engine.send("uci");
    if (!engine.read_until("uciok")) return ::testing::AssertionFailure() << who << ": no uciok";
    engine.send("isready");
    if (!engine.read_until("readyok"))
        return ::testing::AssertionFailure() << who << ": no readyok";
    return ::testing::AssertionSuccess();
}

class StockfishGame : public ::testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(StockfishGame, PlaysAWholeGameWithoutAnIllegalMove) {
    const std::string stockfish_path = testing::reference_program("stockfish");
    if (stockfish_path.empty()) GTEST_SKIP() << "stockfish is not installed";
    const std::string& name = GetParam().first;
    ChildProcess ours(GetParam().second), stockfish(stockfish_path);
    ASSERT_TRUE(handshake(ours, name));
    ASSERT_TRUE(handshake(stockfish, "stockfish"));
    stockfish.send("setoption name Threads value 1");
    stockfish.send("setoption name Hash value 16");
    ours.send("ucinewgame");
    stockfish.send("ucinewgame");

    // Our engine takes White in every other game of the family.
    Color our_colour = name.size() % 2 ? WHITE : BLACK;
    std::int64_t clock_ms = 1000, increment_ms = 10, lowest_clock = clock_ms;
    Board board;
    const Position& pos = board.position();
    std::string moves;
    GameStatus status = GameStatus::ongoing;
    int ply = 0;
    for (; ply < MAX_PLIES && (status = board.status()) == GameStatus::ongoing; ++ply) {
        bool our_turn = pos.side_to_move() == our_colour;
        ChildProcess& mover = our_turn ? ours : stockfish;
        mover.send("position startpos" + (moves.empty() ? std::string() : " moves" + moves));
        auto start = std::chrono::steady_clock::now();
        if (our_turn) {
            std::string clock = std::to_string(clock_ms), inc = std::to_string(increment_ms);
            mover.send("go wtime " + clock + " btime " + clock + " winc " + inc + " binc " + inc);
        } else {
            mover.send("go depth 6");
        }
        auto answer = mover.read_until("bestmove", 20000);
        ASSERT_TRUE(answer) << (our_turn ? name : "stockfish") << " gave no bestmove at ply " << ply
                            << " in " << pos.fen();
        if (our_turn) {
            auto used = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::steady_clock::now() - start)
                            .count();
            clock_ms += increment_ms - used;
            lowest_clock = std::min(lowest_clock, clock_ms);
        }
        std::istringstream words(answer->back());
        std::string keyword, text;
        words >> keyword >> text;
        ASSERT_TRUE(board.play_uci(text))
            << (our_turn ? name : "stockfish") << " made an illegal move: '" << text << "' in "
            << board.fen();
        moves += " " + text;
    }
    std::cout << "[ game     ] " << name << " as " << (our_colour == WHITE ? "White" : "Black")
              << ": " << ply << " plies, "
              << (ply >= MAX_PLIES ? "adjudicated a draw" : to_string(status)) << ", lowest clock "
              << lowest_clock << " ms of 1000+10\n";
    EXPECT_TRUE(ply >= MAX_PLIES || status != GameStatus::ongoing);

    ours.send("quit");
    stockfish.send("quit");
    EXPECT_EQ(ours.wait_exit(10000), 0) << name;
    EXPECT_EQ(stockfish.wait_exit(10000), 0);
}

std::string param_name(const ::testing::TestParamInfo<std::pair<std::string, std::string>>& info) {
    std::string n = info.param.first;
    for (char& c : n)
        if (c == '-') c = '_';
    return n;
}

INSTANTIATE_TEST_SUITE_P(AllEngines, StockfishGame, ::testing::ValuesIn(testing::engine_binaries()),
                         param_name);

}  // namespace
}  // namespace arbiter
