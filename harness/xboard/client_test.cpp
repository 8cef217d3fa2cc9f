#include "harness/xboard/client.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "engines/core/board.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"

namespace arbiter {
namespace {

using namespace std::chrono_literals;

// A mock engine with a command log of its own.
class MockXboard {
  public:
    explicit MockXboard(std::vector<std::string> args,
                        std::chrono::milliseconds handshake = 5000ms) {
        static int counter = 0;
        log_ = std::filesystem::temp_directory_path() /
               ("arbiter-xboard-" + std::to_string(::getpid()) + "-" + std::to_string(++counter) +
                ".log");
        std::filesystem::remove(log_);
        args.push_back("--log");
        args.push_back(log_.string());
        try {
            client.start(MOCK_XBOARD_ENGINE_PATH, args, {}, {}, handshake);
        } catch (...) {  // no destructor runs: the log is removed here
            client.kill();
            std::filesystem::remove(log_);
            throw;
        }
    }
    ~MockXboard() {
        client.kill();
        std::filesystem::remove(log_);
    }
    // The commands the engine received so far.
    std::vector<std::string> received() const {
        std::vector<std::string> lines;
        std::ifstream in(log_);
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        return lines;
    }
    bool received_line(const std::string& line) const {
        auto lines = received();
        return std::find(lines.begin(), lines.end(), line) != lines.end();
    }
    XboardClient client;

