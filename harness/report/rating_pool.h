// One rating list over every tournament that one or more databases hold (`ratings --all`,
// `report --all`): the games of all of them pooled, a player being an engine's identity wherever
// it played.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "harness/ratings/game_result.h"
#include "harness/store/store.h"

namespace arbiter {

// One player of the pool: an engine identity (name, command, arguments, options and program
// hash: what a resumed tournament recognises an engine by). The same identity in two tournaments
// or two databases is one player; a rebuilt engine (another hash) or the same program with other
// options is another, labelled "name (2)", "name (3)", ... in the order of their first games.
struct PoolPlayer {
    std::string label;
    EngineIdentity identity;  // the working folder: the first in text order of the databases'
    EngineOwnIdentity own;    // what it said of itself, where a database kept that
    int build = 1;            // 1 for the first identity of its name, 2 for the next, ...
    std::int64_t first_played_ms = 0;  // its first game in the pool (the games' start times)
    std::int64_t games = 0;
    // Its rows: (index of the database in the stores given, engine id there).
    std::vector<std::pair<std::size_t, EngineId>> rows;
};

// Every game of every tournament of the pool, between players indexed in `players`.
struct RatingPool {
    std::vector<PoolPlayer> players;  // by label
    // Games by tournament and slot; the two games of a colour-reversed pair share a pair id.
    std::vector<GameResult> games;
    int tournaments = 0;               // tournaments (by configuration key) with a game
    std::int64_t duplicate_games = 0;  // games held by more than one database, counted once

    std::vector<std::string> labels() const;
};

// Reads every game of every tournament of `stores`. Identities are matched across databases by
// name, command, arguments, options and program hash (the store's identity without the working
// folder), tournaments by their configuration key, and games by tournament, slot and the two
// identities, as `merge` matches them: a game two databases hold (a shard and the merged file)
// counts once, so the pool of several files is the pool of their merge. Nothing depends on the
// order of `stores`. Identities without a game are left out.
RatingPool read_rating_pool(std::span<Store* const> stores);

// The UTC time of a millisecond timestamp as "2026-12-07 06:40 UTC".
std::string utc_minute(std::int64_t ms);

// One line per player for `--verbose`: its label, build, first game, program hash, command,
// arguments and options, and what it said of itself.
std::string format_pool_players(const RatingPool& pool);

}  // namespace arbiter
