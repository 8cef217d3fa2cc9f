#include "engines/core/rules.h"

#include <gtest/gtest.h>

#include "engines/core/test_support.h"

namespace arbiter {
namespace {

using testing::Game;

TEST(Rules, CheckmateAndStalemate) {
    EXPECT_EQ(game_status(Game(std::string(START_FEN)).play({"f3", "e5", "g4", "Qh4"}).pos),
              GameStatus::checkmate);
    EXPECT_EQ(game_status(Game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").pos), GameStatus::stalemate);
    EXPECT_EQ(game_status(Game(std::string(START_FEN)).pos), GameStatus::ongoing);
}

// Checks whose only answer takes the checker with a piece that stands behind it on its line: the
// referee once called these mate at ply 0 (the third from a round-robin game, minimax against
// alphabeta-mvvlva-tt, scored 0-1 with Qxg2 on the board).
TEST(Rules, CheckAnsweredOnlyByTakingTheCheckerIsNotMate) {
    EXPECT_EQ(game_status(Game("3Br2r/7p/1p2k1n1/p2Q3P/P1b1PbPp/3Q4/B1NP4/5K2 b - - 2 40").pos),
              GameStatus::ongoing);
    EXPECT_EQ(game_status(Game("2rkQqQ1/P1pP2p1/2n5/1p6/P1PP2Pb/1B3N2/8/5K2 b - - 5 25").pos),
              GameStatus::ongoing);
    Game game("4k2r/1p3p1p/2b2p2/6r1/1b3P2/6Q1/PP4qP/R2N1RK1 w k - 1 18");
    EXPECT_EQ(game_status(game.pos), GameStatus::ongoing);
    EXPECT_EQ(game_status(game.play({"Qxg2"}).pos), GameStatus::ongoing);
}

TEST(Rules, ThreefoldRepetitionNeedsThreeOccurrences) {
    Game game{std::string(START_FEN)};
    game.play({"Nf3", "Nf6", "Ng1", "Ng8"});
    EXPECT_EQ(game.pos.repetitions(), 1);
    EXPECT_EQ(game_status(game.pos), GameStatus::ongoing);
    game.play({"Nf3", "Nf6", "Ng1"});
    EXPECT_EQ(game_status(game.pos), GameStatus::ongoing);
    game.play({"Ng8"});
    EXPECT_EQ(game.pos.repetitions(), 2);
    EXPECT_EQ(game_status(game.pos), GameStatus::threefold_repetition);
}

TEST(Rules, RepetitionRespectsCastlingRights) {
    // The first occurrence had castling rights; after the king walks they are gone, so the
    // same placement does not repeat the first position.
    Game game("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    game.play({"Ke2", "Kd8", "Ke1", "Ke8", "Ke2", "Kd8", "Ke1", "Ke8"});
    EXPECT_EQ(game.pos.repetitions(), 1);  // the fourth ply's position, not the first
    EXPECT_EQ(game_status(game.pos), GameStatus::ongoing);
    game.play({"Ke2", "Kd8", "Ke1", "Ke8"});
    EXPECT_EQ(game_status(game.pos), GameStatus::threefold_repetition);
    Game fresh("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    fresh.play({"Ke2", "Kd8", "Ke1", "Ke8"});
    EXPECT_EQ(fresh.pos.repetitions(), 0);
}

TEST(Rules, RepetitionRespectsEnPassantRights) {
    // After 1... d5 the en passant capture exd6 is possible, so that position differs from the
    // same placement reached later when it is not.
    Game game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    game.play({"d5", "Ke2", "Kd7", "Ke1", "Ke8", "Ke2", "Kd7", "Ke1", "Ke8"});
    EXPECT_EQ(game.pos.repetitions(), 1);
    EXPECT_EQ(game_status(game.pos), GameStatus::ongoing);
}

TEST(Rules, FiftyMoveRuleAfterHundredPlies) {
    Game game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    EXPECT_EQ(game_status(game.pos), GameStatus::ongoing);
    game.play({"Ra2"});
    EXPECT_EQ(game_status(game.pos), GameStatus::fifty_moves);
    // A capture or pawn move resets the count.
    Game reset("4k3/8/8/8/8/8/4p3/R3K3 w - - 99 80");
    reset.play({"Kxe2"});
    EXPECT_EQ(reset.pos.rule50(), 0);
    EXPECT_EQ(game_status(reset.pos), GameStatus::ongoing);
}

TEST(Rules, MateOnTheHundredthPlyIsMate) {
    Game game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    game.play({"Ra8"});
    EXPECT_EQ(game_status(game.pos), GameStatus::checkmate);
}

TEST(Rules, InsufficientMaterial) {
    EXPECT_TRUE(insufficient_material(Game("4k3/8/8/8/8/8/8/4K3 w - - 0 1").pos));
    EXPECT_TRUE(insufficient_material(Game("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").pos));
    EXPECT_TRUE(insufficient_material(Game("4kb2/8/8/8/8/8/8/4K3 w - - 0 1").pos));
    EXPECT_TRUE(
        insufficient_material(Game("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1").pos));  // f8, c1: both dark
    EXPECT_FALSE(
        insufficient_material(Game("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1").pos));  // g8 light, c1 dark
    EXPECT_FALSE(insufficient_material(Game("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1").pos));
    EXPECT_FALSE(insufficient_material(Game("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1").pos));
    EXPECT_FALSE(insufficient_material(Game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").pos));
    EXPECT_FALSE(insufficient_material(Game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").pos));
}

TEST(Rules, CannotMateDecidesFlagFalls) {
    Game lone("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_TRUE(cannot_mate(lone.pos, BLACK));
    EXPECT_FALSE(cannot_mate(lone.pos, WHITE));
    Game knight("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
    EXPECT_TRUE(cannot_mate(knight.pos, WHITE));
    Game knight_vs_pawn("4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1");
    EXPECT_FALSE(cannot_mate(knight_vs_pawn.pos, WHITE));  // the pawn can block its own king
    Game bishops("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1");
    EXPECT_TRUE(cannot_mate(bishops.pos, WHITE));
    EXPECT_FALSE(cannot_mate(Game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").pos, WHITE));
}

}  // namespace
}  // namespace arbiter