  private:
    std::filesystem::path log_;
};

// The first legal move in generation order after `moves`: what the mock engine plays.
std::string first_legal(const std::string& fen, const std::vector<std::string>& moves) {
    Board board;
    (void)board.set(fen);
    for (const std::string& m : moves) board.play_uci(m);
    MoveList list;
    generate_legal(board.position(), list);
    return move_to_uci(*list.begin());
}

GoLimits depth(int d) {
    GoLimits limits;
    limits.depth = d;
    return limits;
}

TEST(XboardClient, NegotiatesFeaturesAndRejectsUnknownOnes) {
    MockXboard mock({});
    EXPECT_EQ(mock.client.protocol_version(), 2);
    EXPECT_EQ(mock.client.display_name(), "mock xboard");
    EXPECT_EQ(mock.client.feature("ping"), "1");
    EXPECT_FALSE(mock.client.has_feature("frobnicate"));
    EXPECT_EQ(mock.client.is_ready(2000ms), EngineStatus::ok);
    EXPECT_TRUE(mock.received_line("accepted ping"));
    EXPECT_TRUE(mock.received_line("rejected frobnicate"));
    EXPECT_TRUE(mock.received_line("post"));
}

TEST(XboardClient, PlaysAGameSendingOnlyWhatTheEngineLacks) {
    MockXboard mock({});
    std::vector<std::string> moves;
    for (int turn = 0; turn < 3; ++turn) {
        ASSERT_TRUE(mock.client.position("startpos", moves));
        EngineReply reply = mock.client.go(depth(2), 2000ms);
        ASSERT_EQ(reply.search.status, EngineStatus::ok);
        EXPECT_EQ(reply.search.bestmove, first_legal(std::string(START_FEN), moves));
        EXPECT_EQ(reply.search.depth, 1);
        ASSERT_EQ(reply.search.pv.size(), 1u);
        EXPECT_EQ(reply.search.pv[0], reply.search.bestmove);
        moves.push_back(reply.search.bestmove);
        moves.push_back(std::vector<std::string>{"h7h6", "h6h5", "h5h4"}[std::size_t(turn)]);
    }
    std::vector<std::string> lines = mock.received();
    EXPECT_EQ(std::count(lines.begin(), lines.end(), "new"), 1) << "the game was set up again";
    EXPECT_EQ(std::count(lines.begin(), lines.end(), "h7h6"), 1);
    EXPECT_EQ(std::count(lines.begin(), lines.end(), "h6h5"), 1);
    EXPECT_EQ(std::count(lines.begin(), lines.end(), "sd 2"), 3);
    // A new game starts the board anew.
    mock.client.new_game();
    ASSERT_TRUE(mock.client.position("startpos", {}));
    EXPECT_EQ(mock.client.go(depth(1), 2000ms).search.bestmove,
              first_legal(std::string(START_FEN), {}));
    lines = mock.received();
    EXPECT_EQ(std::count(lines.begin(), lines.end(), "new"), 2);
}

// `result` goes to an engine that was given the game, once; one that never got this game's `new`
// (its opponent's crash ended the game before its first move) hears nothing of it.
TEST(XboardClient, TheResultGoesOnlyToAnEngineThatPlayedTheGameAndOnlyOnce) {
    MockXboard mock({});
    auto results = [&] {
        EXPECT_EQ(mock.client.is_ready(2000ms), EngineStatus::ok);  // the engine read everything
        std::vector<std::string> lines = mock.received(), found;
        std::copy_if(lines.begin(), lines.end(), std::back_inserter(found),
                     [](const std::string& line) { return line.starts_with("result"); });
        return found;
    };
    mock.client.new_game();
    EXPECT_TRUE(mock.client.end_game("0-1", "White disconnects"));
    EXPECT_EQ(results(), std::vector<std::string>{});
    mock.client.new_game();
    ASSERT_TRUE(mock.client.position("startpos", {}));
    ASSERT_EQ(mock.client.go(depth(1), 2000ms).search.status, EngineStatus::ok);
    EXPECT_TRUE(mock.client.end_game("1/2-1/2", "Draw by adjudication"));
    EXPECT_TRUE(mock.client.end_game("1/2-1/2", "Draw by adjudication"));
    EXPECT_EQ(results(), std::vector<std::string>{"result 1/2-1/2 {Draw by adjudication}"});
}

// The clock commands among the lines an engine received, and its `go`s.
std::vector<std::string> clock_lines(const std::vector<std::string>& lines) {
    std::vector<std::string> kept;
    std::copy_if(lines.begin(), lines.end(), std::back_inserter(kept), [](const std::string& line) {
        return line.rfind("level", 0) == 0 || line.rfind("time", 0) == 0 ||
               line.rfind("otim", 0) == 0 || line == "go";
    });
    return kept;
}

// Clock limits go out as one `level` per game, then the engine's own clock (`time`) and its
// opponent's (`otim`) in centiseconds before every `go`.
TEST(XboardClient, ClocksGoOutAsLevelOncePerGameThenTimeAndOtim) {
    MockXboard mock({});
    GoLimits clocks;
    clocks.wtime_ms = 60000;
    clocks.btime_ms = 55000;
    clocks.winc_ms = clocks.binc_ms = 500;
    std::vector<std::string> moves;
    ASSERT_TRUE(mock.client.position("startpos", moves));
    moves.push_back(mock.client.go(clocks, 2000ms).search.bestmove);
    moves.push_back("h7h6");
    clocks.wtime_ms = 58000;
    ASSERT_TRUE(mock.client.position("startpos", moves));
    ASSERT_EQ(mock.client.go(clocks, 2000ms).search.status, EngineStatus::ok);
    EXPECT_EQ(clock_lines(mock.received()),
              (std::vector<std::string>{"level 0 1 0.5", "time 6000", "otim 5500", "go",
                                        "time 5800", "otim 5500", "go"}));
}

// Issue 41: `level` holds one period, so a control of several states its first (as the
// protocol's level sets it before the game), whatever period the engine is in; `time` and `otim`
// carry the clocks with the later periods' time.
TEST(XboardClient, SeveralPeriodsGoOutAsTheFirstPeriodsLevelThenTheClocks) {
    MockXboard mock({});
    GoLimits clocks;
    clocks.wtime_ms = 5430000;
    clocks.btime_ms = 5430000;
    clocks.winc_ms = clocks.binc_ms = 30000;
    clocks.movestogo = 40;
    clocks.first_period = TimePeriod{40, 5400000, 30000};
    std::vector<std::string> moves;
    ASSERT_TRUE(mock.client.position("startpos", moves));
    moves.push_back(mock.client.go(clocks, 2000ms).search.bestmove);
    moves.push_back("h7h6");
    clocks.wtime_ms = 1830000;  // in the second period, 30 minutes and the increment added
    clocks.movestogo.reset();
    ASSERT_TRUE(mock.client.position("startpos", moves));
    ASSERT_EQ(mock.client.go(clocks, 2000ms).search.status, EngineStatus::ok);
    EXPECT_EQ(clock_lines(mock.received()),
              (std::vector<std::string>{"level 40 90 30", "time 543000", "otim 543000", "go",
                                        "time 183000", "otim 543000", "go"}));
}

TEST(XboardClient, SetboardOrEditByWhatTheEngineSupports) {
    const std::string fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    {
        MockXboard mock({});
        ASSERT_TRUE(mock.client.position(fen, {}));
        EXPECT_EQ(mock.client.go(depth(1), 2000ms).search.bestmove, first_legal(fen, {}));
        EXPECT_TRUE(mock.received_line("setboard " + fen));
    }
    {
        MockXboard mock({"--no-setboard"});
        ASSERT_TRUE(mock.client.position(fen, {}));
        EXPECT_EQ(mock.client.go(depth(1), 2000ms).search.bestmove, first_legal(fen, {}));
        EXPECT_TRUE(mock.received_line("edit"));
        EXPECT_TRUE(mock.received_line("Pe2"));
        EXPECT_FALSE(mock.received_line("setboard " + fen));
        EXPECT_THROW(mock.client.position("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", {}), XboardError);
    }
}

TEST(XboardClient, UsermoveAndSanBothWays) {
    MockXboard mock({"--usermove", "--san"});
    std::vector<std::string> e4 = {"e2e4"};
    ASSERT_TRUE(mock.client.position("startpos", e4));
    EngineReply reply = mock.client.go(depth(1), 2000ms);
    EXPECT_EQ(reply.search.bestmove, first_legal(std::string(START_FEN), {"e2e4"}));
    EXPECT_TRUE(mock.received_line("usermove e4"));
}

TEST(XboardClient, ProtocolOneEngineNeedsNoFeatures) {
    MockXboard mock({"--protover1"});
    EXPECT_EQ(mock.client.protocol_version(), 1);
    EXPECT_EQ(mock.client.is_ready(1000ms), EngineStatus::ok);  // no ping: only alive
    ASSERT_TRUE(mock.client.position("startpos", {}));
    EXPECT_EQ(mock.client.go(depth(1), 2000ms).search.bestmove,
              first_legal(std::string(START_FEN), {}));
}

// A protocol-1 engine that answers `protover` with nothing is taken for one once the handshake
// timeout has passed.
TEST(XboardClient, SilentProtocolOneEngineIsTakenForOneAfterTheTimeout) {
    MockXboard mock({"--protover1-silent"}, 300ms);
    EXPECT_EQ(mock.client.protocol_version(), 1);
    ASSERT_TRUE(mock.client.position("startpos", {}));
    EXPECT_EQ(mock.client.go(depth(1), 2000ms).search.bestmove,
              first_legal(std::string(START_FEN), {}));
}

// An engine that prints a line at once and its features only seconds later (PolyGlot, while the
// UCI engine behind it loads on a busy machine) is still a protocol-2 engine with its features.
TEST(XboardClient, FeaturesThatComeLateStillCount) {
    MockXboard mock({"--slow-start", "2500", "--variants", "normal,fischerandom"}, 10000ms);
    EXPECT_EQ(mock.client.protocol_version(), 2);
    EXPECT_EQ(mock.client.feature("variants"), "normal,fischerandom");
    EXPECT_EQ(mock.client.name(), "mock xboard");
}

// Whether the engine's commands include one that starts with `word`.
bool received_command(const MockXboard& mock, const std::string& word) {
    auto lines = mock.received();
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& line) { return line.rfind(word, 0) == 0; });
}

