#include "engines/eval/evaluate.h"

#include <gtest/gtest.h>

#include "engines/core/notation.h"

namespace arbiter {
namespace {

// A position set from FEN that owns its root state.
struct Board {
    StateInfo root;
    Position pos;
    explicit Board(std::string_view fen) {
        std::string error = pos.set(fen, root);
        EXPECT_EQ(error, "");
    }
};

TEST(Evaluate, StartPositionIsBalancedUnderBothEvaluations) {
    Board b(START_FEN);
    EXPECT_EQ(eval::evaluate(b.pos, eval::Kind::simplified), 0);
    EXPECT_EQ(eval::evaluate(b.pos, eval::Kind::material), 0);
    EXPECT_FALSE(eval::endgame_phase(b.pos));
}

TEST(Evaluate, ScoreIsFromTheSideToMovesPointOfView) {
    // 1. e4: the pawn goes from e2 (-20) to e4 (+20), so White is 40 better; Black is to move.
    Board b("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(eval::simplified_white(b.pos), 40);
    EXPECT_EQ(eval::evaluate(b.pos, eval::Kind::simplified), -40);
    EXPECT_EQ(eval::evaluate(b.pos, eval::Kind::material), 0);
}

TEST(Evaluate, BareKingsUseTheEndgameTable) {
    // White king e4 (+40 in the end-game table), Black king e8 (-30, mirrored e1).
    Board b("4k3/8/8/8/4K3/8/8/8 w - - 0 1");
    EXPECT_TRUE(eval::endgame_phase(b.pos));
    EXPECT_EQ(eval::evaluate(b.pos, eval::Kind::simplified), 70);
}

TEST(Evaluate, QueenWithRookKeepsTheMiddleGameTable) {
    // White: Qa1 (900 - 20), Rh1 (500 + 0), Ke4 (middle-game -40).
    // Black: Ra8 (500 + 0), Ke8 (middle-game 0). 880 + 500 - 40 - 500 - 0 = 840.
    Board b("r3k3/8/8/8/4K3/8/8/Q6R w - - 0 1");
    EXPECT_FALSE(eval::endgame_phase(b.pos));
    EXPECT_EQ(eval::evaluate(b.pos, eval::Kind::simplified), 840);
    // Shannon: Q + R against R = 900.
    EXPECT_EQ(eval::evaluate(b.pos, eval::Kind::material), 900);
}

TEST(Evaluate, PhaseRuleFollowsTheQueensCompanions) {
    struct Case {
        const char* fen;
        bool endgame;
    };
    const Case cases[] = {
        {"3qk3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1", true},  // queens, nothing else
        {"2bqk3/8/8/8/8/8/8/3QKN2 w - - 0 1", true},              // queen + one minor each
        {"2bqkb2/8/8/8/8/8/8/3QKN2 w - - 0 1", false},            // black: two minors
        {"3qk2r/8/8/8/8/8/8/3QK3 w - - 0 1", false},              // black: queen + rook
        {"r3k2r/8/8/8/8/8/8/3QKN2 w - - 0 1", true},              // black has no queen
        {"4k3/8/8/8/8/8/8/2QQK3 w - - 0 1", false},               // two queens
        {"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", true},  // no queens
    };
    for (const Case& c : cases) {
        Board b(c.fen);
        EXPECT_EQ(eval::endgame_phase(b.pos), c.endgame) << c.fen;
    }
}

TEST(Evaluate, ShannonCountsMinorsAlike) {
    // White: N + B (600); Black: R (500) + 2 pawns (200).
    Board b("r3k3/pp6/8/8/8/8/8/2B1KN2 b - - 0 1");
    EXPECT_EQ(eval::material_white(b.pos), -100);
    EXPECT_EQ(eval::evaluate(b.pos, eval::Kind::material), 100);
}

TEST(Evaluate, IncrementalSumsMatchAfterMoves) {
    StateInfo root, states[4];
    Position pos;
    ASSERT_EQ(pos.set("r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3", root),
              "");
    const char* moves[] = {"e5d4", "f3d4", "c6d4", "d1d4"};
    for (int i = 0; i < 4; ++i) pos.do_move(move_from_uci(pos, moves[i]), states[i]);
    // White: Q d4 (+5 table), after a knight and pawn trade each. Compare with a fresh set-up.
    Board fresh(pos.fen());
    EXPECT_EQ(eval::simplified_white(pos), eval::simplified_white(fresh.pos));
    EXPECT_EQ(eval::material_white(pos), 0);
}

TEST(Evaluate, ParsesItsOptionNames) {
    EXPECT_EQ(eval::parse_kind("simplified"), eval::Kind::simplified);
    EXPECT_EQ(eval::parse_kind("Material"), eval::Kind::material);
    EXPECT_EQ(eval::parse_kind("nnue"), std::nullopt);
}

}  // namespace
}  // namespace arbiter
