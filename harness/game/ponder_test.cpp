// The referee's pondering with scripted engines: which commands a pondering engine is sent, with
// which clock fields, and what its clock is charged, to the millisecond.
#include <gtest/gtest.h>

#include <deque>

#include "engines/core/position.h"
#include "harness/game/game.h"
#include "harness/uci/protocol.h"

namespace arbiter {
namespace {

using std::chrono::milliseconds;

// A scripted engine: each search answers with the next scripted reply (move, ponder move, the
// wall time the client measured); every call is written down in UCI words.
class ScriptedPonderSession final : public EngineSession {
  public:
    ScriptedPonderSession(bool ponder_option, std::deque<SearchReply> replies)
        : ponder_option_(ponder_option), replies_(std::move(replies)) {}
    void start(const std::string&, const std::vector<std::string>&, const std::string&,
               const std::string&, milliseconds) override {}
    void observe(EngineIoObserver*, std::string) override {}
    bool set_option(std::string_view, std::string_view) override { return true; }
    bool enable_chess960() override { return true; }
    bool new_game() override { return said("ucinewgame"); }
    EngineStatus is_ready(milliseconds) override { return EngineStatus::ok; }
    bool position(std::string_view fen, std::span<const std::string> moves) override {
        // "startpos" abbreviates the start position's FEN, for the expected lines' sake.
        std::string line = "position " + std::string(fen == START_FEN ? "startpos" : fen);
        if (!moves.empty()) line += " moves";
        for (const std::string& m : moves) line += " " + m;
        return said(line);
    }
    EngineReply go(const GoLimits& limits, milliseconds) override {
        said(go_command(limits));
        return next();
    }
    bool stop() override { return said("stop"); }
    EngineReply wait_reply(milliseconds) override {
        said("(reads bestmove)");
        if (calls.size() >= 2 && calls[calls.size() - 2] == "stop") {
            EngineReply discarded;  // the ponder search's move, which the referee drops
            discarded.search.bestmove = "0000";
            return discarded;
        }
        return next();
    }
    bool end_game(std::string_view, std::string_view) override { return true; }
    bool enable_pondering() override {
        if (ponder_option_) said("setoption name Ponder value true");
        return ponder_option_;
    }
    bool go_ponder(const GoLimits& limits) override {
        return said("go ponder" + go_command(limits).substr(2));
    }
    PonderHit ponderhit() override {
        if (premature) {
            said("(a bestmove came before ponderhit: dropped)");
            return PonderHit::premature;
        }
        said("ponderhit");
        return PonderHit::sent;
    }
    bool quit(milliseconds) override { return true; }
    void kill() override { said("(killed)"); }
    bool alive() override { return true; }
    const ExitStatus& exit_status() const override { return none_; }
    std::string display_name() const override { return "scripted"; }
    EngineOwnIdentity own_identity() const override { return {"scripted", {}, {}}; }

    std::vector<std::string> calls;
    bool premature = false;  // the engine answers `go ponder` at once, which UCI forbids