// An engine without ping (protocol 1, or feature ping=0) does not know the command: is_ready()
// must not send it, and must not wait for a pong that never comes.
TEST(XboardClient, WithoutPingIsReadySendsNoPing) {
    for (const char* kind : {"--protover1", "--no-ping"}) {
        MockXboard mock({kind});
        EXPECT_NE(mock.client.feature("ping"), "1") << kind;
        EXPECT_EQ(mock.client.is_ready(1000ms), EngineStatus::ok) << kind;
        EXPECT_FALSE(received_command(mock, "ping")) << kind;
    }
}

// Without ping, what the engine said after the last game's move (here a claim that comes
// long after it, past the client's short look) is read and dropped by is_ready(), so it does not
// open the next game as a claim; GNU Chess does this.
TEST(XboardClient, WithoutPingIsReadyDropsWhatTheLastGameLeft) {
    for (const char* kind : {"--protover1", "--no-ping"}) {
        MockXboard mock({kind, "--late-claim-at", "1"});
        ASSERT_TRUE(mock.client.position("startpos", {}));
        ASSERT_EQ(mock.client.go(depth(1), 2000ms).search.status, EngineStatus::ok) << kind;
        std::this_thread::sleep_for(300ms);  // the late claim is in the pipe by now
        mock.client.new_game();
        ASSERT_EQ(mock.client.is_ready(1000ms), EngineStatus::ok) << kind;
        ASSERT_TRUE(mock.client.position("startpos", {}));
        EngineReply reply = mock.client.go(depth(1), 2000ms);
        EXPECT_FALSE(reply.claimed_result) << kind << ": the last game's claim opened this one";
        EXPECT_EQ(reply.search.bestmove, first_legal(std::string(START_FEN), {})) << kind;
    }
}

