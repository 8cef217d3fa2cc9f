// fastchess's -check-mate-pvs audit (issue 22): the problems it finds and its words for them.
#include "harness/dialect/output/fastchess_pv_check.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

// White mates in one with Ra8.
const std::string BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

PvProblem problem(const std::vector<std::string>& pv, std::optional<int> mate,
                  const std::vector<std::string>& moves = {}) {
    return check_pv(BACK_RANK, moves, pv, mate, false).problem;
}

TEST(FastchessPvCheck, ATrueMateAndEachWayAMateCanBeFalse) {
    EXPECT_EQ(problem({"a1a8"}, 1), PvProblem::none);
    EXPECT_EQ(problem({"g1f1"}, 1), PvProblem::mating_pv_not_checkmate);
    EXPECT_EQ(problem({"a1a8"}, 2), PvProblem::incomplete_mating_pv);
    EXPECT_EQ(problem({"a1a2", "g8h8"}, 1), PvProblem::too_long_mating_pv);
    EXPECT_EQ(problem({"g1f1"}, -1), PvProblem::incomplete_mating_pv);  // mated: 2 plies
    // Without a mate score only the moves themselves are checked.
    EXPECT_EQ(problem({"g1f1", "g8h8"}, std::nullopt), PvProblem::none);
    PvFinding after = check_pv(BACK_RANK, {}, {"a1a8", "g8h8"}, std::nullopt, false);
    EXPECT_EQ(after.problem, PvProblem::continues_after_checkmate);
    EXPECT_EQ(after.move, "g8h8");
    PvFinding illegal = check_pv(BACK_RANK, {"g1f1", "g8h8"}, {"f1e1", "h8h9"}, 1, false);
    EXPECT_EQ(illegal.problem, PvProblem::illegal_move);
    EXPECT_EQ(illegal.move, "h8h9");
}

TEST(FastchessPvCheck, TheWarningInFastchessWords) {
    PvFinding finding{PvProblem::mating_pv_not_checkmate, ""};
    EXPECT_EQ(pv_warning_text(finding, "liar", "info depth 1 score mate 1 pv g1f1", BACK_RANK,
                              {"e2e4"}, false),
              "Warning; Mating PV does not end with checkmate - from liar\n"
              "Info; info depth 1 score mate 1 pv g1f1\n"
              "Position; fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n"
              "Moves; e2e4");
    PvFinding illegal{PvProblem::illegal_move, "h8h9"};
    EXPECT_EQ(pv_warning_text(illegal, "x", "info pv h8h9",
                              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {}, true),
              "Warning; Illegal PV move - move h8h9 from x :: Info; info pv h8h9 :: "
              "Position; startpos :: Moves; ");
}

TEST(FastchessPvCheck, AGameIsAuditedMoveByMoveForTheEngineThatMoved) {
    GameRecord game;
    game.start_fen = BACK_RANK;
    MoveRecord lie;
    lie.uci = "g1f1";
    lie.depth = 3;
    lie.score = Score::from_mate_moves(1);
    lie.pv = "g1f1";
    MoveRecord reply;
    reply.uci = "g8h8";
    reply.score = Score::from_centipawns(0);
    reply.pv = "g8h8 a1a8";  // legal: no warning
    MoveRecord mate;
    mate.uci = "a1a8";
    mate.score = Score::from_mate_moves(1);
    mate.pv = "a1a8";  // true mate: no warning
    game.moves = {lie, reply, mate};
    std::vector<std::string> warnings = fastchess_pv_warnings(game, "white", "black", false, true);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0],
              "Warning; Mating PV does not end with checkmate - from white :: Info; info depth 3 "
              "score mate 1 pv g1f1 :: Position; fen " +
                  BACK_RANK + " :: Moves; ");
}

TEST(FastchessPvCheck, AMoveThatIsNotItsPvsFirstAndTwoMatesOfOneSignAreWarnedOf) {
    GameRecord game;
    game.start_fen = BACK_RANK;
    MoveRecord other;  // plays g1f1 though its PV starts with a1a2
    other.uci = "g1f1";
    other.score = Score::from_mate_moves(2);
    other.pv = "a1a2 g8h8 a2a8";
    MoveRecord claim;  // Black also claims to be mating: the sign mismatch
    claim.uci = "g8h8";
    claim.score = Score::from_mate_moves(3);
    claim.pv = "g8h8";
    game.moves = {other, claim};
    std::vector<std::string> warnings = fastchess_pv_warnings(game, "w", "b", false, true);
    ASSERT_EQ(warnings.size(), 3u);  // [1]: Black's mate in 3 with a PV of one ply
    EXPECT_EQ(warnings[1].rfind("Warning; Incomplete mating PV - from b :: ", 0), 0u);
    EXPECT_EQ(warnings[0],
              "Warning; Bestmove does not match beginning of last PV - move g1f1 from w :: Info; "
              "info score mate 2 pv a1a2 g8h8 a2a8 :: Position; fen " +
                  BACK_RANK + " :: Moves; ");
    EXPECT_EQ(warnings[2],
              "Warning; Sign mismatch in mate scores 2 and 3 from w (White) and b (Black) :: "
              "Infos; info score mate 2 pv a1a2 g8h8 a2a8 ; info score mate 3 pv g8h8 :: "
              "Position; fen " +
                  BACK_RANK + " :: Moves; g1f1 g8h8");
    // A mate claimed against a mate announced (opposite signs) is consistent: no warning.
    game.moves[1].score = Score::from_mate_moves(-2);
    game.moves[0].pv = "g1f1";
    warnings = fastchess_pv_warnings(game, "w", "b", false, true);
    ASSERT_EQ(warnings.size(), 2u);  // both PVs too short for their mates, nothing else
    for (const std::string& warning : warnings)
        EXPECT_EQ(warning.rfind("Warning; Incomplete mating PV", 0), 0u) << warning;
}

}  // namespace
}  // namespace arbiter
