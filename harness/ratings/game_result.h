#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "harness/game/result.h"

namespace arbiter {

// One finished game between two players, named by their index in the caller's list of players.
// Games that share a pair_id were played as a colour-reversed pair on the same opening; the
// pentanomial statistics group them by it. Games without a pair_id count only as single games.
struct GameResult {
    int white = 0;
    int black = 0;
    Outcome outcome = Outcome::draw;
    std::optional<std::int64_t> pair_id;
};

// Players and finished games gathered for rating, from a database or PGN files. Player indices in
// games refer to `players`; names are added in order of first appearance.
struct GameRecords {
    std::vector<std::string> players;
    std::vector<GameResult> games;

    // Returns the index of a player, adding the name if it is new.
    int player_index(const std::string& name);

  private:
    std::unordered_map<std::string, int> index_;
};

}  // namespace arbiter
