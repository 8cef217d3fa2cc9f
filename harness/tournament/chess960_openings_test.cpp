// Chess960 openings: the generated suites (chess960:all, chess960:random:N, dfrc:random:N),
// EPD with Shredder-FEN and X-FEN castling, and PGN games tagged [Variant "Chess960"].
#include "harness/tournament/chess960_openings.h"

#include <gtest/gtest.h>

#include <set>

#include "engines/core/chess960.h"
#include "engines/core/position.h"
#include "harness/tournament/openings.h"

namespace arbiter {
namespace {

TEST(Chess960Openings, AllIsTheNineHundredSixtyInScharnaglsOrder) {
    std::vector<Opening> all = generate_openings("chess960:all", 1);
    ASSERT_EQ(all.size(), 960u);
    EXPECT_EQ(all[518].start_fen, START_FEN);
    EXPECT_EQ(all[0].start_fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    EXPECT_EQ(all[0].name, "Chess960 #0");
    EXPECT_EQ(all[959].suite_index, 959);
}

TEST(Chess960Openings, RandomSuitesFollowTheSeed) {
    auto a = generate_openings("chess960:random:50", 7);
    auto b = generate_openings("chess960:random:50", 7);
    auto c = generate_openings("chess960:random:50", 8);
    ASSERT_EQ(a.size(), 50u);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    auto dfrc = generate_openings("dfrc:random:50", 7);
    int mixed = 0;
    for (const Opening& o : dfrc) {
        std::string black = o.start_fen.substr(0, 8), white = o.start_fen.substr(35, 8);
        for (char& ch : black) ch = char(std::toupper(static_cast<unsigned char>(ch)));
        mixed += black != white;
        Position pos;
        StateInfo st;
        EXPECT_EQ(pos.set(o.start_fen, st, true), "") << o.start_fen;
        EXPECT_EQ(pos.castling_rights(), ALL_CASTLING);
    }
    EXPECT_GT(mixed, 45);  // each side its own back rank, nearly always a different one
}

TEST(Chess960Openings, BadSpecsSayWhatIsAccepted) {
    for (const char* spec : {"chess960:some", "chess960:random:0", "dfrc:random:x", "dfrc:all"}) {
        try {
            generate_openings(spec, 1);
            ADD_FAILURE() << spec << " accepted";
        } catch (const OpeningError& e) {
            EXPECT_NE(std::string(e.what()).find("chess960:all, chess960:random:N"),
                      std::string::npos);
        }
    }
    EXPECT_TRUE(is_generated_suite("dfrc:random:10"));
    EXPECT_FALSE(is_generated_suite("openings/dfrc.epd"));
}

TEST(Chess960Openings, EpdKeepsEitherCastlingNotation) {
    auto openings = parse_epd(
        "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BRKNQRNB w FBgb - 0 1 id \"dfrc 1\";\n"
        "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BRKNQRNB w KQkq - 0 1\n",
        "dfrc.epd");
    ASSERT_EQ(openings.size(), 2u);
    EXPECT_EQ(openings[0].start_fen, "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BRKNQRNB w FBgb - 0 1");
    EXPECT_EQ(openings[1].start_fen, "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BRKNQRNB w KQkq - 0 1");
}

TEST(Chess960Openings, PgnVariantTagKeepsCastlingAsTheKingTakingItsRook) {
    const std::string pgn =
        "[Event \"960\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
        "[FEN \"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1\"]\n\n"
        "1. O-O-O O-O 1/2-1/2\n\n"
        "[Event \"standard\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O 1/2-1/2\n";
    auto openings = parse_pgn(pgn, "960.pgn");
    ASSERT_EQ(openings.size(), 2u);
    EXPECT_EQ(openings[0].moves, (std::vector<std::string>{"b1a1", "b8e8"}));
    EXPECT_EQ(openings[1].moves.back(), "e1g1");
    // The same standard game read for a Chess960 tournament castles as e1h1.
    EXPECT_EQ(parse_pgn(pgn, "960.pgn", -1, true)[1].moves.back(), "e1h1");
}

}  // namespace
}  // namespace arbiter
