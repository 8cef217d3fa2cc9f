// A Swiss's initial ranking (initial_ranking.h) over generated inputs: the ranking's three parts in
// order and each sorted, whatever the configuration's order; the pool's Elo the same as `ratings
// --all`'s (read_rating_pool and compute_ratings, the command's own path) on generated databases,
// the Swiss's own games left out; the ranking stored once and kept; a Swiss begun before rankings
// were stored keeps the one it was paired by.
#include "harness/tournament/initial_ranking.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "harness/ratings/joint_ratings.h"
#include "harness/report/rating_pool.h"
#include "harness/store/test_records.h"

namespace arbiter {
namespace {

constexpr double INF = std::numeric_limits<double>::infinity();

// A configuration of 1 to 30 engines with distinct names, few distinct ratings (ties) and a pool
// that rates some of them (few distinct Elo values, infinite ones included).
std::pair<TournamentConfig, PoolRatings> random_entrants(std::mt19937& random) {
    TournamentConfig config;
    PoolRatings pool;
    std::set<std::string> names;
    const int engines = int(random() % 30) + 1;
    while (int(config.engines.size()) < engines) {
        std::string name(std::size_t(random() % 3 + 1), 'a');
        for (char& c : name) c = char('a' + random() % 4);
        if (!names.insert(name).second) continue;
        EngineConfig engine;
        engine.name = name;
        engine.rating = random() % 3 == 0 ? int(random() % 4) * 100 : 0;
        config.engines.push_back(engine);
        const double elos[] = {-INF, -50.5, 0, 12.25, 300, INF};
        pool.elo.push_back(random() % 2 ? std::optional<double>(elos[random() % 6]) : std::nullopt);
    }
    return {config, pool};
}

int part_of(InitialRatingSource source) {
    return source == InitialRatingSource::rating ? 0 : source == InitialRatingSource::pool ? 1 : 2;
}

TEST(InitialRanking, RatingThenPoolThenNameEachSortedWhateverTheGivenOrder) {
    std::mt19937 random(49);
    for (int trial = 0; trial < 3000; ++trial) {
        auto [config, pool] = random_entrants(random);
        const InitialRanking ranking = rank_entrants(config, pool);
        ASSERT_EQ(ranking.entrants.size(), config.engines.size());
        std::set<std::string> seen;
        for (std::size_t i = 0; i < ranking.entrants.size(); ++i) {
            const InitialEntrant& entrant = ranking.entrants[i];
            const auto at =
                std::find_if(config.engines.begin(), config.engines.end(),
                             [&](const EngineConfig& e) { return e.name == entrant.name; });
            ASSERT_NE(at, config.engines.end());
            ASSERT_TRUE(seen.insert(entrant.name).second);
            const std::size_t index = std::size_t(at - config.engines.begin());
            // rating= wins; then the pool's Elo; then none.
            if (at->rating > 0) {
                EXPECT_EQ(entrant.source, InitialRatingSource::rating);
                EXPECT_EQ(entrant.rating, double(at->rating));
            } else if (pool.elo[index]) {
                EXPECT_EQ(entrant.source, InitialRatingSource::pool);
                EXPECT_EQ(entrant.rating, pool.elo[index]);
            } else {
                EXPECT_EQ(entrant.source, InitialRatingSource::name);
                EXPECT_EQ(entrant.rating, std::nullopt);
            }
            if (i == 0) continue;
            const InitialEntrant& before = ranking.entrants[i - 1];
            ASSERT_LE(part_of(before.source), part_of(entrant.source));
            if (before.source != entrant.source) continue;
            ASSERT_GE(before.rating, entrant.rating);
            if (before.rating == entrant.rating) {
                ASSERT_LT(before.name, entrant.name);
            }
        }
        // The given order decides nothing.
        std::vector<std::size_t> order(config.engines.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::shuffle(order.begin(), order.end(), random);
        TournamentConfig shuffled;
        PoolRatings shuffled_pool;
        for (std::size_t i : order) {
            shuffled.engines.push_back(config.engines[i]);
            shuffled_pool.elo.push_back(pool.elo[i]);
        }
        EXPECT_EQ(rank_entrants(shuffled, shuffled_pool), ranking);
    }
}

TEST(InitialRanking, TheTrfRatingIsTheRatingOrThePoolEloPlus2000WithinFourDigits) {
    using S = InitialRatingSource;
    EXPECT_EQ(trf_rating({"a", S::rating, 2850.0}), 2850);
    EXPECT_EQ(trf_rating({"a", S::name, std::nullopt}), 0);
    EXPECT_EQ(trf_rating({"a", S::pool, 35.5}), 2036);
    EXPECT_EQ(trf_rating({"a", S::pool, -35.6}), 1964);
    EXPECT_EQ(trf_rating({"a", S::pool, -35.5}), 1965);  // half up
    EXPECT_EQ(trf_rating({"a", S::pool, INF}), 9999);
    EXPECT_EQ(trf_rating({"a", S::pool, -INF}), 1);
    EXPECT_EQ(trf_rating({"a", S::pool, -2500.0}), 1);
    EXPECT_EQ(rating_label({"a", S::pool, 35.25}), "pool Elo +35.3");
    EXPECT_EQ(rating_label({"a", S::pool, -INF}), "pool Elo -inf");
    EXPECT_EQ(rating_label({"a", S::rating, 2850.0}), "rating= 2850");
    EXPECT_EQ(rating_label({"a", S::name, std::nullopt}), "unrated");
}

TEST(InitialRanking, TheSourceLineNamesThePartsAndWhyThePoolPlacedNobody) {
    using S = InitialRatingSource;
    const InitialEntrant rated{"a", S::rating, 2000.0}, pooled{"b", S::pool, 1.0},
        unrated{"c", S::name, std::nullopt};
    EXPECT_EQ(
        ranking_source({{rated, pooled, unrated}, 2, 84, ""}),
        "rating=, then the pool's joint Elo over 2 earlier tournaments (84 games), then name");
    EXPECT_EQ(ranking_source({{pooled}, 1, 12, ""}),
              "the pool's joint Elo over 1 earlier tournament (12 games)");
    EXPECT_EQ(ranking_source({{rated}, 1, 12, ""}), "rating=");  // rating= wins over the pool
    EXPECT_EQ(ranking_source({{rated, unrated}, 3, 12, ""}),
              "rating=, then name (no entrant without a rating= played in the database's 3 "
              "earlier tournaments)");
    EXPECT_EQ(ranking_source({{pooled, unrated}, 1, 12, "two groups"}),
              "the pool's joint Elo over 1 earlier tournament (12 games), then name (two groups)");
    EXPECT_EQ(ranking_source({{unrated}, 0, 0, "no earlier game in the database"}),
              "name (no pool Elo: no earlier game in the database)");
}

// A database of generated tournaments: `engines` identities, each tournament's games between
// random pairs with random results; the engines rows in identity order.
struct GeneratedPool {
    Store store = Store::open(":memory:");
    std::vector<EngineId> engines;
    std::vector<TournamentId> tournaments;
    std::int64_t slot = 0;
    bool split = false;

    GeneratedPool(std::mt19937& random, int engine_count, int tournament_count, int games,
                  bool split_halves = false)
        : split(split_halves) {
        for (int e = 0; e < engine_count; ++e)
            engines.push_back(store.get_or_create_engine(
                store_test::sample_engine("p" + std::to_string(e), "binary " + std::to_string(e))));
        for (int t = 0; t < tournament_count; ++t)
            tournaments.push_back(store.get_or_create_tournament("t" + std::to_string(t), "{}"));
        for (int g = 0; g < games; ++g)
            add_game(random, tournaments[random() % tournaments.size()]);
    }
    // A game between two engines drawn at random; with `split`, two of the same half (lower and
    // upper indices), so that the halves never meet.
    void add_game(std::mt19937& random, TournamentId tournament) {
        const std::size_t half = split ? engines.size() / 2 : engines.size();
        const std::size_t offset = split && random() % 2 ? half : 0;
        const std::size_t size = split && offset > 0 ? engines.size() - half : half;
        const std::size_t white = offset + random() % size;
        const std::size_t black = offset + (white - offset + 1 + random() % (size - 1)) % size;
        GameRecord game = store_test::sample_game(tournament, slot++, engines[white],
                                                  engines[black], std::nullopt, 2);
        game.result.outcome = Outcome(random() % 3);
        store.record_game(game);
    }
};

// What the pool of `all` (`ratings --all`'s reading) says of `entrants`, worked out apart from
// read_pool_ratings: the groups of players that games link found by a breadth-first search, the
// group kept with the most entrants, then the most games, then the lowest engine row; its games
// fitted with the command's default options. Returns each engine row's Elo and the note.
std::pair<std::map<EngineId, double>, std::string> expected_pool(
    const RatingPool& all, const std::vector<EngineId>& entrants) {
    const std::size_t players = all.players.size();
    auto row = [&](std::size_t p) { return all.players[p].rows.front().second; };
    std::vector<std::vector<std::size_t>> linked(players);
    for (const GameResult& game : all.games) {
        linked[std::size_t(game.white)].push_back(std::size_t(game.black));
        linked[std::size_t(game.black)].push_back(std::size_t(game.white));
    }
    std::vector<int> component(players, -1);
    std::vector<std::tuple<int, std::int64_t, EngineId>> size;  // entrants, games, -lowest row
    for (std::size_t start = 0; start < players; ++start) {
        if (component[start] >= 0) continue;
        const int id = int(size.size());
        size.emplace_back(0, 0, -row(start));
        std::vector<std::size_t> queue = {start};
        component[start] = id;
        for (std::size_t q = 0; q < queue.size(); ++q)
            for (std::size_t next : linked[queue[q]])
                if (component[next] < 0) {
                    component[next] = id;
                    queue.push_back(next);
                }
        for (std::size_t p : queue) {
            std::get<0>(size.back()) += int(std::count(entrants.begin(), entrants.end(), row(p)));
            std::get<2>(size.back()) = std::max(std::get<2>(size.back()), -row(p));
        }
    }
    std::vector<GameResult> games;
    for (const GameResult& game : all.games)
        ++std::get<1>(size[std::size_t(component[std::size_t(game.white)])]);
    const int kept = int(std::max_element(size.begin(), size.end()) - size.begin());
    for (const GameResult& game : all.games)
        if (component[std::size_t(game.white)] == kept) games.push_back(game);
    RatingOptions options;
    options.bootstrap_samples = 0;
    std::map<EngineId, double> elo;
    for (const PlayerRating& player : compute_ratings(all.labels(), games, options).players)
        elo[row(std::size_t(player.player))] = player.elo;
    const std::string note =
        size.size() < 2 ? ""
                        : "the earlier games form " + std::to_string(size.size()) +
                              " groups of engines that no game links; only the one with the most "
                              "entrants is rated";
    return {elo, note};
}

TEST(InitialRanking, ThePoolEloIsTheRatingsAllFitOverTheOtherTournaments) {
    std::mt19937 random(7);
    int whole = 0, split = 0;
    for (int trial = 0; trial < 60; ++trial) {
        SCOPED_TRACE("trial " + std::to_string(trial));
        // Every third pool in two halves that never meet (the fit keeps one group).
        GeneratedPool generated(random, int(random() % 5) + 4, int(random() % 3) + 1,
                                int(random() % 25) + 1, trial % 3 == 0);
        std::vector<EngineId> entrants;
        for (EngineId engine : generated.engines)
            if (random() % 3 != 0 || entrants.empty()) entrants.push_back(engine);
        const TournamentId swiss = generated.store.get_or_create_tournament("swiss", "{}");
        const PoolRatings pool = read_pool_ratings(generated.store, swiss, entrants);
        // `ratings --all`'s path: the pool read across databases, fitted with the default options.
        Store* stores[] = {&generated.store};
        const RatingPool all = read_rating_pool(stores);
        const auto [expected, note] = expected_pool(all, entrants);
        EXPECT_EQ(pool.note, note);
        ++(note.empty() ? whole : split);
        if (note.empty()) {
            EXPECT_EQ(pool.games, std::int64_t(all.games.size()));
            EXPECT_EQ(pool.tournaments, all.tournaments);
        }
        for (std::size_t i = 0; i < entrants.size(); ++i) {
            const auto found = expected.find(entrants[i]);
            EXPECT_EQ(pool.elo[i], found == expected.end() ? std::nullopt
                                                           : std::optional<double>(found->second));
        }
        // The Swiss's own games are not the pool's.
        for (int g = 0; g < 10; ++g) generated.add_game(random, swiss);
        EXPECT_EQ(read_pool_ratings(generated.store, swiss, entrants).elo, pool.elo);
    }
    EXPECT_GT(whole, 10);
    EXPECT_GE(split, 20);  // the split pools at least
}

TEST(InitialRanking, TheFirstRunStoresItAndLaterRunsReadItWhateverThePoolGained) {
    std::mt19937 random(11);
    GeneratedPool generated(random, 4, 1, 0);
    for (std::size_t w = 0; w < 4; ++w)  // p0 < p1 < p2 < p3 with a draw each way
        for (std::size_t b = 0; b < 4; ++b) {
            if (w == b) continue;
            GameRecord game = store_test::sample_game(generated.tournaments[0], generated.slot++,
                                                      generated.engines[w], generated.engines[b],
                                                      std::nullopt, 2);
            game.result.outcome = w + 1 == b || b + 1 == w ? Outcome::draw
                                  : w > b                  ? Outcome::white_win
                                                           : Outcome::black_win;
            generated.store.record_game(game);
        }
    TournamentConfig config;
    for (const char* name : {"p0", "p1", "p2", "p3", "new"}) {
        EngineConfig engine;
        engine.name = name;
        config.engines.push_back(engine);
    }
    config.engines[0].rating = 1200;
    const EngineId newcomer =
        generated.store.get_or_create_engine(store_test::sample_engine("new", "another binary"));
    std::vector<EngineId> ids = generated.engines;
    ids.push_back(newcomer);
    const TournamentId swiss = generated.store.get_or_create_tournament("swiss", "{}");
    const InitialRanking first = swiss_initial_ranking(generated.store, config, swiss, ids);
    std::vector<std::string> names;
    for (const InitialEntrant& entrant : first.entrants) names.push_back(entrant.name);
    EXPECT_EQ(names, (std::vector<std::string>{"p0", "p3", "p2", "p1", "new"}));
    EXPECT_EQ(first.pool_tournaments, 1);
    EXPECT_EQ(first.pool_games, 12);
    EXPECT_EQ(ranking_source(first),
              "rating=, then the pool's joint Elo over 1 earlier tournament (12 games), then name");
    // p1 now wins everything: a new Swiss would rank it first; this one keeps its ranking.
    for (std::size_t other : {0, 2, 3}) {
        GameRecord game = store_test::sample_game(generated.tournaments[0], generated.slot++,
                                                  generated.engines[1], generated.engines[other],
                                                  std::nullopt, 2);
        for (int g = 0; g < 20; ++g) {
            game.slot.number = generated.slot++;
            game.result.outcome = Outcome::white_win;
            generated.store.record_game(game);
        }
    }
    EXPECT_EQ(swiss_initial_ranking(generated.store, config, swiss, ids), first);
    const TournamentId later = generated.store.get_or_create_tournament("later", "{}");
    EXPECT_EQ(swiss_initial_ranking(generated.store, config, later, ids).entrants[1].name, "p1");
}

TEST(InitialRanking, ASwissBegunBeforeRankingsWereStoredKeepsItsConfiguredOne) {
    std::mt19937 random(3);
    GeneratedPool generated(random, 3, 2, 30);
    TournamentConfig config;
    for (const char* name : {"p2", "p0", "p1"}) {
        EngineConfig engine;
        engine.name = name;
        config.engines.push_back(engine);
    }
    config.engines[2].rating = 1000;
    // The Swiss is tournament 2 of the database, already with games.
    const std::vector<EngineId> ids = {generated.engines[2], generated.engines[0],
                                       generated.engines[1]};
    const InitialRanking ranking =
        swiss_initial_ranking(generated.store, config, generated.tournaments[1], ids);
    InitialRanking configured = configured_ranking(config);
    configured.pool_note = "the Swiss began before arbiter kept initial rankings";
    EXPECT_EQ(ranking, configured);
    std::vector<std::string> names;
    for (const InitialEntrant& entrant : ranking.entrants) names.push_back(entrant.name);
    EXPECT_EQ(names, (std::vector<std::string>{"p1", "p0", "p2"}));
    EXPECT_EQ(ranking.pool_note, "the Swiss began before arbiter kept initial rankings");
    EXPECT_EQ(generated.store.load_initial_ranking(generated.tournaments[1]), ranking);
}

}  // namespace
}  // namespace arbiter
