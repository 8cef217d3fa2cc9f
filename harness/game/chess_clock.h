// One side's chess clock in a timed game: it owns the time control's periods, so the referee
// asks it what `go` should say and charges it once per move (fastchess's and cutechess's
// TimeControl play this part).
#pragma once

#include <cstdint>

#include "harness/config/engine_config.h"

namespace arbiter {

// The clock of one player under a TimeControl: time left, the increment, and the moves played in
// the current period (`moves` per period; 0 = the whole game is one period). The clock starts at
// the base time plus one increment, as cutechess-cli's and fastchess's do (the first `go` of a
// 10+0.1 game says 10100), so the increment is in hand before each move is made. A period's base
// time is added when its last move is played. Book moves cost no time but count towards the period.
class ChessClock {
  public:
    explicit ChessClock(const TimeControl& control) : control_(control) {
        remaining_ms_ = control.base_ms + control.increment_ms;
    }

    // Milliseconds left; negative once an engine overstepped within the referee's margin.
    std::int64_t remaining_ms() const { return remaining_ms_; }
    std::int64_t increment_ms() const { return control_.increment_ms; }
    // Moves left to play in this period (UCI `movestogo`); nothing when the game is one period.
    int moves_to_go() const { return control_.moves ? control_.moves - moves_in_period_ : 0; }

    // Charges a move that took `elapsed_ms`: the time used is taken, the increment added, and a
    // new period's time when this move ends a period.
    void charge(std::int64_t elapsed_ms) {
        remaining_ms_ += control_.increment_ms - elapsed_ms;
        count_move();
    }
    // A move played from a book: no time, but it counts towards the period.
    void count_book_move() { count_move(); }
    // An hourglass runs both ways: the time the opponent just used is added to this clock.
    bool hourglass() const { return control_.hourglass; }
    void add_opponent_time(std::int64_t elapsed_ms) { remaining_ms_ += elapsed_ms; }

  private:
    void count_move() {
        if (control_.moves && ++moves_in_period_ == control_.moves) {
            moves_in_period_ = 0;
            remaining_ms_ += control_.base_ms;
        }
    }

    TimeControl control_;
    std::int64_t remaining_ms_ = 0;
    int moves_in_period_ = 0;
};

}  // namespace arbiter
