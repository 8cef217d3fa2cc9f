#include "engines/core/board.h"

#include <gtest/gtest.h>

#include "engines/core/chess960.h"
#include "engines/core/notation.h"

namespace arbiter {
namespace {

// Plays UCI moves; fails the test at the first illegal one.
void play_all(Board& board, std::initializer_list<const char*> moves) {
    for (const char* text : moves)
        ASSERT_TRUE(board.play_uci(text)) << text << " in " << board.fen();
}

TEST(Board, StartsAtTheStartPositionWithNoMoves) {
    Board board;
    EXPECT_EQ(board.fen(), START_FEN);
    EXPECT_EQ(board.start_fen(), START_FEN);
    EXPECT_TRUE(board.moves().empty());
    EXPECT_EQ(board.status(), GameStatus::ongoing);
    EXPECT_FALSE(board.over());
}

TEST(Board, PlaysUciMovesAndListsThem) {
    Board board;
    play_all(board, {"e2e4", "c7c5", "g1f3"});
    EXPECT_EQ(board.fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    EXPECT_EQ(board.uci_moves(), (std::vector<std::string>{"e2e4", "c7c5", "g1f3"}));
    ASSERT_EQ(board.moves().size(), 3u);
    EXPECT_EQ(move_to_uci(board.moves()[1]), "c7c5");
    EXPECT_EQ(board.start_fen(), START_FEN);
    EXPECT_EQ(board.side_to_move(), BLACK);
}

TEST(Board, AnIllegalOrMalformedMoveChangesNothing) {
    Board board;
    play_all(board, {"e2e4"});
    const std::string before = board.fen();
    EXPECT_FALSE(board.play_uci("e2e4"));  // no pawn there any more
    EXPECT_FALSE(board.play_uci("e7e5x"));
    EXPECT_FALSE(board.play_uci(""));
    EXPECT_EQ(board.fen(), before);
    EXPECT_EQ(board.moves().size(), 1u);
}

TEST(Board, PlaysMoveValuesAndTakesThemBack) {
    Board board;
    Move e4 = move_from_uci(board.position(), "e2e4");
    board.play(e4);
    play_all(board, {"e7e5"});
    EXPECT_TRUE(board.undo());
    EXPECT_EQ(board.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_TRUE(board.undo());
    EXPECT_EQ(board.fen(), START_FEN);
    EXPECT_FALSE(board.undo());
    EXPECT_TRUE(board.moves().empty());
}

TEST(Board, SetsAFenAndForgetsTheMoves) {
    Board board;
    play_all(board, {"d2d4"});
    ASSERT_EQ(board.set("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40"), "");
    EXPECT_EQ(board.fen(), "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40");
    EXPECT_EQ(board.start_fen(), "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40");
    EXPECT_TRUE(board.moves().empty());
    EXPECT_EQ(board.position().fullmove_number(), 40);
}

TEST(Board, ABadFenIsNamedAndLeavesTheStartPosition) {
    Board board;
    ASSERT_EQ(board.set("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40"), "");
    std::string error = board.set("8/8/8/8/8/8/8/8 x - - 0 1");
    EXPECT_NE(error.find("FEN field 1"), std::string::npos) << error;
    EXPECT_EQ(board.fen(), START_FEN);
    EXPECT_EQ(board.start_fen(), START_FEN);
    EXPECT_TRUE(board.moves().empty());
}

TEST(Board, Chess960StartCastlesAsTheKingTakingItsRook) {
    Board board;
    EXPECT_FALSE(board.set_chess960_start(960));
    EXPECT_FALSE(board.set_chess960_start(-1));
    EXPECT_EQ(board.fen(), START_FEN);  // unchanged
    ASSERT_TRUE(board.set_chess960_start(CHESS960_STANDARD));
    EXPECT_TRUE(board.position().chess960());
    play_all(board, {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"});
    EXPECT_FALSE(board.play_uci("e1g1"));  // the standard encoding is not a move here
    EXPECT_TRUE(board.play_uci("e1h1"));
    EXPECT_EQ(board.position().piece_on(G1), W_KING);
    board.set_start();
    EXPECT_FALSE(board.position().chess960());
    ASSERT_TRUE(board.set_chess960_start(0));
    EXPECT_EQ(board.fen(), chess960_fen(0));
}

TEST(Board, SeesMateAndStalemate) {
    Board board;
    play_all(board, {"f2f3", "e7e5", "g2g4", "d8h4"});
    EXPECT_EQ(board.status(), GameStatus::checkmate);
    EXPECT_TRUE(board.over());
    ASSERT_EQ(board.set("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), "");
    EXPECT_EQ(board.status(), GameStatus::stalemate);
}

TEST(Board, SeesInsufficientMaterialAndTheFiftyMoveRule) {
    Board board;
    ASSERT_EQ(board.set("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"), "");
    EXPECT_EQ(board.status(), GameStatus::ongoing);
    play_all(board, {"e1d2"});  // takes the last pawn: king v king
    EXPECT_EQ(board.status(), GameStatus::insufficient_material);
    ASSERT_EQ(board.set("4k3/8/8/8/8/8/3R4/4K3 w - - 99 80"), "");
    EXPECT_EQ(board.status(), GameStatus::ongoing);
    play_all(board, {"d2a2"});
    EXPECT_EQ(board.status(), GameStatus::fifty_moves);
}

// Threefold repetition needs the states of the whole game, which the board keeps.
TEST(Board, SeesThreefoldRepetition) {
    Board board;
    ASSERT_EQ(board.set("4k3/8/8/8/8/8/R7/4K3 w - - 0 1"), "");
    play_all(board, {"a2a3", "e8d8", "a3a2", "d8e8"});
    EXPECT_EQ(board.status(), GameStatus::ongoing);  // twice so far
    play_all(board, {"a2a3", "e8d8", "a3a2"});
    EXPECT_EQ(board.status(), GameStatus::ongoing);
    play_all(board, {"d8e8"});
    EXPECT_EQ(board.status(), GameStatus::threefold_repetition);
    EXPECT_TRUE(board.undo());
    EXPECT_EQ(board.status(), GameStatus::ongoing);
    EXPECT_EQ(board.position().check_consistency(), "");
}

TEST(Board, ReadsTheTurnOfAFen) {
    FenTurn turn;
    ASSERT_EQ(read_fen_turn("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7", turn), "");
    EXPECT_EQ(turn.side_to_move, BLACK);
    EXPECT_EQ(turn.fullmove_number, 7);
    ASSERT_EQ(read_fen_turn("4k3/8/8/8/8/8/4P3/4K3 w - -", turn), "");  // no counters
    EXPECT_EQ(turn.side_to_move, WHITE);
    EXPECT_EQ(turn.fullmove_number, 1);
    EXPECT_NE(read_fen_turn("8/8/8/8/8/8/8/8", turn), "");
}

}  // namespace
}  // namespace arbiter
