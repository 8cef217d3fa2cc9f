#include "harness/game/game.h"

#include <gtest/gtest.h>

#include <deque>

#include "engines/core/notation.h"
#include "engines/core/position.h"

namespace arbiter {
namespace {

using std::chrono::milliseconds;

// Two mock engines (harness/testing/mock_engine) with the given extra arguments.
struct Match {
    Match(std::vector<std::string> white_args, std::vector<std::string> black_args) {
        white_args.insert(white_args.begin(), {"--seed", "3"});
        black_args.insert(black_args.begin(), {"--seed", "4"});
        white_engine.start(MOCK_ENGINE_PATH, white_args);
        black_engine.start(MOCK_ENGINE_PATH, black_args);
        white = {&white_engine, "white", {}, 1};
        black = {&black_engine, "black", {}, 2};
        white.limits.depth = black.limits.depth = 1;
        settings.stall_timeout = milliseconds(1500);
    }
    GameOutcome play(const std::string& fen = std::string(START_FEN),
                     std::vector<std::string> moves = {}) {
        Opening opening;
        opening.start_fen = fen;
        opening.moves = std::move(moves);
        return play_game(white, black, opening, settings);
    }
    UciClient white_engine, black_engine;
    Player white, black;
    GameSettings settings;
};

// Replays a record with the core and checks every move is legal and its SAN right.
void expect_replayable(const GameRecord& record) {
    std::deque<StateInfo> states;
    Position pos;
    ASSERT_EQ(pos.set(record.start_fen, states.emplace_back()), "");
    for (const MoveRecord& m : record.moves) {
        Move move = move_from_uci(pos, m.uci);
        ASSERT_TRUE(move) << "ply " << m.ply << ": " << m.uci;
        EXPECT_EQ(move_to_san(pos, move), m.san);
        pos.do_move(move, states.emplace_back());
    }
}

TEST(Game, RandomMoversPlayALegalGameToItsEnd) {
    Match match({}, {});
    GameOutcome outcome = match.play();
    const GameRecord& r = outcome.record;
    EXPECT_FALSE(r.result.empty());
    EXPECT_TRUE(
        r.termination == Termination::checkmate || r.termination == Termination::stalemate ||
        r.termination == Termination::threefold || r.termination == Termination::fifty_moves ||
        r.termination == Termination::insufficient_material)
        << r.termination_text;
    expect_replayable(r);
    EXPECT_EQ(r.white_engine_id, 1);
    EXPECT_FALSE(outcome.white_needs_restart || outcome.black_needs_restart);
    ASSERT_FALSE(r.moves.empty());
    EXPECT_EQ(r.moves[0].depth, 1);
    EXPECT_EQ(r.moves[0].nodes, 20);  // the mock reports its number of legal moves
    EXPECT_EQ(r.moves[0].score_cp, 0);
}

TEST(Game, BookMovesAreMarkedAndPlayedFirst) {
    Match match({}, {});
    match.settings.adjudication.max_plies = 6;
    GameOutcome outcome = match.play(std::string(START_FEN), {"e2e4", "c7c5"});
    const GameRecord& r = outcome.record;
    ASSERT_EQ(r.moves.size(), 6u);
    EXPECT_TRUE(r.moves[0].book);
    EXPECT_EQ(r.moves[1].san, "c5");
    EXPECT_FALSE(r.moves[2].book);
    EXPECT_EQ(r.termination, Termination::max_plies);
    EXPECT_EQ(r.result, "1/2-1/2");
}

struct RuleCase {
    const char* fen;
    std::vector<std::string> moves;
    const char* result;
    Termination termination;
    const char* text;
};

TEST(Game, RefereeEndsGamesByTheRules) {
    const RuleCase cases[] = {
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
         {},
         "0-1",
         Termination::checkmate,
         "Black mates"},
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
         {},
         "1/2-1/2",
         Termination::stalemate,
         "Draw by stalemate"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"},
         "1/2-1/2",
         Termination::threefold,
         "Draw by 3-fold repetition"},
        {"4k3/8/8/8/8/8/8/R3K3 w - - 100 80",
         {},
         "1/2-1/2",
         Termination::fifty_moves,
         "Draw by fifty moves rule"},
        {"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
         {},
         "1/2-1/2",
         Termination::insufficient_material,
         "Draw by insufficient mating material"},
    };
    Match match({}, {});
    for (const auto& c : cases) {
        GameOutcome outcome = match.play(c.fen, c.moves);
        EXPECT_EQ(outcome.record.result, c.result) << c.fen;
        EXPECT_EQ(outcome.record.termination, c.termination) << c.fen;
        EXPECT_EQ(outcome.record.termination_text, c.text) << c.fen;
    }
}

TEST(Game, CrashingEngineDisconnectsAndLoses) {
    Match match({"--crash-at", "3"}, {});
    GameOutcome outcome = match.play();
    EXPECT_EQ(outcome.record.result, "0-1");
    EXPECT_EQ(outcome.record.termination, Termination::disconnect);
    EXPECT_EQ(outcome.record.termination_text, "White disconnects");
    EXPECT_EQ(outcome.record.moves.size(), 4u);
    EXPECT_TRUE(outcome.white_needs_restart);
    EXPECT_FALSE(outcome.black_needs_restart);
}

