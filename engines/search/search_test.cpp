// The search core's contract: node and leaf counts, exact root scores across the variants,
// mates, draws, limits and determinism.
#include "engines/search/search.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "engines/core/perft.h"
#include "engines/core/rules.h"
#include "engines/search/search_test_support.h"

namespace arbiter {
namespace {

using testing::AFTER_E4;
using testing::Board;
using testing::search_to_depth;

// The positions on which the variants are compared: the bench-like middle games and end games
// plus a few quiet and tactical ones.
const std::vector<std::string> SUITE = {
    std::string(START_FEN),
    std::string(AFTER_E4),
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/5pk1/8/8/8/8/1P4K1/8 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "2r3k1/pp3ppp/8/3N4/8/8/PPP2PPP/4R1K1 b - - 0 1",
};

struct SuiteEntry {
    std::string fen;
    std::vector<std::uint64_t> perft;  // perft[d - 1]
};

// engines/core/testdata/perft-suite.epd: "FEN ;D1 n ;D2 n ... ;id ...".
std::vector<SuiteEntry> load_perft_suite() {
    std::ifstream in("engines/core/testdata/perft-suite.epd");
    EXPECT_TRUE(in) << "run from the repository root";
    std::vector<SuiteEntry> suite;
    for (std::string line; std::getline(in, line);) {
        std::size_t semi = line.find(';');
        if (semi == std::string::npos) continue;
        SuiteEntry e{line.substr(0, line.find_last_not_of(' ', semi - 1) + 1), {}};
        std::istringstream fields(line.substr(semi));
        for (std::string field; std::getline(fields, field, ';');) {
            std::istringstream words(field);
            std::string key;
            std::uint64_t n = 0;
            if (words >> key >> n && key.size() == 2 && key[0] == 'D') e.perft.push_back(n);
        }
        suite.push_back(e);
    }
    return suite;
}

// Step 1. Nodes and leaves.

TEST(SearchNodes, MinimaxLeavesEqualPerftAfterE4) {
    // The published table's conditions: Eval=material, after 1. e4. (Depth 6: 309,478,263.)
    const std::uint64_t perft_after_e4[] = {20, 600, 13160, 405385, 9771632};
    for (int depth = 1; depth <= 5; ++depth) {
        SearchResult r =
            search_to_depth(testing::minimax_features(), AFTER_E4, depth, eval::Kind::material);
        EXPECT_EQ(r.depth, depth);
        EXPECT_EQ(r.leaves, perft_after_e4[depth - 1]) << "depth " << depth;
    }
}

TEST(SearchNodes, NodesCountEveryIterationsWholeTree) {
    // Iteration i visits the root and every position 1..i plies deep; the total adds them up:
    // 21 + 621 + 13,781 + 419,166.
    SearchResult r =
        search_to_depth(testing::minimax_features(), AFTER_E4, 4, eval::Kind::material);
    EXPECT_EQ(r.nodes, 433589u);
    EXPECT_EQ(r.leaves, 405385u);
}

TEST(SearchNodes, MinimaxLeavesEqualPerftOnTheCoreSuite) {
    // Wherever no game-ending rule cuts a line short, minimax's leaves are the perft count. Two
    // kinds of suite position are left out: those with at most four men, where a capture can
    // leave too little material to mate (a draw that ends the line), and those with a forced
    // mate within the depth, where the iterations stop at the proven mate.
    int compared = 0;
    for (const SuiteEntry& e : load_perft_suite()) {
        Board board(e.fen);
        if (e.perft.size() < 3 || popcount(board.pos.pieces()) <= 4) continue;
        SearchResult r = search_to_depth(testing::minimax_features(), e.fen, 3);
        if (is_mate_score(r.score)) {
            EXPECT_LT(r.depth, 3) << e.fen;
            continue;
        }
        EXPECT_EQ(r.leaves, e.perft[2]) << e.fen;
        ++compared;
    }
    EXPECT_GE(compared, 25);
}

TEST(SearchNodes, LeavesStopAtDrawsThatPerftCountsThrough) {
    // King and knight against king: every move keeps the material insufficient, so each child
    // is a draw and ends there: depth 3 has as many nodes as depth 1 in its last iteration.
    SearchResult r =
        search_to_depth(testing::minimax_features(), "8/8/4k3/8/8/3NK3/8/8 w - - 0 1", 3);
    EXPECT_EQ(r.leaves, 0u);
    EXPECT_EQ(r.score, SCORE_DRAW);
}

// Step 2. Root scores: every variant returns minimax's score; pruning only saves nodes.

void compare_variants(eval::Kind kind, int max_depth) {
    std::vector<testing::Variant> variants = testing::searching_variants();
    std::vector<std::uint64_t> totals(variants.size(), 0);
    for (const std::string& fen : SUITE) {
        for (int depth = 1; depth <= max_depth; ++depth) {
            int reference = 0;
            for (std::size_t v = 0; v < variants.size(); ++v) {
                SearchResult r = search_to_depth(variants[v].features, fen, depth, kind);
                if (v == 0) reference = r.score;
                EXPECT_EQ(r.score, reference)
                    << variants[v].name << " at depth " << depth << " on " << fen;
                // Only a proven mate ends the iterations early.
                if (!is_mate_score(r.score)) {
                    EXPECT_EQ(r.depth, depth);
                }
                totals[v] += r.nodes;
            }
        }
    }
    for (std::size_t v = 1; v < variants.size(); ++v)
        EXPECT_GE(totals[v - 1], totals[v]) << variants[v - 1].name << " vs " << variants[v].name;
}

TEST(SearchScores, AllVariantsReturnMinimaxScoreSimplified) {
    compare_variants(eval::Kind::simplified, 4);
}

TEST(SearchScores, AllVariantsReturnMinimaxScoreMaterial) {
    compare_variants(eval::Kind::material, 4);
}

TEST(SearchScores, TableVariantEqualsMinimaxWithinTheGuaranteedBound) {
    // search.h: the scores are equal whenever the fifty-move counter plus the depth is below 8,
    // as no repetition or fifty-move draw can then be scored in the tree. With a game history:
    // the root has occurred before (counter 4), searched to depth 3.
    const char* fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    std::vector<std::string> shuffle = {"f3g1", "f6g8", "g1f3", "g8f6"};
    for (int depth = 1; depth <= 3; ++depth) {
        for (eval::Kind kind : {eval::Kind::simplified, eval::Kind::material}) {
            int minimax =
                search_to_depth(testing::minimax_features(), fen, depth, kind, shuffle).score;
            EXPECT_EQ(search_to_depth(testing::tt_features(), fen, depth, kind, shuffle).score,
                      minimax)
                << "depth " << depth;
        }
    }
    // Without history, depth 7 (plain alpha-beta stands in for minimax, equal by the tests
    // above): end games, where transpositions abound.
    for (const char* end_game :
         {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "8/5pk1/8/8/8/8/1P4K1/8 w - - 0 1",
          "8/8/8/3k4/8/8/8/R3K3 w Q - 0 1"}) {
        EXPECT_EQ(search_to_depth(testing::tt_features(), end_game, 7).score,
                  search_to_depth(testing::alphabeta_features(), end_game, 7).score)
            << end_game;
    }
}

TEST(SearchScores, PruningVariantsAgreeAtDepthFive) {
    // Alpha-beta equals minimax (above and by construction); the ordered and the TT variant
    // must equal plain alpha-beta one ply deeper as well.
    for (const std::string& fen : SUITE) {
        int reference = search_to_depth(testing::alphabeta_features(), fen, 5).score;
        EXPECT_EQ(search_to_depth(testing::mvvlva_features(), fen, 5).score, reference) << fen;
        EXPECT_EQ(search_to_depth(testing::tt_features(), fen, 5).score, reference) << fen;
    }
}

TEST(SearchScores, TableKeptBetweenSearchesStillGivesTheFixedDepthScore) {
    // Only results of exactly the node's depth may end a node, so entries left by a deeper
    // search of the same position (or of the game's earlier moves) cannot change the score.
    Search search(testing::tt_features());
    for (const std::string& fen : SUITE) {
        search.new_game();
        for (int depth : {5, 2, 4, 3, 5, 1}) {
            Board board(fen);
            SearchLimits limits;
            limits.depth = depth;
            int score = search.run(board.pos, limits).score;
            EXPECT_EQ(score, search_to_depth(testing::alphabeta_features(), fen, depth).score)
                << "depth " << depth << " on " << fen;
        }
    }
}

// Step 3. Mates.

struct MateCase {
    const char* fen;
    int moves;  // mate in this many moves
};

const MateCase MATES[] = {
    {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1},
    {"r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", 1},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1},
    {"7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2},
    {"7K/8/5k2/8/8/8/8/6r1 b - - 0 1", 2},
    {"1k6/8/8/2K5/8/8/8/7R w - - 0 1", 3},
    {"7r/8/8/8/2k5/8/8/1K6 b - - 0 1", 3},
};

// True if after `first` the opponent is mated in `moves - 1` more moves at best (checked with
// plain alpha-beta, which the score tests tie to minimax).
bool move_mates_in(std::string_view fen, Move first, int moves) {
    Board board(fen);
    if (!move_from_uci(board.pos, move_to_uci(first))) return false;
    board.play(first);
    if (moves == 1) return game_status(board.pos) == GameStatus::checkmate;
    Search search(testing::alphabeta_features());
    SearchLimits limits;
    limits.depth = 2 * moves - 2;
    return search.run(board.pos, limits).score == mated_in(2 * moves - 2);
}

// Plays the principal variation and reports whether it ends in checkmate.
bool pv_mates(std::string_view fen, const std::vector<Move>& pv) {
    Board board(fen);
    for (Move m : pv) {
        MoveList legal;
        generate_legal(board.pos, legal);
        if (!legal.contains(m)) return false;
        board.play(m);
    }
    return game_status(board.pos) == GameStatus::checkmate;
}

// Found by fishtest's worker (fastchess's -check-mate-pvs) in a game of alphabeta-mvvlva-tt:
// "score mate -2 pv f1e1 e2d3 e1d1", a mated-in-two whose PV a hit in the table, kept from the
// engine's previous move (a search to depth 6), had cut at three plies.
TEST(SearchMates, AMatedSidesPvIsTheWholeMateWhereTheTableCutTheSearch) {
    const char* fen = "rnbqkb1r/ppp1pp1p/6p1/3n4/3P4/6P1/PP2PP1P/RNBQKBNR w KQkq - 0 1";
    std::vector<std::string> moves = {"e2e4", "d5b4", "d1a4", "b8c6", "d4d5", "b4d5",
                                      "g1f3", "c8g4", "f3d2", "d5b6", "a4b5", "f8h6",
                                      "f2f4", "d8d4", "f1g2", "d4e3", "e1f1", "a7a6"};
    for (const testing::Variant& v : testing::searching_variants()) {
        if (!v.features.transposition_table) continue;  // nothing kept from one search to the next
        auto search = std::make_unique<Search>(v.features);
        SearchLimits limits;
        limits.depth = 6;
        Board before(fen, moves);
        search->run(before.pos, limits);
        std::vector<std::string> later = moves;
        later.insert(later.end(), {"b5b3", "g4e2"});
        Board board(fen, later);
        limits.depth = 4;
        SearchResult r = search->run(board.pos, limits);
        ASSERT_EQ(uci_score(r.score), "mate -2") << v.name;
        std::string line;
        for (Move m : r.pv) line += move_to_uci(m) + " ";
        EXPECT_EQ(r.pv.size(), 4u) << v.name << ": " << line;
        for (Move m : r.pv) board.play(m);
        EXPECT_EQ(game_status(board.pos), GameStatus::checkmate) << v.name << ": " << line;
    }
}

TEST(SearchMates, EverySearchingVariantFindsMateInOneTwoThree) {
    for (const testing::Variant& v : testing::searching_variants()) {
        for (const MateCase& c : MATES) {
            int depth = 2 * c.moves - 1;
            SearchResult r = search_to_depth(v.features, c.fen, depth);
            EXPECT_EQ(r.score, mate_in(depth)) << v.name << " on " << c.fen;
            EXPECT_EQ(uci_score(r.score), "mate " + std::to_string(c.moves));
            EXPECT_TRUE(move_mates_in(c.fen, r.best_move, c.moves))
                << v.name << " played " << move_to_uci(r.best_move) << " on " << c.fen;
            // The whole mate, also where a table hit cut the search's PV short.
            EXPECT_EQ(r.pv.size(), std::size_t(depth)) << v.name << " on " << c.fen;
            EXPECT_TRUE(pv_mates(c.fen, r.pv)) << v.name << " on " << c.fen;
            // Asked to search deeper, the search stops at the proven mate.
            SearchResult deeper = search_to_depth(v.features, c.fen, depth + 2);
            EXPECT_EQ(deeper.score, mate_in(depth)) << v.name << " on " << c.fen;
            EXPECT_EQ(deeper.depth, depth) << v.name << " on " << c.fen;
        }
    }
}

TEST(SearchMates, GreedySeesMateInOne) {
    for (const MateCase& c : MATES) {
        if (c.moves != 1) continue;
        SearchResult r = search_to_depth(testing::greedy_features(), c.fen, 10);
        EXPECT_EQ(r.depth, 1);
        EXPECT_EQ(r.score, mate_in(1)) << c.fen;
        EXPECT_TRUE(move_mates_in(c.fen, r.best_move, 1)) << c.fen;
    }
}

TEST(SearchMates, BeingMatedIsReportedWithItsDistance) {
    // After 1. Kc6 of the mate in three, Black is mated in two whatever it does.
    for (const testing::Variant& v : testing::searching_variants()) {
        SearchResult r = search_to_depth(v.features, "1k6/8/2K5/8/8/8/8/7R b - - 1 1", 4);
        EXPECT_EQ(r.score, mated_in(4)) << v.name;
        EXPECT_EQ(uci_score(r.score), "mate -2") << v.name;
    }
}

// Step 4. Draws: stalemate, repetition, fifty moves, insufficient material.

TEST(SearchDraws, StalemateAtTheRootGivesNoMove) {
    for (const testing::Variant& v : testing::searching_variants()) {
        SearchResult r = search_to_depth(v.features, "k7/P7/1K6/8/8/8/8/8 b - - 0 1", 3);
        EXPECT_EQ(r.best_move, Move::none()) << v.name;
        EXPECT_EQ(r.score, SCORE_DRAW);
    }
}

TEST(SearchDraws, StalemateAtTheLeafScoresZero) {
    // White is in check and a rook down in all but one line: Rxb7 wins the queen but leaves
    // Black stalemated. Without stalemate detection at the leaf it would score +500.
    const char* fen = "k7/1q6/2K5/8/8/8/8/1R6 w - - 0 1";
    Board after(fen, {"b1b7"});
    ASSERT_EQ(game_status(after.pos), GameStatus::stalemate);
    std::vector<testing::Variant> variants = testing::searching_variants();
    variants.push_back({"greedy", testing::greedy_features()});
    for (const testing::Variant& v : variants) {
        for (int depth = 1; depth <= 3; ++depth) {
            SearchResult r = search_to_depth(v.features, fen, depth, eval::Kind::material);
            EXPECT_EQ(r.score, SCORE_DRAW) << v.name << " depth " << depth;
            EXPECT_EQ(move_to_uci(r.best_move), "b1b7") << v.name << " depth " << depth;
        }
    }
}

TEST(SearchDraws, ThreefoldRepetitionCountsTheGameHistory) {
    // Queen against bare king; the kings and queen have shuffled so that Kh8 now repeats the
    // start position a third time. Every other move leaves Black a queen down.
    const char* fen = "7k/8/8/8/8/8/Q7/6K1 w - - 0 1";
    std::vector<std::string> moves = {"a2a3", "h8h7", "a3a2", "h7h8", "a2a3", "h8h7", "a3a2"};
    for (const testing::Variant& v : testing::searching_variants()) {
        for (int depth = 1; depth <= 3; ++depth) {
            SearchResult r = search_to_depth(v.features, fen, depth, eval::Kind::material, moves);
            EXPECT_EQ(r.score, SCORE_DRAW) << v.name << " depth " << depth;
            EXPECT_EQ(move_to_uci(r.best_move), "h7h8") << v.name << " depth " << depth;
        }
    }
    // With only one earlier occurrence the same move is no draw: Black stays a queen down.
    std::vector<std::string> once = {"a2a3", "h8h7", "a3a2"};
    SearchResult r =
        search_to_depth(testing::minimax_features(), fen, 1, eval::Kind::material, once);
    EXPECT_EQ(r.score, -900);
}

TEST(SearchDraws, FiftyMoveRuleDrawsButMateComesFirst) {
    // Black, a queen down, makes the hundredth quiet ply with any move: a draw.
    for (const testing::Variant& v : testing::searching_variants()) {
        SearchResult r = search_to_depth(v.features, "7k/8/8/8/8/8/Q7/6K1 b - - 99 80", 3);
        EXPECT_EQ(r.score, SCORE_DRAW) << v.name;
        // A mate on the hundredth ply is still a mate.
        SearchResult m = search_to_depth(v.features, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", 1);
        EXPECT_EQ(m.score, mate_in(1)) << v.name;
    }
}

TEST(SearchDraws, InsufficientMaterialIsADraw) {
    // The static evaluation would give White a knight's worth; the rules give nothing.
    for (const testing::Variant& v : testing::searching_variants()) {
        SearchResult r = search_to_depth(v.features, "8/8/4k3/8/8/3NK3/8/8 w - - 0 1", 2);
        EXPECT_EQ(r.score, SCORE_DRAW) << v.name;
    }
}

// Step 5. Limits, stopping and determinism.

TEST(SearchLimits, NodeLimitIsNeverExceededAndRepeatable) {
    for (const testing::Variant& v : testing::searching_variants()) {
        std::uint64_t first = 0;
        for (int run = 0; run < 2; ++run) {
            auto search = std::make_unique<Search>(v.features);
            Board board(START_FEN);
            SearchLimits limits;
            limits.nodes = 5000;
            SearchResult r = search->run(board.pos, limits);
            EXPECT_LE(r.nodes, 5000u) << v.name;
            EXPECT_GE(r.depth, 1) << v.name;
            EXPECT_TRUE(move_from_uci(board.pos, move_to_uci(r.best_move))) << v.name;
            if (run == 0) first = r.nodes;
            EXPECT_EQ(r.nodes, first) << v.name;
        }
    }
}

TEST(SearchLimits, NodeLimitAtAnIterationsEndCountsExactly) {
    // Minimax after 1. e4: iterations of 21 and 621 nodes. A budget of 642 completes depth 2
    // and stops before the root of depth 3; one node more counts that root, then stops.
    for (std::uint64_t budget : {642u, 643u}) {
        Search search(testing::minimax_features());
        Board board(AFTER_E4);
        SearchLimits limits;
        limits.nodes = budget;
        SearchResult r = search.run(board.pos, limits);
        EXPECT_EQ(r.depth, 2);
        EXPECT_EQ(r.nodes, budget);
        EXPECT_EQ(r.leaves, 600u);
    }
}

TEST(SearchLimits, StopRequestedBeforeTheSearchStillGivesALegalMove) {
    auto search = std::make_unique<Search>(testing::tt_features());
    search->request_stop();
    Board board(START_FEN);
    SearchLimits limits;
    limits.infinite = true;
    SearchResult r = search->run(board.pos, limits);
    EXPECT_EQ(r.depth, 0);
    EXPECT_TRUE(move_from_uci(board.pos, move_to_uci(r.best_move)));
    EXPECT_EQ(board.pos.fen(), START_FEN);  // the position is left as it was
}

TEST(SearchLimits, SearchLeavesThePositionAsItWas) {
    Board board(SUITE[2]);
    Key key = board.pos.key();
    Search search(testing::tt_features());
    SearchLimits limits;
    limits.depth = 4;
    search.run(board.pos, limits);
    EXPECT_EQ(board.pos.key(), key);
    EXPECT_EQ(board.pos.fen(), SUITE[2]);
}

TEST(SearchDeterminism, SameTreeOnEveryRun) {
    for (const testing::Variant& v : testing::searching_variants()) {
        Search search(v.features);
        std::uint64_t counts[2] = {0, 0};
        for (int run = 0; run < 2; ++run) {
            for (const std::string& fen : SUITE) {
                search.new_game();
                Board board(fen);
                SearchLimits limits;
                limits.depth = 3;
                counts[run] += search.run(board.pos, limits).nodes;
            }
        }
        EXPECT_EQ(counts[0], counts[1]) << v.name;
    }
}

TEST(SearchInfo, EachIterationIsReportedWithRunningNodeTotals) {
    Search search(testing::mvvlva_features());
    Board board(AFTER_E4);
    SearchLimits limits;
    limits.depth = 4;
    std::vector<IterationInfo> infos;
    SearchResult r =
        search.run(board.pos, limits, [&](const IterationInfo& i) { infos.push_back(i); });
    ASSERT_EQ(infos.size(), 4u);
    for (int d = 1; d <= 4; ++d) EXPECT_EQ(infos[d - 1].depth, d);
    EXPECT_LT(infos[0].nodes, infos[1].nodes);
    EXPECT_EQ(infos.back().nodes, r.nodes);
    EXPECT_EQ(infos.back().leaves, r.leaves);
    EXPECT_EQ(infos.back().pv, r.pv);
    EXPECT_EQ(infos.back().seldepth, 4);
}

// Step 6. The random mover and the greedy engine.

TEST(RandomMover, SameSeedAndPositionSameMoveAndEveryMoveReachable) {
    SearchFeatures random{.random_mover = true};
    std::set<std::string> seen;
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
        Search search(random);
        search.set_seed(seed);
        Board board(START_FEN);
        SearchResult a = search.run(board.pos, SearchLimits{});
        SearchResult b = search.run(board.pos, SearchLimits{});
        EXPECT_EQ(a.best_move, b.best_move);
        EXPECT_EQ(a.nodes, 1u);
        seen.insert(move_to_uci(a.best_move));
    }
    EXPECT_EQ(seen.size(), 20u);  // all twenty first moves
}

TEST(Greedy, TakesTheBestOnePlyResult) {
    // The undefended queen on d5.
    SearchResult r =
        search_to_depth(testing::greedy_features(), "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 5);
    EXPECT_EQ(move_to_uci(r.best_move), "d2d5");
    EXPECT_EQ(r.depth, 1);
}

TEST(Greedy, SeedChoosesAmongEquallyGoodMoves) {
    // Under the material count all twenty first moves score 0.
    std::set<std::string> seen;
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
        std::string chosen[2];
        for (int run = 0; run < 2; ++run) {
            Search search(testing::greedy_features());
            search.set_eval(eval::Kind::material);
            search.set_seed(seed);
            Board board(START_FEN);
            chosen[run] = move_to_uci(search.run(board.pos, SearchLimits{}).best_move);
        }
        EXPECT_EQ(chosen[0], chosen[1]);
        seen.insert(chosen[0]);
    }
    EXPECT_GE(seen.size(), 15u);
}

}  // namespace
}  // namespace arbiter
