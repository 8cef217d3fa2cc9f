// The schedule of a tournament as a pure function: slot number to game. Nothing is built in
// memory, so a schedule of any length (--rounds up to its limit, the slots up to the 64-bit
// range) costs the same; a run holds only the games it plays.
#pragma once

#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/store/records.h"

namespace arbiter {

// One game of the schedule: its slot and the engines (indices into the configuration).
struct ScheduledGame {
    ScheduleSlot slot;
    int white = 0;
    int black = 0;

    bool operator==(const ScheduledGame&) const = default;
};

// Whether the pair's first engine has White in game `game_in_pair` (0 or 1) of a pair.
bool first_has_white(Colours colours, int game_in_pair);

// The pairs (i, j) of engines that meet, in schedule order: i < j for every pair of a
// round-robin (gauntlet_seeds 0), or each seed i < gauntlet_seeds against each j >= gauntlet_seeds.
std::vector<std::pair<int, int>> schedule_pairs(int engines, int gauntlet_seeds);

// What decides a schedule.
struct ScheduleShape {
    int engines = 2;
    std::int64_t openings = 1;
    int rounds = 1;
    bool random_order = false;  // shuffle the openings of each round by `seed`
    std::uint64_t seed = 1;
    int gauntlet_seeds = 0;  // > 0: a gauntlet's pairs (see schedule_pairs)
    Colours colours = Colours::alternate;
    std::int64_t max_games = 0;  // > 0: only the first max_games slots
    // One game per opening and pair, no colour-reversed partner (cutechess's and fastchess's
    // -games 1): colours alternate from slot to slot, as fastchess swaps every even game.
    bool single_games = false;
    bool pyramid = false;  // the pairs in cutechess's pyramid order (knockout.h: pyramid_pairs)
    // all_pairs: the order above. Any other: cutechess's order and its choice of opening (see
    // Schedule); `rounds` is then cutechess's -rounds, each encounter's games one after another.
    OpeningPolicy policy = OpeningPolicy::all_pairs;
};

// One encounter of cutechess's cycle: who has White in its first game before any swap, and the
// cutechess round (0-based, within the cycle) it belongs to.
struct CycleEncounter {
    int white = 0;
    int black = 0;
    int round = 0;
    bool operator==(const CycleEncounter&) const = default;
};

// The encounters of one cycle in cutechess-cli 1.3's order: a round-robin's rounds in its
// rotation (the first engine fixed, the others turning; an odd count has a bye each round), a
// gauntlet's seeds each against every other engine (one round), a pyramid's engine k against
// every earlier one (round k - 1). A later cycle repeats it; its rounds count on.
std::vector<CycleEncounter> cutechess_cycle(int engines, int gauntlet_seeds, bool pyramid);

// The schedule: for each round, each opening (in file order, or shuffled per round from `seed`),
// each pair of engines, two games, the pair's first engine with White in the first and the
// second in the second (by default; see `colours`), or one game with `single_games`. Slot numbers
// count games in that order, so extra rounds append new slots. at() is a pure function of the shape
// and the slot number; it keeps one round's opening order (the suite's size in ints) for the random
// order. Thread-safe.
//
// With a cutechess policy: for each round (-rounds), the encounters of cutechess_cycle(), each
// with its games (two, or one with `single_games`) one after another; a pair's colours swap after
// each of its games (unless first-white or second-white) and, with reversed or second-white, at
// the start of each encounter (two engines: once). The suite is dealt in order, the nth opening
// drawn to the nth encounter (default, encounter) or to the nth cutechess round (round); two
// engines alone on `encounter` play one opening throughout, as cutechess does.
class Schedule {
  public:
    // Throws ConfigError when the slots would not fit in 64 bits.
    explicit Schedule(const ScheduleShape& shape);
    // The schedule `config` plays over a suite of `openings` entries (a window, openings_start,
    // is already in its order: it is played as it is).
    static Schedule of(const TournamentConfig& config, std::int64_t openings);

    Schedule(const Schedule& other) : Schedule(other.shape_) {}
    Schedule& operator=(const Schedule&) = delete;

    // The number of slots (after max_games).
    std::int64_t size() const { return size_; }
    // The game in slot `slot` (0 <= slot < size()).
    ScheduledGame at(std::int64_t slot) const;
    // How many engine pairs meet on each opening of each round.
    int engine_pairs() const { return int(pairs_.size()); }
    const ScheduleShape& shape() const { return shape_; }

  private:
    int opening_of(int round, std::int64_t position) const;
    ScheduledGame cutechess_game(std::int64_t slot) const;
    std::int64_t games_per_opening() const { return shape_.single_games ? 1 : 2; }

    ScheduleShape shape_;
    std::vector<std::pair<int, int>> pairs_;
    std::vector<int> pair_rounds_;  // cutechess policies: each pair's round within the cycle
    int rounds_per_cycle_ = 1;
    std::int64_t size_ = 0;
    mutable std::mutex order_mutex_;
    mutable int order_round_ = -1;  // the round whose shuffle order_ holds
    mutable std::vector<int> order_;
};

// Every game of a schedule, in slot order (for small schedules and tests).
std::vector<ScheduledGame> make_schedule(int engines, int openings, int rounds, bool random_order,
                                         std::uint64_t seed, int gauntlet_seeds = 0,
                                         Colours colours = Colours::alternate,
                                         bool single_games = false);
std::vector<ScheduledGame> all_games(const Schedule& schedule);

}  // namespace arbiter
