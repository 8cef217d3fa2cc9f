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
#include "harness/store/records.h"
#include "harness/uci/client.h"

namespace arbiter {

// Adjudication as cutechess-cli users know it. Scores are centipawns from the engines' own
// reports; a mate score counts as a very large score.
struct Adjudication {
    // Draw when, from move `draw_move_number` on, both engines' scores stayed within
    // +/- draw_score for `draw_move_count` consecutive moves each.
    std::optional<int> draw_move_number;
    int draw_move_count = 0;
    int draw_score = 0;
    // A loss for an engine whose score was at least `resign_score` below zero for
    // `resign_move_count` consecutive moves of its own.
    int resign_move_count = 0;
    int resign_score = 0;
    // A draw when the game reaches this many plies (0: no limit).
    int max_plies = 0;
};

// Everything about how a game is played, except who plays it.
struct GameSettings {
    Adjudication adjudication;
    // Tolerance on top of a clock before an engine loses on time.
    std::chrono::milliseconds time_margin{100};
    // How long a depth- or node-limited search (or the isready handshake) may take before the
    // engine is declared stalled; movetime searches get movetime plus this.
    std::chrono::milliseconds stall_timeout{60000};
};

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
