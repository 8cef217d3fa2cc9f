#include "harness/uci/client.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

#include "engines/core/board.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "engines/core/reference_program.h"

namespace arbiter {
namespace {

using namespace std::chrono_literals;
using Strings = std::vector<std::string>;

const std::string MOCK = MOCK_ENGINE_PATH;
constexpr auto PATIENCE = 10s;  // bounds answers that do come; never measured
constexpr auto SHORT = 200ms;   // for answers that never come

bool has_no_children() {
    int status = 0;
    return ::waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

GoLimits depth_limit(int depth) {
    GoLimits limits;
    limits.depth = depth;
    return limits;
}

// The core's Board with the moves as UCI text, for checking the engines' answers.
class Board {
  public:
    explicit Board(std::string_view fen = START_FEN) { EXPECT_EQ(board_.set(fen), ""); }
    // Plays the move if it is legal; returns false otherwise.
    bool play(const std::string& uci) {
        if (!board_.play_uci(uci)) return false;
        moves_.push_back(uci);
        return true;
    }
    bool is_legal(const std::string& uci) const {
        return bool(move_from_uci(board_.position(), uci));
    }
    std::size_t legal_move_count() const {
        MoveList list;
        generate_legal(board_.position(), list);
        return list.size();
    }
    const Strings& moves() const { return moves_; }

  private:
    arbiter::Board board_;
    Strings moves_;
};

std::string error_of(auto&& action) {
    try {
        action();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "no exception";
}

TEST(UciClient, HandshakeCollectsIdAndOptions) {
    UciClient engine;
    engine.start(MOCK, {"--name", "Mock Two"});
    EXPECT_EQ(engine.id_name(), "Mock Two");
    EXPECT_EQ(engine.id_author(), "arbiter tests");
    EXPECT_EQ(engine.display_name(), "Mock Two");
    const auto& options = engine.options();
    ASSERT_EQ(options.size(), 6u);
    EXPECT_EQ(options[0].name, "Hash");
    EXPECT_EQ(options[0].type, UciOption::Type::spin);
    EXPECT_EQ(options[0].min, 1);
    EXPECT_EQ(options[0].max, 1024);
    EXPECT_EQ(options[1].name, "Move Overhead");
    EXPECT_EQ(options[3].vars, (Strings{"Solid", "Normal", "Risky Play"}));
    EXPECT_EQ(options[4].type, UciOption::Type::button);
    EXPECT_EQ(options[5].default_value, "<empty>");
    ASSERT_NE(engine.find_option("move overhead"), nullptr);
    EXPECT_EQ(engine.find_option("move overhead")->name, "Move Overhead");
    EXPECT_EQ(engine.find_option("Threads"), nullptr);
    EXPECT_EQ(engine.is_ready(PATIENCE), EngineStatus::ok);
    EXPECT_TRUE(engine.quit());
    EXPECT_EQ(engine.exit_status().text(), "exited with code 0");
    EXPECT_TRUE(has_no_children());
}

TEST(UciClient, SetOptionSendsTheEnginesSpelling) {
    UciClient engine;
    engine.start(MOCK);
    EXPECT_TRUE(engine.set_option("hash", "32"));
    EXPECT_TRUE(engine.set_option("MOVE OVERHEAD", "0"));
    EXPECT_TRUE(engine.set_option("Ponder", "TRUE"));
    EXPECT_TRUE(engine.set_option("style", "risky play"));
    EXPECT_TRUE(engine.set_option("Clear Hash", ""));
    EXPECT_TRUE(engine.set_option("Book File", "/tmp/my book.bin"));
    // The mock echoes each setoption line as an info string; the next search collects them.
    SearchReply reply = engine.go(depth_limit(1), PATIENCE);
    ASSERT_EQ(reply.status, EngineStatus::ok);
    EXPECT_EQ(reply.info_strings,
              (Strings{"received: setoption name Hash value 32",
                       "received: setoption name Move Overhead value 0",
                       "received: setoption name Ponder value true",
                       "received: setoption name Style value Risky Play",
                       "received: setoption name Clear Hash",
                       "received: setoption name Book File value /tmp/my book.bin"}));
    EXPECT_EQ(engine.is_ready(PATIENCE), EngineStatus::ok);
}

// Each option keeps its declared default until set_option() sends a value, then holds that value
// as its type reads it (fastchess's header reads Threads and Hash from them).
TEST(UciClient, DeclaredOptionsHoldTheValuesSet) {
    UciClient engine;
    engine.start(MOCK);
    auto value_of = [&](const std::string& name) {
        for (const DeclaredOption& option : engine.declared_options())
            if (option.name == name) return option.value;
        return EngineOptionValue(std::string("missing"));
    };
    ASSERT_EQ(engine.declared_options().size(), engine.options().size());
    EXPECT_EQ(engine.declared_options()[0],
              (DeclaredOption{"Hash", EngineOptionType::spin, "16", std::int64_t(16)}));
    EXPECT_EQ(value_of("Ponder"), EngineOptionValue(false));
    EXPECT_EQ(value_of("Style"), EngineOptionValue(std::string("Normal")));
    EXPECT_EQ(value_of("Clear Hash"), EngineOptionValue());
    EXPECT_TRUE(engine.set_option("hash", "32"));
    EXPECT_TRUE(engine.set_option("Ponder", "TRUE"));
    EXPECT_TRUE(engine.set_option("style", "risky play"));
    EXPECT_TRUE(engine.set_option("Book File", "/tmp/my book.bin"));
    EXPECT_EQ(engine.declared_options()[0],
              (DeclaredOption{"Hash", EngineOptionType::spin, "16", std::int64_t(32)}));
    EXPECT_EQ(value_of("Ponder"), EngineOptionValue(true));
    EXPECT_EQ(value_of("Style"), EngineOptionValue(std::string("Risky Play")));
    EXPECT_EQ(value_of("Book File"), EngineOptionValue(std::string("/tmp/my book.bin")));
    EXPECT_THROW(engine.set_option("Hash", "2048"), UciError);  // refused: the value stays
    EXPECT_EQ(value_of("Hash"), EngineOptionValue(std::int64_t(32)));
    engine.start(MOCK);  // a new handshake: the defaults again
    EXPECT_EQ(value_of("Hash"), EngineOptionValue(std::int64_t(16)));
}

TEST(UciClient, SetOptionRejectsWhatTheEngineDoesNotOffer) {
    UciClient engine;
    engine.start(MOCK);
    EXPECT_EQ(error_of([&] { engine.set_option("Hsh", "16"); }),
              "engine 'mock' has no option 'Hsh' (its options: Hash, Move Overhead, Ponder, Style, "
              "Clear Hash, Book File)");
    EXPECT_EQ(error_of([&] { engine.set_option("Hash", "2048"); }),
              "engine 'mock': option 'Hash' expects a value in [1, 1024], got '2048'");
    EXPECT_EQ(error_of([&] { engine.set_option("Hash", "0"); }),
              "engine 'mock': option 'Hash' expects a value in [1, 1024], got '0'");
    EXPECT_EQ(error_of([&] { engine.set_option("Hash", "12MB"); }),
              "engine 'mock': option 'Hash' expects an integer, got '12MB'");
    EXPECT_EQ(error_of([&] { engine.set_option("Ponder", "yes"); }),
              "engine 'mock': option 'Ponder' expects true or false, got 'yes'");
    EXPECT_EQ(error_of([&] { engine.set_option("Style", "Wild"); }),
              "engine 'mock': option 'Style' expects one of Solid, Normal, Risky Play, got 'Wild'");
    EXPECT_THROW(engine.set_option("Hash", "1025"), UciError);
    EXPECT_NO_THROW(engine.set_option("Hash", "1024"));
    EXPECT_NO_THROW(engine.set_option("Hash", "1"));
}

TEST(UciClient, WallTimeSpansTheEnginesThinking) {
    UciClient engine;
    engine.start(MOCK, {"--think", "150"});
    ASSERT_TRUE(engine.position("startpos"));
    const auto before_go = EngineProcess::Clock::now();
    SearchReply result = engine.go(depth_limit(1), PATIENCE);
    const auto after_go = EngineProcess::Clock::now();
    ASSERT_EQ(result.status, EngineStatus::ok);
    // The mock sleeps 150 ms before its bestmove: the measure holds that sleep, and lies within
    // the call.
    EXPECT_GE(result.wall_time_ms(), 150);
    EXPECT_LE(result.wall_time, after_go - before_go);
}

TEST(UciClient, GoReturnsALegalMoveAndTheInfo) {
    UciClient engine;
    engine.start(MOCK, {"--seed", "7"});
    ASSERT_TRUE(engine.new_game());
    ASSERT_TRUE(engine.position("startpos"));
    const auto before_go = EngineProcess::Clock::now();
    SearchReply result = engine.go(depth_limit(1), PATIENCE);
    const auto after_go = EngineProcess::Clock::now();
    ASSERT_EQ(result.status, EngineStatus::ok);
    Board board;
    EXPECT_TRUE(board.is_legal(result.bestmove)) << result.bestmove;
    EXPECT_EQ(result.ponder, "");
    EXPECT_EQ(result.depth, 1);
    EXPECT_EQ(result.seldepth, 1);
    EXPECT_EQ(result.score, Score::from_centipawns(0));
    EXPECT_EQ(result.nodes, 20u);  // the mock reports its number of legal moves
    EXPECT_EQ(result.time_ms, 0);
    EXPECT_EQ(result.pv, (Strings{result.bestmove}));
    EXPECT_EQ(result.info_lines, 1);
    // Measured within the call: a round trip through a pipe takes some time, never more.
    EXPECT_GT(result.wall_time.count(), 0);
    EXPECT_LE(result.wall_time, after_go - before_go);

    // Kiwipete has 48 legal moves; after 1. e2e4 Black has 20.
    std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    ASSERT_TRUE(engine.position(kiwipete));
    result = engine.go(depth_limit(1), PATIENCE);
    EXPECT_EQ(result.nodes, 48u);
    EXPECT_TRUE(Board(kiwipete).is_legal(result.bestmove)) << result.bestmove;
    Strings moves = {"e2e4"};
    ASSERT_TRUE(engine.position("", moves));
    result = engine.go(depth_limit(1), PATIENCE);
    EXPECT_EQ(result.nodes, 20u);
    Board after_e4;
    after_e4.play("e2e4");
    EXPECT_TRUE(after_e4.is_legal(result.bestmove)) << result.bestmove;
}

// Two mocks play a whole game through the client; every move must be legal in the position the
// client sent, which checks the position command with long move lists.
TEST(UciClient, TwoMocksPlayALegalGame) {
    UciClient white, black;
    white.start(MOCK, {"--seed", "11"});
    black.start(MOCK, {"--seed", "12"});
    Board board;
    for (int ply = 0; ply < 300 && board.legal_move_count() > 0; ++ply) {
        UciClient& mover = ply % 2 == 0 ? white : black;
        ASSERT_TRUE(mover.position("startpos", board.moves()));
        GoLimits limits;
        limits.nodes = 1;
        SearchReply result = mover.go(limits, PATIENCE);
        ASSERT_EQ(result.status, EngineStatus::ok);
        ASSERT_EQ(result.nodes, board.legal_move_count());
        ASSERT_TRUE(board.play(result.bestmove)) << "ply " << ply << ": " << result.bestmove;
    }
    EXPECT_GT(board.moves().size(), 10u);
    // The same seeds replay the same game.
    UciClient white_again, black_again;
    white_again.start(MOCK, {"--seed", "11"});
    black_again.start(MOCK, {"--seed", "12"});
    Board replay;
    for (std::size_t ply = 0; ply < board.moves().size(); ++ply) {
        UciClient& mover = ply % 2 == 0 ? white_again : black_again;
        ASSERT_TRUE(mover.position("startpos", replay.moves()));
        SearchReply result = mover.go(depth_limit(1), PATIENCE);
        ASSERT_EQ(result.bestmove, board.moves()[ply]) << "ply " << ply;
        ASSERT_TRUE(replay.play(result.bestmove));
    }
}

TEST(UciClient, NoLegalMoveGivesBestmoveNone) {
    UciClient engine;
    engine.start(MOCK);
    ASSERT_TRUE(engine.position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));  // stalemate
    SearchReply result = engine.go(depth_limit(1), PATIENCE);
    EXPECT_EQ(result.status, EngineStatus::ok);
    EXPECT_EQ(result.bestmove, "(none)");
    EXPECT_FALSE(result.nodes);
}

TEST(UciClient, InfiniteSearchEndsWithStop) {
    UciClient engine;
    engine.start(MOCK);
    ASSERT_TRUE(engine.position("startpos"));
    GoLimits limits;
    limits.infinite = true;
    ASSERT_TRUE(engine.send_go(limits));
    ASSERT_TRUE(engine.stop());
    SearchReply result = engine.wait_bestmove(PATIENCE);
    EXPECT_EQ(result.status, EngineStatus::ok);
    EXPECT_TRUE(Board().is_legal(result.bestmove)) << result.bestmove;
}

TEST(UciClient, CrashIsADisconnection) {
    UciClient engine;
    engine.start(MOCK, {"--crash-at", "2"});
    ASSERT_TRUE(engine.position("startpos"));
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::ok);
    SearchReply result = engine.go(depth_limit(1), PATIENCE);
    EXPECT_EQ(result.status, EngineStatus::disconnected);
    EXPECT_EQ(result.bestmove, "");
    EXPECT_TRUE(engine.wait_for_exit(PATIENCE));
    EXPECT_FALSE(engine.alive());
    EXPECT_EQ(engine.exit_status().text(), "killed by signal 6 (Aborted)");
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::disconnected);
    EXPECT_FALSE(engine.position("startpos"));
    EXPECT_EQ(engine.is_ready(PATIENCE), EngineStatus::disconnected);
    EXPECT_TRUE(has_no_children());
}

TEST(UciClient, ExitIsADisconnection) {
    UciClient engine;
    engine.start(MOCK, {"--exit-at", "1"});
    SearchReply result = engine.go(depth_limit(1), PATIENCE);
    EXPECT_EQ(result.status, EngineStatus::disconnected);
    EXPECT_TRUE(engine.wait_for_exit(PATIENCE));
    EXPECT_EQ(engine.exit_status().text(), "exited with code 1");
}

TEST(UciClient, CrashCountsRestartPerGameWhenAsked) {
    UciClient engine;
    engine.start(MOCK, {"--crash-at", "2", "--every-game"});
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::ok);
    ASSERT_TRUE(engine.new_game());
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::ok);
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::disconnected);
}

