#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engines/core/board.h"
#include "engines/core/movegen.h"
#include "harness/game/adjudicators.h"
#include "harness/game/chess_clock.h"

namespace arbiter {
namespace {

TEST(ChessClock, ChargesTimeAndAddsTheIncrement) {
    ChessClock clock(TimeControl{0, 10000, 100});
    EXPECT_EQ(clock.remaining_ms(), 10100);  // the base and the first move's increment
    EXPECT_EQ(clock.moves_to_go(), 0);
    clock.charge(350);
    EXPECT_EQ(clock.remaining_ms(), 9850);
    clock.charge(
        10000);  // within the referee's margin: the clock goes negative, the referee decides
    EXPECT_EQ(clock.remaining_ms(), -50);
}

TEST(ChessClock, APeriodsLastMoveAddsTheNextPeriodsTime) {
    ChessClock clock(TimeControl{3, 6000, 0});
    EXPECT_EQ(clock.moves_to_go(), 3);
    clock.charge(1000);
    clock.count_book_move();  // no time, but it counts
    EXPECT_EQ(clock.moves_to_go(), 1);
    EXPECT_EQ(clock.remaining_ms(), 5000);
    clock.charge(2000);
    EXPECT_EQ(clock.remaining_ms(), 9000);
    EXPECT_EQ(clock.moves_to_go(), 3);
}

// cutechess's hourglass: what one side uses is added to the other; the sum stays the same.
TEST(ChessClock, AnHourglassTakesWhatTheOpponentUsed) {
    ChessClock white(TimeControl{0, 10000, 0, true}), black(TimeControl{0, 10000, 0, true});
    EXPECT_TRUE(white.hourglass());
    white.charge(3000);
    black.add_opponent_time(3000);
    black.charge(500);
    white.add_opponent_time(500);
    EXPECT_EQ(white.remaining_ms(), 7500);
    EXPECT_EQ(black.remaining_ms(), 12500);
    EXPECT_EQ(white.remaining_ms() + black.remaining_ms(), 20000);
    EXPECT_FALSE(ChessClock(TimeControl{0, 10000, 0}).hourglass());
}

Adjudication draw_rule() {
    Adjudication rule;
    rule.draw_move_number = 10;
    rule.draw_move_count = 2;
    rule.draw_score = 5;
    return rule;
}

TEST(DrawTracker, DrawsOnlyAfterTheMoveNumberAndBothSidesQuietMoves) {
    Adjudication rule = draw_rule();
    DrawTracker tracker(rule);
    EXPECT_FALSE(tracker.update(WHITE, 0, 9));
    EXPECT_FALSE(tracker.update(BLACK, -5, 9));
    EXPECT_FALSE(tracker.update(WHITE, 3, 10));
    EXPECT_FALSE(tracker.update(BLACK, 1, 10));  // two quiet moves each, but not after move 10
    EXPECT_FALSE(tracker.update(WHITE, 6, 11));  // White's run broken
    EXPECT_FALSE(tracker.update(BLACK, 0, 11));
    EXPECT_FALSE(tracker.update(WHITE, std::nullopt, 12));  // no score breaks it too
    EXPECT_FALSE(tracker.update(WHITE, 0, 12));
    EXPECT_TRUE(tracker.update(WHITE, 0, 13));
}

TEST(DrawTracker, DoesNothingWithoutTheRule) {
    Adjudication none;
    DrawTracker tracker(none);
    for (int move = 1; move < 200; ++move) EXPECT_FALSE(tracker.update(WHITE, 0, move));
}

TEST(ResignTracker, OneSidedCountsTheLosersOwnMoves) {
    Adjudication rule;
    rule.resign_move_count = 3;
    rule.resign_score = 600;
    ResignTracker tracker(rule);
    EXPECT_FALSE(tracker.update(BLACK, -600));
    EXPECT_FALSE(tracker.update(WHITE, 10));
    EXPECT_FALSE(tracker.update(BLACK, -700));
    EXPECT_FALSE(tracker.update(BLACK, -599));  // broken
    EXPECT_FALSE(tracker.update(BLACK, -900));
    EXPECT_FALSE(tracker.update(BLACK, -900));
    EXPECT_TRUE(tracker.update(BLACK, -99900));
}

TEST(ResignTracker, TwoSidedAlsoNeedsTheWinnersAgreement) {
    Adjudication rule;
    rule.resign_move_count = 2;
    rule.resign_score = 500;
    rule.resign_two_sided = true;
    ResignTracker tracker(rule);
    EXPECT_FALSE(tracker.update(WHITE, 400));
    EXPECT_FALSE(tracker.update(BLACK, -800));
    EXPECT_FALSE(tracker.update(WHITE, 800));
    EXPECT_FALSE(tracker.update(BLACK, -800));  // White agreed only once
    EXPECT_FALSE(tracker.update(WHITE, 800));
    EXPECT_TRUE(tracker.update(BLACK, -800));
}

TEST(UncheckedClaim, NamesTheClaimAndFidesVerdict) {
    Board board;
    for (const char* move : {"g1f3", "g8f6", "f3g1", "f6g8"}) ASSERT_TRUE(board.play_uci(move));
    EXPECT_EQ(unchecked_claim_draw(board.position(), WHITE,
                                   DrawClaim{Termination::threefold, "ThreeFoldRepetition"}),
              Result::draw(Termination::unchecked_claim,
                           "Draw claimed (unchecked): White claims threefold repetition "
                           "(ThreeFoldRepetition), false under FIDE's rules: the position has "
                           "occurred 2 times"));
    ASSERT_EQ(board.set("4k3/8/8/8/8/8/8/R3K3 b - - 100 80"), "");
    EXPECT_EQ(
        unchecked_claim_draw(board.position(), BLACK, DrawClaim{Termination::fifty_moves, ""}),
        Result::draw(Termination::unchecked_claim,
                     "Draw claimed (unchecked): Black claims the fifty-move rule, valid "
                     "under FIDE's rules: 100 half-moves without a capture or pawn move "
                     "(100 needed)"));
}

// The fields of a FEN that make a position the same for a repetition (placement, side to move,
// castling, en passant), and its half-move clock.
std::string repetition_fields(const std::string& fen) {
    std::istringstream in(fen);
    std::string placement, side, castling, en_passant;
    in >> placement >> side >> castling >> en_passant;
    return placement + " " + side + " " + castling + " " + en_passant;
}

int halfmove_clock(const std::string& fen) {
    std::istringstream in(fen);
    std::string field;
    for (int i = 0; i < 5; ++i) in >> field;
    return std::stoi(field);
}

// FIDE's verdict on a claim in every position of many random games (played on past the rules'
// endings, often shuffling a piece back and forth), against an independent count: how often the
// FEN's repetition fields occurred so far, and the FEN's half-move clock.
TEST(UncheckedClaim, FidesVerdictAgreesWithACountOfTheGameSoFar) {
    const char* starts[] = {"k7/8/8/8/8/8/8/7K w - - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
                            "4k3/pp6/8/2P5/8/8/1P6/4K3 w - - 0 1",
                            "r3k3/8/8/8/8/8/8/4K2R w Kq - 90 60",
                            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"};
    std::mt19937_64 random(46);
    int valid[2] = {0, 0}, claims = 0;
    for (const char* start : starts) {
        for (int game = 0; game < 25; ++game) {
            Board board;
            ASSERT_EQ(board.set(start), "");
            std::vector<std::string> seen{repetition_fields(board.fen())};
            for (int ply = 0; ply < 160; ++ply) {
                const std::string fen = board.fen();
                const auto occurrences = std::count(seen.begin(), seen.end(), seen.back());
                const int clock = halfmove_clock(fen);
                for (Termination rule : {Termination::threefold, Termination::fifty_moves}) {
                    const bool threefold = rule == Termination::threefold;
                    const bool granted = threefold ? occurrences >= 3 : clock >= 100;
                    const std::string because =
                        threefold ? "the position has occurred " + std::to_string(occurrences) +
                                        (occurrences == 1 ? " time" : " times")
                                  : std::to_string(clock) + " half-moves without";
                    const Result result =
                        unchecked_claim_draw(board.position(), board.side_to_move(), {rule, "X"});
                    ++claims;
                    valid[threefold ? 0 : 1] += granted;
                    EXPECT_EQ(result.outcome, Outcome::draw);
                    EXPECT_EQ(result.termination, Termination::unchecked_claim);
                    EXPECT_NE(result.description.find(granted ? ", valid under FIDE's rules: "
                                                              : ", false under FIDE's rules: "),
                              std::string::npos)
                        << fen << ": " << result.description;
                    EXPECT_NE(result.description.find(because), std::string::npos)
                        << fen << ": " << result.description;
                }
                MoveList moves;
                generate_legal(board.position(), moves);
                if (moves.empty()) break;
                // Half the time the side to move takes back its own last move if it can, so that
                // positions repeat; else a random legal move.
                const std::vector<std::string> played = board.uci_moves();
                bool back = false;
                if (played.size() >= 2 && random() % 2) {
                    const std::string& own = played[played.size() - 2];
                    back = bool(board.play_uci(own.substr(2, 2) + own.substr(0, 2)));
                }
                if (!back) board.play(moves[random() % moves.size()]);
                seen.push_back(repetition_fields(board.fen()));
            }
        }
    }
    // The games reach both kinds of valid claim, so both verdicts are compared.
    EXPECT_GT(valid[0], 100) << claims;
    EXPECT_GT(valid[1], 100) << claims;
}

}  // namespace
}  // namespace arbiter
