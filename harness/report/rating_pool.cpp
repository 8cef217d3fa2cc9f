#include "harness/report/rating_pool.h"

#include <algorithm>
#include <ctime>
#include <map>
#include <tuple>
#include <unordered_map>

namespace arbiter {

namespace {

// An identity as one text: its fields, each with its length, so that no two identities meet.
std::string identity_key(const EngineIdentity& identity) {
    std::string key;
    auto field = [&](const std::string& text) { key += std::to_string(text.size()) + ':' + text; };
    field(identity.name);
    field(identity.command);
    key += '[' + std::to_string(identity.args.size()) + ']';
    for (const std::string& arg : identity.args) field(arg);
    key += '[' + std::to_string(identity.options.size()) + ']';
    for (const EngineOption& option : identity.options) {
        field(option.name);
        field(option.value);
    }
    field(identity.binary_sha256);
    return key;
}

// A game of the pool before its pair is known: global tournament and player indices.
struct PooledGame {
    int tournament = 0;
    std::int64_t slot = 0;
    int white = 0;
    int black = 0;
    Outcome outcome = Outcome::draw;
    std::int64_t started_at_ms = 0;

    auto key() const { return std::tie(tournament, slot, white, black); }
    auto order() const { return std::tie(tournament, slot, white, black, outcome, started_at_ms); }
};

// The pool as it is read: identities and tournaments by key, games with indices into them.
struct PoolReader {
    std::map<std::string, int> player_of_key;
    std::vector<PoolPlayer> players;
    std::map<std::string, int> tournament_of_key;
    std::vector<PooledGame> games;

    // Step 1 for one database: its engines and tournaments mapped to the pool's, then its games.
    void read(Store& store, std::size_t database) {
        std::unordered_map<EngineId, int> player_of_engine;
        for (const StoredEngine& engine : store.list_engines()) {
            const auto [it, added] = player_of_key.emplace(identity_key(engine.identity),
                                                           static_cast<int>(players.size()));
            if (added) players.push_back({"", engine.identity, engine.own, 1, 0, 0, {}});
            PoolPlayer& player = players[static_cast<std::size_t>(it->second)];
            player.identity.working_dir =
                std::min(player.identity.working_dir, engine.identity.working_dir);
            if (std::tie(engine.own.name, engine.own.author) >
                std::tie(player.own.name, player.own.author))
                player.own = engine.own;
            player.rows.emplace_back(database, engine.id);
            player_of_engine[engine.id] = it->second;
        }
        std::unordered_map<TournamentId, int> tournament_of_id;
        for (const StoredTournament& tournament : store.list_tournaments()) {
            const auto [it, added] = tournament_of_key.emplace(
                tournament.config_key, static_cast<int>(tournament_of_key.size()));
            tournament_of_id[tournament.id] = it->second;
        }
        const std::vector<StoredResult> results = store.list_results();
        games.reserve(games.size() + results.size());
        for (const StoredResult& r : results)
            games.push_back({tournament_of_id.at(r.tournament_id), r.slot,
                             player_of_engine.at(r.white_engine_id),
                             player_of_engine.at(r.black_engine_id), r.outcome, r.started_at_ms});
    }

    // Step 2. Tournaments renumbered in key order, so that no index depends on the databases'
    // order; the games sorted and each game kept once.
    std::int64_t sort_games() {
        std::vector<int> rank(tournament_of_key.size());
        int next = 0;
        for (const auto& entry : tournament_of_key)
            rank[static_cast<std::size_t>(entry.second)] = next++;
        for (PooledGame& game : games)
            game.tournament = rank[static_cast<std::size_t>(game.tournament)];
        std::sort(games.begin(), games.end(),
                  [](const PooledGame& a, const PooledGame& b) { return a.order() < b.order(); });
        const auto last = std::unique(
            games.begin(), games.end(),
            [](const PooledGame& a, const PooledGame& b) { return a.key() == b.key(); });
        const std::int64_t duplicates = games.end() - last;
        games.erase(last, games.end());
        return duplicates;
    }