TEST(UciClient, HangIsATimeout) {
    UciClient engine;
    engine.start(MOCK, {"--hang-at", "2"});
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::ok);
    SearchReply result = engine.go(depth_limit(1), SHORT);
    EXPECT_EQ(result.status, EngineStatus::timeout);
    EXPECT_EQ(result.bestmove, "");
    EXPECT_GE(result.wall_time_ms(), 200);  // the deadline is never cut short
    EXPECT_TRUE(engine.alive());
    EXPECT_FALSE(engine.quit(20ms));  // it does not read quit either: killed
    EXPECT_EQ(engine.exit_status().text(), "killed by signal 9 (Killed)");
    EXPECT_TRUE(has_no_children());
}

TEST(UciClient, GarbageInsteadOfBestmoveIsATimeout) {
    UciClient engine;
    engine.start(MOCK, {"--garbage-at", "1"});
    SearchReply result = engine.go(depth_limit(1), SHORT);
    EXPECT_EQ(result.status, EngineStatus::timeout);
    EXPECT_EQ(result.info_lines, 0);
    EXPECT_TRUE(engine.alive());
    // It answers normally afterwards.
    result = engine.go(depth_limit(1), PATIENCE);
    EXPECT_EQ(result.status, EngineStatus::ok);
    EXPECT_TRUE(Board().is_legal(result.bestmove));
}

