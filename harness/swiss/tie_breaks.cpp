#include "harness/swiss/tie_breaks.h"

#include <algorithm>
#include <tuple>

namespace arbiter::swiss {

namespace {

// The rounds whose every game has a result.
std::size_t finished_rounds(const SwissTournament& tournament) {
    std::size_t rounds = 0;
    for (const SwissRound& round : tournament.rounds) {
        for (const SwissGame& game : round.games)
            if (game.result == GameResult::unfinished) return rounds;
        ++rounds;
    }
    return rounds;
}

// One round's contribution to a player's Buchholz and Sonneborn-Berger.
struct Contribution {
    int opponent_score = 0;  // half points
    int result = 0;          // half points the player scored
};

std::vector<std::vector<Contribution>> contributions(const SwissTournament& t, std::size_t rounds,
                                                     const std::vector<PlayerState>& states) {
    std::vector<std::vector<Contribution>> result(t.players.size());
    for (std::size_t r = 0; r < rounds; ++r) {
        for (const SwissGame& g : t.rounds[r].games) {
            auto w = static_cast<std::size_t>(g.white);
            auto b = static_cast<std::size_t>(g.black);
            result[w].push_back({states[b].score, white_half_points(g.result)});
            result[b].push_back({states[w].score, black_half_points(g.result)});
        }
        if (t.rounds[r].bye) {
            auto p = static_cast<std::size_t>(*t.rounds[r].bye);
            result[p].push_back({states[p].score, t.bye_half_points});
        }
    }
    return result;
}

void add_buchholz(SwissStanding& s, const std::vector<Contribution>& rounds) {
    int lowest = 0;
    for (std::size_t i = 0; i < rounds.size(); ++i) {
        s.buchholz += rounds[i].opponent_score;
        s.sonneborn_berger += rounds[i].opponent_score * rounds[i].result;
        if (i == 0 || rounds[i].opponent_score < lowest) lowest = rounds[i].opponent_score;
    }
    s.buchholz_cut1 = s.buchholz - lowest;
}

// Direct encounter within each group tied on points, when all of the group met each other.
void add_direct_encounter(std::vector<SwissStanding>& standings, const SwissTournament& t,
                          std::size_t rounds) {
    std::size_t n = t.players.size();
    std::vector<std::vector<int>> scored(n, std::vector<int>(n, -1));
    for (std::size_t r = 0; r < rounds; ++r) {
        for (const SwissGame& g : t.rounds[r].games) {
            auto w = static_cast<std::size_t>(g.white);
            auto b = static_cast<std::size_t>(g.black);
            scored[w][b] = white_half_points(g.result);
            scored[b][w] = black_half_points(g.result);
        }
    }
    for (SwissStanding& s : standings) {
        std::vector<std::size_t> group;
        for (const SwissStanding& o : standings)
            if (o.points == s.points) group.push_back(static_cast<std::size_t>(o.player));
        if (group.size() < 2) continue;
        bool all_met = true;
        int points = 0;
        for (std::size_t a : group)
            for (std::size_t b : group)
                if (a != b) all_met = all_met && scored[a][b] >= 0;
        if (!all_met) continue;
        for (std::size_t o : group)
            if (o != static_cast<std::size_t>(s.player))
                points += scored[static_cast<std::size_t>(s.player)][o];
        s.direct_encounter = points;
    }
}

auto key(const SwissStanding& s) {
    return std::make_tuple(s.points, s.direct_encounter, s.buchholz_cut1, s.buchholz,
                           s.sonneborn_berger);
}

}  // namespace

std::vector<SwissStanding> swiss_standings(const SwissTournament& tournament) {
    std::size_t rounds = finished_rounds(tournament);
    std::vector<PlayerState> states = player_states(tournament, rounds);
    std::vector<std::vector<Contribution>> parts = contributions(tournament, rounds, states);
    std::vector<SwissStanding> standings;
    for (std::size_t p = 0; p < tournament.players.size(); ++p) {
        SwissStanding s;
        s.player = static_cast<int>(p);
        s.points = states[p].score;
        add_buchholz(s, parts[p]);
        standings.push_back(s);
    }
    add_direct_encounter(standings, tournament, rounds);
    std::stable_sort(
        standings.begin(), standings.end(),
        [](const SwissStanding& a, const SwissStanding& b) { return key(a) > key(b); });
    for (std::size_t i = 0; i < standings.size(); ++i) {
        bool tied = i > 0 && key(standings[i]) == key(standings[i - 1]);
        standings[i].place = tied ? standings[i - 1].place : static_cast<int>(i) + 1;
    }
    return standings;
}

}  // namespace arbiter::swiss