// Without ping, is_ready() still tells a dead engine from a live one.
TEST(XboardClient, WithoutPingIsReadySeesADeadEngine) {
    MockXboard mock({"--no-ping", "--crash-at", "1"});
    ASSERT_TRUE(mock.client.position("startpos", {}));
    EXPECT_EQ(mock.client.go(depth(1), 2000ms).search.status, EngineStatus::disconnected);
    EXPECT_EQ(mock.client.is_ready(1000ms), EngineStatus::disconnected);
}

TEST(XboardClient, HandshakeHeldForeverIsAnError) {
    try {
        MockXboard mock({"--hold"}, 300ms);
        FAIL() << "a handshake without done=1 was accepted";
    } catch (const XboardError& e) {
        EXPECT_NE(std::string(e.what()).find("'feature done=0' but not 'done=1' within 300 ms"),
                  std::string::npos)
            << e.what();
    }
}

TEST(XboardClient, MisbehaviourIsReportedNotThrown) {
    {
        MockXboard mock({"--crash-at", "1"});
        mock.client.position("startpos", {});
        EXPECT_EQ(mock.client.go(depth(1), 2000ms).search.status, EngineStatus::disconnected);
    }
    {
        MockXboard mock({"--hang-at", "1"});
        mock.client.position("startpos", {});
        EXPECT_EQ(mock.client.go(depth(1), 300ms).search.status, EngineStatus::timeout);
    }
    {
        MockXboard mock({"--illegal-at", "1"});
        mock.client.position("startpos", {});
        EXPECT_EQ(mock.client.go(depth(1), 2000ms).search.bestmove, "a1a1");
    }
    {
        MockXboard mock({"--resign-at", "1"});
        mock.client.position("startpos", {});
        EngineReply reply = mock.client.go(depth(1), 2000ms);
        EXPECT_TRUE(reply.resigned);
        EXPECT_TRUE(reply.search.bestmove.empty());
    }
    {
        MockXboard mock({"--claim-at", "1"});
        mock.client.position("startpos", {});
        EngineReply reply = mock.client.go(depth(1), 2000ms);
        EXPECT_EQ(reply.claimed_result, "1-0");
        EXPECT_EQ(reply.claim_reason, "White mates");
    }
    {
        MockXboard mock({});
        mock.client.position("startpos", {});
        GoLimits nodes;
        nodes.nodes = 1000;
        EXPECT_THROW(mock.client.go(nodes, 1000ms), XboardError);
    }
}

