#include "engines/core/position.h"

#include <gtest/gtest.h>

#include <random>

#include "engines/core/movegen.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

// Plays seeded random games from every suite position and, after each move and each undo,
// compares the incremental key, material and piece-square sums with a recomputation.
TEST(Position, IncrementalStateMatchesRecomputationInRandomGames) {
    std::mt19937 rng(20261130);
    int moves_checked = 0;
    for (const auto& entry : testing::load_perft_suite()) {
        for (int game_number = 0; game_number < 6; ++game_number) {
            testing::Game game(entry.fen);
            std::vector<Move> played;
            for (int ply = 0; ply < 200; ++ply) {
                MoveList list;
                generate_legal(game.pos, list);
                if (list.empty()) break;
                Move m = list[rng() % list.size()];
                game.pos.do_move(m, game.states.emplace_back());
                played.push_back(m);
                ASSERT_EQ(game.pos.check_consistency(), "") << entry.name << " after " << ply;
                ++moves_checked;
            }
            std::string final_fen = game.pos.fen();
            // Unwind completely and check the start is restored exactly.
            for (auto it = played.rbegin(); it != played.rend(); ++it) {
                game.pos.undo_move(*it);
                ASSERT_EQ(game.pos.check_consistency(), "");
            }
            EXPECT_EQ(game.pos.fen(), testing::Game(entry.fen).pos.fen());
            // The key after a replay equals the key of the final FEN set from scratch.
            for (Move m : played) game.pos.do_move(m, game.states.emplace_back());
            EXPECT_EQ(game.pos.key(), testing::Game(final_fen).pos.key()) << final_fen;
        }
    }
    EXPECT_GT(moves_checked, 10000);
}

TEST(Position, KeyDependsOnSideCastlingAndEnPassant) {
    Key base = testing::Game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").pos.key();
    EXPECT_NE(base, testing::Game("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").pos.key());
    EXPECT_NE(base, testing::Game("r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1").pos.key());
    EXPECT_EQ(base, testing::Game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 40 90").pos.key());
    EXPECT_NE(testing::Game("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1").pos.key(),
              testing::Game("4k3/8/8/2PpP3/8/8/8/4K3 w - - 0 1").pos.key());
}

TEST(Position, CastlingRightsLostWhenRookIsCaptured) {
    testing::Game game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    game.play({"Rxa8+"});
    EXPECT_EQ(game.pos.castling_rights(), WHITE_OO | BLACK_OO);
    game.play({"Kf7", "Rhxh8"});
    EXPECT_EQ(game.pos.castling_rights(), NO_CASTLING);
}

TEST(Position, MaterialAndPieceSquareSums) {
    testing::Game game{std::string(START_FEN)};
    EXPECT_EQ(game.pos.material(WHITE), 8 * 100 + 2 * 320 + 2 * 330 + 2 * 500 + 900);
    EXPECT_EQ(game.pos.material(WHITE), game.pos.material(BLACK));
    EXPECT_EQ(game.pos.psq(WHITE), game.pos.psq(BLACK));
    game.play({"e4"});
    // The e-pawn goes from -20 (e2) to +20 (e4).
    EXPECT_EQ(game.pos.psq(WHITE) - game.pos.psq(BLACK), 40);
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// A double push is remembered even when no en passant capture is legal (here the capturing pawn
// is pinned against its king), while the en-passant square, which enters the key, is not set.
TEST(Position, DoublePushIsKeptWhenEnPassantIsIllegal) {
    testing::Game game("4k3/8/8/8/5p2/8/4P3/4K2B w - - 0 1");
    game.play({"e2e4"});
    EXPECT_EQ(game.pos.double_push_square(), E3);
    EXPECT_EQ(game.pos.ep_square(), E3);
    testing::Game pinned("8/8/8/8/k4p1Q/8/4P3/4K3 w - - 0 1");
    pinned.play({"e2e4"});
    EXPECT_EQ(pinned.pos.double_push_square(), E3);
    EXPECT_EQ(pinned.pos.ep_square(), NO_SQUARE);
    pinned.play({"a4a3"});
    EXPECT_EQ(pinned.pos.double_push_square(), NO_SQUARE);
}

}  // namespace
}  // namespace arbiter
