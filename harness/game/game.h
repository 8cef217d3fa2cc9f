// One game between two engines (UCI or XBoard, behind EngineSession), refereed move by move with
// the chess core: legality, the rules that end a game, clocks, adjudication, and the engines'
// misbehaviour (illegal moves, crashes, stalls). The result is the game's own PlayedGame; the
// tournament turns it into a store record.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engines/book/polyglot.h"
#include "engines/core/types.h"
#include "harness/config/engine_config.h"
#include "harness/config/game_config.h"
#include "harness/game/engine_session.h"
#include "harness/game/game_watcher.h"
#include "harness/game/played_game.h"
#include "harness/values/opening_slot.h"

namespace arbiter {

// A player of one game: a started engine, the name it plays under and its search limits, and
// optionally its own Polyglot book: the referee plays the player's moves from it, choosing by
// weight from `book_seed`, until the book has no move or `book_depth` moves came from it.
struct Player {
    EngineSession* engine = nullptr;
    std::string name;
    SearchLimitConfig limits;
    const PolyglotBook* book = nullptr;
    int book_depth = 0;
    std::uint64_t book_seed = 0;
    bool ponder = false;  // it ponders on the opponent's time (see ponder.h)
};

// The referee's clock: how long a search took, charged to the mover's chess clock, and the time
// of day a game starts and ends. The default measures real time (the wall time UciClient took
// between `go` and `bestmove`, and the system clock). Tests give a scripted one, so that clock
// rules are checked without depending on how busy the machine is. How long the referee waits
// for an answer is always real time.
class RefereeClock {
  public:
    virtual ~RefereeClock() = default;
    // Microseconds `side` is charged for the search that produced `reply`.
    virtual std::int64_t move_time_us(Color side, const SearchReply& reply);
    // Milliseconds since the Unix epoch (UTC).
    virtual std::int64_t now_ms();
};

// The real-time clock every game uses unless given another.
RefereeClock& real_clock();

// Plays `opening` (its moves are played as book moves) and then the engines, white first to move
// after the book if the opening ends with white to move. Never throws for an engine's
// misbehaviour: that ends the game with the right result and termination. A `watcher`, when
// given, hears the start and every move as it is played.
PlayedGame play_game(Player& white, Player& black, const Opening& opening,
                     const GameSettings& settings, RefereeClock& clock = real_clock(),
                     GameWatcher* watcher = nullptr);

// The score a move record reports, if any, as the adjudicators compare it: centipawns, or a mate
// in N moves (Score::mate_moves(), not plies) as +/-(100000 - N); the bound is not looked at.
std::optional<int> adjudication_score(const MoveRecord& move);

}  // namespace arbiter
