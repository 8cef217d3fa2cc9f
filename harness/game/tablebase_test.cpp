// The prober on positions whose values chess theory knows, read from the real Syzygy tables in
// testdata/syzygy (copied from the public generator's output; their checksums are in
// testdata/syzygy/README.md), and the verdicts cutechess-cli words from them.
#include "harness/game/tablebase.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace arbiter {
namespace {

const std::string TABLES = "harness/game/testdata/syzygy";
const std::string WDL_ONLY = "harness/game/testdata/syzygy-wdl";

TablebaseSettings settings_for(const std::string& paths) {
    TablebaseSettings settings;
    settings.paths = paths;
    return settings;
}

// The table's value of `fen` for its side to move.
std::optional<TablebaseWdl> probe(const std::string& fen, const std::string& paths = TABLES) {
    Position pos;
    StateInfo st;
    std::string error = pos.set(fen, st);
    EXPECT_EQ(error, "") << fen;
    return SyzygyTables::open(paths).probe(pos);
}

// The verdict (result and text) on `fen`, or "none".
std::string verdict(const std::string& fen, const TablebaseSettings& settings) {
    Position pos;
    StateInfo st;
    EXPECT_EQ(pos.set(fen, st), "") << fen;
    std::optional<Result> v = adjudicate_by_tablebase(pos, settings);
    if (v) {
        EXPECT_EQ(v->termination, Termination::tablebase);
    }
    return v ? std::string(to_pgn(v->outcome)) + " {" + v->description + "}" : "none";
}

std::string verdict(const std::string& fen) {
    return verdict(fen, settings_for(TABLES));
}

const std::string WHITE_WINS = "1-0 {White wins by adjudication: SyzygyTB}";
const std::string BLACK_WINS = "0-1 {Black wins by adjudication: SyzygyTB}";
const std::string DRAW = "1/2-1/2 {Draw by adjudication: SyzygyTB}";

TEST(SyzygyTables, OpensTheTestTablesUpToFourPieces) {
    EXPECT_EQ(SyzygyTables::open(TABLES).largest(), 4);
}

TEST(SyzygyTables, KingAndQueenAgainstKingIsWonWhoeverMoves) {
    EXPECT_EQ(probe("8/8/8/8/8/2k5/8/KQ6 w - - 0 1"), TablebaseWdl::win);
    EXPECT_EQ(probe("8/8/8/8/8/2k5/8/KQ6 b - - 0 1"), TablebaseWdl::loss);
    EXPECT_EQ(verdict("8/8/8/8/8/2k5/8/KQ6 w - - 0 1"), WHITE_WINS);
    EXPECT_EQ(verdict("8/8/8/8/8/2k5/8/KQ6 b - - 0 1"), WHITE_WINS);
    // Colours reversed: the same position is won for Black.
    EXPECT_EQ(verdict("6qk/8/5K2/8/8/8/8/8 b - - 0 1"), BLACK_WINS);
}

TEST(SyzygyTables, KingAndBishopAgainstKingIsADraw) {
    EXPECT_EQ(probe("8/8/8/8/8/2k5/8/KB6 w - - 0 1"), TablebaseWdl::draw);
    EXPECT_EQ(verdict("8/8/8/8/8/2k5/8/KB6 b - - 0 1"), DRAW);
}

TEST(SyzygyTables, RookAgainstBishopIsADraw) {
    EXPECT_EQ(probe("8/8/8/3kb3/8/8/3KR3/8 w - - 0 1"), TablebaseWdl::draw);
    EXPECT_EQ(verdict("8/8/8/3kb3/8/8/3KR3/8 w - - 0 1"), DRAW);
}

TEST(SyzygyTables, KingAndPawnAgainstKing) {
    // The king on the sixth rank in front of its pawn wins, whoever moves.
    EXPECT_EQ(probe("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"), TablebaseWdl::win);
    EXPECT_EQ(probe("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"), TablebaseWdl::loss);
    EXPECT_EQ(verdict("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"), WHITE_WINS);
    // A rook's pawn with the defending king in its corner is a draw.
    EXPECT_EQ(probe("k7/8/8/8/8/8/P7/K7 w - - 0 1"), TablebaseWdl::draw);
    EXPECT_EQ(verdict("k7/8/8/8/8/8/P7/K7 w - - 0 1"), DRAW);
}

TEST(SyzygyTables, QueenAgainstRookIsWonForTheQueensSide) {
    EXPECT_EQ(probe("3k4/8/3K4/8/8/8/3r4/7Q w - - 0 1"), TablebaseWdl::win);
    EXPECT_EQ(probe("8/8/2k5/8/8/5r2/8/3QK3 b - - 0 1"), TablebaseWdl::loss);
    EXPECT_EQ(verdict("8/8/2k5/8/8/5r2/8/3QK3 b - - 0 1"), WHITE_WINS);
}

TEST(SyzygyTables, EnPassantRightsCount) {
    // Black takes e4 en passant and queens; without the right the pawns race to a draw.
    EXPECT_EQ(probe("8/8/8/8/3pP3/8/8/K6k b - e3 0 1"), TablebaseWdl::win);
    EXPECT_EQ(verdict("8/8/8/8/3pP3/8/8/K6k b - e3 0 1"), BLACK_WINS);
    EXPECT_EQ(probe("8/8/8/8/3pP3/8/8/K6k b - - 0 1"), TablebaseWdl::draw);
}

TEST(SyzygyTables, APositionWithACastlingRightIsNeverProbed) {
    EXPECT_EQ(probe("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), std::nullopt);
    EXPECT_EQ(verdict("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "none");
    EXPECT_EQ(probe("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), TablebaseWdl::win);
}

TEST(SyzygyTables, MorePiecesThanTheTablesHoldAreNotProbed) {
    EXPECT_EQ(probe("4k3/8/8/8/8/8/3PP3/4K2R w - - 0 1"), std::nullopt);
}

// KRvK from this position mates or zeroes in 21 plies (its DTZ); KBNvK from the other in 44.
// With the fifty-move counter at 100 - DTZ the win is in time, one ply later it is cursed.
TEST(SyzygyTables, TheFiftyMoveCounterTurnsALateWinIntoACursedWin) {
    EXPECT_EQ(probe("4k3/8/8/8/8/8/8/4K2R w - - 79 1"), TablebaseWdl::win);
    EXPECT_EQ(probe("4k3/8/8/8/8/8/8/4K2R w - - 80 1"), TablebaseWdl::cursed_win);
    EXPECT_EQ(probe("8/8/8/8/8/8/8/KBN4k w - - 56 1"), TablebaseWdl::win);
    EXPECT_EQ(probe("8/8/8/8/8/8/8/KBN4k w - - 57 1"), TablebaseWdl::cursed_win);
    EXPECT_EQ(probe("8/8/8/8/8/8/8/KBN4k b - - 57 1"), TablebaseWdl::blessed_loss);
}

TEST(SyzygyTables, ACursedWinIsADrawUnlessTheFiftyMoveRuleIsIgnored) {
    TablebaseSettings settings = settings_for(TABLES);
    EXPECT_EQ(verdict("8/8/8/8/8/8/8/KBN4k w - - 57 1", settings), DRAW);
    EXPECT_EQ(verdict("8/8/8/8/8/8/8/KBN4k b - - 57 1", settings), DRAW);
    EXPECT_EQ(verdict("8/8/8/8/8/8/8/KBN4k w - - 56 1", settings), WHITE_WINS);
    settings.ignore_50 = true;
    EXPECT_EQ(verdict("8/8/8/8/8/8/8/KBN4k w - - 57 1", settings), WHITE_WINS);
    EXPECT_EQ(verdict("8/8/8/8/8/8/8/KBN4k b - - 57 1", settings), WHITE_WINS);
}

TEST(SyzygyTables, VerdictsOfEveryValue) {
    TablebaseSettings plain, ignore;
    ignore.ignore_50 = true;
    auto text = [](std::optional<Result> v) { return v ? to_pgn(v->outcome) : "none"; };
    EXPECT_EQ(text(tablebase_verdict(TablebaseWdl::win, BLACK, plain)), "0-1");
    EXPECT_EQ(text(tablebase_verdict(TablebaseWdl::loss, BLACK, plain)), "1-0");
    EXPECT_EQ(text(tablebase_verdict(TablebaseWdl::cursed_win, BLACK, plain)), "1/2-1/2");
    EXPECT_EQ(text(tablebase_verdict(TablebaseWdl::blessed_loss, BLACK, plain)), "1/2-1/2");
    EXPECT_EQ(text(tablebase_verdict(TablebaseWdl::cursed_win, BLACK, ignore)), "0-1");
    EXPECT_EQ(text(tablebase_verdict(TablebaseWdl::blessed_loss, BLACK, ignore)), "1-0");
    EXPECT_EQ(text(tablebase_verdict(TablebaseWdl::draw, WHITE, ignore)), "1/2-1/2");
}

TEST(SyzygyTables, TbPiecesLimitsThePositionsAdjudicated) {
    TablebaseSettings settings = settings_for(TABLES);
    settings.max_pieces = 3;
    EXPECT_EQ(verdict("8/8/2k5/8/8/5r2/8/3QK3 b - - 0 1", settings), "none");
    EXPECT_EQ(verdict("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", settings), WHITE_WINS);
    settings.max_pieces = 4;
    EXPECT_EQ(verdict("8/8/2k5/8/8/5r2/8/3QK3 b - - 0 1", settings), WHITE_WINS);
}

TEST(SyzygyTables, TbAdjudicateKeepsOneKindOfResult) {
    TablebaseSettings settings = settings_for(TABLES);
    settings.results = TablebaseResults::win_loss;
    EXPECT_EQ(verdict("8/8/8/3kb3/8/8/3KR3/8 w - - 0 1", settings), "none");
    EXPECT_EQ(verdict("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", settings), WHITE_WINS);
    settings.results = TablebaseResults::draw;
    EXPECT_EQ(verdict("8/8/8/3kb3/8/8/3KR3/8 w - - 0 1", settings), DRAW);
    EXPECT_EQ(verdict("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", settings), "none");
}

// WDL tables alone decide a position right after a zeroing move, and nothing later.
TEST(SyzygyTables, WdlTablesAloneAnswerOnlyAtACounterOfZero) {
    EXPECT_EQ(SyzygyTables::open(WDL_ONLY).largest(), 3);
    EXPECT_EQ(probe("4k3/8/8/8/8/8/8/4K2R w - - 0 1", WDL_ONLY), TablebaseWdl::win);
    EXPECT_EQ(probe("4k3/8/8/8/8/8/8/4K2R w - - 5 1", WDL_ONLY), std::nullopt);
    EXPECT_EQ(probe("4k3/8/8/8/8/8/8/4K2R w - - 5 1", TABLES), TablebaseWdl::win);
}

TEST(SyzygyTables, SeveralDirectoriesAreSearchedInOrder) {
    const std::string both = WDL_ONLY + ":" + TABLES;
    EXPECT_EQ(SyzygyTables::open(both).largest(), 4);
    EXPECT_EQ(probe("8/8/2k5/8/8/5r2/8/3QK3 b - - 0 1", both), TablebaseWdl::loss);
    EXPECT_EQ(probe("4k3/8/8/8/8/8/8/4K2R w - - 80 1", both), TablebaseWdl::cursed_win);
}

TEST(SyzygyTables, ADirectoryWithoutTablesIsAnError) {
    try {
        SyzygyTables::open("harness/game");
        FAIL() << "expected an error";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "tb: no Syzygy table file (.rtbw) in harness/game");
    }
    // The tables opened after a failure work.
    EXPECT_EQ(probe("8/8/8/8/8/2k5/8/KQ6 w - - 0 1"), TablebaseWdl::win);
}

}  // namespace
}  // namespace arbiter
