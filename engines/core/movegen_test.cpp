// Legal move generation beyond perft: the cheap "is there any legal move" test that the search
// asks at every leaf and the referee asks after every move.
#include "engines/core/movegen.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engines/core/test_support.h"

namespace arbiter {
namespace {

using testing::Game;
using testing::load_perft_suite;

TEST(HasLegalMove, AgreesWithMoveGenerationOnTheSuiteAndTwoPliesBelowIt) {
    int checked = 0;
    auto check = [&](const Position& pos) {
        EXPECT_EQ(has_legal_move(pos), count_legal(pos) > 0) << pos.fen();
        ++checked;
    };
    // Stalemate, mate and a back-rank mate to be delivered, then the perft suite.
    std::vector<std::string> fens = {"k7/P7/1K6/8/8/8/8/8 b - - 0 1",
                                     "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
                                     "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"};
    for (const auto& entry : load_perft_suite()) fens.push_back(entry.fen);
    for (const std::string& fen : fens) {
        Game game(fen);
        Position& pos = game.pos;
        check(pos);
        MoveList moves;
        generate_legal(pos, moves);
        for (Move m : moves) {
            StateInfo st;
            pos.do_move(m, st);
            check(pos);
            MoveList replies;
            generate_legal(pos, replies);
            for (Move r : replies) {
                StateInfo st2;
                pos.do_move(r, st2);
                check(pos);
                pos.undo_move(r);
            }
            pos.undo_move(m);
        }
    }
    EXPECT_GT(checked, 10000);
}

TEST(HasLegalMove, SeesMateAndStalemateAsNoMove) {
    EXPECT_FALSE(has_legal_move(Game("k7/P7/1K6/8/8/8/8/8 b - - 0 1").pos));  // stalemate
    EXPECT_FALSE(has_legal_move(
        Game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").play({"a1a8"}).pos));  // back-rank mate
    EXPECT_TRUE(has_legal_move(Game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").pos));
}

}  // namespace
}  // namespace arbiter
