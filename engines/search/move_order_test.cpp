#include "engines/search/move_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engines/core/notation.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

std::vector<Move> picked(const Position& pos, Move hash_move, const QuietOrdering& quiet = {}) {
    MoveList moves;
    MovePicker picker(pos, moves, hash_move, quiet);
    std::vector<Move> order;
    for (Move m; (m = picker.next());) order.push_back(m);
    EXPECT_TRUE(std::equal(order.begin(), order.end(), moves.begin(), moves.end()));
    return order;
}

// The order MovePicker promises, by sorting the full legal list stage by stage: the hash move
// if legal, captures by MVV-LVA, legal quiet killers, quiet moves by score; stable sorts, so
// equal scores keep generation order.
std::vector<Move> reference_order(const Position& pos, Move hash_move, const QuietOrdering& quiet) {
    MoveList legal;
    generate_legal(pos, legal);
    std::vector<Move> order;
    auto taken = [&](Move m) { return std::find(order.begin(), order.end(), m) != order.end(); };
    if (legal.contains(hash_move)) order.push_back(hash_move);
    std::vector<Move> captures, quiets;
    for (Move m : legal)
        if (pos.is_capture(m) && !taken(m)) captures.push_back(m);
    std::stable_sort(captures.begin(), captures.end(),
                     [&](Move a, Move b) { return mvv_lva(pos, a) > mvv_lva(pos, b); });
    order.insert(order.end(), captures.begin(), captures.end());
    for (Move killer : quiet.killers)
        if (killer && legal.contains(killer) && !pos.is_capture(killer) && !taken(killer))
            order.push_back(killer);
    auto score = [&](Move m) {
        int history = quiet.history ? quiet.history->score(pos.side_to_move(), m) : 0;
        return quiet_score(pos, m) + history;
    };
    for (Move m : legal)
        if (!pos.is_capture(m) && !taken(m)) quiets.push_back(m);
    std::stable_sort(quiets.begin(), quiets.end(),
                     [&](Move a, Move b) { return score(a) > score(b); });
    order.insert(order.end(), quiets.begin(), quiets.end());
    return order;
}

TEST(MoveOrder, StagedPickerHandsOutTheFullListsSortedOrderOnTheSuiteAndOnePlyBelow) {
    HistoryTable history;
    Move foreign = Move(E2, E4);  // a move of the previous position: often illegal here
    int checked = 0;
    auto check = [&](Position& pos) {
        MoveList legal;
        generate_legal(pos, legal);
        for (std::size_t i = 0; i < legal.size(); i += 3)  // some history for some moves
            history.record(pos.side_to_move(), legal[i], int(i % 7));
        Move some = legal.empty() ? Move::none() : legal[legal.size() / 2];
        Move last = legal.empty() ? Move::none() : legal[legal.size() - 1];
        for (Move hash : {Move::none(), some, last, foreign})
            for (const QuietOrdering& quiet :
                 {QuietOrdering{}, QuietOrdering{{last, foreign}, &history},
                  QuietOrdering{{some, hash}, nullptr}, QuietOrdering{{foreign, some}, &history}}) {
                ASSERT_EQ(picked(pos, hash, quiet), reference_order(pos, hash, quiet)) << pos.fen();
                ++checked;
            }
        if (!legal.empty()) foreign = legal[0];
    };
    testing::visit_suite(1, check);
    EXPECT_GT(checked, 10000);
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

namespace arbiter {
namespace {

// Quiescence's picker hands out what it is given in the order of a stable sort by noisy_score()
// (so equal scores keep the list's order, as quiescence's own sort did): the captures and
// promotions out of check, every evasion in check.
TEST(MoveOrder, QuiescencePickerHandsOutNoisyMovesInStableSortedOrder) {
    int checked = 0, ties = 0;
    auto check = [&](Position& pos) {
        MoveList moves;
        pos.in_check() ? generate_legal(pos, moves) : generate_noisy(pos, moves);
        std::vector<Move> expected(moves.begin(), moves.end());
        std::stable_sort(expected.begin(), expected.end(),
                         [&](Move a, Move b) { return noisy_score(pos, a) > noisy_score(pos, b); });
        for (std::size_t i = 1; i < expected.size(); ++i)
            ties += noisy_score(pos, expected[i]) == noisy_score(pos, expected[i - 1]);
        MovePicker picker(pos, moves, MovePicker::quiescence);
        std::vector<Move> order;
        for (Move m; (m = picker.next());) order.push_back(m);
        EXPECT_EQ(order, expected) << pos.fen();
        EXPECT_FALSE(picker.next());
        ++checked;
    };
    testing::visit_suite(1, check);
    EXPECT_GT(checked, 500);
    EXPECT_GT(ties, 100);  // equal scores are common, so their order is tested
}

TEST(MoveOrder, NoisyScoreCountsAQueenPromotionAsTakingAQueen) {
    testing::Game game("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    Move push = move_from_uci(game.pos, "a7a8q"), take = move_from_uci(game.pos, "a7b8q");
    Move knight = move_from_uci(game.pos, "a7b8n");
    EXPECT_EQ(noisy_score(game.pos, push), QUEEN * 8);
    EXPECT_EQ(noisy_score(game.pos, take), mvv_lva(game.pos, take) + QUEEN * 8);
    EXPECT_EQ(noisy_score(game.pos, knight), mvv_lva(game.pos, knight));
}

}  // namespace
}  // namespace arbiter