TEST(UciClient, MalformedAndIllegalMovesArePassedOnAsSent) {
    UciClient malformed;
    malformed.start(MOCK, {"--malformed-at", "1"});
    SearchReply result = malformed.go(depth_limit(1), PATIENCE);
    EXPECT_EQ(result.status, EngineStatus::ok);
    EXPECT_EQ(result.bestmove, "e9z1");
    EXPECT_FALSE(Board().is_legal(result.bestmove));

    UciClient illegal;
    illegal.start(MOCK, {"--illegal-at", "2"});
    Board board;
    ASSERT_TRUE(illegal.position("startpos"));
    result = illegal.go(depth_limit(1), PATIENCE);
    ASSERT_TRUE(board.play(result.bestmove));
    ASSERT_TRUE(illegal.position("startpos", board.moves()));
    result = illegal.go(depth_limit(1), PATIENCE);
    EXPECT_EQ(result.status, EngineStatus::ok);
    EXPECT_EQ(result.bestmove, "e8e1");  // Black's king "jumps" from e8 to e1
    EXPECT_FALSE(board.is_legal(result.bestmove));
}

TEST(UciClient, SlowStartWithinTheHandshakeTimeout) {
    UciClient engine;
    engine.start(MOCK, {"--slow-start", "100"}, {}, {}, PATIENCE);
    EXPECT_EQ(engine.id_name(), "mock");
    EXPECT_EQ(engine.is_ready(PATIENCE), EngineStatus::ok);
}

