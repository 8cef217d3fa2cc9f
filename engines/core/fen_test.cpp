#include <gtest/gtest.h>

#include "engines/core/position.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

// Returns the error message for a FEN (empty if accepted).
std::string error_of(const std::string& fen) {
    Position pos;
    StateInfo st;
    return pos.set(fen, st);
}

TEST(Fen, RoundTripsTheWholeSuite) {
    for (const auto& entry : testing::load_perft_suite()) {
        testing::Game game(entry.fen);
        std::string written = game.pos.fen();
        testing::Game again(written);
        EXPECT_EQ(again.pos.fen(), written);
        EXPECT_EQ(again.pos.key(), game.pos.key());
    }
}

TEST(Fen, WritesStartPositionExactly) {
    testing::Game game{std::string(START_FEN)};
    EXPECT_EQ(game.pos.fen(), START_FEN);
    game.play({"e4", "c5", "Nf3"});
    EXPECT_EQ(game.pos.fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

TEST(Fen, CountersAreOptional) {
    testing::Game game("4k3/8/8/8/8/8/8/4K3 b - -");
    EXPECT_EQ(game.pos.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(Fen, EnPassantSquareKeptOnlyWhenACaptureIsLegal) {
    // After 1. e4 no black pawn can take: the square is not part of the position.
    EXPECT_EQ(
        testing::Game("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").pos.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // A capture that would expose the king along the rank is not legal either.
    EXPECT_EQ(testing::Game("8/8/8/KPp4r/8/8/8/7k w - c6 0 2").pos.ep_square(), NO_SQUARE);
    EXPECT_EQ(testing::Game("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1").pos.ep_square(), D6);
}

struct BadFen {
    const char* fen;
    const char* expected;  // a fragment the message must contain
};

class RejectedFen : public ::testing::TestWithParam<BadFen> {};

TEST_P(RejectedFen, NamesTheFieldAndProblem) {
    std::string error = error_of(GetParam().fen);
    EXPECT_NE(error.find(GetParam().expected), std::string::npos) << "got: '" << error << "'";
}

INSTANTIATE_TEST_SUITE_P(
    Core, RejectedFen,
    ::testing::Values(
        BadFen{"", "FEN is empty"}, BadFen{"   ", "FEN is empty"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "at least 4 are needed"},
        BadFen{"rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "field 1 (placement): bad piece letter 'X'"},
        BadFen{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "rank 7 has 7 squares, not 8"},
        BadFen{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "rank 7 has more than 8 squares"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks, not 8"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks"},
        BadFen{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "missing black king"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
               "more than one white king"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNP w kq - 0 1",
               "pawn stands on the first or last rank"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "more than 8 white pawns"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
               "field 2 (side to move): 'x'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
               "field 3 (castling): bad letter 'x'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1",
               "right 'K' repeats the white king-side right"},
        BadFen{"r3k2r/8/8/8/8/8/8/R3K2R w KQkH - 0 1",
               "right 'H' repeats the white king-side right"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
               "right 'K' but no white rook on the king's side of the king"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Hkq - 0 1",
               "right 'H' but no white rook on h1"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w KQkq - 0 1",
               "right 'K' but the white king is not on rank 1"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqA - 0 1",
               "right 'A' repeats the white queen-side right"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
               "field 4 (en passant): 'e9' is not a square"},
        BadFen{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
               "e3 is impossible with white to move"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
               "does not follow a double pawn push"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
               "field 5 (halfmove clock): 'x'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
               "field 5 (halfmove clock)"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
               "field 6 (fullmove number)"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1z",
               "field 6 (fullmove number)"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
               "unexpected text after field 6"},
        BadFen{"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "side not to move (black) is in check"},
        BadFen{"4k3/8/8/8/1b6/5n2/8/r3K3 w - - 0 1", "more than two pieces"}));

TEST(Fen, RejectedFenLeavesTheInitialPosition) {
    Position pos;
    StateInfo st;
    EXPECT_FALSE(pos.set("garbage", st).empty());
    EXPECT_EQ(pos.fen(), START_FEN);
}

}  // namespace
}  // namespace arbiter
