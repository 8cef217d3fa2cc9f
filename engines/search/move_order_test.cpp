#include "engines/search/move_order.h"

#include <gtest/gtest.h>

#include <set>

#include "engines/core/notation.h"

namespace arbiter {
namespace {

std::vector<Move> picked(const Position& pos, Move hash_move) {
    MoveList moves;
    generate_legal(pos, moves);
    MovePicker picker(pos, moves, hash_move);
    std::vector<Move> order;
    for (Move m; (m = picker.next());) order.push_back(m);
    return order;
}

TEST(MoveOrder, MvvLvaRanksVictimThenAttacker) {
    StateInfo st;
    Position pos;
    // The e5 pawn and the h3 queen can both take the d6 queen or the f6 rook.
    ASSERT_EQ(pos.set("4k3/8/3q1r2/4P3/8/7Q/8/4K3 w - - 0 1", st), "");
    std::vector<Move> order = picked(pos, Move::none());
    ASSERT_GE(order.size(), 4u);
    EXPECT_EQ(move_to_uci(order[0]), "e5d6");  // queen taken by a pawn
    // Then the rook: by the pawn, then by the queen; then the queen takes the queen.
    EXPECT_EQ(move_to_uci(order[1]), "e5f6");
}

TEST(MoveOrder, HashMoveThenCapturesThenQuietsEachInOrder) {
    const char* fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    };
    for (const char* fen : fens) {
        StateInfo st;
        Position pos;
        ASSERT_EQ(pos.set(fen, st), "");
        MoveList generated;
        generate_legal(pos, generated);
        for (Move hash : {Move::none(), generated[generated.size() / 2], Move(A1, A1)}) {
            std::vector<Move> order = picked(pos, hash);
            ASSERT_EQ(order.size(), generated.size()) << fen;
            std::set<std::uint16_t> distinct;
            for (Move m : order) distinct.insert(m.raw());
            EXPECT_EQ(distinct.size(), order.size()) << fen;
            std::size_t i = 0;
            if (generated.contains(hash)) {
                EXPECT_EQ(order[i], hash);
                ++i;
            }
            auto index_of = [&](Move m) {
                for (std::size_t k = 0; k < generated.size(); ++k)
                    if (generated[k] == m) return k;
                return std::size_t(999);
            };
            // Captures: MVV-LVA descending, generation order among equals.
            for (; i + 1 < order.size() && mvv_lva(pos, order[i + 1]); ++i) {
                int a = mvv_lva(pos, order[i]), b = mvv_lva(pos, order[i + 1]);
                EXPECT_TRUE(a > b || (a == b && index_of(order[i]) < index_of(order[i + 1])))
                    << fen;
            }
            if (i < order.size() && mvv_lva(pos, order[i])) ++i;
            // Quiets: no capture after them, quiet score descending, generation order ties.
            for (; i + 1 < order.size(); ++i) {
                EXPECT_EQ(mvv_lva(pos, order[i + 1]), 0) << fen;
                int a = quiet_score(pos, order[i]), b = quiet_score(pos, order[i + 1]);
                EXPECT_TRUE(a > b || (a == b && index_of(order[i]) < index_of(order[i + 1])))
                    << fen << " " << move_to_uci(order[i]) << " " << move_to_uci(order[i + 1]);
            }
        }
    }
}

TEST(MoveOrder, QuietScoreFavoursBetterSquaresAndQueenPromotion) {
    StateInfo st;
    Position pos;
    ASSERT_EQ(pos.set("4k3/1P6/8/8/8/8/8/1N2K3 w - - 0 1", st), "");
    // Nb1-c3: -40 -> +10 on the knight table; b7-b8=Q scores a promotion above every square gain.
    EXPECT_EQ(quiet_score(pos, move_from_uci(pos, "b1c3")), 50);
    EXPECT_GT(quiet_score(pos, move_from_uci(pos, "b7b8q")),
              quiet_score(pos, move_from_uci(pos, "b7b8n")) + 500);
    std::vector<Move> order = picked(pos, Move::none());
    EXPECT_EQ(move_to_uci(order[0]), "b7b8q");
}

}  // namespace
}  // namespace arbiter