TEST(UciClient, HandshakeFailuresAreErrors) {
    UciClient engine;
    EXPECT_EQ(error_of([&] {
                  engine.start(MOCK, {"--slow-start", "5000"}, {}, {}, SHORT);
              }),
              "engine " + MOCK + " did not answer 'uci' with 'uciok' within 200 ms");
    EXPECT_FALSE(engine.alive());
    EXPECT_EQ(engine.exit_status().text(), "killed by signal 9 (Killed)");
    EXPECT_EQ(error_of([&] { engine.start(MOCK, {"--no-uci"}, {}, {}, SHORT); }),
              "engine " + MOCK + " did not answer 'uci' with 'uciok' within 200 ms");
    EXPECT_EQ(error_of([&] { engine.start("/bin/false"); }),
              "engine /bin/false exited during the uci handshake (exited with code 1)");
    EXPECT_EQ(error_of([&] { engine.start(MOCK, {"--bad-flag"}); }),
              "engine " + MOCK + " exited during the uci handshake (exited with code 2)");
    EXPECT_EQ(error_of([&] { engine.start("/no/such/engine"); }),
              "engine program not found: /no/such/engine");
    EXPECT_THROW(engine.start("/no/such/engine"), ProcessError);
    EXPECT_THROW(engine.start(MOCK, {"--no-uci"}, {}, {}, SHORT), UciError);
    EXPECT_EQ(live_engine_process_count(), 0u);
    EXPECT_TRUE(has_no_children());
}

