// The canonical order of the players at any size: pools whose players refinement cannot tell
// apart (a drawn round robin of 20, a cycle of 12, the Paley tournament of 23, eight cycles of
// three around a hub, random regular pools of 24 and 30 with no symmetry at all), listed under
// other numbers, names and game orders, land on the same labelled games, the same bootstrap seed
// and the same ratings and intervals. Before the canonical search, pools past 5,040
// tie-breaking orders kept the input's order, and all but the drawn round robin failed here.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/results_order.h"

namespace arbiter {
namespace {

// One match of a generated pool: a colour-reversed pair or a single game.
struct Match {
    int white = 0;
    int black = 0;
    Outcome first = Outcome::draw;
    Outcome second = Outcome::draw;  // the game with the colours reversed, when paired
    bool paired = true;
};

struct Pool {
    std::string name;
    int players = 0;
    std::vector<Match> matches;
};

Pool drawn_round_robin(int players) {
    Pool pool{"drawn round robin of " + std::to_string(players), players, {}};
    for (int a = 0; a < players; ++a)
        for (int b = a + 1; b < players; ++b) pool.matches.push_back({a, b});
    return pool;
}

// Each player wins a pair against the next and draws a pair with the one after.
Pool cycle(int players) {
    Pool pool{"cycle of " + std::to_string(players), players, {}};
    for (int a = 0; a < players; ++a) {
        pool.matches.push_back({a, (a + 1) % players, Outcome::white_win, Outcome::black_win});
        pool.matches.push_back({a, (a + 2) % players});
    }
    return pool;
}

// The Paley tournament: a beats b (a win as White, a draw as Black, two single games) when b - a
// is a square mod the prime 23; every player alike, refinement splits nothing.
Pool paley_tournament() {
    constexpr int PRIME = 23;
    std::set<int> squares;
    for (int x = 1; x < PRIME; ++x) squares.insert(x * x % PRIME);
    Pool pool{"Paley tournament of 23", PRIME, {}};
    for (int a = 0; a < PRIME; ++a)
        for (int b = 0; b < PRIME; ++b) {
            if (!squares.contains(((b - a) % PRIME + PRIME) % PRIME)) continue;
            pool.matches.push_back({a, b, Outcome::white_win, Outcome::draw, false});
            pool.matches.push_back({b, a, Outcome::draw, Outcome::draw, false});
        }
    return pool;
}

// Copies of a cycle of three (each wins a pair against the next) whose players all drew a pair
// with one hub: swapping two copies is a symmetry that no swap of two players gives.
Pool cycles_around_a_hub(int copies) {
    Pool pool{std::to_string(copies) + " cycles of three around a hub", 1 + 3 * copies, {}};
    for (int c = 0; c < copies; ++c)
        for (int k = 0; k < 3; ++k) {
            const int a = 1 + 3 * c + k;
            pool.matches.push_back(
                {a, 1 + 3 * c + (k + 1) % 3, Outcome::white_win, Outcome::black_win});
            pool.matches.push_back({0, a});
        }
    return pool;
}

// Two random cycles through all players: each player wins a pair against its two successors and
// draws one pair with each; every player alike to refinement, but no symmetry, so that any given
// order of the ties gives other labelled games.
Pool random_regular(int players, std::mt19937& random) {
    for (;;) {
        std::set<std::pair<int, int>> edges;
        bool simple = true;
        for (int round = 0; round < 2 && simple; ++round) {
            std::vector<int> order(players);
            std::iota(order.begin(), order.end(), 0);
            std::shuffle(order.begin(), order.end(), random);
            for (int k = 0; k < players && simple; ++k) {
                const int a = order[k];
                const int b = order[(k + 1) % players];
                simple = !edges.contains({a, b}) && !edges.contains({b, a});
                edges.insert({a, b});
            }
        }
        if (!simple) continue;
        Pool pool{"random regular pool of " + std::to_string(players), players, {}};
        for (const auto& [a, b] : edges) {
            pool.matches.push_back({a, b, Outcome::white_win, Outcome::black_win});
            pool.matches.push_back({b, a});
        }
        return pool;
    }
}

// The pool with player p numbered relabel[p] and its matches in a shuffled order.
ResultMatrix matrix_of(const Pool& pool, const std::vector<int>& relabel, std::mt19937& random) {
    std::vector<Match> matches = pool.matches;
    std::shuffle(matches.begin(), matches.end(), random);
    ResultMatrix m(pool.players);
    for (const Match& match : matches) {
        const int white = relabel[match.white];
        const int black = relabel[match.black];
        if (match.paired) {
            m.add_pair(white, black, match.first, match.second);
        } else {
            m.add(white, black, match.first);
        }
    }
    return m;
}

// The games between canonical indices, as results_order's caller builds them.
std::vector<rating_fit::Cell> cells_of(const ResultMatrix& m, const std::vector<int>& label) {
    std::vector<rating_fit::Cell> cells;
    for (int white = 0; white < m.players(); ++white)
        for (int black = 0; black < m.players(); ++black) {
            const WdlCounts& c = m.cell(white, black);
            if (white != black && c.games() > 0)
                cells.push_back({label[white], label[black], c.wins, c.draws, c.losses});
        }
    std::sort(cells.begin(), cells.end(), [](const auto& a, const auto& b) {
        return std::tie(a.white, a.black) < std::tie(b.white, b.black);
    });
    return cells;
}

std::vector<Pool> symmetric_pools() {
    std::mt19937 random(47);
    return {drawn_round_robin(20),      cycle(12),
            paley_tournament(),         cycles_around_a_hub(8),
            random_regular(24, random), random_regular(30, random)};
}

TEST(ResultsOrder, SymmetricPoolsPastTheOldLimitGetOneLabelling) {
    std::mt19937 random(3);
    for (const Pool& pool : symmetric_pools()) {
        std::vector<std::vector<int>> canonical_games;
        std::set<std::uint64_t> hashes;
        for (int trial = 0; trial < 20; ++trial) {
            std::vector<int> relabel(pool.players);
            std::iota(relabel.begin(), relabel.end(), 0);
            if (trial > 0) std::shuffle(relabel.begin(), relabel.end(), random);
            const ResultMatrix m = matrix_of(pool, relabel, random);
            std::vector<int> identity(pool.players);
            std::iota(identity.begin(), identity.end(), 0);
            const auto order = rating_fit::results_order(pool.players, cells_of(m, identity));
            std::vector<int> label(pool.players);
            for (int k = 0; k < pool.players; ++k) label[order.order[k]] = k;
            const auto cells = cells_of(m, label);
            std::vector<int> flat;
            for (const auto& c : cells)
                flat.insert(flat.end(), {c.white, c.black, static_cast<int>(c.wins),
                                         static_cast<int>(c.draws), static_cast<int>(c.losses)});
            canonical_games.push_back(flat);
            hashes.insert(rating_fit::results_hash(cells));
        }
        for (const auto& games : canonical_games) EXPECT_EQ(games, canonical_games[0]) << pool.name;
        EXPECT_EQ(hashes.size(), 1u) << pool.name;
    }
}

TEST(ResultsOrder, SymmetricPoolsShuffledAndRenamedRateAlike) {
    std::mt19937 random(11);
    RatingOptions options;
    options.bootstrap_samples = 40;
    for (const Pool& pool : symmetric_pools()) {
        std::map<int, PlayerRating> first;  // by the pool's own player number
        for (int trial = 0; trial < 6; ++trial) {
            std::vector<int> relabel(pool.players);
            std::iota(relabel.begin(), relabel.end(), 0);
            if (trial > 0) std::shuffle(relabel.begin(), relabel.end(), random);
            std::vector<std::string> names(pool.players);
            for (int p = 0; p < pool.players; ++p)
                names[relabel[p]] = std::to_string(random() % 1000) + "-" + std::to_string(p);
            const RatingResult result =
                compute_ratings(names, matrix_of(pool, relabel, random), options);
            for (const PlayerRating& rating : result.players) {
                const int p = std::stoi(rating.name.substr(rating.name.find('-') + 1));
                if (trial == 0) {
                    first[p] = rating;
                    continue;
                }
                const PlayerRating& before = first.at(p);
                EXPECT_EQ(before.bound, rating.bound) << pool.name << " player " << p;
                EXPECT_EQ(before.rank, rating.rank) << pool.name << " player " << p;
                EXPECT_NEAR(before.elo, rating.elo, 1e-9) << pool.name << " player " << p;
                ASSERT_TRUE(before.interval_95 && rating.interval_95);
                EXPECT_NEAR(before.interval_95->low, rating.interval_95->low, 1e-9)
                    << pool.name << " player " << p;
                EXPECT_NEAR(before.interval_95->high, rating.interval_95->high, 1e-9)
                    << pool.name << " player " << p;
            }
        }
    }
}

}  // namespace
}  // namespace arbiter