    // Step 3. Games and first game per identity; the builds of each name numbered by first game
    // (then by identity), labels made unique.
    std::vector<int> label_players() {
        for (const PooledGame& game : games)
            for (int index : {game.white, game.black}) {
                PoolPlayer& player = players[static_cast<std::size_t>(index)];
                player.first_played_ms = player.games == 0
                                             ? game.started_at_ms
                                             : std::min(player.first_played_ms, game.started_at_ms);
                ++player.games;
            }
        std::vector<int> playing;
        for (int i = 0; i < static_cast<int>(players.size()); ++i)
            if (players[static_cast<std::size_t>(i)].games > 0) playing.push_back(i);
        auto build_order = [&](int a, int b) {
            const PoolPlayer& x = players[static_cast<std::size_t>(a)];
            const PoolPlayer& y = players[static_cast<std::size_t>(b)];
            return std::tie(x.identity.name, x.first_played_ms) <
                       std::tie(y.identity.name, y.first_played_ms) ||
                   (x.identity.name == y.identity.name && x.first_played_ms == y.first_played_ms &&
                    identity_key(x.identity) < identity_key(y.identity));
        };
        std::sort(playing.begin(), playing.end(), build_order);
        std::map<std::string, int> taken;  // label -> 1, every plain name first
        for (int i : playing) taken[players[static_cast<std::size_t>(i)].identity.name] = 1;
        for (std::size_t k = 0; k < playing.size(); ++k) {
            PoolPlayer& player = players[static_cast<std::size_t>(playing[k])];
            const bool first =
                k == 0 || players[static_cast<std::size_t>(playing[k - 1])].identity.name !=
                              player.identity.name;
            player.build = first ? 1 : players[static_cast<std::size_t>(playing[k - 1])].build + 1;
            player.label = player.identity.name;
            if (first) continue;
            // "name (2)", or the next number whose label no engine is named already.
            int number = player.build;
            while (taken.count(player.identity.name + " (" + std::to_string(number) + ")"))
                ++number;
            player.label = player.identity.name + " (" + std::to_string(number) + ")";
            taken[player.label] = 1;
        }
        return playing;
    }
};

}  // namespace

std::vector<std::string> RatingPool::labels() const {
    std::vector<std::string> labels;
    for (const PoolPlayer& player : players) labels.push_back(player.label);
    return labels;
}

RatingPool read_rating_pool(std::span<Store* const> stores) {
    PoolReader reader;
    for (std::size_t i = 0; i < stores.size(); ++i) reader.read(*stores[i], i);
    RatingPool pool;
    pool.duplicate_games = reader.sort_games();
    std::vector<int> playing = reader.label_players();
    // Step 4. The players by label; the games between them, a pair being the two games of one
    // tournament's pair number (slot / 2), consecutive after the sort.
    std::sort(playing.begin(), playing.end(), [&](int a, int b) {
        return reader.players[static_cast<std::size_t>(a)].label <
               reader.players[static_cast<std::size_t>(b)].label;
    });
    std::vector<int> index(reader.players.size(), -1);
    for (int i : playing) {
        index[static_cast<std::size_t>(i)] = static_cast<int>(pool.players.size());
        pool.players.push_back(std::move(reader.players[static_cast<std::size_t>(i)]));
    }
    pool.games.reserve(reader.games.size());
    std::int64_t pair_id = -1;
    int tournaments = 0;
    for (std::size_t g = 0; g < reader.games.size(); ++g) {
        const PooledGame& game = reader.games[g];
        const PooledGame* previous = g > 0 ? &reader.games[g - 1] : nullptr;
        if (!previous || previous->tournament != game.tournament) ++tournaments;
        if (!previous || previous->tournament != game.tournament ||
            previous->slot / 2 != game.slot / 2)
            ++pair_id;
        pool.games.push_back({index[static_cast<std::size_t>(game.white)],
                              index[static_cast<std::size_t>(game.black)], game.outcome, pair_id});
    }
    pool.tournaments = tournaments;
    return pool;
}

std::string utc_minute(std::int64_t ms) {
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M UTC", &utc);
    return stamp;
}

std::string format_pool_players(const RatingPool& pool) {
    std::string text =
        "Players (one per engine identity: program hash, command, arguments and "
        "options; builds numbered by their first game):\n";
    for (const PoolPlayer& player : pool.players) {
        const EngineIdentity& identity = player.identity;
        text += "  " + player.label + ": build " + std::to_string(player.build) + " of " +
                identity.name + ", first game " + utc_minute(player.first_played_ms) + ", sha256 " +
                identity.binary_sha256 + ", " + identity.command;
        for (const std::string& arg : identity.args) text += " " + arg;
        for (const EngineOption& option : identity.options)
            text += ", " + option.name + "=" + option.value;
        if (!player.own.name.empty())
            text += "; says " + player.own.name +
                    (player.own.author.empty() ? "" : ", by " + player.own.author);
        text += "\n";
    }
    return text;
}

}  // namespace arbiter