TEST(UciClient, ExitAfterUciokDisconnectsLater) {
    UciClient engine;
    engine.start(MOCK, {"--exit-after-uciok"});
    EXPECT_EQ(engine.is_ready(PATIENCE), EngineStatus::disconnected);
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::disconnected);
}

TEST(UciClient, IgnoredIsreadyIsATimeout) {
    UciClient engine;
    engine.start(MOCK, {"--ignore-isready"});
    EXPECT_EQ(engine.is_ready(SHORT), EngineStatus::timeout);
    EXPECT_TRUE(engine.alive());
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::ok);
}

TEST(UciClient, RestartAfterACrash) {
    UciClient engine;
    engine.start(MOCK, {"--crash-at", "1"});
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::disconnected);
    engine.start(MOCK);
    EXPECT_EQ(engine.is_ready(PATIENCE), EngineStatus::ok);
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::ok);
}

TEST(UciClient, SkipsNonUciChatterAndUsesTheLastPrincipalLine) {
    // A scripted engine: multipv lines, a currmove line and chatter around the search.
    UciClient engine;
    engine.start(
        "/bin/sh",
        {"-c",
         "while read cmd rest; do case $cmd in "
         "uci) echo 'id name scripted'; echo uciok;; "
         "isready) echo readyok;; "
         "go) echo 'info depth 1 seldepth 1 score cp 10 nodes 5 time 1 pv a2a3'; "
         "echo 'info depth 2 seldepth 4 multipv 1 score cp 12 nodes 50 time 2 pv a2a4 a7a6'; "
         "echo 'info depth 2 seldepth 4 multipv 2 score cp -30 nodes 60 time 3 pv h2h3'; "
         "echo 'random chatter'; "
         "echo 'info depth 3 currmove b2b3 currmovenumber 1'; "
         "echo 'info nodes 75 nps 1000'; "
         "echo 'info string thinking hard'; "
         "echo 'bestmove a2a4 ponder a7a6';; "
         "quit) exit 0;; esac; done"});
    EXPECT_EQ(engine.id_name(), "scripted");
    SearchReply result = engine.go(depth_limit(3), PATIENCE);
    EXPECT_EQ(result.status, EngineStatus::ok);
    EXPECT_EQ(result.bestmove, "a2a4");
    EXPECT_EQ(result.ponder, "a7a6");
    EXPECT_EQ(result.depth, 2);
    EXPECT_EQ(result.seldepth, 4);
    EXPECT_EQ(result.score, Score::from_centipawns(12));
    EXPECT_EQ(result.pv, (Strings{"a2a4", "a7a6"}));
    EXPECT_EQ(result.nodes, 75u);
    EXPECT_EQ(result.time_ms, 3);
    EXPECT_EQ(result.info_lines, 6);
    EXPECT_EQ(result.info_strings, Strings{"thinking hard"});
    EXPECT_TRUE(engine.quit());
}

