#include "harness/swiss/tournament_record.h"

#include <algorithm>

namespace arbiter::swiss {

std::vector<SwissEntrant> initial_ranking(std::vector<SwissEntrant> entrants) {
    std::stable_sort(entrants.begin(), entrants.end(),
                     [](const SwissEntrant& a, const SwissEntrant& b) {
                         if (a.rating != b.rating) return a.rating > b.rating;
                         return a.name < b.name;
                     });
    return entrants;
}

Colour opposite(Colour colour) {
    if (colour == Colour::white) return Colour::black;
    if (colour == Colour::black) return Colour::white;
    return Colour::none;
}

int white_half_points(GameResult result) {
    if (result == GameResult::white_wins) return 2;
    return result == GameResult::draw ? 1 : 0;
}

int black_half_points(GameResult result) {
    if (result == GameResult::black_wins) return 2;
    return result == GameResult::draw ? 1 : 0;
}

namespace {

// Step 3 of player_states: the preference from the colour difference and the last two games.
void derive_preference(PlayerState& state) {
    int consecutive = 0;
    Colour last = Colour::none;
    for (Colour c : state.colours) {
        consecutive = (consecutive == 0 || c != last) ? 1 : consecutive + 1;
        last = c;
    }
    Colour lower = state.whites > state.blacks ? Colour::black : Colour::white;
    int imbalance = state.colour_imbalance();
    if (imbalance > 1) {
        state.preference = lower;
    } else if (consecutive > 1) {
        state.preference = opposite(last);
    } else if (imbalance > 0) {
        state.preference = lower;
    } else if (consecutive > 0) {
        state.preference = opposite(last);
    }
    state.repeated = consecutive > 1 ? last : Colour::none;
    state.absolute = imbalance > 1 || state.repeated != Colour::none;
    state.strong = !state.absolute && imbalance > 0;
}

}  // namespace

std::vector<PlayerState> player_states(const SwissTournament& tournament, std::size_t rounds) {
    std::vector<PlayerState> states(tournament.players.size());
    for (std::size_t r = 0; r < rounds && r < tournament.rounds.size(); ++r) {
        const SwissRound& round = tournament.rounds[r];
        for (const SwissGame& game : round.games) {
            PlayerState& white = states[static_cast<std::size_t>(game.white)];
            PlayerState& black = states[static_cast<std::size_t>(game.black)];
            white.score += white_half_points(game.result);
            black.score += black_half_points(game.result);
            ++white.played_games;
            ++black.played_games;
            ++white.whites;
            ++black.blacks;
            white.colours.push_back(Colour::white);
            black.colours.push_back(Colour::black);
            white.opponents.push_back(game.black);
            black.opponents.push_back(game.white);
        }
        if (round.bye) {
            PlayerState& bye = states[static_cast<std::size_t>(*round.bye)];
            bye.score += tournament.bye_half_points;
            bye.had_bye = true;
        }
    }
    for (PlayerState& state : states) derive_preference(state);
    return states;
}

}  // namespace arbiter::swiss
