#include "harness/tournament/schedule.h"

#include <algorithm>
#include <random>
#include <string>

#include "harness/tournament/knockout.h"

namespace arbiter {

std::vector<std::pair<int, int>> schedule_pairs(int engines, int gauntlet_seeds) {
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < engines; ++i)
        for (int j = std::max(i + 1, gauntlet_seeds); j < engines; ++j)
            if (gauntlet_seeds == 0 || i < gauntlet_seeds) pairs.emplace_back(i, j);
    return pairs;
}

bool first_has_white(Colours colours, int game_in_pair) {
    switch (colours) {
        case Colours::alternate:
            return game_in_pair == 0;
        case Colours::reversed:
            return game_in_pair == 1;
        case Colours::first_white:
            return true;
        case Colours::second_white:
            return false;
    }
    return game_in_pair == 0;
}

std::vector<CycleEncounter> cutechess_cycle(int engines, int gauntlet_seeds, bool pyramid) {
    std::vector<CycleEncounter> cycle;
    if (pyramid || gauntlet_seeds > 0) {
        for (auto [first, second] :
             pyramid ? pyramid_pairs(engines) : schedule_pairs(engines, gauntlet_seeds))
            cycle.push_back({first, second, pyramid ? first - 1 : 0});
        return cycle;
    }
    // The rotation: top[i] meets bottom[i]; an index of `engines` (an odd count's bye) sits out.
    const int count = engines + engines % 2;
    std::vector<int> top, bottom;
    for (int i = 0; i < count / 2; ++i) top.push_back(i);
    for (int i = count - 1; i >= count / 2; --i) bottom.push_back(i);
    for (int round = 0; round < count - 1; ++round) {
        for (std::size_t i = 0; i < top.size(); ++i)
            if (top[i] < engines && bottom[i] < engines)
                cycle.push_back({top[i], bottom[i], round});
        top.insert(top.begin() + 1, bottom.front());
        bottom.erase(bottom.begin());
        bottom.push_back(top.back());
        top.pop_back();
    }
    return cycle;
}

Schedule::Schedule(const ScheduleShape& shape) : shape_(shape) {
    if (shape.policy == OpeningPolicy::all_pairs) {
        pairs_ = shape.pyramid ? pyramid_pairs(shape.engines)
                               : schedule_pairs(shape.engines, shape.gauntlet_seeds);
    } else {
        for (const CycleEncounter& e :
             cutechess_cycle(shape.engines, shape.gauntlet_seeds, shape.pyramid)) {
            pairs_.emplace_back(e.white, e.black);
            pair_rounds_.push_back(e.round);
            rounds_per_cycle_ = std::max(rounds_per_cycle_, e.round + 1);
        }
    }
    // The openings of a round: the suite (arbiter's order), or none apart (cutechess's).
    const std::int64_t openings =
        shape.policy == OpeningPolicy::all_pairs ? std::max<std::int64_t>(shape.openings, 0) : 1;
    std::int64_t per_round = 0;
    if (__builtin_mul_overflow(openings, games_per_opening() * std::int64_t(pairs_.size()),
                               &per_round) ||
        __builtin_mul_overflow(per_round, std::int64_t(std::max(shape.rounds, 0)), &size_))
        throw ConfigError("the schedule has more games than a 64-bit slot number can count (" +
                          std::to_string(shape.rounds) + " rounds of " +
                          std::to_string(shape.openings) + " openings and " +
                          std::to_string(pairs_.size()) + " engine pairs); use fewer --rounds");
    if (shape.max_games > 0) size_ = std::min(size_, shape.max_games);
}

Schedule Schedule::of(const TournamentConfig& config, std::int64_t openings) {
    ScheduleShape shape;
    shape.engines = int(config.engines.size());
    shape.openings = openings;
    shape.rounds = config.rounds;
    shape.random_order = config.random_order && config.openings_start == 0;
    shape.seed = config.seed;
    shape.gauntlet_seeds = config.gauntlet ? config.seeds : 0;
    shape.colours = config.colours;
    shape.max_games = config.max_games;
    shape.single_games = config.single_games;
    shape.pyramid = config.pyramid;
    shape.policy = config.opening_policy;
    return Schedule(shape);
}

