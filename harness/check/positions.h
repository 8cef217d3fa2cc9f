// The fixed positions of `arbiter check`: the ones that break engines (castling rights, castling
// through and out of check, Chess960 castling, en passant with its pinned case, promotions,
// check evasions, one legal move, mate and stalemate), and the mates that test a score's sign.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "harness/check/check_report.h"
#include "harness/game/score.h"

namespace arbiter {

// A position an engine must answer with a legal move, or with `bestmove (none)`/`0000` when the
// side to move has none (`no_move`). `chess960` positions are given only to an engine that
// declares UCI_Chess960 (XBoard: `variants` with fischerandom), castling as the king taking its
// rook.
struct CheckPosition {
    std::string_view name;  // the check's name after "legal:"
    std::string_view fen;
    bool chess960 = false;
    bool no_move = false;
};

std::span<const CheckPosition> legality_positions();

// A forced mate and the side it is for: `winner_to_move` when the side to move mates, so its
// score must be positive (`score mate` > 0 or a cp score above zero); otherwise the side to move
// is mated and its score must be negative.
struct MatePosition {
    std::string_view name;
    std::string_view fen;
    bool winner_to_move = true;
};

std::span<const MatePosition> mate_positions();

// The mate-sign check's tally, the same for every protocol: each score an engine gave in a
// position of mate_positions(), and the first whose sign is the other side's.
class MateSignTally {
  public:
    void add(const MatePosition& mate, const Score& score);
    // Not applicable when no position was scored, failed with the first wrong sign, else passed.
    CheckOutcome outcome() const;
    // The first fault, or every score seen ("mated-in-1 mate -1, mates-in-1 mate 1"), or
    // `no_score` when none was scored.
    std::string detail(const std::string& no_score) const;

  private:
    int scored_ = 0;
    std::string fault_, seen_;
};

}  // namespace arbiter
