// One side's chess clock in a timed game: it owns the time control's periods, so the referee
// asks it what `go` should say and charges it once per move (fastchess's and cutechess's
// TimeControl play this part).
#pragma once

#include <cstdint>

#include "harness/config/time_control.h"

namespace arbiter {

// The clock of one player under a TimeControl: time left, the period it is in, and the moves
// played in that period. Each side passes from one period to the next after its own last move of
// the period (White after its 40th move of 40/5400+30:1800+30, Black after its own 40th), and the
// next period's base time is added then; the last period repeats while it has a move count.
// Each move earns the increment of its own period, and that increment is in hand before the move
// is made: the clock starts at the first period's base plus its increment (the first `go` of a
// 10+0.1 game says 10100, as cutechess-cli and fastchess send it, and as a FIDE clock in Fischer
// mode shows 90:30 before move 1 of 90+30). Book moves cost no time and earn no increment, but
// count towards the period.
class ChessClock {
  public:
    explicit ChessClock(const TimeControl& control) : control_(control) {
        remaining_ms_ = period().base_ms + period().increment_ms;
    }

    // Milliseconds left; negative once an engine overstepped within the referee's margin.
    std::int64_t remaining_ms() const { return remaining_ms_; }
    // The increment of the current period (the one the next move is made in).
    std::int64_t increment_ms() const { return period().increment_ms; }
    // Moves left to play in this period (UCI `movestogo`); 0 when the period lasts the game.
    int moves_to_go() const { return period().moves ? period().moves - moves_in_period_ : 0; }
    // The period the next move is made in: its number (0 for the first; a repeated last period
    // goes on counting) and its setting.
    int period_number() const { return period_number_; }
    const TimePeriod& period() const { return control_.period(std::size_t(period_number_)); }

    // Charges a move that took `elapsed_ms`: the time used is taken; the next period's base
    // time is added when this move ends a period; then the next move's increment.
    void charge(std::int64_t elapsed_ms) {
        remaining_ms_ -= elapsed_ms;
        count_move();
        remaining_ms_ += period().increment_ms;
    }
    // A move played from a book: no time and no increment, but it counts towards the period.
    void count_book_move() {
        remaining_ms_ -= period().increment_ms;  // the increment in hand goes unused
        charge(0);
    }
    // An hourglass runs both ways: the time the opponent just used is added to this clock.
    bool hourglass() const { return control_.hourglass; }
    void add_opponent_time(std::int64_t elapsed_ms) { remaining_ms_ += elapsed_ms; }

  private:
    void count_move() {
        if (period().moves && ++moves_in_period_ == period().moves) {
            moves_in_period_ = 0;
            ++period_number_;
            remaining_ms_ += period().base_ms;
        }
    }

    TimeControl control_;
    std::int64_t remaining_ms_ = 0;
    int period_number_ = 0;
    int moves_in_period_ = 0;
};

}  // namespace arbiter