TEST(UciClient, InfoStringsAreCollectedPerSearchInOrder) {
    // Stockfish opens with an `info string` about its network; arbiter's engines close with
    // `info string leaves N`. Strings outside a search are not a search's.
    UciClient engine;
    engine.start("/bin/sh", {"-c",
                             "while read cmd rest; do case $cmd in "
                             "uci) echo uciok;; "
                             "isready) echo 'info string between searches'; echo readyok;; "
                             "go) echo 'info string NNUE evaluation using nn.nnue enabled'; "
                             "echo 'info depth 1 score cp 3 nodes 21 pv a2a3'; "
                             "echo 'info string  leaves   20 '; "
                             "echo 'info string'; "
                             "echo 'info depth 2 nodes 40 string two  words'; "
                             "echo 'bestmove a2a3';; "
                             "quit) exit 0;; esac; done"});
    const Strings expected = {"NNUE evaluation using nn.nnue enabled", "leaves   20", "",
                              "two  words"};
    SearchReply first = engine.go(depth_limit(2), PATIENCE);
    ASSERT_EQ(first.status, EngineStatus::ok);
    EXPECT_EQ(first.info_strings, expected);
    EXPECT_EQ(first.info_lines, 5);
    EXPECT_EQ(first.nodes, 40u);
    EXPECT_EQ(engine.is_ready(PATIENCE), EngineStatus::ok);
    SearchReply second = engine.go(depth_limit(2), PATIENCE);
    EXPECT_EQ(second.info_strings, expected);  // the second search's only, not both
    EXPECT_TRUE(engine.quit());
}

// Issue 20, item 4: an engine flooding `info string` lines during a search costs bounded memory:
// only the last MAX_KEPT_LINES are kept, each cut to MAX_KEPT_LINE_LENGTH bytes.
TEST(UciClient, InfoStringFloodKeepsOnlyTheLastLines) {
    UciClient engine;
    engine.start(MOCK, {"--info-flood", "200000"});
    SearchReply reply = engine.go(depth_limit(1), PATIENCE);
    ASSERT_EQ(reply.status, EngineStatus::ok);
    EXPECT_EQ(reply.info_lines, 200001);
    ASSERT_EQ(reply.info_strings.size(), MAX_KEPT_LINES);
    EXPECT_EQ(reply.info_strings_dropped, 200000 - std::int64_t(MAX_KEPT_LINES));
    EXPECT_EQ(reply.info_strings.front(), "flood " + std::to_string(200000 - MAX_KEPT_LINES));
    EXPECT_EQ(reply.info_strings.back(), "flood 199999");
    EXPECT_FALSE(reply.bestmove.empty());

    std::vector<std::string> kept;
    EXPECT_FALSE(keep_recent_line(kept, std::string(3 * MAX_KEPT_LINE_LENGTH, 'x')));
    EXPECT_EQ(kept.at(0).size(), MAX_KEPT_LINE_LENGTH);
}