int Schedule::opening_of(int round, std::int64_t position) const {
    if (!shape_.random_order) return int(position);
    std::lock_guard lock(order_mutex_);
    if (order_round_ != round) {
        // The shuffle of every earlier release: Fisher-Yates from a generator seeded per round.
        const int openings = int(shape_.openings);
        order_.resize(std::size_t(openings));
        for (int o = 0; o < openings; ++o) order_[std::size_t(o)] = o;
        std::mt19937_64 rng(shape_.seed * 1000003 + std::uint64_t(round));
        for (int o = openings - 1; o > 0; --o)
            std::swap(order_[std::size_t(o)], order_[rng() % std::uint64_t(o + 1)]);
        order_round_ = round;
    }
    return order_[std::size_t(position)];
}

ScheduledGame Schedule::cutechess_game(std::int64_t slot) const {
    const std::int64_t games = games_per_opening();
    const std::int64_t pair_count = std::int64_t(pairs_.size());
    const std::int64_t encounter = slot / games;
    const std::int64_t cycle = encounter / pair_count;
    const std::size_t in_cycle = std::size_t(encounter % pair_count);
    ScheduledGame game;
    game.slot.number = slot;
    game.slot.round = int(cycle * rounds_per_cycle_ + pair_rounds_[in_cycle]);
    game.slot.pair_index = int(in_cycle);
    game.slot.game_in_pair = int(slot % games % 2);
    // Step 1. The opening: the suite dealt in order, one per encounter or per cutechess round.
    std::int64_t draw = encounter;
    if (shape_.policy == OpeningPolicy::round) draw = game.slot.round;
    if (shape_.policy == OpeningPolicy::encounter && shape_.engines == 2) draw = 0;
    const std::int64_t suite = std::max<std::int64_t>(shape_.openings, 1);
    game.slot.opening_index = opening_of(int(draw / suite), draw % suite);
    // Step 2. The colours: the pair's swaps after each game, and -reverse's at each new encounter.
    const bool swaps = shape_.colours == Colours::alternate || shape_.colours == Colours::reversed;
    const bool reverses =
        shape_.colours == Colours::reversed || shape_.colours == Colours::second_white;
    std::int64_t turns = swaps ? cycle * games + slot % games : 0;
    if (reverses) turns += shape_.engines == 2 ? 1 : cycle + 1;
    auto [first, second] = pairs_[in_cycle];
    game.white = turns % 2 == 0 ? first : second;
    game.black = turns % 2 == 0 ? second : first;
    return game;
}

ScheduledGame Schedule::at(std::int64_t slot) const {
    if (shape_.policy != OpeningPolicy::all_pairs) return cutechess_game(slot);
    const std::int64_t pair_count = std::int64_t(pairs_.size());
    const std::int64_t games = games_per_opening();
    const std::int64_t per_round = shape_.openings * games * pair_count;
    ScheduledGame game;
    game.slot.number = slot;
    game.slot.round = int(slot / per_round);
    const std::int64_t in_round = slot % per_round;
    game.slot.opening_index = opening_of(game.slot.round, in_round / (games * pair_count));
    game.slot.pair_index = int(in_round / games % pair_count);
    game.slot.game_in_pair = int(in_round % games);
    auto [first, second] = pairs_[std::size_t(game.slot.pair_index)];
    // Single games: the colours of a pair's two games, taken by every other slot.
    const int colour_turn = shape_.single_games ? int(slot % 2) : game.slot.game_in_pair;
    const bool first_white = first_has_white(shape_.colours, colour_turn);
    game.white = first_white ? first : second;
    game.black = first_white ? second : first;
    return game;
}

std::vector<ScheduledGame> all_games(const Schedule& schedule) {
    std::vector<ScheduledGame> games;
    games.reserve(std::size_t(schedule.size()));
    for (std::int64_t slot = 0; slot < schedule.size(); ++slot) games.push_back(schedule.at(slot));
    return games;
}

std::vector<ScheduledGame> make_schedule(int engines, int openings, int rounds, bool random_order,
                                         std::uint64_t seed, int gauntlet_seeds, Colours colours,
                                         bool single_games) {
    return all_games(Schedule(
        {engines, openings, rounds, random_order, seed, gauntlet_seeds, colours, 0, single_games}));
}

}  // namespace arbiter
