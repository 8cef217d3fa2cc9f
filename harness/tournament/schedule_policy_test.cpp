// cutechess-cli's opening policies (-openings policy=default|encounter|round) and its game order:
// the schedule against a model of how cutechess-cli 1.3.1 walks its tournament (one game after
// another, the pairs' colours and the opening it keeps between games as state), and against the
// games the real cutechess-cli played (its PGN, order=sequential, noted below).
#include <gtest/gtest.h>

#include <climits>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "harness/tournament/schedule.h"

namespace arbiter {
namespace {

// One game as cutechess plays it: White, Black and the suite entry (in order).
struct Played {
    int white, black;
    std::int64_t opening;
    bool operator==(const Played&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Played& p) {
    return out << p.white << "-" << p.black << "@" << p.opening;
}

// The pair generator of each tournament type, its state carried from cycle to cycle.
class Pairing {
  public:
    Pairing(int engines, int seeds, bool pyramid)
        : engines_(engines), seeds_(seeds), pyramid_(pyramid) {
        const int count = engines + engines % 2;
        for (int i = 0; i < count / 2; ++i) top_.push_back(i);
        for (int i = count - 1; i >= count / 2; --i) bottom_.push_back(i);
        if (pyramid_) player_ = 1;
        if (seeds_ > 0) opponent_ = seeds_;
    }
    int round() const { return round_; }

    std::pair<int, int> next() {
        if (pyramid_) {
            if (number_ >= player_) {
                number_ = 0;
                ++round_;
                if (++player_ >= engines_) player_ = 1;
            }
            return {player_, number_++};
        }
        if (seeds_ > 0) {
            if (opponent_ >= engines_) {
                opponent_ = seeds_;
                if (++player_ >= seeds_) {
                    player_ = 0;
                    ++round_;
                }
            }
            return {player_, opponent_++};
        }
        for (;;) {
            if (number_ >= int(top_.size())) {
                number_ = 0;
                ++round_;
                top_.insert(top_.begin() + 1, bottom_.front());
                bottom_.erase(bottom_.begin());
                bottom_.push_back(top_.back());
                top_.pop_back();
            }
            int white = top_[std::size_t(number_)], black = bottom_[std::size_t(number_)];
            ++number_;
            if (white < engines_ && black < engines_) return {white, black};
        }
    }

