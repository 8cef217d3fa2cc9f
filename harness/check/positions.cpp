#include "harness/check/positions.h"

#include <array>

namespace arbiter {

namespace {

// Each position is checked by positions_test.cpp against the chess core: its FEN reads, and the
// side to move has legal moves exactly when `no_move` is false.
constexpr std::array LEGALITY = {
    // Castling: both wings open; the rights gone; through an attacked square; out of check.
    CheckPosition{"castling",
                  "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"},
    CheckPosition{"castling-no-rights", "r3k2r/p6p/8/8/8/8/P6P/R3K2R w - - 0 1"},
    CheckPosition{"castling-black-no-rights", "r3k2r/p6p/8/8/8/8/P6P/R3K2R b - - 0 1"},
    CheckPosition{"castling-through-check", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1"},
    CheckPosition{"castling-out-of-check", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"},
    // Chess960: the king takes its own rook, on either wing, including a king that stays put.
    CheckPosition{"chess960-castling", "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1", true},
    CheckPosition{"chess960-castling-king-stays",
                  "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true},
    // En passant: open, pinned along the rank (illegal), and the only way out of a pawn's check.
    CheckPosition{"en-passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
    CheckPosition{"en-passant-pinned", "8/8/8/KPp4r/8/8/8/7k w - c6 0 1"},
    CheckPosition{"en-passant-evasion", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"},
    // Promotions: a push, a capture that promotes, Black's, and a knight's fork as the best one.
    CheckPosition{"promotion", "8/P7/8/8/8/8/8/k6K w - - 0 1"},
    CheckPosition{"promotion-capture", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"},
    CheckPosition{"promotion-black", "4k3/8/8/8/8/8/p7/4K3 b - - 0 1"},
    CheckPosition{"underpromotion", "8/5P1k/8/8/8/8/1q6/5K2 w - - 0 1"},
    // Check evasions: a capture of the checker, a double check (the king must move).
    CheckPosition{"check-evasion", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"},
    CheckPosition{"double-check", "k3r3/8/8/8/8/5n2/8/4K3 w - - 0 1"},
    // Exactly one legal move.
    CheckPosition{"one-legal-move", "k7/8/8/8/8/8/6q1/7K w - - 0 1"},
    // No legal move: `bestmove (none)` or `0000` is the right answer.
    CheckPosition{"checkmated", "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1", false, true},
    CheckPosition{"checkmated-black", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", false, true},
    CheckPosition{"stalemated", "k7/8/8/8/8/8/5q2/7K w - - 0 1", false, true},
    CheckPosition{"stalemated-black", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, true},
};

constexpr std::array MATES = {
    MatePosition{"white-mates-in-1", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", true},
    MatePosition{"black-mates-in-1", "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", true},
    MatePosition{"white-is-mated", "1r6/8/8/8/8/P7/5k2/7K w - - 0 1", false},
    MatePosition{"black-is-mated", "7k/5K2/p7/8/8/8/8/1R6 b - - 0 1", false},
};

}  // namespace

std::span<const CheckPosition> legality_positions() {
    return LEGALITY;
}

std::span<const MatePosition> mate_positions() {
    return MATES;
}

void MateSignTally::add(const MatePosition& mate, const Score& score) {
    ++scored_;
    const int sign = score.is_mate() ? (score.mate_plies() > 0 ? 1 : -1)
                                     : (score.centipawns() > 0) - (score.centipawns() < 0);
    seen_ += (seen_.empty() ? "" : ", ") + std::string(mate.name) + " " + to_uci(score);
    if (fault_.empty() && sign == (mate.winner_to_move ? -1 : 1))
        fault_ = std::string(mate.name) + ": score " + to_uci(score) + " has the sign of " +
                 (mate.winner_to_move ? "the mated side" : "the mating side");
}

CheckOutcome MateSignTally::outcome() const {
    return scored_ == 0 ? NOT_APPLICABLE : fault_.empty() ? PASS : FAIL;
}

std::string MateSignTally::detail(const std::string& no_score) const {
    return scored_ == 0 ? no_score : fault_.empty() ? seen_ : fault_;
}

}  // namespace arbiter
