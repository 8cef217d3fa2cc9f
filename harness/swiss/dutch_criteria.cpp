#include "harness/swiss/dutch_criteria.h"

#include <algorithm>

namespace arbiter::swiss {

int bits_for(long long value) {
    int bits = 0;
    while (value > 0) {
        ++bits;
        value >>= 1;
    }
    return bits;
}

DutchCriteria::DutchCriteria(const SwissTournament& tournament)
    : tournament_(tournament), played_(static_cast<int>(tournament.rounds.size())) {
    std::size_t n = tournament.players.size();
    states_ = player_states(tournament, tournament.rounds.size());
    for (int k = 1; k <= 2; ++k) {
        std::vector<PlayerState> before =
            played_ >= k ? player_states(tournament, static_cast<std::size_t>(played_ - k))
                         : std::vector<PlayerState>(n);
        for (const PlayerState& s : before) score_before_[k - 1].push_back(s.score);
    }
    met_.assign(n, std::vector<bool>(n, false));
    for (std::size_t p = 0; p < n; ++p)
        for (int o : states_[p].opponents) met_[p][static_cast<std::size_t>(o)] = true;
    for (std::size_t p = 0; p < n; ++p) sorted_.push_back(static_cast<int>(p));
    std::stable_sort(sorted_.begin(), sorted_.end(), [this](int a, int b) {
        return states_[static_cast<std::size_t>(a)].score >
               states_[static_cast<std::size_t>(b)].score;
    });
    std::map<int, int> counts;
    for (int p : sorted_) ++counts[states_[static_cast<std::size_t>(p)].score];
    for (const auto& [score, count] : counts) {
        shift_[score] = score_bits_;
        score_bits_ += bits_for(count) + 1;
    }
    count_bits_ = bits_for(static_cast<long long>(n)) + 1;
}

bool DutchCriteria::compatible(int a, int b) const {
    if (met_[static_cast<std::size_t>(player(a))][static_cast<std::size_t>(player(b))])
        return false;
    const PlayerState& x = state(a);
    const PlayerState& y = state(b);
    if (!x.absolute || !y.absolute || x.preference != y.preference) return true;
    // Topscorers (more than half the maximum score) are exempt when pairing the last round.
    bool last_round = played_ >= tournament_.planned_rounds - 1;
    return last_round && (x.score > played_ || y.score > played_);
}

Float DutchCriteria::float_of(int vertex, int rounds_back) const {
    std::size_t round = static_cast<std::size_t>(played_ - rounds_back);
    int p = player(vertex);
    const SwissRound& r = tournament_.rounds[round];
    if (r.bye && *r.bye == p) return tournament_.bye_half_points > 0 ? Float::down : Float::none;
    const std::vector<int>& before = score_before_[rounds_back - 1];
    for (const SwissGame& game : r.games) {
        if (game.white != p && game.black != p) continue;
        int opponent = game.white == p ? game.black : game.white;
        int mine = before[static_cast<std::size_t>(p)];
        int theirs = before[static_cast<std::size_t>(opponent)];
        if (mine > theirs) return Float::down;
        return mine < theirs ? Float::up : Float::none;
    }
    return Float::none;
}

bool DutchCriteria::keeps_colour_difference(int lower, int higher) const {
    const PlayerState& p = state(lower);
    const PlayerState& o = state(higher);
    return p.colour_imbalance() <= 1 || o.colour_imbalance() <= 1 || p.preference != o.preference;
}

bool DutchCriteria::keeps_no_three_in_a_row(int lower, int higher) const {
    const PlayerState& p = state(lower);
    const PlayerState& o = state(higher);
    if (!p.absolute || !o.absolute || p.preference != o.preference) return true;
    if (p.colour_imbalance() == o.colour_imbalance())
        return p.repeated == Colour::none || p.repeated != o.repeated;
    // The player with the smaller difference gets the colour against their preference.
    const PlayerState& loser = p.colour_imbalance() > o.colour_imbalance() ? o : p;
    return loser.repeated != opposite(p.preference);
}

bool DutchCriteria::keeps_preferences(int lower, int higher) const {
    Colour a = state(lower).preference;
    Colour b = state(higher).preference;
    return a != b || a == Colour::none;
}

bool DutchCriteria::keeps_strong_preferences(int lower, int higher) const {
    const PlayerState& p = state(lower);
    const PlayerState& o = state(higher);
    return (!p.strong && !p.absolute) || (!o.strong && !o.absolute) || (p.absolute && o.absolute) ||
           p.preference != o.preference;
}

}  // namespace arbiter::swiss

namespace arbiter::swiss {

namespace {

// E.3: the colours the two had in the latest round where they differed (played games only,
// counted back from each player's last game); none when they never differed.
Colour alternate_from_history(const PlayerState& p, const PlayerState& o) {
    auto pi = p.colours.rbegin();
    auto oi = o.colours.rbegin();
    while (pi != p.colours.rend() && oi != o.colours.rend() && *pi == *oi) {
        ++pi;
        ++oi;
    }
    if (pi == p.colours.rend() || oi == o.colours.rend()) return Colour::none;
    return *oi;
}

// E.1 to E.3: the colour of p against o, or none when the rules leave it to E.4 and E.5.
Colour neutral_colour(const PlayerState& p, const PlayerState& o) {
    if (p.preference != o.preference || p.preference == Colour::none ||
        o.preference == Colour::none) {
        if (p.preference != Colour::none) return p.preference;
        return opposite(o.preference);
    }
    if (p.absolute && (p.colour_imbalance() > o.colour_imbalance() || !o.absolute))
        return p.preference;
    if (o.absolute && (o.colour_imbalance() > p.colour_imbalance() || !p.absolute))
        return opposite(o.preference);
    if (p.strong && !o.strong) return p.preference;
    if (o.strong && !p.strong) return opposite(o.preference);
    return alternate_from_history(p, o);
}

}  // namespace

Colour DutchCriteria::colour_of(int first, int second) const {
    const PlayerState& p = state(first);
    const PlayerState& o = state(second);
    Colour colour = neutral_colour(p, o);
    if (colour != Colour::none) return colour;
    int p_number = player(first);
    int o_number = player(second);
    bool other_higher = p.score < o.score || (p.score == o.score && o_number < p_number);
    // E.4: the higher-ranked player's preference; E.5: their pairing number's parity decides.
    if (p.preference != Colour::none) return other_higher ? opposite(o.preference) : p.preference;
    if (other_higher) return o_number % 2 == 1 ? Colour::white : Colour::black;
    return p_number % 2 == 1 ? Colour::black : Colour::white;
}

}  // namespace arbiter::swiss
