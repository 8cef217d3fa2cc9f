#include "harness/tournament/knockout.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "harness/tournament/schedule.h"

namespace arbiter {

namespace {

// cutechess-cli's random generator (its lib's Mersenne), which draws a knockout's unseeded
// players from -srand: a twister of 624 words whose regeneration adds a word's low bit to the
// next word's low 31 bits (MT19937 takes the high bit), so its numbers are its own.
class CutechessRandom {
  public:
    explicit CutechessRandom(std::uint32_t seed) {
        words_[0] = seed;
        for (std::uint32_t i = 1; i < WORDS; ++i)
            words_[i] = 0x6C078965u * (words_[i - 1] ^ (words_[i - 1] >> 30)) + i;
    }
    std::uint32_t next() {
        if (index_ == 0) regenerate();
        std::uint32_t y = words_[index_];
        index_ = (index_ + 1) % WORDS;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9D2C5680u;
        y ^= (y << 15) & 0xEFC60000u;
        return y ^ (y >> 18);
    }

  private:
    static constexpr std::uint32_t WORDS = 624;
    void regenerate() {
        for (std::uint32_t i = 0; i < WORDS; ++i) {
            const std::uint32_t y = (words_[i] & 1u) + (words_[(i + 1) % WORDS] & 0x7FFFFFFFu);
            words_[i] = words_[(i + 397) % WORDS] ^ (y >> 1) ^ (y % 2 ? 0x9908B0DFu : 0u);
        }
    }
    std::uint32_t words_[WORDS] = {};
    std::uint32_t index_ = 0;
};

}  // namespace

int bracket_position(int rank, int size) {
    if (rank <= 1) return 0;
    // An even rank goes to the lower half of its bracket, an odd one stays in the upper half.
    if (rank % 2 == 0) return size / 2 + bracket_position(rank / 2, size / 2);
    return bracket_position(rank / 2 + 1, size / 2);
}

std::vector<int> knockout_ranking(int engines, int seeds, std::uint64_t seed) {
    std::vector<int> ranking;
    const int seeded = std::clamp(seeds, 0, engines);
    for (int i = 0; i < seeded; ++i) ranking.push_back(i);
    std::vector<int> unseeded;
    for (int i = seeded; i < engines; ++i) unseeded.push_back(i);
    // cutechess takes -srand as a 32-bit number.
    CutechessRandom random{std::uint32_t(seed)};
    while (!unseeded.empty()) {
        const std::size_t pick = std::size_t(random.next() % unseeded.size());
        ranking.push_back(unseeded[pick]);
        unseeded.erase(unseeded.begin() + std::ptrdiff_t(pick));
    }
    return ranking;
}

std::vector<std::pair<int, int>> knockout_first_round(const std::vector<int>& ranking) {
    int size = 1;
    while (size < int(ranking.size())) size *= 2;
    std::vector<int> places(std::size_t(size), -1);
    std::vector<int> players = ranking;
    players.resize(std::size_t(size), -1);
    int byes = 0;
    for (int i = 0; i < size; ++i) {
        const int place = bracket_position(i + 1, size);
        if (players[std::size_t(i)] >= 0) {
            places[std::size_t(place)] = players[std::size_t(i)];
            continue;
        }
        // A bye faces the best-ranked player without one: that player's opponent moves here.
        const int bye_place = bracket_position(++byes, size) + 1;
        places[std::size_t(place)] = places[std::size_t(bye_place)];
        places[std::size_t(bye_place)] = -1;
    }
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < size; i += 2)
        pairs.emplace_back(places[std::size_t(i)], places[std::size_t(i + 1)]);
    return pairs;
}

std::vector<std::pair<int, int>> pyramid_pairs(int engines) {
    std::vector<std::pair<int, int>> pairs;
    for (int level = 1; level < engines; ++level)
        for (int below = 0; below < level; ++below) pairs.emplace_back(level, below);
    return pairs;
}

int Knockout::Encounter::leader() const {
    if (first < 0) return second;
    if (second < 0) return first;
    if (first_half_points == second_half_points) return -1;
    return first_half_points > second_half_points ? first : second;
}

Knockout::Knockout(const std::vector<int>& ranking, int games, Colours colours)
    : players_(int(ranking.size())), games_(std::max(games, 1)), colours_(colours) {
    std::vector<Encounter> first;
    for (auto [a, b] : knockout_first_round(ranking)) {
        Encounter e;
        e.first = a;
        e.second = b;
        first.push_back(e);
    }
    rounds_.push_back(std::move(first));
}