// Issue 20, item 7: a score outside the sane range is dropped (never adjudicated, never printed)
// and named as the search's protocol error; sane extremes are kept.
TEST(UciClient, ScoresOutOfRangeAreProtocolErrors) {
    struct Case {
        const char* score;
        std::optional<Score> kept;
        const char* error;
    };
    for (const Case& c : {
             Case{"cp -2147483648", std::nullopt,
                  "score cp -2147483648 is out of range (centipawns within +/-50000)"},
             Case{"mate -2147483648", std::nullopt,
                  "score mate -2147483648 is out of range (mates within +/-1000 moves)"},
             Case{"cp 50001", std::nullopt,
                  "score cp 50001 is out of range (centipawns within +/-50000)"},
             Case{"mate 1001", std::nullopt,
                  "score mate 1001 is out of range (mates within +/-1000 moves)"},
             Case{"cp -50000", Score::from_centipawns(-50000), ""},
             Case{"mate -1000", Score::from_mate_moves(-1000), ""},
         }) {
        UciClient engine;
        engine.start(MOCK, {"--score", c.score});
        SearchReply reply = engine.go(depth_limit(1), PATIENCE);
        ASSERT_EQ(reply.status, EngineStatus::ok) << c.score;
        EXPECT_EQ(reply.score, c.kept) << c.score;
        EXPECT_EQ(reply.protocol_error, c.error) << c.score;
        EXPECT_EQ(reply.depth, 1) << c.score;  // the rest of the line still counts
    }
}

// Issue 20, item 6: waits beyond what the clock can add saturate: a healthy engine answers.
TEST(UciClient, TimeoutsBeyondTheClockStillWaitForTheAnswer) {
    const std::chrono::milliseconds forever(9'300'000'000'000);
    UciClient engine;
    engine.start(MOCK, {}, {}, {}, forever);
    EXPECT_EQ(engine.is_ready(forever), EngineStatus::ok);
    SearchReply reply = engine.go(depth_limit(1), forever);
    EXPECT_EQ(reply.status, EngineStatus::ok);
    EXPECT_FALSE(reply.bestmove.empty());
}

// Issue 20, item 9: an engine that exits while a helper holds its stdout disconnects at once,
// well within a stall timeout of a minute, instead of stalling until it passes.
TEST(UciClient, ExitWithAHelperHoldingStdoutIsADisconnection) {
    UciClient engine;
    engine.start(MOCK, {"--orphan-stdout", "--exit-at", "2"});
    EXPECT_EQ(engine.go(depth_limit(1), PATIENCE).status, EngineStatus::ok);
    EXPECT_EQ(engine.go(depth_limit(1), 60s).status, EngineStatus::disconnected);
    EXPECT_FALSE(engine.alive());
    EXPECT_EQ(engine.exit_status().text(), "exited with code 1");
}

// Issue 20, item 10: what an engine says about itself is kept as printable text: control bytes
// and bytes that are not UTF-8 as \xNN, UTF-8 as it is.
TEST(UciClient, IdNameWithControlBytesIsKeptEscaped) {
    UciClient engine;
    engine.start(MOCK, {"--name", "evil\\x1b[2J\\x00\\xff \xC3\xA4"});
    EXPECT_EQ(engine.id_name(), "evil\\x1B[2J\\x00\\xFF \xC3\xA4");
    EXPECT_EQ(engine.display_name(), engine.id_name());
}

TEST(UciClient, DepthWithoutPrincipalLinesIsStillReported) {
    UciClient engine;
    engine.start("/bin/sh", {"-c",
                             "while read cmd rest; do case $cmd in "
                             "uci) echo uciok;; "
                             "go) echo 'info depth 4 seldepth 6 nodes 99'; echo bestmove;; "
                             "esac; done"});
    EXPECT_EQ(engine.id_name(), "");
    SearchReply result = engine.go(depth_limit(4), PATIENCE);
    EXPECT_EQ(result.status, EngineStatus::ok);
    EXPECT_EQ(result.bestmove, "");  // a bare "bestmove" line
    EXPECT_EQ(result.depth, 4);
    EXPECT_EQ(result.seldepth, 6);
    EXPECT_FALSE(result.score);
    EXPECT_TRUE(result.pv.empty());
    EXPECT_EQ(result.nodes, 99u);
    EXPECT_FALSE(result.time_ms);
}

