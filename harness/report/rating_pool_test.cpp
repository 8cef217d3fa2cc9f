// The pool of `ratings --all`: players by engine identity across tournaments and databases,
// rebuilt engines as other players, several files the same as one file holding their games, and
// nothing depending on the order of files, tournaments or engines.
#include "harness/report/rating_pool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "harness/ratings/joint_ratings.h"
#include "harness/report/rating_output.h"
#include "harness/store/test_records.h"

namespace arbiter {
namespace {

using store_test::sample_engine;
using store_test::START_FEN;

// One generated game: which tournament, slot, the two identities (indices into the
// generator's identities) and how it ended.
struct PlannedGame {
    int tournament = 0;
    std::int64_t slot = 0;
    int white = 0;
    int black = 0;
    Outcome outcome = Outcome::draw;
    std::int64_t started_at_ms = 0;
};

// A generated history: engines (some rebuilt, some with other options) and tournaments of
// colour-reversed pairs between them.
struct History {
    std::vector<EngineIdentity> identities;
    std::vector<PlannedGame> games;
    int tournaments = 0;
};

History generate(std::uint64_t seed) {
    std::mt19937_64 random(seed);
    auto below = [&](int n) { return static_cast<int>(random() % static_cast<std::uint64_t>(n)); };
    History history;
    const int names = 2 + below(4);
    for (int e = 0; e < names; ++e) {
        const std::string name = "engine" + std::to_string(e);
        const int builds = 1 + below(3);
        for (int b = 0; b < builds; ++b) {
            EngineIdentity identity = sample_engine(name, name + " build " + std::to_string(b));
            identity.working_dir = "/tmp/w" + std::to_string(below(3));
            history.identities.push_back(identity);
            if (below(4) == 0) {  // the same program with another option is another player
                identity.options.push_back({"Hash", std::to_string(16 << below(3))});
                history.identities.push_back(identity);
            }
        }
    }
    const int identities = static_cast<int>(history.identities.size());
    history.tournaments = 2 + below(4);
    for (int t = 0; t < history.tournaments; ++t) {
        const int pairs = 5 + below(20);
        for (int p = 0; p < pairs; ++p) {
            const int a = below(identities);
            int b = below(identities - 1);
            if (b >= a) ++b;
            for (int g = 0; g < 2; ++g) {
                const Outcome outcome = static_cast<Outcome>(below(3));
                history.games.push_back({t, 2 * p + g, g == 0 ? a : b, g == 0 ? b : a, outcome,
                                         1'700'000'000'000 + t * 100'000'000 + p * 1000 + g});
            }
        }
    }
    return history;
}

// Writes `games` of the history into `store`, registering engines in `engine_order`.
void write(Store& store, const History& history, const std::vector<PlannedGame>& games,
           const std::vector<int>& engine_order) {
    std::map<int, EngineId> engine;
    for (int i : engine_order) engine[i] = store.get_or_create_engine(history.identities[i]);
    for (const PlannedGame& planned : games) {
        const TournamentId tournament = store.get_or_create_tournament(
            "tournament-" + std::to_string(planned.tournament), "{}");
        GameRecord game;
        game.tournament_id = tournament;
        game.slot.number = planned.slot;
        game.slot.game_in_pair = static_cast<int>(planned.slot % 2);
        game.white_engine_id = engine.at(planned.white);
        game.black_engine_id = engine.at(planned.black);
        game.start_fen = std::string(START_FEN);
        game.result.outcome = planned.outcome;
        game.result.termination = Termination::adjudication_draw;
        game.started_at_ms = planned.started_at_ms;
        game.finished_at_ms = planned.started_at_ms + 10;
        store.record_game(game);
    }
}

std::vector<int> shuffled_engines(const History& history, std::mt19937_64& random) {
    std::vector<int> order(history.identities.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::shuffle(order.begin(), order.end(), random);
    return order;
}

// The whole rating list as JSON, builds included: equal texts are equal results.
std::string rated(const RatingPool& pool) {
    RatingOptions options;
    options.bootstrap_samples = 20;
    const RatingResult result = compute_ratings(pool.labels(), pool.games, options);
    std::map<std::string, PlayerBuild> builds;
    for (const PoolPlayer& p : pool.players)
        builds[p.label] = {
            p.identity.name, p.build, p.identity.binary_sha256, utc_minute(p.first_played_ms), {}};
    TableOptions table;
    table.builds = &builds;
    return format_ratings(result, OutputFormat::json, table);
}

RatingPool pool_of(std::vector<Store>& stores) {
    std::vector<Store*> pointers;
    for (Store& store : stores) pointers.push_back(&store);
    return read_rating_pool(pointers);
}

// Over generated histories: the games split over two to four files by tournament and by slot
// (as shards are), some games held by two files, the files and each file's engines in a shuffled
// order, rate exactly as one file holding every game once, and so does one file that recorded the
// tournaments in the opposite order; every player's counts are its identity's, from the plan.
TEST(RatingPool, SeveralFilesInAnyOrderAreTheOneFileOfTheirGames) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const History history = generate(seed);
        std::mt19937_64 random(seed * 7919);
        std::vector<Store> one;
        one.push_back(Store::open(":memory:"));
        write(one[0], history, history.games, shuffled_engines(history, random));
        const int files = 2 + static_cast<int>(random() % 3);
        std::vector<std::vector<PlannedGame>> parts(files);
        std::int64_t copies = 0;
        for (const PlannedGame& game : history.games) {
            const int file = static_cast<int>((game.tournament + game.slot / 6) % files);
            parts[file].push_back(game);
            if (random() % 5 == 0) {  // a copy in another file too
                parts[(file + 1) % files].push_back(game);
                ++copies;
            }
        }
        std::shuffle(parts.begin(), parts.end(), random);
        std::vector<Store> several;
        for (const auto& part : parts) {
            several.push_back(Store::open(":memory:"));
            write(several.back(), history, part, shuffled_engines(history, random));
        }
        // The tournaments and their games recorded in the opposite order.
        std::vector<Store> reversed;
        reversed.push_back(Store::open(":memory:"));
        write(reversed[0], history, {history.games.rbegin(), history.games.rend()},
              shuffled_engines(history, random));
        const RatingPool whole = pool_of(one);
        const RatingPool split = pool_of(several);
        EXPECT_EQ(rated(pool_of(reversed)), rated(whole));
        EXPECT_EQ(whole.duplicate_games, 0);
        EXPECT_EQ(split.duplicate_games, copies);
        EXPECT_EQ(split.tournaments, history.tournaments);
        ASSERT_EQ(split.labels(), whole.labels());
        EXPECT_EQ(rated(split), rated(whole));

        // Each player's wins, draws and losses are its identity's in the plan.
        std::map<std::string, WdlCounts> expected;
        for (const PlannedGame& game : history.games) {
            expected[history.identities[game.white].binary_sha256 + "/" +
                     std::to_string(history.identities[game.white].options.size())]
                .add(game.outcome, true);
            expected[history.identities[game.black].binary_sha256 + "/" +
                     std::to_string(history.identities[game.black].options.size())]
                .add(game.outcome, false);
        }
        std::vector<WdlCounts> counted(whole.players.size());
        for (const GameResult& game : whole.games) {
            counted[game.white].add(game.outcome, true);
            counted[game.black].add(game.outcome, false);
        }
        ASSERT_EQ(whole.players.size(), expected.size());
        for (std::size_t p = 0; p < whole.players.size(); ++p) {
            const EngineIdentity& identity = whole.players[p].identity;
            const WdlCounts& want =
                expected[identity.binary_sha256 + "/" + std::to_string(identity.options.size())];
            EXPECT_EQ(counted[p], want) << whole.players[p].label;
            EXPECT_EQ(whole.players[p].games, want.games()) << whole.players[p].label;
        }
    }
}

// A rebuilt engine (same name, other program) is a second player, "name (2)", numbered by its
// first game whatever the order in which the database met the two builds; the same program with
// other options is another player too; the two games of each pair share a pair id.
TEST(RatingPool, ARebuiltEngineIsASecondPlayerNumberedByItsFirstGame) {
    History history;
    history.identities = {sample_engine("x", "x new"), sample_engine("x", "x old"),
                          sample_engine("y", "y"), sample_engine("y", "y")};
    history.identities[3].options.push_back({"Threads", "2"});
    history.tournaments = 2;
    // Tournament 0 (earlier): old x against y; tournament 1: new x against y and y Threads=2.
    const Outcome w = Outcome::white_win, d = Outcome::draw, l = Outcome::black_win;
    history.games = {{0, 0, 1, 2, w, 1000}, {0, 1, 2, 1, d, 1001}, {0, 2, 1, 2, l, 1002},
                     {0, 3, 2, 1, w, 1003}, {1, 0, 0, 2, w, 5000}, {1, 1, 2, 0, l, 5001},
                     {1, 4, 0, 3, d, 5002}, {1, 5, 3, 0, d, 5003}};
    std::vector<Store> stores;
    stores.push_back(Store::open(":memory:"));
    write(stores[0], history, history.games, {0, 3, 2, 1});  // the new build's row comes first
    const RatingPool pool = pool_of(stores);
    ASSERT_EQ(pool.labels(), (std::vector<std::string>{"x", "x (2)", "y", "y (2)"}));
    EXPECT_EQ(pool.players[0].identity.binary_sha256, history.identities[1].binary_sha256);
    EXPECT_EQ(pool.players[0].build, 1);
    EXPECT_EQ(pool.players[0].first_played_ms, 1000);
    EXPECT_EQ(pool.players[1].identity.binary_sha256, history.identities[0].binary_sha256);
    EXPECT_EQ(pool.players[1].build, 2);
    EXPECT_EQ(pool.players[1].first_played_ms, 5000);
    EXPECT_EQ(pool.players[3].identity.options, history.identities[3].options);
    EXPECT_EQ(pool.tournaments, 2);
    ASSERT_EQ(pool.games.size(), 8u);
    const RatingResult ratings = compute_ratings(pool.labels(), pool.games, RatingOptions{});
    std::map<std::string, WdlCounts> results;
    for (const PlayerRating& p : ratings.players) results[p.name] = p.results;
    EXPECT_EQ(results["x"], (WdlCounts{1, 1, 2}));
    EXPECT_EQ(results["x (2)"], (WdlCounts{2, 2, 0}));
    EXPECT_EQ(results["y"], (WdlCounts{2, 1, 3}));
    EXPECT_EQ(results["y (2)"], (WdlCounts{0, 2, 0}));
    // Pairs: slots 0-1 and 2-3 of tournament 0, 0-1 and 4-5 of tournament 1; none shared.
    std::map<std::int64_t, int> pair_sizes;
    for (const GameResult& game : pool.games) ++pair_sizes[*game.pair_id];
    EXPECT_EQ(pair_sizes.size(), 4u);
    for (const auto& [id, size] : pair_sizes) EXPECT_EQ(size, 2) << id;
    const std::string listed = format_pool_players(pool);
    EXPECT_NE(listed.find("  x (2): build 2 of x, first game 1970-01-01 00:00 UTC, sha256 " +
                          history.identities[0].binary_sha256),
              std::string::npos)
        << listed;
    EXPECT_NE(listed.find(", Threads=2"), std::string::npos) << listed;
}

// An engine already named like another's second build keeps its name; the build takes the next
// free number.
TEST(RatingPool, ABuildsLabelNeverTakesAnotherEnginesName) {
    History history;
    history.identities = {sample_engine("x", "1"), sample_engine("x", "2"),
                          sample_engine("x (2)", "3")};
    history.tournaments = 1;
    history.games = {{0, 0, 0, 2, Outcome::draw, 1}, {0, 1, 1, 2, Outcome::draw, 2}};
    std::vector<Store> stores;
    stores.push_back(Store::open(":memory:"));
    write(stores[0], history, history.games, {0, 1, 2});
    EXPECT_EQ(pool_of(stores).labels(), (std::vector<std::string>{"x", "x (2)", "x (3)"}));
}

}  // namespace
}  // namespace arbiter