TEST(XboardClient, OurMoveRefusedIsReportedAndAnUnknownCommandIsNot) {
    {
        MockXboard mock({"--refuse-moves"});
        std::vector<std::string> e4 = {"e2e4"};
        mock.client.position("startpos", e4);
        EngineReply reply = mock.client.go(depth(1), 2000ms);
        // Its board no longer follows the game: reported as a broken connection, with the move.
        EXPECT_EQ(reply.search.status, EngineStatus::disconnected);
        ASSERT_EQ(reply.errors.size(), 1u);
        EXPECT_EQ(reply.errors[0], "Illegal move: e2e4 (a legal move of ours)");
        EXPECT_TRUE(reply.search.bestmove.empty());
    }
    {
        // "Illegal move: sd 2" names a command, not a move of ours: logged, and the game goes on.
        MockXboard mock({"--no-sd"});
        mock.client.position("startpos", {});
        EngineReply reply = mock.client.go(depth(2), 2000ms);
        EXPECT_EQ(reply.search.status, EngineStatus::ok);
        ASSERT_EQ(reply.errors.size(), 1u);
        EXPECT_EQ(reply.errors[0], "Illegal move: sd 2");
        EXPECT_EQ(reply.search.bestmove, first_legal(std::string(START_FEN), {}));
    }
}

// A Chess960 search of the mock engine that castles whenever it can, writing castling as `form`
// (san: O-O; king: the king's step, e1g1; rook: the king taking its rook, e1h1).
EngineReply castling_reply(const std::string& fen, const std::string& form) {
    MockXboard mock(
        {"--variants", "normal,fischerandom", "--prefer-castling", "--castle-as", form});
    mock.client.enable_chess960();
    mock.client.new_game();
    EXPECT_TRUE(mock.client.position(fen, {}));
    EngineReply reply = mock.client.go(depth(1), 2000ms);
    EXPECT_EQ(reply.search.status, EngineStatus::ok) << fen << " " << form;
    EXPECT_TRUE(mock.received_line("variant fischerandom"));
    return reply;
}

