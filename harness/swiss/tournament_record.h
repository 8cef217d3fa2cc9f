// What a Swiss pairing needs to know of a tournament: the players in their initial ranking (their
// pairing numbers are their positions, 0-based here, 1-based in a TRF), the planned number of
// rounds, the points of a pairing-allocated bye and every round played so far (who met whom with
// which colours, the result, who had the bye). Scores are kept in half points so that they are
// exact. PlayerState is what the rules read off one player's history.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace arbiter::swiss {

// One entrant: the initial ranking sorts by rating (highest first), then by name.
struct SwissEntrant {
    std::string name;
    int rating = 0;
};

// Returns the entrants in their initial ranking: rating descending, then name ascending (byte
// order), then their given order.
std::vector<SwissEntrant> initial_ranking(std::vector<SwissEntrant> entrants);

enum class Colour { none, white, black };
Colour opposite(Colour colour);

enum class GameResult { white_wins, draw, black_wins, unfinished };

// A board of a round: pairing numbers (0-based) of White and Black, and the result.
struct SwissGame {
    int white = 0;
    int black = 0;
    GameResult result = GameResult::unfinished;
};

// A round: its boards and the player who had the pairing-allocated bye, if any.
struct SwissRound {
    std::vector<SwissGame> games;
    std::optional<int> bye;
};

struct SwissTournament {
    std::vector<SwissEntrant> players;  // in initial ranking order
    int planned_rounds = 0;
    int bye_half_points = 2;  // a pairing-allocated bye scores one point unless configured
    std::vector<SwissRound> rounds;
};

// One player's history as the pairing rules read it, after the first `rounds` rounds.
struct PlayerState {
    int score = 0;  // half points
    int played_games = 0;
    int whites = 0;
    int blacks = 0;
    Colour preference = Colour::none;
    bool absolute = false;  // colour difference beyond +-1, or the same colour twice running
    bool strong = false;    // colour difference +-1, not absolute
    Colour repeated = Colour::none;  // the colour of the last two played games, when they agree
    bool had_bye = false;
    std::vector<Colour> colours;  // colours of the played games, oldest first
    std::vector<int> opponents;   // every opponent met in a played game
    int colour_imbalance() const { return whites > blacks ? whites - blacks : blacks - whites; }
};

// The state of every player after the first `rounds` rounds of the tournament.
std::vector<PlayerState> player_states(const SwissTournament& tournament, std::size_t rounds);

// The half points a game's result gives White (first) and Black (second).
int white_half_points(GameResult result);
int black_half_points(GameResult result);

}  // namespace arbiter::swiss
