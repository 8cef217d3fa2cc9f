#include "harness/tournament/initial_ranking.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

#include "harness/ratings/joint_ratings.h"
#include "harness/text/number_text.h"

namespace arbiter {

namespace {

// 0 for rating=, 1 for the pool's Elo, 2 for unrated: the order of the ranking's three parts.
int part(const InitialEntrant& entrant) {
    return entrant.source == InitialRatingSource::rating ? 0
           : entrant.source == InitialRatingSource::pool ? 1
                                                         : 2;
}

// The pool's games as the rating fit reads them: a player per engine row (named by its engine's
// name, and its row where two rows share a name), a pair per tournament and pair number (slot /
// 2), as `ratings --all` numbers them.
struct PoolGames {
    std::map<EngineId, std::string> engine_names;
    std::map<EngineId, int> player_of_engine;
    std::vector<std::string> names;
    std::vector<GameResult> games;
    std::vector<TournamentId> tournament_of_game;

    explicit PoolGames(Store& store) {
        std::map<std::string, int> rows_of_name;
        const std::vector<StoredEngine> engines = store.list_engines();
        for (const StoredEngine& engine : engines) ++rows_of_name[engine.identity.name];
        for (const StoredEngine& engine : engines)
            engine_names[engine.id] =
                engine.identity.name + (rows_of_name[engine.identity.name] > 1
                                            ? " (engine row " + std::to_string(engine.id) + ")"
                                            : "");
    }
    int player(EngineId engine) {
        const auto [it, added] = player_of_engine.emplace(engine, int(names.size()));
        if (added) names.push_back(engine_names.at(engine));
        return it->second;
    }
};

// The group of each player: the players that games link, directly or through others, share one
// (union-find; a group is named by its lowest player).
std::vector<int> groups_of(std::size_t players, const std::vector<GameResult>& games) {
    std::vector<int> parent(players);
    for (std::size_t p = 0; p < players; ++p) parent[p] = int(p);
    auto root = [&](int p) {
        while (parent[std::size_t(p)] != p)
            p = parent[std::size_t(p)] = parent[std::size_t(parent[std::size_t(p)])];
        return p;
    };
    for (const GameResult& game : games) {
        const int a = root(game.white), b = root(game.black);
        parent[std::size_t(std::max(a, b))] = std::min(a, b);
    }
    std::vector<int> group(players);
    for (std::size_t p = 0; p < players; ++p) group[p] = root(int(p));
    return group;
}

// When no game links some players to the others, the fit cannot put them on one scale: keeps the
// games of the group with the most of `engines`, then the most games, then the lowest engine row,
// and says so; returns the note ("" when the games form one group).
std::string keep_entrants_group(PoolGames& read, std::span<const EngineId> engines) {
    const std::vector<int> group = groups_of(read.names.size(), read.games);
    // group -> (entrants, games, the negated lowest engine row): the greatest is kept
    std::map<int, std::tuple<int, std::int64_t, EngineId>> size;
    for (const GameResult& game : read.games) ++std::get<1>(size[group[std::size_t(game.white)]]);
    if (size.size() < 2) return "";
    for (auto& [id, count] : size) std::get<2>(count) = std::numeric_limits<EngineId>::min();
    for (const auto& [engine, player] : read.player_of_engine) {
        auto& lowest = std::get<2>(size[group[std::size_t(player)]]);
        lowest = std::max(lowest, -engine);
    }
    for (EngineId engine : engines)
        if (const auto player = read.player_of_engine.find(engine);
            player != read.player_of_engine.end())
            ++std::get<0>(size[group[std::size_t(player->second)]]);
    const int kept = std::max_element(size.begin(), size.end(), [](const auto& a, const auto& b) {
                         return a.second < b.second;
                     })->first;
    std::vector<GameResult> games;
    std::vector<TournamentId> tournaments;
    for (std::size_t g = 0; g < read.games.size(); ++g)
        if (group[std::size_t(read.games[g].white)] == kept) {
            games.push_back(read.games[g]);
            tournaments.push_back(read.tournament_of_game[g]);
        }
    read.games = std::move(games);
    read.tournament_of_game = std::move(tournaments);
    return "the earlier games form " + std::to_string(size.size()) +
           " groups of engines that no game links; only the one with the most entrants is rated";
}

}  // namespace

PoolRatings read_pool_ratings(Store& store, TournamentId swiss, std::span<const EngineId> engines) {
    PoolRatings pool;
    pool.elo.assign(engines.size(), std::nullopt);
    PoolGames read(store);
    std::map<std::pair<TournamentId, std::int64_t>, std::int64_t> pair_ids;
    for (const StoredResult& r : store.list_results()) {
        if (r.tournament_id == swiss) continue;
        const auto [pair, added] =
            pair_ids.emplace(std::pair{r.tournament_id, r.slot / 2}, std::int64_t(pair_ids.size()));
        read.games.push_back({read.player(r.white_engine_id), read.player(r.black_engine_id),
                              r.outcome, pair->second});
        read.tournament_of_game.push_back(r.tournament_id);
    }
    if (read.games.empty()) {
        pool.note = "no earlier game in the database";
        return pool;
    }
    pool.note = keep_entrants_group(read, engines);
    pool.games = std::int64_t(read.games.size());
    pool.tournaments =
        int(std::set<TournamentId>(read.tournament_of_game.begin(), read.tournament_of_game.end())
                .size());
    RatingOptions options;
    options.bootstrap_samples = 0;  // the point estimates alone
    RatingResult fit;
    try {
        fit = compute_ratings(read.names, read.games, options);
    } catch (const RatingError& e) {
        pool.note = std::string("the pool's games cannot be rated together: ") + e.what();
        return pool;
    }
    std::map<int, double> elo_of_player;
    for (const PlayerRating& rated : fit.players) elo_of_player[rated.player] = rated.elo;
    for (std::size_t i = 0; i < engines.size(); ++i) {
        const auto player = read.player_of_engine.find(engines[i]);
        if (player == read.player_of_engine.end()) continue;
        const auto elo = elo_of_player.find(player->second);
        if (elo != elo_of_player.end()) pool.elo[i] = elo->second;
    }
    return pool;
}

InitialRanking rank_entrants(const TournamentConfig& config, const PoolRatings& pool) {
    InitialRanking ranking;
    ranking.pool_tournaments = pool.tournaments;
    ranking.pool_games = pool.games;
    ranking.pool_note = pool.note;
    for (std::size_t i = 0; i < config.engines.size(); ++i) {
        const EngineConfig& engine = config.engines[i];
        InitialEntrant entrant{engine.name, InitialRatingSource::name, std::nullopt};
        if (engine.rating > 0) {
            entrant.source = InitialRatingSource::rating;
            entrant.rating = double(engine.rating);
        } else if (i < pool.elo.size() && pool.elo[i]) {
            entrant.source = InitialRatingSource::pool;
            entrant.rating = *pool.elo[i];
        }
        ranking.entrants.push_back(entrant);
    }
    std::stable_sort(ranking.entrants.begin(), ranking.entrants.end(),
                     [](const InitialEntrant& a, const InitialEntrant& b) {
                         if (part(a) != part(b)) return part(a) < part(b);
                         if (a.rating != b.rating) return a.rating > b.rating;
                         return a.name < b.name;
                     });
    return ranking;
}

InitialRanking configured_ranking(const TournamentConfig& config) {
    return rank_entrants(config, PoolRatings{});
}

InitialRanking swiss_initial_ranking(Store& store, const TournamentConfig& config,
                                     TournamentId swiss, std::span<const EngineId> engines) {
    if (std::optional<InitialRanking> stored = store.load_initial_ranking(swiss)) return *stored;
    if (store.count_games(swiss) > 0) {
        InitialRanking ranking = configured_ranking(config);
        ranking.pool_note = "the Swiss began before arbiter kept initial rankings";
        return store.keep_initial_ranking(swiss, ranking);
    }
    return store.keep_initial_ranking(
        swiss, rank_entrants(config, read_pool_ratings(store, swiss, engines)));
}

int trf_rating(const InitialEntrant& entrant) {
    if (!entrant.rating) return 0;
    const double rating =
        entrant.source == InitialRatingSource::pool ? *entrant.rating + 2000 : *entrant.rating;
    return int(std::lround(std::clamp(rating, 1.0, 9999.0)));
}

std::string rating_label(const InitialEntrant& entrant) {
    if (entrant.source == InitialRatingSource::rating)
        return "rating= " + format_fixed(*entrant.rating, 0);
    if (entrant.source == InitialRatingSource::pool)
        return "pool Elo " + format_fixed(*entrant.rating, 1, PlusSign::above_zero);
    return "unrated";
}

std::string ranking_source(const InitialRanking& ranking) {
    std::set<InitialRatingSource> sources;
    for (const InitialEntrant& entrant : ranking.entrants) sources.insert(entrant.source);
    const std::string earlier =
        std::to_string(ranking.pool_tournaments) +
        (ranking.pool_tournaments == 1 ? " earlier tournament" : " earlier tournaments");
    std::vector<std::string> parts;
    if (sources.count(InitialRatingSource::rating)) parts.push_back("rating=");
    if (sources.count(InitialRatingSource::pool))
        parts.push_back("the pool's joint Elo over " + earlier + " (" +
                        std::to_string(ranking.pool_games) + " games)");
    if (sources.count(InitialRatingSource::name)) parts.push_back("name");
    std::string text;
    for (std::size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? "" : ", then ") + parts[i];
    // What the pool left out, or why some entrants are placed by name though the database may
    // hold earlier games.
    if (!ranking.pool_note.empty() && sources.count(InitialRatingSource::pool))
        return text + " (" + ranking.pool_note + ")";
    if (!sources.count(InitialRatingSource::name)) return text;
    if (!ranking.pool_note.empty()) return text + " (no pool Elo: " + ranking.pool_note + ")";
    if (!sources.count(InitialRatingSource::pool))
        return text + " (no entrant without a rating= played in the database's " + earlier + ")";
    return text;
}

}  // namespace arbiter