  private:
    bool said(std::string line) {
        calls.push_back(std::move(line));
        return true;
    }
    EngineReply next() {
        EngineReply reply;
        reply.search = replies_.at(0);
        replies_.pop_front();
        return reply;
    }
    bool ponder_option_;
    std::deque<SearchReply> replies_;
    ExitStatus none_;
};

// A reply: `move`, expecting `ponder`, after `wall_ms` of the client's measured time.
SearchReply reply(const char* move, const char* ponder, int wall_ms) {
    SearchReply r;
    r.bestmove = move;
    r.ponder = ponder;
    r.wall_time = milliseconds(wall_ms);
    return r;
}

// White ponders, Black does not; both play 10+0.1 for four plies from the start position.
PlayedGame play_four_plies(ScriptedPonderSession& white_engine,
                           ScriptedPonderSession& black_engine) {
    Player white{&white_engine, "w", {}}, black{&black_engine, "b", {}};
    white.ponder = true;
    white.limits.tc = black.limits.tc = TimeControl{0, 10000, 100};
    GameSettings settings;
    settings.adjudication.max_plies = 4;
    Opening opening;
    opening.start_fen = std::string(START_FEN);
    return play_game(white, black, opening, settings);
}

// cutechess's rule: `go ponder` carries the clocks as they stand (White's after its move, Black's
// before its move), the ponder search costs nothing, and after `ponderhit` the move costs the
// time from `ponderhit` to its bestmove (the client's wall time, measured from there).
TEST(Ponder, AHitChargesTheTimeFromPonderhitAndGoPonderCarriesTheClocks) {
    ScriptedPonderSession white_engine(true,
                                       {reply("e2e4", "e7e5", 300), reply("g1f3", "b8c6", 200)});
    ScriptedPonderSession black_engine(false,
                                       {reply("e7e5", "g1f3", 500), reply("b8c6", "f1b5", 400)});
    PlayedGame game = play_four_plies(white_engine, black_engine);
    ASSERT_EQ(game.moves.size(), 4u);
    EXPECT_EQ(game.result.termination, Termination::max_plies);
    const std::vector<std::string> white_calls = {
        "ucinewgame",
        "setoption name Ponder value true",
        "position startpos",
        "go wtime 10100 btime 10100 winc 100 binc 100",
        "position startpos moves e2e4 e7e5",
        "go ponder wtime 9900 btime 10100 winc 100 binc 100",
        "ponderhit",
        "(reads bestmove)",
        "position startpos moves e2e4 e7e5 g1f3 b8c6",
        "go ponder wtime 9800 btime 9700 winc 100 binc 100",
        "stop",  // the game ends (four plies) while White ponders: its bestmove is read
        "(reads bestmove)",
    };
    EXPECT_EQ(white_engine.calls, white_calls);
    EXPECT_EQ(black_engine.calls[1], "position startpos moves e2e4");  // no ponder commands
    EXPECT_EQ(game.moves[2].time_ms, 200);
    EXPECT_FALSE(game.moves[2].latency_ms);  // the engine's own time counts from go ponder
    EXPECT_TRUE(game.moves[0].latency_ms);
    EXPECT_EQ(game.moves[2].clock_ms, 9900);
    EXPECT_EQ(game.moves[2].clock_left_ms, 9800);  // 9900 - 200 + 100
    EXPECT_EQ(game.moves[3].clock_left_ms, 9400);  // Black: 10100 - 500 + 100 - 400 + 100
}

// A miss: `stop`, the ponder search's bestmove read and dropped, then `position` and `go` with
// the clocks as they stand then; only that search is charged.
TEST(Ponder, AMissStopsDropsTheBestmoveAndSearchesAgain) {
    ScriptedPonderSession white_engine(true,
                                       {reply("e2e4", "e7e5", 300), reply("e4d5", "d8d5", 250)});
    ScriptedPonderSession black_engine(false,
                                       {reply("d7d5", "e4d5", 500), reply("d8d5", "b1c3", 400)});
    PlayedGame game = play_four_plies(white_engine, black_engine);
    ASSERT_EQ(game.moves.size(), 4u);
    const std::vector<std::string> white_calls = {
        "ucinewgame",
        "setoption name Ponder value true",
        "position startpos",
        "go wtime 10100 btime 10100 winc 100 binc 100",
        "position startpos moves e2e4 e7e5",
        "go ponder wtime 9900 btime 10100 winc 100 binc 100",
        "stop",
        "(reads bestmove)",
        "position startpos moves e2e4 d7d5",
        "go wtime 9900 btime 9700 winc 100 binc 100",
        "position startpos moves e2e4 d7d5 e4d5 d8d5",
        "go ponder wtime 9750 btime 9700 winc 100 binc 100",
        "stop",
        "(reads bestmove)",
    };
    EXPECT_EQ(white_engine.calls, white_calls);
    EXPECT_EQ(game.moves[2].uci, "e4d5");
    EXPECT_EQ(game.moves[2].time_ms, 250);
    EXPECT_EQ(game.moves[2].clock_left_ms, 9750);  // 9900 - 250 + 100
}

// A bestmove that came before ponderhit is dropped, as cutechess drops it ("Premature bestmove
// while pondering"), and the position is searched anew: only that search is charged.
TEST(Ponder, APrematureBestmoveIsDroppedAndThePositionSearchedAgain) {
    ScriptedPonderSession white_engine(true,
                                       {reply("e2e4", "e7e5", 300), reply("g1f3", "b8c6", 200)});
    white_engine.premature = true;
    ScriptedPonderSession black_engine(false,
                                       {reply("e7e5", "g1f3", 500), reply("b8c6", "f1b5", 400)});
    PlayedGame game = play_four_plies(white_engine, black_engine);
    ASSERT_EQ(game.moves.size(), 4u);
    const std::vector<std::string> white_calls = {
        "ucinewgame",
        "setoption name Ponder value true",
        "position startpos",
        "go wtime 10100 btime 10100 winc 100 binc 100",
        "position startpos moves e2e4 e7e5",
        "go ponder wtime 9900 btime 10100 winc 100 binc 100",
        "(a bestmove came before ponderhit: dropped)",
        "position startpos moves e2e4 e7e5",
        "go wtime 9900 btime 9700 winc 100 binc 100",
        "position startpos moves e2e4 e7e5 g1f3 b8c6",
        "go ponder wtime 9800 btime 9700 winc 100 binc 100",
        "stop",
        "(reads bestmove)",
    };
    EXPECT_EQ(white_engine.calls, white_calls);
    EXPECT_EQ(game.moves[2].clock_left_ms, 9800);
    EXPECT_TRUE(game.moves[2].latency_ms);  // a search of its own: its time is the referee's
}

// cutechess ponders a UCI engine only when it declares the option Ponder; none is sent then.
TEST(Ponder, AnEngineWithoutThePonderOptionDoesNotPonder) {
    ScriptedPonderSession white_engine(false,
                                       {reply("e2e4", "e7e5", 300), reply("g1f3", "b8c6", 200)});
    ScriptedPonderSession black_engine(false,
                                       {reply("e7e5", "g1f3", 500), reply("b8c6", "f1b5", 400)});
    PlayedGame game = play_four_plies(white_engine, black_engine);
    ASSERT_EQ(game.moves.size(), 4u);
    const std::vector<std::string> white_calls = {
        "ucinewgame",
        "position startpos",
        "go wtime 10100 btime 10100 winc 100 binc 100",
        "position startpos moves e2e4 e7e5",
        "go wtime 9900 btime 9700 winc 100 binc 100",
    };
    EXPECT_EQ(white_engine.calls, white_calls);
}

// The expected reply comes from the PV when bestmove names none; a reply that would end the
// game (here a mate) is not pondered on, as cutechess ignores such ponder moves.
TEST(Ponder, TheExpectedReplyComesFromThePvAndNeverEndsTheGame) {
    SearchReply from_pv = reply("f2f3", "", 100);
    from_pv.pv = {"f2f3", "e7e5"};
    SearchReply mated = reply("g2g4", "d8h4", 100);  // Black's d8h4 mates: nothing to ponder
    ScriptedPonderSession white_engine(true, {from_pv, mated});
    ScriptedPonderSession black_engine(false, {reply("e7e5", "", 100), reply("d8h4", "", 100)});
    PlayedGame game = play_four_plies(white_engine, black_engine);
    ASSERT_EQ(game.moves.size(), 4u);
    EXPECT_EQ(game.result.termination, Termination::checkmate);
    const std::vector<std::string> white_calls = {
        "ucinewgame",
        "setoption name Ponder value true",
        "position startpos",
        "go wtime 10100 btime 10100 winc 100 binc 100",
        "position startpos moves f2f3 e7e5",
        "go ponder wtime 10100 btime 10100 winc 100 binc 100",
        "ponderhit",
        "(reads bestmove)",
    };
    EXPECT_EQ(white_engine.calls, white_calls);
}

}  // namespace
}  // namespace arbiter
