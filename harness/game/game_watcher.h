// What the referee tells a watcher of one game while it is played (the live server's view): the
// start, each move with the position after it and both clocks, and nothing else. The referee
// calls it on the game's own thread; a watcher must return at once (it copies what it needs and
// never waits for a reader), so that a game under watch is played as one that is not.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engines/core/types.h"
#include "harness/game/played_game.h"

namespace arbiter {

// Both chess clocks after a move (or at the start), in milliseconds; empty in an untimed game.
struct WatchedClocks {
    std::optional<std::int64_t> white_ms;
    std::optional<std::int64_t> black_ms;
};

// Hears one game as the referee plays it. began() comes first, before the opening's moves; then
// moved() for every move, the opening's and the players' book moves included (MoveRecord::book).
class GameWatcher {
  public:
    virtual ~GameWatcher() = default;
    // The position the game starts from (before the opening's moves) and the clocks as set.
    virtual void began(const std::string& start_fen, const WatchedClocks& clocks) = 0;
    // A move as recorded, the position after it (FEN), and both clocks after it.
    virtual void moved(const MoveRecord& move, const std::string& fen_after,
                       const WatchedClocks& clocks) = 0;
    // A line `side`'s engine sent while thinking (UCI `info ...`), as the tournament taps it from
    // the engine's pipe; not called by the referee. Must not throw.
    virtual void thinking(Color side, std::string_view line) noexcept = 0;
};

}  // namespace arbiter