// Issue 28: an upper-case promotion letter ("move a7a8Q") is read as cutechess reads it, the same
// promotion, as a UCI engine's is (coordinates first, then SAN, which also took it); the move and
// the principal variation come back in UCI's lower case.
TEST(XboardClient, AnUpperCasePromotionLetterIsThatPromotion) {
    MockXboard mock({"--upper-promotion"});
    mock.client.new_game();
    ASSERT_TRUE(mock.client.position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", {}));
    EngineReply reply = mock.client.go(depth(1), 2000ms);
    EXPECT_EQ(reply.search.status, EngineStatus::ok);
    EXPECT_EQ(reply.search.bestmove, "a7a8q");
    EXPECT_EQ(reply.search.pv, std::vector<std::string>{"a7a8q"});
}

// Chess960 castling from an XBoard engine in each form engines use: O-O, the king taking its own
// rook, and the king's step to its castled square (two or more squares, or none at all). The
// move and the principal variation come back as the core's Chess960 castling (king takes rook).
TEST(XboardClient, Chess960CastlingIsReadInEveryForm) {
    struct Case {
        const char* fen;
        const char* castling;  // in the core's form
    };
    const Case cases[] = {
        {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1"},  // king e1 -> g1
        {"4k3/8/8/8/8/8/8/R4K2 w A - 0 1", "f1a1"},  // king f1 -> c1
        {"4k3/8/8/8/8/8/8/1K5R w H - 0 1", "b1h1"},  // king b1 -> g1
        {"4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1"},   // the king stays on g1 ("g1g1")
        {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1"},  // "O-O+", as polyglot writes it
    };
    for (const Case& c : cases)
        for (const char* form : {"san", "king", "rook"}) {
            EngineReply reply = castling_reply(c.fen, form);
            EXPECT_EQ(reply.search.bestmove, c.castling) << c.fen << " written as " << form;
            EXPECT_EQ(reply.search.pv, std::vector<std::string>{c.castling})
                << c.fen << " written as " << form;
        }
}

// King f1, rook h1, g1 free: "f1g1" is a legal king step, so it is that step, as XBoard and
// cutechess read it, even from an engine that meant to castle; O-O and "f1h1" castle.
TEST(XboardClient, Chess960KingStepThatIsLegalIsNoCastling) {
    const std::string fen = "4k3/8/8/8/8/8/8/5K1R w H - 0 1";
    EXPECT_EQ(castling_reply(fen, "king").search.bestmove, "f1g1");
    std::deque<StateInfo> states;
    Position pos;
    ASSERT_EQ(pos.set(fen, states.emplace_back(), true), "");
    EXPECT_EQ(move_from_uci(pos, "f1g1").kind(), Move::NORMAL);
    EXPECT_EQ(castling_reply(fen, "san").search.bestmove, "f1h1");
    EXPECT_EQ(castling_reply(fen, "rook").search.bestmove, "f1h1");
}

// Our castling goes to a Chess960 engine as O-O/O-O-O, the protocol's form for fischerandom,
// with or without SAN; the engine takes it and answers.
TEST(XboardClient, Chess960CastlingIsSentAsOO) {
    for (bool san : {false, true}) {
        std::vector<std::string> args = {"--variants", "normal,fischerandom"};
        if (san) args.push_back("--san");
        MockXboard mock(args);
        mock.client.enable_chess960();
        mock.client.new_game();
        std::vector<std::string> moves = {"b1a1", "e8h8"};  // O-O-O, then Black's O-O
        ASSERT_TRUE(mock.client.position("4k2r/8/8/8/8/8/8/RK6 w Ah - 0 1", moves));
        EngineReply reply = mock.client.go(depth(1), 2000ms);
        EXPECT_EQ(reply.search.status, EngineStatus::ok) << san;
        EXPECT_TRUE(reply.errors.empty()) << san << ": " << reply.errors.front();
        EXPECT_TRUE(mock.received_line("O-O-O")) << san;
        EXPECT_TRUE(mock.received_line("O-O")) << san;
        EXPECT_FALSE(reply.search.bestmove.empty()) << san;
    }
}

// Real engines from Debian's packages, through the same client: a few moves each by depth and by
// clock, every move legal.
void play_real_engine(const std::string& program, const std::string& fen = std::string(START_FEN)) {
    if (!std::filesystem::exists(program)) {
        if (std::getenv("CI")) FAIL() << program << " is needed (scripts/setup installs it)";
        GTEST_SKIP() << program << " is not installed";
    }
    XboardClient client;
    client.start(program);
    EXPECT_EQ(client.protocol_version(), 2);
    ASSERT_EQ(client.is_ready(5000ms), EngineStatus::ok);
    std::vector<std::string> moves;
    Board board;
    (void)board.set(fen);
    client.new_game();
    for (int ply = 0; ply < 8; ++ply) {
        ASSERT_TRUE(client.position(fen, moves));
        GoLimits limits;
        if (ply < 4) {
            limits.depth = 3;
        } else {
            limits.wtime_ms = limits.btime_ms = 20000;
            limits.winc_ms = limits.binc_ms = 100;
        }
        EngineReply reply = client.go(limits, 20000ms);
        ASSERT_EQ(reply.search.status, EngineStatus::ok) << program;
        ASSERT_TRUE(board.play_uci(reply.search.bestmove))
            << program << " played '" << reply.search.bestmove << "' after " << moves.size()
            << " moves";
        moves.push_back(reply.search.bestmove);
    }
    client.quit();
}

TEST(XboardClient, FairyMaxPlays) {
    play_real_engine("/usr/games/fairymax");
}

TEST(XboardClient, PhalanxPlays) {
    // Out of its opening book, so that it searches (it has setboard).
    play_real_engine("/usr/games/phalanx",
                     "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
}

}  // namespace
}  // namespace arbiter
