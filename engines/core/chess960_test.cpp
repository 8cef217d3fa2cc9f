// Chess960 in the core: Scharnagl's numbering, both castling notations in FEN, castling moves
// where king and rook stand anywhere, their move text, and a sample of the published perft
// suite (the whole suite to depth 5 runs in perft_deep_test).
#include <gtest/gtest.h>

#include <set>

#include "engines/core/chess960.h"
#include "engines/core/perft.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

TEST(Chess960, ScharnaglNumbersGiveTheKnownBackRanks) {
    EXPECT_EQ(chess960_fen(CHESS960_STANDARD), START_FEN);
    EXPECT_EQ(chess960_back_rank(0), "BBQNNRKR");
    EXPECT_EQ(chess960_back_rank(959), "RKRNNQBB");
    EXPECT_EQ(chess960_back_rank(1), "BQNBNRKR");
    EXPECT_EQ(dfrc_fen(0, 518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    EXPECT_THROW(chess960_back_rank(960), std::out_of_range);
    EXPECT_THROW(chess960_back_rank(-1), std::out_of_range);
}

TEST(Chess960, TheNineHundredSixtyBackRanksAreDistinctAndFollowTheRules) {
    std::set<std::string> seen;
    for (int n = 0; n < CHESS960_POSITIONS; ++n) {
        std::string rank = chess960_back_rank(n);
        seen.insert(rank);
        std::size_t king = rank.find('K'), rook = rank.find('R'), last_rook = rank.rfind('R');
        EXPECT_TRUE(rook < king && king < last_rook) << n << " " << rank;
        EXPECT_NE(rank.find('B') % 2, rank.rfind('B') % 2) << n << " " << rank;
        testing::Game game(chess960_fen(n), true);
        EXPECT_EQ(game.pos.castling_rights(), ALL_CASTLING) << n;
    }
    EXPECT_EQ(seen.size(), 960u);
}

TEST(Chess960, FenKeepsTheCastlingNotationItCameIn) {
    // Shredder-FEN stays Shredder-FEN; X-FEN stays X-FEN, with a file letter only for a rook
    // that is not the outermost on its side.
    const char* shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    EXPECT_EQ(testing::Game(shredder).pos.fen(), shredder);
    EXPECT_EQ(testing::Game("4k3/8/8/8/8/8/8/R1R1K2R w HC - 0 1").pos.fen(),
              "4k3/8/8/8/8/8/8/R1R1K2R w HC - 0 1");
    EXPECT_EQ(testing::Game("4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1").pos.fen(),
              "4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1");
    EXPECT_EQ(testing::Game("4k3/8/8/8/8/8/8/R1R1K2R w KQ - 0 1").pos.fen(),
              "4k3/8/8/8/8/8/8/R1R1K2R w KQ - 0 1");
    testing::Game x_fen(chess960_fen(0));
    EXPECT_TRUE(x_fen.pos.chess960());
    EXPECT_EQ(x_fen.pos.fen(), chess960_fen(0));
    // The same rights in either notation are the same position.
    EXPECT_EQ(testing::Game("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1").pos.key(),
              x_fen.pos.key());
    // Standard chess stays standard unless asked.
    EXPECT_FALSE(testing::Game(std::string(START_FEN)).pos.chess960());
    EXPECT_TRUE(testing::Game(std::string(START_FEN), true).pos.chess960());
}

TEST(Chess960, CastlingMovesAreWrittenAsTheKingTakingItsRook) {
    testing::Game game("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1");
    MoveList moves;
    generate_legal(game.pos, moves);
    // King b1, rooks a1 and e1: O-O-O moves the king right to c1, the rook from a1 to d1.
    Move long_castle = move_from_uci(game.pos, "b1a1");
    ASSERT_TRUE(long_castle);
    EXPECT_EQ(long_castle.kind(), Move::CASTLING);
    EXPECT_EQ(move_to_san(game.pos, long_castle), "O-O-O");
    EXPECT_EQ(move_from_san(game.pos, "O-O-O"), long_castle);
    Move short_castle = move_from_san(game.pos, "O-O");
    EXPECT_EQ(move_to_uci(short_castle), "b1e1");
    game.play({"b1a1"});
    EXPECT_EQ(game.pos.fen(), "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 b kq - 1 1");
    game.play({"O-O"});
    EXPECT_EQ(game.pos.fen(), "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 w - - 2 2");
    // Standard chess keeps e1g1.
    testing::Game standard("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(move_to_uci(move_from_san(standard.pos, "O-O")), "e1g1");
    EXPECT_FALSE(move_from_uci(standard.pos, "e1h1"));
    testing::Game standard960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
    EXPECT_EQ(move_to_uci(move_from_san(standard960.pos, "O-O")), "e1h1");
    EXPECT_FALSE(move_from_uci(standard960.pos, "e1g1"));
}

TEST(Chess960, KingOrRookThatStaysOrSwapsPlaces) {
    // King g1 with rook h1: O-O leaves the king where it is and brings the rook to f1.
    testing::Game stay("6k1/8/8/8/8/8/8/6KR w H - 0 1");
    stay.play({"g1h1"});
    EXPECT_EQ(stay.pos.fen(), "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King f1, rook g1 adjacent: they swap.
    testing::Game swap("k7/8/8/8/8/8/8/5KR1 w G - 0 1");
    swap.play({"O-O"});
    EXPECT_EQ(swap.pos.fen(), "k7/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King c1 with rook a1: O-O-O keeps the king on c1, the rook jumps to d1 over b1.
    testing::Game jump("6k1/8/8/8/8/8/8/R1K5 w A - 0 1");
    jump.play({"O-O-O"});
    EXPECT_EQ(jump.pos.fen(), "6k1/8/8/8/8/8/8/2KR4 b - - 1 1");
    // Undoing puts both back.
    testing::Game undo("6k1/8/8/8/8/8/8/R1K5 w A - 0 1");
    Move castle = move_from_san(undo.pos, "O-O-O");
    StateInfo st;
    undo.pos.do_move(castle, st);
    undo.pos.undo_move(castle);
    EXPECT_EQ(undo.pos.fen(), "6k1/8/8/8/8/8/8/R1K5 w A - 0 1");
    EXPECT_EQ(undo.pos.check_consistency(), "");
}

// True if the castling that `san` names is legal in the position of `fen`.
bool castles(const char* fen, const char* san) {
    testing::Game game(fen);
    return bool(move_from_san(game.pos, san));
}

TEST(Chess960, CastlingNeedsEmptySquaresASafePathAndASafeDestination) {
    // A piece on the rook's destination blocks, even when the king's path is free.
    EXPECT_FALSE(castles("6k1/8/8/8/8/8/8/1K1N3R w H - 0 1", "O-O"));
    // The king may not cross an attacked square (d1 by the rook on d8).
    EXPECT_FALSE(castles("3r2k1/8/8/8/8/8/8/1K5R w H - 0 1", "O-O"));
    // The rook may cross one.
    EXPECT_TRUE(castles("1r4k1/8/8/8/8/8/8/R3K3 w A - 0 1", "O-O-O"));
    // The castling rook on b1 shields the king on c1 from the queen on a1: it may not go.
    EXPECT_FALSE(castles("6k1/8/8/8/8/8/8/qRK5 w B - 0 1", "O-O-O"));
    EXPECT_TRUE(castles("6k1/8/8/8/8/8/8/1RK5 w B - 0 1", "O-O-O"));
}

TEST(Chess960, MovingOrLosingTheRookTakesItsRightAway) {
    testing::Game game("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1");
    EXPECT_EQ(game.pos.fen(), "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1");
    game.play({"b1b7"});
    EXPECT_EQ(game.pos.fen(), "1r2k1r1/1R6/8/8/8/8/8/4K1R1 b Kkq - 1 1");
    game.play({"g8g1"});  // the rook leaves g8 and takes the one on g1
    EXPECT_EQ(game.pos.fen(), "1r2k3/1R6/8/8/8/8/8/4K1r1 w q - 0 2");
}

// Standard chess tests castling on constant squares, Chess960 on the position's own (movegen.cpp):
// both must count every standard position alike, castling through an attacked square, past
// an attacked b1, into check and out of it, with rooks taken and kings moved on the way.
TEST(Chess960Perft, StandardPositionsCountTheSameUnderEitherRules) {
    const char* fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1",
        "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        "r3k2r/8/8/8/8/8/6q1/R3K2R w KQkq - 0 1",
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
    };
    for (const char* fen : fens) {
        testing::Game standard(fen), chess960(fen, true);
        ASSERT_FALSE(standard.pos.chess960());
        ASSERT_TRUE(chess960.pos.chess960());
        EXPECT_EQ(perft(standard.pos, 3), perft(chess960.pos, 3)) << fen;
    }
}

TEST(Chess960Perft, PublishedSuiteSampleIsExact) {
    // Every position to depth 3, every 40th to depth 4.
    auto suite = testing::load_perft_suite(testing::CHESS960_PERFT_SUITE);
    ASSERT_EQ(suite.size(), 960u);
    for (std::size_t i = 0; i < suite.size(); ++i) {
        testing::Game game(suite[i].fen, true);
        int depth = i % 40 == 0 ? 4 : 3;
        ASSERT_EQ(perft(game.pos, depth), suite[i].counts[depth - 1]) << suite[i].name;
    }
}

}  // namespace
}  // namespace arbiter