bool Knockout::needs_games(const Encounter& e) const {
    if (e.bye()) return false;
    // The leader, given every game in progress, must pass half the encounter's games...
    const int in_progress = 2 * e.in_progress();
    if (std::max(e.first_half_points, e.second_half_points) + in_progress <= games_) return true;
    // ... by a margin: half a point for an odd G, a point and a half for an even one.
    const int min_diff = games_ % 2 == 0 ? 3 : 1;
    const int max_diff = std::abs(e.first_half_points - e.second_half_points) + in_progress;
    if (max_diff >= min_diff) return false;
    if (min_diff == 1 || max_diff == 0) return true;
    // An even G extended past its games: decided only after an even number of games.
    return e.started % 2 != 0;
}

bool Knockout::round_in_progress() const {
    return std::any_of(rounds_.back().begin(), rounds_.back().end(),
                       [](const Encounter& e) { return e.in_progress() > 0; });
}

bool Knockout::draw_next_round() {
    const std::vector<Encounter>& last = rounds_.back();
    if (last.size() <= 1 || round_in_progress()) return false;
    for (const Encounter& e : last)
        if (needs_games(e)) return false;
    std::vector<Encounter> next;
    for (std::size_t i = 0; i + 1 < last.size(); i += 2) {
        Encounter e;
        e.first = last[i].leader();
        e.second = last[i + 1].leader();
        next.push_back(e);
    }
    rounds_.push_back(std::move(next));
    return true;
}

KnockoutGame Knockout::start(int round, int encounter) {
    Encounter& e = rounds_[std::size_t(round)][std::size_t(encounter)];
    const bool first_white = first_has_white(colours_, e.started % 2);
    KnockoutGame game{round, encounter, e.started, first_white ? e.first : e.second,
                      first_white ? e.second : e.first};
    ++e.started;
    return game;
}

Knockout::Step Knockout::next(KnockoutGame& game) {
    for (;;) {
        const int round = int(rounds_.size()) - 1;
        const std::vector<Encounter>& last = rounds_.back();
        for (std::size_t i = 0; i < last.size(); ++i) {
            if (!needs_games(last[i])) continue;
            game = start(round, int(i));
            return Step::play;
        }
        if (round_in_progress()) return Step::wait;
        if (!draw_next_round()) return Step::done;
    }
}

void Knockout::finish(const KnockoutGame& game, Outcome outcome) {
    Encounter& e = rounds_[std::size_t(game.round)][std::size_t(game.encounter)];
    const int white_points = outcome == Outcome::white_win ? 2 : outcome == Outcome::draw ? 1 : 0;
    const bool first_white = game.white == e.first;
    e.first_half_points += first_white ? white_points : 2 - white_points;
    e.second_half_points += first_white ? 2 - white_points : white_points;
    ++e.finished;
}

bool Knockout::restore(int round, int encounter, int white, int black, Outcome outcome) {
    while (int(rounds_.size()) <= round)
        if (!draw_next_round()) return false;
    if (round < 0 || encounter < 0 || encounter >= int(rounds_[std::size_t(round)].size()))
        return false;
    Encounter& e = rounds_[std::size_t(round)][std::size_t(encounter)];
    if (e.bye() ||
        !((white == e.first && black == e.second) || (white == e.second && black == e.first)))
        return false;
    KnockoutGame game{round, encounter, e.started, white, black};
    ++e.started;
    finish(game, outcome);
    return true;
}

int Knockout::winner() const {
    const std::vector<Encounter>& last = rounds_.back();
    if (last.size() != 1 || last[0].in_progress() > 0 || needs_games(last[0])) return -1;
    return last[0].leader();
}

std::int64_t Knockout::nominal_games() const {
    return std::int64_t(std::max(players_ - 1, 0)) * games_;
}

std::string Knockout::bracket_text(const std::vector<std::string>& names) const {
    auto name = [&](int player) { return names.at(std::size_t(player)); };
    std::vector<std::string> lines;
    for (const Encounter& e : rounds_.front()) {
        lines.push_back(name(e.first));
        lines.emplace_back();
        lines.push_back(e.second < 0 ? "bye" : name(e.second));
        lines.emplace_back();
    }
    lines.pop_back();
    for (std::size_t r = 0; r < rounds_.size(); ++r) {
        const std::size_t depth = r + 1;
        for (std::size_t x = 0; x < rounds_[r].size(); ++x) {
            const Encounter& e = rounds_[r][x];
            const bool open = needs_games(e) || e.in_progress() > 0;
            std::string text = std::string(2 * depth, '\t') + (open ? "..." : name(e.leader()));
            if (e.first_half_points + e.second_half_points > 0) {
                char score[64];
                std::snprintf(score, sizeof score, " (%g-%g)", e.first_half_points / 2.0,
                              e.second_half_points / 2.0);
                text += score;
            }
            // Round r's encounter x sits on the line between the two halves it joins.
            lines.at(((std::size_t(2) << r) - 1) + x * (std::size_t(2) << depth)) += text;
        }
    }
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + lines[i];
    return out;
}

}  // namespace arbiter
