// One game between two UCI engines, refereed move by move with the chess core: legality, the
// rules that end a game, clocks, adjudication, and the engines' misbehaviour (illegal moves,
// crashes, stalls). The result is a GameRecord ready for the store.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/engine_config.h"
#include "harness/config/game_config.h"
#include "harness/store/records.h"
#include "harness/uci/client.h"

namespace arbiter {

// A player of one game: a started engine, the name it plays under and its search limits.
struct Player {
    UciClient* engine = nullptr;
    std::string name;
    SearchLimitConfig limits;
    EngineId id = 0;
};

// What happened to each engine, so the caller knows which ones need a restart.
struct GameOutcome {
    GameRecord record;
    bool white_needs_restart = false;
    bool black_needs_restart = false;
};

// Plays `opening` (its moves are played as book moves) and then the engines, white first to move
// after the book if the opening ends with white to move. Never throws for an engine's
// misbehaviour: that ends the game with the right result and termination. The record's
// tournament, slot and opening ids are left for the caller to fill.
GameOutcome play_game(Player& white, Player& black, const Opening& opening,
                      const GameSettings& settings);

// The score (centipawns, mate as +/-(100000 - plies)) a move record reports, if any.
std::optional<int> adjudication_score(const MoveRecord& move);

}  // namespace arbiter
