#include "harness/game/result.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(Outcome, PgnTextRoundTrips) {
    for (Outcome outcome : {Outcome::white_win, Outcome::draw, Outcome::black_win})
        EXPECT_EQ(parse_outcome(to_pgn(outcome)), outcome);
    EXPECT_EQ(to_pgn(Outcome::white_win), "1-0");
    EXPECT_EQ(to_pgn(Outcome::black_win), "0-1");
    EXPECT_EQ(to_pgn(Outcome::draw), "1/2-1/2");
}

TEST(Outcome, ParseRejectsTheUnfinishedMarkerAndOtherText) {
    for (const char* text : {"*", "", "1-1", "1/2", "½-½", "1-0 "})
        EXPECT_EQ(parse_outcome(text), std::nullopt) << text;
}

TEST(Outcome, WhitePoints) {
    EXPECT_EQ(white_points(Outcome::white_win), 1.0);
    EXPECT_EQ(white_points(Outcome::draw), 0.5);
    EXPECT_EQ(white_points(Outcome::black_win), 0.0);
}

TEST(Outcome, SidesWinAndLose) {
    EXPECT_EQ(won_by(WHITE), Outcome::white_win);
    EXPECT_EQ(won_by(BLACK), Outcome::black_win);
    EXPECT_EQ(lost_by(WHITE), Outcome::black_win);
    EXPECT_EQ(lost_by(BLACK), Outcome::white_win);
}

TEST(Result, MadeFromTheSideThatWonOrLost) {
    Result lost = Result::loss(WHITE, Termination::time_forfeit, "White loses on time");
    EXPECT_EQ(lost.outcome, Outcome::black_win);
    EXPECT_EQ(lost.termination, Termination::time_forfeit);
    EXPECT_EQ(lost.description, "White loses on time");
    EXPECT_EQ(Result::win(BLACK, Termination::checkmate, "Black mates").outcome,
              Outcome::black_win);
    Result drawn = Result::draw(Termination::stalemate, "Draw by stalemate");
    EXPECT_EQ(drawn.outcome, Outcome::draw);
    EXPECT_EQ(drawn, (Result{Outcome::draw, Termination::stalemate, "Draw by stalemate", "", ""}));
    EXPECT_EQ(drawn.illegal_move, "");
}

// The illegal move is a field of the result, beside the description that also names it.
TEST(Result, IllegalMoveIsAField) {
    Result white = Result::illegal(WHITE, "e2e5");
    EXPECT_EQ(white.outcome, Outcome::black_win);
    EXPECT_EQ(white.termination, Termination::illegal_move);
    EXPECT_EQ(white.description, "White makes an illegal move: e2e5");
    EXPECT_EQ(white.illegal_move, "e2e5");
    Result none = Result::illegal(BLACK, "(none)");
    EXPECT_EQ(none, (Result{Outcome::white_win, Termination::illegal_move,
                            "Black makes an illegal move: (none)", "(none)", ""}));
    EXPECT_EQ(Result::loss(WHITE, Termination::stall, "White's connection stalls").illegal_move,
              "");
    EXPECT_NE(white,
              Result::loss(WHITE, Termination::illegal_move, "White makes an illegal move: e2e5"));
}

TEST(Termination, CodesRoundTrip) {
    for (const auto& [termination, code] : TERMINATION_CODES) {
        EXPECT_EQ(termination_code(termination), code);
        EXPECT_EQ(parse_termination(code), termination);
    }
    EXPECT_EQ(parse_termination("resign"), std::nullopt);
}

}  // namespace
}  // namespace arbiter
