// The referee with XBoard engines behind EngineSession: the mock XBoard engine against the mock
// UCI engine, and its resignations, claims, draw offers and failures scored like any other.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engines/core/board.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"
#include "harness/game/game.h"
#include "harness/uci/session.h"
#include "harness/xboard/session.h"

namespace arbiter {
namespace {

using std::chrono::milliseconds;

// White is the mock XBoard engine with `xboard_args`, logging what it receives; Black the mock
// UCI engine with `uci_args`.
struct MixedMatch {
    explicit MixedMatch(std::vector<std::string> xboard_args,
                        std::vector<std::string> uci_args = {"--seed", "5"}) {
        static int counter = 0;
        log = std::filesystem::temp_directory_path() /
              ("arbiter-xboard-game-" + std::to_string(::getpid()) + "-" +
               std::to_string(++counter) + ".log");
        std::filesystem::remove(log);
        xboard_args.insert(xboard_args.end(), {"--log", log.string()});
        white_engine.start(MOCK_XBOARD_ENGINE_PATH, xboard_args, {}, {}, milliseconds(5000));
        black_engine.start(MOCK_ENGINE_PATH, uci_args, {}, {}, milliseconds(5000));
        white = {&white_engine, "xb", {}};
        black = {&black_engine, "uci", {}};
        white.limits.depth = black.limits.depth = 1;
        settings.stall_timeout = milliseconds(1500);
        settings.adjudication.max_plies = 40;
        opening.start_fen = START_FEN;
    }
    ~MixedMatch() {
        white_engine.kill();
        std::filesystem::remove(log);
    }
    PlayedGame play() { return play_game(white, black, opening, settings); }
    bool logged(const std::string& text) const {
        return std::any_of(game.events.begin(), game.events.end(),
                           [&](const std::string& e) { return e.find(text) != std::string::npos; });
    }
    // What the XBoard engine received that starts with `prefix`, in order, once it has quit (so
    // that it has read everything sent).
    std::vector<std::string> received(const std::string& prefix) {
        white_engine.quit(milliseconds(2000));
        std::vector<std::string> lines;
        std::ifstream in(log);
        for (std::string line; std::getline(in, line);)
            if (line.starts_with(prefix)) lines.push_back(line);
        return lines;
    }
    std::filesystem::path log;
    XboardSession white_engine;
    UciSession black_engine;
    Player white, black;
    GameSettings settings;
    Opening opening;
    PlayedGame game;
};

void expect_replayable(const PlayedGame& record) {
    Board board;
    ASSERT_EQ(board.set(record.start_fen), "");
    for (const MoveRecord& m : record.moves) {
        Move move = move_from_uci(board.position(), m.uci);
        ASSERT_TRUE(move) << "ply " << m.ply << ": " << m.uci;
        board.play(move);
    }
}

TEST(XboardGame, AnXboardEngineMeetsAUciEngineAndItsThinkingIsRecorded) {
    MixedMatch match({});
    match.game = match.play();
    ASSERT_FALSE(match.game.result.description.empty());
    EXPECT_NE(match.game.result.termination, Termination::disconnect)
        << match.game.result.description;
    EXPECT_NE(match.game.result.termination, Termination::illegal_move)
        << match.game.result.description;
    ASSERT_GE(match.game.moves.size(), 2u);
    expect_replayable(match.game);
    // The mock's post line "1 <plies> <go> <legal moves> <move>": depth 1, nodes = legal moves.
    const MoveRecord& first = match.game.moves[0];
    EXPECT_EQ(first.depth, 1);
    EXPECT_EQ(first.nodes, 20);
    EXPECT_EQ(first.pv, first.uci);
}

TEST(XboardGame, TheSanSpeakingVariantPlaysTheSameGame) {
    MixedMatch plain({});
    MixedMatch san({"--san", "--usermove"});
    PlayedGame a = plain.play(), b = san.play();
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i) EXPECT_EQ(a.moves[i].uci, b.moves[i].uci);
    EXPECT_EQ(a.result, b.result);
}

TEST(XboardGame, ResignLosesByResignation) {
    MixedMatch match({"--resign-at", "3"});
    match.game = match.play();
    EXPECT_EQ(to_pgn(match.game.result.outcome), "0-1");
    EXPECT_EQ(match.game.result.termination, Termination::resignation);
    EXPECT_EQ(match.game.result.description, "White resigns");
    EXPECT_EQ(match.game.moves.size(), 4u);
    EXPECT_FALSE(match.game.white_needs_restart);
}

TEST(XboardGame, AFalseClaimLoses) {
    MixedMatch match({"--claim-at", "2"});
    match.game = match.play();
    EXPECT_EQ(to_pgn(match.game.result.outcome), "0-1");
    EXPECT_EQ(match.game.result.termination, Termination::false_claim);
    EXPECT_EQ(match.game.result.description, "White makes a false claim: 1-0 {White mates}");
    EXPECT_TRUE(match.logged("White (xb): claims 1-0 {White mates}: false"));
}

TEST(XboardGame, ADrawOfferIsRecordedAndDecidesNothing) {
    MixedMatch match({"--offer-draw-at", "2"});
    match.game = match.play();
    ASSERT_GE(match.game.moves.size(), 4u);
    EXPECT_EQ(match.game.moves[2].comment, "draw offer");
    EXPECT_EQ(match.game.moves[0].comment, "");
    EXPECT_TRUE(match.logged("White (xb): offers a draw (ignored)"));
    EXPECT_NE(match.game.result.termination, Termination::adjudication_draw);
}

TEST(XboardGame, CrashHangAndIllegalMovesEndTheGameAsForUci) {
    MixedMatch crash({"--crash-at", "2"});
    crash.game = crash.play();
    EXPECT_EQ(crash.game.result.termination, Termination::disconnect);
    EXPECT_EQ(crash.game.result.description, "White disconnects");
    EXPECT_TRUE(crash.game.white_needs_restart);

    MixedMatch hang({"--hang-at", "2"});
    hang.game = hang.play();
    EXPECT_EQ(hang.game.result.termination, Termination::stall);
    EXPECT_EQ(to_pgn(hang.game.result.outcome), "0-1");

    MixedMatch illegal({"--illegal-at", "2"});
    illegal.game = illegal.play();
    EXPECT_EQ(illegal.game.result.termination, Termination::illegal_move);
    EXPECT_EQ(illegal.game.result.description, "White makes an illegal move: a1a1");
}

TEST(XboardGame, AnEngineRefusingOurMovesIsLoggedAndRestarted) {
    MixedMatch match({"--refuse-moves"});
    match.game = match.play();
    EXPECT_EQ(to_pgn(match.game.result.outcome), "0-1");
    EXPECT_EQ(match.game.result.termination, Termination::disconnect);
    EXPECT_TRUE(match.game.white_needs_restart);
    EXPECT_TRUE(match.logged("White (xb): Illegal move: "));
}

TEST(XboardGame, AClaimRightAfterTheMoveIsCheckedAtThatMove) {
    MixedMatch match({"--claim-after-move-at", "2"});
    match.game = match.play();
    EXPECT_EQ(match.game.result.termination, Termination::false_claim);
    EXPECT_EQ(match.game.moves.size(), 3u);  // its move was played, then the claim judged
}

using Lines = std::vector<std::string>;

TEST(XboardGame, TheEngineHearsTheResultOfAGameItMatesOrThatIsAdjudicated) {
    MixedMatch mate({});
    // A smothered mate: the mock's first legal move, Nf7, ends the game.
    mate.opening.start_fen = "6rk/6pp/7N/5P2/6P1/8/PP6/KB6 w - - 0 1";
    mate.game = mate.play();
    EXPECT_EQ(mate.game.result.termination, Termination::checkmate);
    EXPECT_EQ(mate.received("result"), Lines{"result 1-0 {White mates}"});

    MixedMatch long_game({});
    long_game.game = long_game.play();
    EXPECT_EQ(long_game.game.result.termination, Termination::max_plies);
    EXPECT_EQ(long_game.received("result"),
              Lines{"result 1/2-1/2 {Draw by adjudication: maximum game length}"});
}

TEST(XboardGame, TheEngineHearsItResignedOrThatItsOpponentCrashedOrLostOnTime) {
    MixedMatch resign({"--resign-at", "3"});
    resign.game = resign.play();
    EXPECT_EQ(resign.received("result"), Lines{"result 0-1 {White resigns}"});

    MixedMatch crash({}, {"--crash-at", "2"});
    crash.game = crash.play();
    EXPECT_TRUE(crash.game.black_needs_restart);
    EXPECT_EQ(crash.received("result"), Lines{"result 1-0 {Black disconnects}"});

    // Black thinks 400 ms on a 100 ms clock: it answers late, loses on time, and stays running.
    MixedMatch flag({}, {"--think", "400"});
    flag.black.limits = {};
    flag.black.limits.tc = TimeControl{0, 100, 0};
    flag.game = flag.play();
    EXPECT_EQ(flag.game.result.termination, Termination::time_forfeit);
    EXPECT_FALSE(flag.game.black_needs_restart);
    EXPECT_EQ(flag.received("result"), Lines{"result 1-0 {Black loses on time}"});
}

TEST(XboardGame, ACrashedEngineHearsNothingAndTheResultComesBeforeTheNextNew) {
    MixedMatch crash({"--crash-at", "2"});
    crash.game = crash.play();
    EXPECT_TRUE(crash.game.white_needs_restart);
    EXPECT_EQ(crash.received("result"), Lines{});

    MixedMatch twice({"--resign-at", "2"});
    twice.play();  // resigns at its second move
    twice.play();  // plays on to the ply limit
    EXPECT_EQ(twice.received("result"),
              (Lines{"result 0-1 {White resigns}",
                     "result 1/2-1/2 {Draw by adjudication: maximum game length}"}));
    Lines order = twice.received("");
    auto first_result = std::find(order.begin(), order.end(), "result 0-1 {White resigns}");
    ASSERT_NE(first_result, order.end());
    EXPECT_EQ(std::count(order.begin(), first_result, "new"), 1);
    EXPECT_EQ(std::count(first_result, order.end(), "new"), 1);
}

// A Chess960 game between two mock XBoard engines that castle at once, White writing it as the
// king's step (b1g1), Black as O-O: the referee plays both as castling, each engine hears the
// other's castling as O-O, and the game goes on by the rules with every move legal.
TEST(XboardGame, Chess960CastlingInEitherFormPlaysOn) {
    auto log_of = [](const char* side) {
        return (std::filesystem::temp_directory_path() /
                ("arbiter-xboard-960-" + std::to_string(::getpid()) + "-" + side + ".log"))
            .string();
    };
    std::string white_log = log_of("white"), black_log = log_of("black");
    std::filesystem::remove(white_log);
    XboardSession white_engine, black_engine;
    const std::vector<std::string> common = {"--variants", "normal,fischerandom",
                                             "--prefer-castling"};
    std::vector<std::string> white_args = common, black_args = common;
    white_args.insert(white_args.end(), {"--castle-as", "king", "--log", white_log});
    black_args.insert(black_args.end(), {"--castle-as", "san", "--log", black_log});
    white_engine.start(MOCK_XBOARD_ENGINE_PATH, white_args, {}, {}, milliseconds(5000));
    black_engine.start(MOCK_XBOARD_ENGINE_PATH, black_args, {}, {}, milliseconds(5000));
    ASSERT_TRUE(white_engine.enable_chess960() && black_engine.enable_chess960());
    Player white{&white_engine, "w", {}}, black{&black_engine, "b", {}};
    white.limits.depth = black.limits.depth = 1;
    GameSettings settings;
    settings.variant = Variant::chess960;
    settings.adjudication.max_plies = 20;
    Opening opening;
    opening.start_fen = "1k5r/pppppppp/8/8/8/8/PPPPPPPP/1K5R w Hh - 0 1";
    PlayedGame game = play_game(white, black, opening, settings);
    // The mocks' first legal moves repeat the position before the ply limit.
    EXPECT_TRUE(game.result.termination == Termination::threefold ||
                game.result.termination == Termination::max_plies)
        << game.result.description;
    ASSERT_GE(game.moves.size(), 4u);
    EXPECT_EQ(game.moves[0].uci, "b1h1");  // O-O, sent as b1g1
    EXPECT_EQ(game.moves[1].uci, "b8h8");  // O-O, sent as O-O
    std::deque<StateInfo> states;
    Position pos;
    ASSERT_EQ(pos.set(game.start_fen, states.emplace_back(), true), "");
    for (const MoveRecord& m : game.moves) {
        Move move = move_from_uci(pos, m.uci);
        ASSERT_TRUE(move) << "ply " << m.ply << ": " << m.uci;
        pos.do_move(move, states.emplace_back());
    }
    white_engine.quit(milliseconds(2000));
    black_engine.quit(milliseconds(2000));
    auto received = [](const std::string& path, const std::string& line) {
        std::ifstream in(path);
        for (std::string got; std::getline(in, got);)
            if (got == line) return true;
        return false;
    };
    EXPECT_TRUE(received(white_log, "O-O"));  // Black's castling, as White heard it
    EXPECT_TRUE(received(black_log, "O-O"));  // White's
    std::filesystem::remove(white_log);
    std::filesystem::remove(black_log);
}

// An engine whose replies are scripted, to check the referee's judgement of claims exactly.
class ScriptedSession final : public EngineSession {
  public:
    explicit ScriptedSession(std::vector<EngineReply> replies) : replies_(std::move(replies)) {}
    void start(const std::string&, const std::vector<std::string>&, const std::string&,
               const std::string&, std::chrono::milliseconds) override {}
    void observe(EngineIoObserver*, std::string) override {}
    bool set_option(std::string_view, std::string_view) override { return true; }
    bool enable_chess960() override { return true; }
    bool new_game() override { return true; }
    EngineStatus is_ready(std::chrono::milliseconds) override { return EngineStatus::ok; }
    bool position(std::string_view, std::span<const std::string>) override { return true; }
    EngineReply go(const GoLimits&, std::chrono::milliseconds) override {
        EngineReply reply = replies_.at(next_++);
        reply.search.status = EngineStatus::ok;
        return reply;
    }
    bool stop() override { return true; }
    EngineReply wait_reply(std::chrono::milliseconds) override { return {}; }
    bool end_game(std::string_view, std::string_view) override { return true; }
    bool quit(std::chrono::milliseconds) override { return true; }
    void kill() override {}
    bool alive() override { return true; }
    const ExitStatus& exit_status() const override { return none_; }
    std::string display_name() const override { return "scripted"; }
    EngineOwnIdentity own_identity() const override { return {"scripted", {}, {}}; }