TEST(UciClient, HashfullAndTbhitsComeFromTheLastLineReportingEach) {
    UciClient engine;
    engine.start("/bin/sh", {"-c",
                             "while read cmd rest; do case $cmd in "
                             "uci) echo uciok;; "
                             "go) echo 'info depth 1 score cp 5 hashfull 12 tbhits 3 pv e2e4'; "
                             "echo 'info depth 2 score cp 7 hashfull 40 pv e2e4'; "
                             "echo 'info nodes 9 tbhits 8'; "
                             "echo 'info depth 3 score cp 9 pv d2d4'; echo bestmove d2d4;; "
                             "esac; done"});
    SearchReply result = engine.go(depth_limit(3), PATIENCE);
    EXPECT_EQ(result.status, EngineStatus::ok);
    EXPECT_EQ(result.hashfull, 40);
    EXPECT_EQ(result.tbhits, 8u);
    engine.kill();
}

class Stockfish : public ::testing::Test {
  protected:
    void SetUp() override {
        const std::string stockfish = testing::reference_program("stockfish");
        if (stockfish.empty()) GTEST_SKIP() << "stockfish is not installed";
        engine.start(stockfish);
        ASSERT_TRUE(engine.set_option("Threads", "1"));
        ASSERT_TRUE(engine.set_option("Hash", "16"));
        ASSERT_EQ(engine.is_ready(PATIENCE), EngineStatus::ok);
    }
    UciClient engine;
};

TEST_F(Stockfish, HandshakeAndOptions) {
    EXPECT_TRUE(engine.id_name().starts_with("Stockfish")) << engine.id_name();
    const UciOption* hash = engine.find_option("hash");
    ASSERT_NE(hash, nullptr);
    EXPECT_EQ(hash->type, UciOption::Type::spin);
    EXPECT_EQ(hash->min, 1);
    EXPECT_THROW(engine.set_option("Hash", "0"), UciError);
    EXPECT_THROW(engine.set_option("NoSuchOption", "1"), UciError);
    EXPECT_TRUE(engine.quit());
}

TEST_F(Stockfish, DepthFiveIsLegalAndReproducible) {
    std::optional<std::uint64_t> first_nodes;
    std::string first_move;
    for (int run = 0; run < 2; ++run) {
        ASSERT_TRUE(engine.new_game());
        ASSERT_TRUE(engine.position("startpos"));
        SearchReply result = engine.go(depth_limit(5), PATIENCE);
        ASSERT_EQ(result.status, EngineStatus::ok);
        EXPECT_TRUE(Board().is_legal(result.bestmove)) << result.bestmove;
        EXPECT_EQ(result.depth, 5);
        ASSERT_TRUE(result.nodes);
        EXPECT_GT(*result.nodes, 0u);
        EXPECT_TRUE(result.seldepth);
        EXPECT_TRUE(result.score);
        EXPECT_TRUE(result.time_ms);
        ASSERT_FALSE(result.pv.empty());
        EXPECT_EQ(result.pv[0], result.bestmove);
        EXPECT_GE(result.info_lines, 5);
        if (run == 0) {
            first_nodes = result.nodes;
            first_move = result.bestmove;
        } else {
            EXPECT_EQ(result.nodes, first_nodes);  // one thread after ucinewgame: deterministic
            EXPECT_EQ(result.bestmove, first_move);
        }
    }
}

TEST_F(Stockfish, FindsMateInOne) {
    ASSERT_TRUE(engine.position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
    SearchReply result = engine.go(depth_limit(5), PATIENCE);
    ASSERT_EQ(result.status, EngineStatus::ok);
    EXPECT_EQ(result.bestmove, "a1a8");
    EXPECT_EQ(result.score, Score::from_mate_moves(1));
    ASSERT_TRUE(engine.position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Strings{"a1a8"}));
    result = engine.go(depth_limit(5), PATIENCE);
    EXPECT_EQ(result.bestmove, "(none)");
}

TEST_F(Stockfish, MovetimeSearchEndsByItself) {
    ASSERT_TRUE(engine.position("startpos", Strings{"e2e4", "c7c5"}));
    GoLimits limits;
    limits.movetime_ms = 50;
    SearchReply result = engine.go(limits, PATIENCE);
    ASSERT_EQ(result.status, EngineStatus::ok);
    Board board;
    board.play("e2e4");
    board.play("c7c5");
    EXPECT_TRUE(board.is_legal(result.bestmove)) << result.bestmove;
}

}  // namespace
}  // namespace arbiter
