#include "engines/search/tt.h"

#include <gtest/gtest.h>

#include "engines/search/score.h"

namespace arbiter {
namespace {

// Keys that differ only in their lowest bits land in the same bucket (the index comes from
// the key's high bits).
constexpr Key A = 0x9E3779B97F4A7C10ULL, B = A + 1, C = A + 2, D = A + 3;

TEST(TranspositionTable, StoresAndFindsAnEntry) {
    TranspositionTable tt(1);
    EXPECT_EQ(tt.probe(A), nullptr);
    tt.store(A, Move(E2, E4), 35, 4, Bound::lower, 3);
    const TTEntry* e = tt.probe(A);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->move, Move(E2, E4));
    EXPECT_EQ(e->score, 35);
    EXPECT_EQ(e->depth, 4);
    EXPECT_EQ(e->bound, Bound::lower);
    EXPECT_EQ(tt.probe(B), nullptr);  // same bucket, other position
    tt.clear();
    EXPECT_EQ(tt.probe(A), nullptr);
}

TEST(TranspositionTable, MateScoresAreStoredRelativeToTheNode) {
    TranspositionTable tt(1);
    // Found 4 plies from the root: we mate 6 plies after this node (10 from the root).
    tt.store(A, Move(A1, A8), mate_in(10), 6, Bound::exact, 4);
    const TTEntry* e = tt.probe(A);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->score, SCORE_MATE - 6);
    // Met again 2 plies from the root of another search: mate 8 plies from that root.
    EXPECT_EQ(TranspositionTable::score_from_tt(e->score, 2), mate_in(8));
    tt.store(B, Move::none(), mated_in(7), 3, Bound::upper, 5);
    EXPECT_EQ(tt.probe(B)->score, -SCORE_MATE + 2);
    EXPECT_EQ(TranspositionTable::score_from_tt(tt.probe(B)->score, 1), mated_in(3));
    EXPECT_EQ(TranspositionTable::score_to_tt(-120, 9), -120);  // ordinary scores unchanged
}

TEST(TranspositionTable, FirstSlotIsDepthPreferredSecondAlwaysReplaced) {
    TranspositionTable tt(1);
    tt.store(A, Move(E2, E4), 1, 5, Bound::exact, 0);
    tt.store(B, Move(D2, D4), 2, 3, Bound::exact, 0);  // shallower: into the second slot
    ASSERT_NE(tt.probe(A), nullptr);
    ASSERT_NE(tt.probe(B), nullptr);
    tt.store(C, Move(G1, F3), 3, 2, Bound::exact, 0);  // replaces B, not the deeper A
    EXPECT_NE(tt.probe(A), nullptr);
    EXPECT_EQ(tt.probe(B), nullptr);
    EXPECT_NE(tt.probe(C), nullptr);
    tt.store(D, Move(C2, C4), 4, 5, Bound::exact, 0);  // as deep as A: replaces it
    EXPECT_EQ(tt.probe(A), nullptr);
    EXPECT_EQ(tt.probe(D)->score, 4);
    // Entries of an earlier search give way whatever their depth.
    tt.new_search();
    tt.store(A, Move(E2, E4), 5, 1, Bound::exact, 0);
    EXPECT_EQ(tt.probe(D), nullptr);
    EXPECT_EQ(tt.probe(A)->depth, 1);
}

TEST(TranspositionTable, KeepsTheKnownMoveWhenANewResultHasNone) {
    TranspositionTable tt(1);
    tt.store(A, Move(E2, E4), 10, 2, Bound::exact, 0);
    tt.store(A, Move::none(), -5, 3, Bound::upper, 0);
    const TTEntry* e = tt.probe(A);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->move, Move(E2, E4));
    EXPECT_EQ(e->bound, Bound::upper);
    EXPECT_EQ(e->score, -5);
}

TEST(TranspositionTable, SizeFollowsTheMegabytesAndHashfullCountsThisSearch) {
    TranspositionTable tt(1);
    EXPECT_EQ(tt.entry_count(), std::size_t(1024 * 1024 / 16));
    tt.resize(4);
    EXPECT_EQ(tt.entry_count(), std::size_t(4 * 1024 * 1024 / 16));
    EXPECT_EQ(tt.hashfull(), 0);
    // Deep entries fill the depth-preferred slots, shallow ones then the others.
    for (Key k = 1; k <= 2000000; ++k)
        tt.store(k * 0x9E3779B97F4A7C15ULL, Move::none(), 0, 5, Bound::exact, 0);
    EXPECT_GE(tt.hashfull(), 490);
    EXPECT_LE(tt.hashfull(), 500);
    for (Key k = 1; k <= 2000000; ++k)
        tt.store(~k * 0x9E3779B97F4A7C15ULL, Move::none(), 0, 1, Bound::exact, 0);
    EXPECT_GT(tt.hashfull(), 980);
    tt.new_search();
    EXPECT_EQ(tt.hashfull(), 0);
}

}  // namespace
}  // namespace arbiter