  private:
    std::vector<EngineReply> replies_;
    std::size_t next_ = 0;
    ExitStatus none_;
};

EngineReply move_and_claim(const char* move, const char* result, const char* reason) {
    EngineReply reply;
    reply.search.bestmove = move;
    reply.claimed_result = result;
    reply.claim_reason = reason;
    return reply;
}

PlayedGame play_scripted(EngineReply white_reply) {
    ScriptedSession white_engine({std::move(white_reply)}), black_engine({});
    Player white{&white_engine, "w", {}}, black{&black_engine, "b", {}};
    white.limits.depth = black.limits.depth = 1;
    Opening opening;
    opening.start_fen = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1";
    return play_game(white, black, opening, GameSettings{});
}

TEST(XboardGame, ARightClaimStandsAndTheRulesEndTheGame) {
    PlayedGame game = play_scripted(move_and_claim("f7g7", "1-0", "White mates"));
    EXPECT_EQ(to_pgn(game.result.outcome), "1-0");
    EXPECT_EQ(game.result.termination, Termination::checkmate);
    ASSERT_EQ(game.events.size(), 1u);
    EXPECT_EQ(game.events[0], "White (w): claims 1-0 {White mates}: right");
}

TEST(XboardGame, AClaimTheRulesDoNotGiveLosesEvenAfterAGoodMove) {
    PlayedGame check = play_scripted(move_and_claim("f7e7", "1-0", "White mates"));  // no mate
    EXPECT_EQ(to_pgn(check.result.outcome), "0-1");
    EXPECT_EQ(check.result.termination, Termination::false_claim);
    PlayedGame wrong = play_scripted(move_and_claim("f7g7", "1/2-1/2", "Stalemate"));  // it mates
    EXPECT_EQ(to_pgn(wrong.result.outcome), "0-1");
    EXPECT_EQ(wrong.result.termination, Termination::false_claim);
    EXPECT_EQ(wrong.result.description, "White makes a false claim: 1/2-1/2 {Stalemate}");
}

}  // namespace
}  // namespace arbiter
