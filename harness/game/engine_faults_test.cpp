// The referee against engines that break the protocol in ways a game must survive (issue 20):
// scores out of any sane range, an engine that dies while a helper holds its output open, and
// control bytes in what an engine sends.
#include <gtest/gtest.h>

#include <algorithm>

#include "engines/core/position.h"
#include "harness/game/game.h"
#include "harness/uci/session.h"

namespace arbiter {
namespace {

using std::chrono::milliseconds;

// A game between two mock engines started with `white_args` and `black_args`, at depth 1.
class FaultyPair {
  public:
    FaultyPair(const std::vector<std::string>& white_args,
               const std::vector<std::string>& black_args) {
        white_engine_.start(MOCK_ENGINE_PATH, white_args, {}, {}, milliseconds(10000));
        black_engine_.start(MOCK_ENGINE_PATH, black_args, {}, {}, milliseconds(10000));
        white_ = {&white_engine_, "white", {}};
        black_ = {&black_engine_, "black", {}};
        white_.limits.depth = black_.limits.depth = 1;
    }
    PlayedGame play(std::string_view start_fen = START_FEN) {
        Opening opening;
        opening.start_fen = start_fen;
        return play_game(white_, black_, opening, settings);
    }
    GameSettings settings;

  private:
    UciSession white_engine_, black_engine_;
    Player white_, black_;
};

std::size_t count_of(const std::vector<std::string>& lines, const std::string& line) {
    return std::size_t(std::count(lines.begin(), lines.end(), line));
}

// Issue 20, item 7: `cp -2147483648` once adjudicated a draw (std::abs(INT_MIN) is negative)
// and a resignation; such a score is a protocol error, noted once per game and engine, and
// adjudicates nothing: the game runs to its length limit.
TEST(EngineFaults, ScoresOutOfRangeNeverAdjudicateAndAreNotedOnce) {
    FaultyPair pair({"--score", "cp -2147483648"}, {"--score", "mate -2147483648"});
    Adjudication& rules = pair.settings.adjudication;
    rules.draw_move_number = 1;
    rules.draw_move_count = 1;
    rules.draw_score = 10;
    rules.resign_move_count = 1;
    rules.resign_score = 100;
    rules.max_plies = 12;
    PlayedGame game = pair.play();
    EXPECT_EQ(game.result.termination, Termination::max_plies) << game.result.description;
    EXPECT_EQ(game.moves.size(), 12u);
    for (const MoveRecord& move : game.moves) {
        EXPECT_FALSE(move.score) << move.ply;
    }
    EXPECT_EQ(game.events,
              (std::vector<std::string>{
                  "White (white): protocol error: score cp -2147483648 is out of range "
                  "(centipawns within +/-50000)",
                  "Black (black): protocol error: score mate -2147483648 is out of range "
                  "(mates within +/-1000 moves)"}));
    EXPECT_EQ(count_of(game.events, game.events.front()), 1u);
}

// Issue 20, item 9: a dead engine whose helper still holds its stdout is scored as disconnecting
// when it exits, not as stalling once the (here one minute) stall timeout has passed.
TEST(EngineFaults, DeadEngineWithAHelperHoldingItsOutputDisconnects) {
    FaultyPair pair({"--orphan-stdout", "--exit-at", "3"}, {});
    pair.settings.stall_timeout = milliseconds(60000);
    PlayedGame game = pair.play();
    EXPECT_EQ(to_pgn(game.result.outcome), "0-1");
    EXPECT_EQ(game.result.termination, Termination::disconnect);
    EXPECT_EQ(game.result.description, "White disconnects");
    EXPECT_EQ(game.moves.size(), 4u);
    EXPECT_TRUE(game.white_needs_restart);
    // Issue 39: it said nothing, so the detail is how its process ended.
    EXPECT_EQ(game.result.fault_detail.rfind("the engine exited with code ", 0), 0u)
        << game.result.fault_detail;
}

// Issue 20, item 10: an engine's bestmove line with control bytes ends the game as an illegal
// move, and the move is shown escaped in the result's text (the console, the PGN, the page).
TEST(EngineFaults, ControlBytesInAMoveAreShownEscaped) {
    FaultyPair pair({"--bestmove", "e2e4\\x1b[2J\\x00\\xff\\x0d"}, {});
    PlayedGame game = pair.play();
    EXPECT_EQ(to_pgn(game.result.outcome), "0-1");
    EXPECT_EQ(game.result.termination, Termination::illegal_move);
    EXPECT_EQ(game.result.description, "White makes an illegal move: e2e4\\x1B[2J\\x00\\xFF");
    EXPECT_TRUE(game.moves.empty());
    // Issue 39: the fault's detail names the position the move was sent in.
    EXPECT_EQ(game.result.fault_detail, "position " + std::string(START_FEN));
}

// Issue 28: a Stockfish proxy's `bestmove a7a8Q` lost as an illegal move; cutechess reads the
// promotion letter in either case and plays it. The move is recorded as UCI writes it (a7a8q);
// the same text a move later, with no pawn left on a7, is an illegal move and loses.
TEST(EngineFaults, UpperCasePromotionLetterIsPlayed) {
    FaultyPair pair({"--bestmove", "a7a8Q"}, {});
    PlayedGame game = pair.play("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    ASSERT_EQ(game.moves.size(), 2u) << game.result.description;
    EXPECT_EQ(game.moves[0].uci, "a7a8q");
    EXPECT_EQ(game.moves[0].san, "a8=Q+");
    EXPECT_EQ(game.result.termination, Termination::illegal_move);
    EXPECT_EQ(game.result.description, "White makes an illegal move: a7a8Q");
    EXPECT_EQ(to_pgn(game.result.outcome), "0-1");
}

}  // namespace
}  // namespace arbiter