  private:
    int engines_, seeds_;
    bool pyramid_;
    int round_ = 1, number_ = 0, player_ = 0, opponent_ = 0;
    std::vector<int> top_, bottom_;
};

// The tournament's walk: a pair keeps its orientation between games (swapped after each game,
// and at each new encounter with -reverse); the opening of a game is kept for the next while
// fewer than the repetitions (the pair of -repeat, or every game under encounter and round) have
// played it, and dropped when the players change (more than two engines, not `round`) or the
// round does (`round`).
std::vector<Played> cutechess_walk(const ScheduleShape& shape, std::int64_t suite) {
    const int games = shape.single_games ? 1 : 2;
    const int repetitions = shape.policy == OpeningPolicy::cutechess_default ? games : INT_MAX;
    const bool swaps = shape.colours == Colours::alternate || shape.colours == Colours::reversed;
    const bool reverses =
        shape.colours == Colours::reversed || shape.colours == Colours::second_white;
    Pairing pairing(shape.engines, shape.gauntlet_seeds, shape.pyramid);
    std::map<std::pair<int, int>, std::pair<int, int>> pairs;  // by the lower index first
    std::optional<std::pair<int, int>> previous, current;
    std::int64_t kept = -1;  // the opening kept for the next game, or none
    int counter = 0, old_round = -1;
    std::int64_t drawn = 0;
    std::vector<Played> played;
    const std::int64_t total =
        std::int64_t(cutechess_cycle(shape.engines, shape.gauntlet_seeds, shape.pyramid).size()) *
        games * shape.rounds;
    for (std::int64_t n = 0; n < total; ++n) {
        if (n % games == 0) {
            auto [white, black] = pairing.next();
            current = std::pair{std::min(white, black), std::max(white, black)};
            pairs.try_emplace(*current, white, black);
        }
        std::pair<int, int>& pair = pairs[*current];
        const bool same = previous == current;
        if (!same && reverses) std::swap(pair.first, pair.second);
        if ((!same && shape.engines > 2 && shape.policy != OpeningPolicy::round) ||
            (shape.policy == OpeningPolicy::round && pairing.round() > old_round)) {
            kept = -1;
            counter = 1;
            old_round = pairing.round();
        }
        std::int64_t opening;
        if (kept >= 0) {
            opening = kept;
            kept = -1;
            ++counter;
        } else {
            counter = 1;
            opening = drawn++ % suite;
        }
        if (counter < repetitions) kept = opening;
        played.push_back({pair.first, pair.second, opening});
        if (swaps) std::swap(pair.first, pair.second);
        previous = current;
    }
    return played;
}

std::vector<Played> scheduled(const ScheduleShape& shape) {
    std::vector<Played> played;
    for (const ScheduledGame& g : all_games(Schedule(shape)))
        played.push_back({g.white, g.black, g.slot.opening_index});
    return played;
}

ScheduleShape cutechess_shape(int engines, std::int64_t suite, int rounds, OpeningPolicy policy) {
    ScheduleShape shape;
    shape.engines = engines;
    shape.openings = suite;
    shape.rounds = rounds;
    shape.policy = policy;
    return shape;
}

TEST(CutechessPolicy, EveryShapeDealsAsCutechessWalksIt) {
    int shapes = 0;
    for (int engines = 2; engines <= 7; ++engines)
        for (int format = 0; format < 4; ++format)  // round-robin, gauntlet 1 and 2, pyramid
            for (OpeningPolicy policy :
                 {OpeningPolicy::cutechess_default, OpeningPolicy::encounter, OpeningPolicy::round})
                for (Colours colours : {Colours::alternate, Colours::reversed, Colours::first_white,
                                        Colours::second_white})
                    for (bool single : {false, true})
                        for (std::int64_t suite : {3, 1000}) {
                            if (format == 2 && engines < 3) continue;
                            ScheduleShape shape = cutechess_shape(engines, suite, 3, policy);
                            shape.gauntlet_seeds = format == 1 ? 1 : format == 2 ? 2 : 0;
                            shape.pyramid = format == 3;
                            shape.colours = colours;
                            shape.single_games = single;
                            ASSERT_EQ(scheduled(shape), cutechess_walk(shape, suite))
                                << engines << " engines, format " << format << ", policy "
                                << opening_policy_name(policy) << ", colours "
                                << colours_name(colours) << ", single " << single;
                            ++shapes;
                        }
    EXPECT_EQ(shapes, 6 * 4 * 3 * 4 * 2 * 2 - 3 * 4 * 2 * 2);
}

// The rotation of four engines over a cycle, as cutechess prints its pairings: (0,3) (1,2),
// (0,2) (3,1), (0,1) (2,3).
TEST(CutechessPolicy, TheRoundRobinRotation) {
    const std::vector<CycleEncounter> four = {{0, 3, 0}, {1, 2, 0}, {0, 2, 1},
                                              {3, 1, 1}, {0, 1, 2}, {2, 3, 2}};
    EXPECT_EQ(cutechess_cycle(4, 0, false), four);
    // Three engines: a bye each round, one encounter left in it.
    const std::vector<CycleEncounter> three = {{1, 2, 0}, {0, 2, 1}, {0, 1, 2}};
    EXPECT_EQ(cutechess_cycle(3, 0, false), three);
}

// cutechess-cli 1.3.1, four engines (A B C D), -rounds 2 -games 2 -repeat, -openings
// order=sequential: each encounter its own opening, in the order of the games.
TEST(CutechessPolicy, FourEnginesOnTheDefaultPolicyAsCutechessPlayedThem) {
    const std::vector<Played> real = {
        {0, 3, 0}, {3, 0, 0}, {1, 2, 1}, {2, 1, 1}, {0, 2, 2},  {2, 0, 2},  {3, 1, 3},  {1, 3, 3},
        {0, 1, 4}, {1, 0, 4}, {2, 3, 5}, {3, 2, 5}, {0, 3, 6},  {3, 0, 6},  {1, 2, 7},  {2, 1, 7},
        {0, 2, 8}, {2, 0, 8}, {3, 1, 9}, {1, 3, 9}, {0, 1, 10}, {1, 0, 10}, {2, 3, 11}, {3, 2, 11}};
    EXPECT_EQ(scheduled(cutechess_shape(4, 100, 2, OpeningPolicy::cutechess_default)), real);
}

// The same four, -rounds 1 -games 2 policy=round: the two encounters of a round on one opening.
TEST(CutechessPolicy, FourEnginesOnTheRoundPolicyAsCutechessPlayedThem) {
    const std::vector<Played> real = {{0, 3, 0}, {3, 0, 0}, {1, 2, 0}, {2, 1, 0},
                                      {0, 2, 1}, {2, 0, 1}, {3, 1, 1}, {1, 3, 1},
                                      {0, 1, 2}, {1, 0, 2}, {2, 3, 2}, {3, 2, 2}};
    EXPECT_EQ(scheduled(cutechess_shape(4, 100, 1, OpeningPolicy::round)), real);
}

// Two engines, -rounds 3 -games 2 policy=encounter: one opening for the whole match; three
// engines on policy=encounter: one per encounter, kept across an encounter's two games.
TEST(CutechessPolicy, EncounterPolicyAsCutechessPlayedIt) {
    const std::vector<Played> two = {{0, 1, 0}, {1, 0, 0}, {0, 1, 0},
                                     {1, 0, 0}, {0, 1, 0}, {1, 0, 0}};
    EXPECT_EQ(scheduled(cutechess_shape(2, 100, 3, OpeningPolicy::encounter)), two);
    const std::vector<Played> three = {{1, 2, 0}, {2, 1, 0}, {0, 2, 1}, {2, 0, 1},
                                       {0, 1, 2}, {1, 0, 2}, {1, 2, 3}, {2, 1, 3},
                                       {0, 2, 4}, {2, 0, 4}, {0, 1, 5}, {1, 0, 5}};
    EXPECT_EQ(scheduled(cutechess_shape(3, 100, 2, OpeningPolicy::encounter)), three);
}

// More rounds append games: the first rounds keep their slots, so a run extended by -rounds (or
// resumed, or split into shards, each slot computed alone) gives each game the same opening.
TEST(CutechessPolicy, MoreRoundsKeepTheEarlierSlots) {
    for (OpeningPolicy policy :
         {OpeningPolicy::cutechess_default, OpeningPolicy::encounter, OpeningPolicy::round}) {
        const std::vector<Played> two_rounds = scheduled(cutechess_shape(5, 7, 2, policy));
        const std::vector<Played> five_rounds = scheduled(cutechess_shape(5, 7, 5, policy));
        ASSERT_EQ(two_rounds.size(), 40u);
        EXPECT_EQ(std::vector<Played>(five_rounds.begin(), five_rounds.begin() + 40), two_rounds);
    }
}

}  // namespace
}  // namespace arbiter
