// One player's pondering in one game, as cutechess-cli ponders a UCI engine: after its move the
// engine searches the reply it expects (`go ponder`) while its opponent thinks; `ponderhit` when
// the opponent plays that reply, else `stop` and its bestmove read and discarded.
#pragma once

#include <chrono>
#include <span>
#include <string>
#include <string_view>

#include "engines/core/board.h"
#include "harness/game/engine_session.h"

namespace arbiter {

// The referee's hook for one player's pondering. The referee calls begin_game() when the game
// starts, expect() after each move of the player's engine, start() when the opponent begins a
// search (not a book move), resolve() and answer() when the player is to move again, and end()
// when the game is over. The clock is charged as cutechess charges it: a ponder search costs
// nothing; after a ponderhit the move is timed from `ponderhit`, after a miss from the `go` that
// follows the discarded bestmove. An engine that does not ponder passes every call through.
class Ponderer {
  public:
    // A new game with `engine`: it ponders when `wanted` and enable_pondering() says the referee
    // drives it (a UCI engine with the option Ponder).
    void begin_game(EngineSession& engine, bool wanted);

    // The player's engine moved with `reply`; `board` is the position after that move. The reply
    // it expects is its bestmove's ponder move, else the second move of its PV; none when that is
    // missing, illegal, or ends the game by the rules (as cutechess ignores such ponder moves).
    void expect(const SearchReply& reply, Board& board);

    // The opponent searches the game `fen` + `moves`: the player is sent `position` with its
    // expected move appended and `go ponder` with `limits` (its clock and the opponent's as they
    // stand). Nothing without an expected move. A write to a dead engine shows in resolve().
    void start(std::string_view fen, std::span<const std::string> moves, const GoLimits& limits);

    // The player is to move, its opponent having played `played`: a pondered move that was
    // played gets `ponderhit`; another ends the ponder search (`stop`, its bestmove read within
    // `stall_timeout` and discarded). ok, or how the engine failed.
    EngineStatus resolve(std::string_view played, std::chrono::milliseconds stall_timeout);

    // The player's search of the game `fen` + `moves` under `limits`, waiting at most `timeout`:
    // after a ponderhit, the pondered search's move; otherwise `position` and `go`.
    EngineReply answer(std::string_view fen, std::span<const std::string> moves,
                       const GoLimits& limits, std::chrono::milliseconds timeout);
    // True when the last answer() came after a ponderhit: the engine's own `time` then counts
    // from `go ponder`, so it says nothing of the referee's latency.
    bool answered_after_ponderhit() const { return answered_after_ponderhit_; }

    // The game is over: a ponder search under way is stopped and its bestmove read (within
    // `stall_timeout`) before the next game. ok, or how the engine failed.
    EngineStatus end(std::chrono::milliseconds stall_timeout);

  private:
    EngineStatus stop_search(std::chrono::milliseconds stall_timeout);

    EngineSession* engine_ = nullptr;
    bool active_ = false;     // the referee drives this engine's pondering in this game
    bool pondering_ = false;  // a `go ponder` is under way
    bool hit_ = false;        // resolve() sent ponderhit: answer() reads that search's move
    bool answered_after_ponderhit_ = false;
    std::string expected_;  // the reply the engine expects, UCI text; empty when none
    std::chrono::steady_clock::time_point ponder_sent_{};
};

}  // namespace arbiter
