// GameSetup against a full replay: over many generated games and the command sequences a GUI
// sends (the list growing, a takeback, a diverging move, a new game, another start, an illegal
// move), the game it keeps equals one set up from scratch, down to the repetition history.
#include "engines/uci/game_setup.h"

#include <gtest/gtest.h>

#include <random>

#include "engines/core/chess960.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"

namespace arbiter {
namespace {

// The history repetition detection walks: every state's key and fifty-move counter, newest
// first, back to the root.
std::vector<std::pair<Key, int>> history(const Position& pos) {
    std::vector<std::pair<Key, int>> states;
    for (const StateInfo* st = pos.state(); st; st = st->previous)
        states.emplace_back(st->key, st->rule50);
    return states;
}

// Fails unless the kept game equals `fen` with `moves` replayed on a new board.
void expect_equals_replay(const GameSetup& setup, const std::string& fen, bool chess960,
                          const std::vector<std::string>& moves) {
    Board replay;
    ASSERT_EQ(replay.set(fen, chess960), "");
    for (const std::string& m : moves) ASSERT_TRUE(replay.play_uci(m)) << m;
    const Board& kept = setup.board();
    EXPECT_EQ(kept.position().key(), replay.position().key());
    EXPECT_EQ(kept.fen(), replay.fen());
    EXPECT_EQ(kept.start_fen(), replay.start_fen());
    EXPECT_EQ(kept.moves(), replay.moves());
    EXPECT_EQ(history(kept.position()), history(replay.position()));
    EXPECT_EQ(kept.position().repetitions(), replay.position().repetitions());
    EXPECT_EQ(kept.status(), replay.status());
    EXPECT_EQ(kept.position().check_consistency(), "");
}

// A random legal move; when it can, often the side's own last move taken back (a knight
// returning, a rook sliding home), so that games repeat positions.
std::string random_move(Board& board, std::mt19937& rng) {
    const std::vector<Move>& played = board.moves();
    if (played.size() >= 2 && rng() % 3 == 0) {
        Move own = played[played.size() - 2];
        std::string back = move_to_uci(own).substr(2, 2) + move_to_uci(own).substr(0, 2);
        if (move_from_uci(board.position(), back)) return back;
    }
    MoveList list;
    generate_legal(board.position(), list);
    return move_to_uci(list[rng() % list.size()]);
}

TEST(GameSetup, EqualsAFullReplayOverGeneratedGames) {
    std::mt19937 rng(20261207);
    const std::vector<std::pair<std::string, bool>> starts = {
        {std::string(START_FEN), false},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
        {chess960_fen(0), true},
        {chess960_fen(731), true},
    };
    GameSetup setup;
    int incremental = 0, from_scratch = 0, refused = 0, repeated = 0, threefold = 0;
    for (int game = 0; game < 200; ++game) {
        auto [fen, chess960] = starts[rng() % starts.size()];
        Board game_board;  // the game the GUI follows; `moves` are its moves as text
        ASSERT_EQ(game_board.set(fen, chess960), "");
        std::vector<std::string> moves;
        for (int command = 0; command < 80; ++command) {
            // Step 1. What the GUI sends next: mostly one or two moves more.
            int kind = int(rng() % 20);
            if (kind == 0 && !moves.empty()) {  // a takeback of one to three moves
                for (std::size_t n = 1 + rng() % 3; n && game_board.undo(); --n) moves.pop_back();
            } else if (kind == 1 && !moves.empty()) {  // a different last move
                game_board.undo();
                moves.pop_back();
                std::string m = random_move(game_board, rng);
                game_board.play_uci(m);
                moves.push_back(m);
            } else if (kind != 2) {  // (2: the same command again)
                for (int ply = 0; ply < 1 + kind % 2 && !game_board.over(); ++ply) {
                    std::string m = random_move(game_board, rng);
                    game_board.play_uci(m);
                    moves.push_back(m);
                }
            }
            // Step 2. Apply it and compare with a replay from scratch.
            std::string error = setup.set(fen, chess960, moves);
            ASSERT_EQ(error, "") << fen << " " << moves.size();
            (setup.last_set_was_incremental() ? incremental : from_scratch)++;
            expect_equals_replay(setup, fen, chess960, moves);
            if (::testing::Test::HasFailure()) return;
            repeated += setup.board().position().repetitions() > 0;
            if (setup.board().status() == GameStatus::threefold_repetition) ++threefold;
            if (game_board.over()) break;

            // Step 3. Now and then a move that is not legal: refused, the game unchanged (the new
            // moves before it taken back).
            if (rng() % 10 == 0) {
                std::vector<std::string> bad = moves;  // often after a legal new move
                if (rng() % 2 && !game_board.over()) bad.push_back(random_move(game_board, rng));
                bad.push_back("a1a1");
                EXPECT_EQ(setup.set(fen, chess960, bad).rfind("illegal move 'a1a1' in ", 0), 0u);
                expect_equals_replay(setup, fen, chess960, moves);
                ++refused;
            }
        }
    }
    // Every path was taken, and the games did repeat positions.
    EXPECT_GT(incremental, 5000);
    EXPECT_GT(from_scratch, 300);
    EXPECT_GT(refused, 300);
    EXPECT_GT(repeated, 500);
    EXPECT_GT(threefold, 5);
}

}  // namespace
}  // namespace arbiter
