#include "harness/swiss/trf.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

namespace arbiter::swiss {

namespace {

std::string points_text(int half_points) {
    std::string text = std::to_string(half_points / 2) + (half_points % 2 != 0 ? ".5" : ".0");
    return text;
}

std::string right(const std::string& text, std::size_t width) {
    return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

std::string left(const std::string& text, std::size_t width) {
    return text.size() >= width ? text.substr(0, width)
                                : text + std::string(width - text.size(), ' ');
}

// One round's entry of a player: opponent, colour, result (10 columns, from column 90).
std::string round_entry(const SwissRound& round, int player) {
    if (round.bye && *round.bye == player) return "  0000 - U";
    for (const SwissGame& game : round.games) {
        if (game.white != player && game.black != player) continue;
        bool white = game.white == player;
        int opponent = white ? game.black : game.white;
        int mine = white ? white_half_points(game.result) : black_half_points(game.result);
        const char* result = game.result == GameResult::unfinished ? " "
                             : mine == 2                           ? "1"
                             : mine == 1                           ? "="
                                                                   : "0";
        return "  " + right(std::to_string(opponent + 1), 4) + (white ? " w " : " b ") + result;
    }
    return "          ";
}

}  // namespace

std::string write_trf(const SwissTournament& tournament, std::string_view event_name) {
    std::vector<PlayerState> states = player_states(tournament, tournament.rounds.size());
    std::size_t n = tournament.players.size();
    std::vector<int> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return states[static_cast<std::size_t>(a)].score >
               states[static_cast<std::size_t>(b)].score;
    });
    std::vector<int> rank(n);
    for (std::size_t i = 0; i < n; ++i)
        rank[static_cast<std::size_t>(order[i])] = static_cast<int>(i) + 1;
    std::ostringstream out;
    out << "012 " << event_name << "\n";
    for (std::size_t p = 0; p < n; ++p) {
        const SwissEntrant& entrant = tournament.players[p];
        std::string line =
            "001 " + right(std::to_string(p + 1), 4) + "      " + left(entrant.name, 33) + " " +
            right(entrant.rating > 0 ? std::to_string(std::min(entrant.rating, 9999)) : "", 4) +
            std::string(28, ' ') + right(points_text(states[p].score), 4) + " " +
            right(std::to_string(rank[p]), 4);
        for (const SwissRound& round : tournament.rounds)
            line += round_entry(round, static_cast<int>(p));
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out << line << "\n";
    }
    out << "XXR " << tournament.planned_rounds << "\n";
    if (tournament.bye_half_points != 2)
        out << "BBU " << right(points_text(tournament.bye_half_points), 4) << "\n";
    return out.str();
}

}  // namespace arbiter::swiss