TEST(Game, HangingEngineStallsIsKilledAndLoses) {
    Match match({}, {"--hang-at", "2"});
    match.settings.stall_timeout = milliseconds(400);
    GameOutcome outcome = match.play();
    EXPECT_EQ(outcome.record.result, "1-0");
    EXPECT_EQ(outcome.record.termination, Termination::stall);
    EXPECT_EQ(outcome.record.termination_text, "Black's connection stalls");
    EXPECT_TRUE(outcome.black_needs_restart);
    EXPECT_FALSE(match.black_engine.alive());
}

TEST(Game, IllegalAndMalformedMovesLose) {
    Match illegal({"--illegal-at", "2"}, {});
    GameOutcome a = illegal.play();
    EXPECT_EQ(a.record.result, "0-1");
    EXPECT_EQ(a.record.termination, Termination::illegal_move);
    EXPECT_EQ(a.record.termination_text.rfind("White makes an illegal move: ", 0), 0u)
        << a.record.termination_text;
    EXPECT_FALSE(a.white_needs_restart);

    Match malformed({}, {"--malformed-at", "1"});
    GameOutcome b = malformed.play();
    EXPECT_EQ(b.record.result, "1-0");
    EXPECT_EQ(b.record.termination, Termination::illegal_move);
}

TEST(Game, GarbageInsteadOfBestmoveStalls) {
    Match match({"--garbage-at", "1"}, {});
    match.settings.stall_timeout = milliseconds(300);
    GameOutcome outcome = match.play();
    EXPECT_EQ(outcome.record.termination, Termination::stall);
    EXPECT_EQ(outcome.record.result, "0-1");
}

TEST(Game, EngineIgnoringIsreadyStallsBeforeTheFirstMove) {
    Match match({}, {"--ignore-isready"});
    match.settings.stall_timeout = milliseconds(300);
    GameOutcome outcome = match.play();
    EXPECT_EQ(outcome.record.termination, Termination::stall);
    EXPECT_EQ(outcome.record.result, "1-0");
    EXPECT_TRUE(outcome.record.moves.empty());
}

TEST(Game, ClockRunsOutAndFlagFallLoses) {
    Match match({"--think", "250"}, {});
    match.white.limits = {};
    match.black.limits = {};
    match.white.limits.tc = match.black.limits.tc = TimeControl{0, 600, 0};
    match.settings.time_margin = milliseconds(50);
    GameOutcome outcome = match.play();
    // White spends 250 ms a move from 600 ms: the third move is late.
    EXPECT_EQ(outcome.record.termination, Termination::time_forfeit);
    EXPECT_EQ(outcome.record.result, "0-1");
    EXPECT_EQ(outcome.record.termination_text, "White loses on time");
    EXPECT_EQ(outcome.record.moves.size(), 4u);
}

TEST(Game, FlagFallAgainstALoneKingIsADraw) {
    Match match({"--think", "300"}, {});
    match.white.limits = {};
    match.black.limits = {};
    match.white.limits.tc = match.black.limits.tc = TimeControl{0, 200, 0};
    match.settings.time_margin = milliseconds(20);
    GameOutcome outcome = match.play("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_EQ(outcome.record.termination, Termination::time_forfeit);
    EXPECT_EQ(outcome.record.result, "1/2-1/2");
    EXPECT_EQ(outcome.record.termination_text, "Draw: White loses on time, but Black cannot mate");
}

TEST(Game, IncrementAndMovesToGoKeepAFastEngineAlive) {
    Match match({"--think", "20"}, {"--think", "20"});
    match.white.limits = {};
    match.black.limits = {};
    match.white.limits.tc = match.black.limits.tc = TimeControl{5, 150, 10};
    match.settings.adjudication.max_plies = 30;
    GameOutcome outcome = match.play();
    // 5 moves x 20 ms fit in 150 ms + increments; the clock is refilled every 5 moves.
    EXPECT_EQ(outcome.record.termination, Termination::max_plies)
        << outcome.record.termination_text;
}

TEST(Game, DrawAndResignAdjudication) {
    Match draw({}, {});
    draw.settings.adjudication.draw_move_number = 3;
    draw.settings.adjudication.draw_move_count = 2;
    draw.settings.adjudication.draw_score = 10;
    GameOutcome a = draw.play();
    EXPECT_EQ(a.record.termination, Termination::adjudication_draw);
    EXPECT_EQ(a.record.termination_text, "Draw by adjudication");
    EXPECT_EQ(a.record.moves.size(), 6u);  // after black's third move, in move 4

    Match resign({}, {});
    resign.settings.adjudication.resign_move_count = 3;
    resign.settings.adjudication.resign_score = 0;  // the mocks report 0: "at least 0 below zero"
    GameOutcome b = resign.play();
    EXPECT_EQ(b.record.termination, Termination::adjudication_resign);
    EXPECT_EQ(b.record.result, "0-1");
    EXPECT_EQ(b.record.termination_text, "Black wins by adjudication");
    EXPECT_EQ(b.record.moves.size(), 5u);
}

TEST(Game, MateScoresCountAsHugeScores) {
    MoveRecord m;
    m.score_mate = 3;
    EXPECT_EQ(adjudication_score(m), 99997);
    m.score_mate = -2;
    EXPECT_EQ(adjudication_score(m), -99998);
    EXPECT_EQ(adjudication_score(MoveRecord{}), std::nullopt);
}

}  // namespace
}  // namespace arbiter
