#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "harness/ratings/game_result.h"

namespace arbiter {

// Wins, draws and losses of one player (against one opponent or a whole field), as a plain value
// that adds up with +=. A draw is worth half a point.
struct WdlCounts {
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;

    std::int64_t games() const { return wins + draws + losses; }
    double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
    // Returns points per game, or 0.5 when there are no games.
    double score() const;
    // Records one game in which the player had the white pieces (or the black ones).
    void add(Outcome outcome, bool player_was_white);

    WdlCounts& operator+=(const WdlCounts& other);
    friend bool operator==(const WdlCounts&, const WdlCounts&) = default;
};

WdlCounts operator+(WdlCounts left, const WdlCounts& right);

// Colour-reversed game pairs of one player against one opponent, counted by the points the player
// scored over the pair: pairs[k] holds the pairs worth k half-points (0: two losses, 1: a loss and
// a draw, 2: a win and a loss or two draws, 3: a win and a draw, 4: two wins).
struct PentanomialCounts {
    std::array<std::int64_t, 5> pairs{};

    std::int64_t pair_count() const;
    // Records one pair worth half_points (0..4) for the player; throws std::out_of_range otherwise.
    void add_pair(int half_points);

    PentanomialCounts& operator+=(const PentanomialCounts& other);
    friend bool operator==(const PentanomialCounts&, const PentanomialCounts&) = default;
};

PentanomialCounts operator+(PentanomialCounts left, const PentanomialCounts& right);

// The results of one player against one opponent: every game in wdl, and the games grouped by
// pair_id into pentanomial counts. A pair counts when exactly two games between the two players
// share its id and the colours were reversed; the other games are counted in unpaired_games.
struct MatchTally {
    WdlCounts wdl;
    PentanomialCounts pentanomial;
    std::int64_t unpaired_games = 0;
};

// Collects the games between player and opponent (in either colour), from the player's side.
MatchTally tally_match(std::span<const GameResult> games, int player, int opponent);

}  // namespace arbiter
