// Knockout (single elimination) and pyramid pairings, with cutechess-cli's rules
// (projects/lib/src/knockouttournament.cpp, pyramidtournament.cpp): the seeded bracket with byes
// for the top seeds, encounters of G games that stop once decided and go on past G until someone
// leads, the next round drawn when the last game of a round ends, and the bracket text it prints.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/game/result.h"

namespace arbiter {

// cutechess's playerSeed(): the bracket position (0-based) of the player ranked `rank` (1-based)
// in a bracket of `size` (a power of two) places, so that seeds 1 and 2 can meet only in the final.
int bracket_position(int rank, int size);

// The players (engine indices) in rank order: the first `seeds` in configuration order, the rest
// drawn at random from `seed` (cutechess draws them with its -srand generator).
std::vector<int> knockout_ranking(int engines, int seeds, std::uint64_t seed);

// The first round's pairs from players in rank order: the bracket filled by bracket_position(),
// padded to a power of two with byes (-1), each bye given to the best-ranked players.
std::vector<std::pair<int, int>> knockout_first_round(const std::vector<int>& ranking);

// The pyramid's pairs in cutechess's order: (1,0), (2,0), (2,1), (3,0), ... each engine against
// every engine before it, the later one first (White in the encounter's first game).
std::vector<std::pair<int, int>> pyramid_pairs(int engines);

// One game the bracket asks for: its round (0-based), encounter in the round, the game's number
// within the encounter (0-based) and who plays White and Black.
struct KnockoutGame {
    int round = 0;
    int encounter = 0;
    int game = 0;
    int white = 0;
    int black = 0;
};

// The state of a knockout: rounds of encounters, each with its scores in half points and its
// games started and finished. Games are started by next() and scored by finish(); a game of an
// earlier run is replayed with restore(). Not thread-safe: the caller holds a lock.
class Knockout {
  public:
    // An encounter: two players (second -1 for a bye) in bracket order.
    struct Encounter {
        int first = -1;
        int second = -1;
        int first_half_points = 0;
        int second_half_points = 0;
        int started = 0;
        int finished = 0;
        bool bye() const { return first < 0 || second < 0; }
        int in_progress() const { return started - finished; }
        // The player ahead, or the one with a bye; -1 while level.
        int leader() const;
    };
    // What next() found.
    enum class Step { play, wait, done };

    // `games` per encounter (cutechess's -games); `colours`: who has White in an encounter's
    // game k, as first_has_white(colours, k % 2) says (cutechess swaps each game unless -noswap).
    Knockout(const std::vector<int>& ranking, int games, Colours colours);

    // The next game to start (marked started), or why there is none: a round still being played
    // (wait) or the final decided (done). Draws the next round when the last one is decided.
    Step next(KnockoutGame& game);
    // Scores a game that next() started.
    void finish(const KnockoutGame& game, Outcome outcome);
    // Replays a finished game of an earlier run (rounds up to its round must be drawn: games are
    // restored in the order they were started). Returns false if the bracket has no such game.
    bool restore(int round, int encounter, int white, int black, Outcome outcome);

    // Whether encounter `e` needs a game more (cutechess's needMoreGames, games in progress
    // counted as won by the leader).
    bool needs_games(const Encounter& e) const;
    const std::vector<std::vector<Encounter>>& rounds() const { return rounds_; }
    // The champion once the final is decided, else -1.
    int winner() const;
    // cutechess's bracket text (lines joined by '\n', no final newline): the first round's
    // players on even lines, each round's winner (or "...") and score indented two tabs a round.
    std::string bracket_text(const std::vector<std::string>& names) const;
    // The games cutechess announces: G per encounter of a full bracket (engines - 1 encounters).
    std::int64_t nominal_games() const;

  private:
    bool draw_next_round();
    bool round_in_progress() const;
    KnockoutGame start(int round, int encounter);

    int players_ = 0;
    int games_ = 1;
    Colours colours_;
    std::vector<std::vector<Encounter>> rounds_;
};

}  // namespace arbiter
