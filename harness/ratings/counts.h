#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
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

// The half-points (0..4) `player` scored over two games, when they are a colour-reversed pair
// (each side had White once); nothing otherwise. The one place where a pair is scored.
std::optional<int> pair_half_points(const GameResult& first, const GameResult& second, int player);

// The same tally as tally_match(), kept up to date one game at a time while a match is played
// (SPRT decides after every pair). A game waits for the other game of its pair; a pair id seen a
// third time, or a pair whose colours were not reversed, counts its games as unpaired.
class LiveMatchTally {
  public:
    LiveMatchTally(int player, int opponent) : player_(player), opponent_(opponent) {}

    // Records one game; games not between the two players are ignored.
    void add(const GameResult& game);
    // The counts so far; games still waiting for their pair count as unpaired.
    MatchTally tally() const;

  private:
    int player_;
    int opponent_;
    MatchTally tally_;
    std::map<std::int64_t, GameResult> waiting_;  // first games of pairs, by pair id
    std::set<std::int64_t> completed_;            // pair ids whose two games have arrived
};

}  // namespace arbiter
