// `arbiter ratings`: joint maximum-likelihood ratings with bootstrap error bars, from a
// tournament of a database, from every tournament of one or more databases (--all), or from PGN
// files, and pair statistics.
#include <iostream>
#include <map>

#include "harness/cli/command.h"
#include "harness/config/json.h"
#include "harness/pgn/pgn_results.h"
#include "harness/ratings/joint_ratings.h"
#include "harness/report/pool_report.h"
#include "harness/report/rating_output.h"
#include "harness/report/rating_pool.h"
#include "harness/store/store.h"

namespace arbiter::cli {

namespace {

struct RatingsOptions {
    std::string anchor, draw_model = "none", white_advantage = "0", format = "table";
    std::vector<std::string> db, pgn;
    std::optional<TournamentId> tournament;
    double average = 0;
    int bootstrap = 1000;
    std::uint64_t seed = 1;
    bool los = false, pairs = false, verbose = false, list = false, all = false;
};

// Each rated engine's own name and author as the database keeps them (the newest identity of
// each name, the one whose games are rated), one line per engine in the ratings' order.
std::string own_identities(Store& store, const RatingResult& ratings) {
    std::map<std::string, EngineOwnIdentity> newest;  // list_engines() is in id order
    for (const StoredEngine& engine : store.list_engines())
        newest[engine.identity.name] = engine.own;
    std::string text =
        "Engines as they name themselves (UCI id name and id author, XBoard myname):\n";
    for (const PlayerRating& player : ratings.players) {
        const EngineOwnIdentity& own = newest[player.name];
        text += "  " + player.name + ": ";
        if (own.name.empty())
            text += "not known (the engine did not say, or was recorded before arbiter kept it)";
        else
            text += own.name + (own.author.empty() ? "" : ", by " + own.author);
        text += "\n";
    }
    return text;
}

// One line for a tournament of the database: its id, engines, games and when it began.
std::string tournament_line(Store& store, const StoredTournament& t) {
    std::string engines;
    try {
        const json::Value config = json::parse(t.config_json);
        const json::Value* list = config.find("engines");
        for (std::size_t i = 0; list && list->is_array() && i < list->as_array().size(); ++i)
            if (const json::Value* name = list->as_array()[i].find("name");
                name && name->is_string())
                engines += (engines.empty() ? "" : ", ") + name->as_string();
    } catch (const json::ParseError&) {}
    return "  " + std::to_string(t.id) + ": " + (engines.empty() ? "(engines unknown)" : engines) +
           "; " + std::to_string(store.count_games(t.id)) + " games; begun " +
           utc_minute(t.created_at_ms) + "\n";
}

// Opens a database to read; a missing file is an error naming it (never created).
Store open_database(const std::string& path) {
    if (!std::filesystem::exists(path)) throw std::runtime_error(path + ": no such database");
    return Store::open(path, Store::Access::read_only);
}

// Games of one tournament of the database, between the newest identity of each engine name (a
// rebuilt engine's old games are history, as in the tournament's own standings). A database of
// several tournaments says on standard error which one is shown and how to choose another.

GameRecords games_from_database(const RatingsOptions& options) {
    Store store = open_database(options.db.front());
    auto tournaments = store.list_tournaments();
    if (tournaments.empty())
        throw std::runtime_error(options.db.front() + ": no tournament in the database");
    TournamentId id = options.tournament ? *options.tournament : tournaments.back().id;
    if (!options.tournament && tournaments.size() > 1)
        std::cerr << options.db.front() << " holds " << tournaments.size()
                  << " tournaments; showing "
                  << tournament_line(store, tournaments.back()).substr(2)
                  << "(choose one with --tournament N; --list lists them)\n";
    GameRecords records;
    for (const auto& g : current_games(store.list_games(store.load_tournament(id).id))) {
        records.games.push_back({records.player_index(g.white_name),
                                 records.player_index(g.black_name), g.result.outcome,
                                 g.slot.pair_number()});
    }
    return records;
}

// Every game of every tournament of the --db files, a player per engine identity.
RatingPool pool_of_databases(const RatingsOptions& o) {
    std::vector<Store> stores;
    for (const std::string& path : o.db) stores.push_back(open_database(path));
    std::vector<Store*> opened;
    for (Store& store : stores) opened.push_back(&store);
    RatingPool pool = read_rating_pool(opened);
    if (pool.games.empty())
        throw std::runtime_error(o.db.size() == 1 ? o.db.front() + ": no game in the database"
                                                  : "no game in the databases");
    return pool;
}

// The fit's options from the command line. Throws std::runtime_error on a malformed value.
RatingOptions rating_options(const RatingsOptions& o, const CLI::App& cmd) {
    RatingOptions options;
    options.bootstrap_samples = o.bootstrap;
    options.seed = o.seed;
    options.threads = 0;  // every core: nothing else runs beside it
    options.anchor_elo = o.average;
    if (cmd.count("--anchor")) {
        auto eq = o.anchor.rfind('=');
        if (eq == std::string::npos || eq == 0)
            throw std::runtime_error("--anchor expects NAME=ELO, got " + o.anchor);
        options.anchor_player = o.anchor.substr(0, eq);
        try {
            options.anchor_elo = std::stod(o.anchor.substr(eq + 1));
        } catch (const std::exception&) {
            throw std::runtime_error("--anchor " + o.anchor + ": the rating is not a number");
        }
    }
    options.draw_model = *parse_draw_model(o.draw_model);
    if (o.white_advantage == "auto") {
        options.fit_white_advantage = true;
    } else {
        try {
            options.white_advantage = std::stod(o.white_advantage);
        } catch (const std::exception&) {
            throw std::runtime_error("--white-advantage expects auto or a number of Elo, got " +
                                     o.white_advantage);
        }
    }
    return options;
}

// The pairs in the table's order, the higher-ranked player first: each pair's games gathered in
// one pass over the games, so that a pool of many players costs no pass per pair.
std::vector<NamedPairStatistics> pair_rows(const RatingResult& ratings,
                                           const std::vector<GameResult>& games) {
    std::map<std::pair<int, int>, std::vector<GameResult>> by_pair;
    for (const GameResult& game : games)
        by_pair[{std::min(game.white, game.black), std::max(game.white, game.black)}].push_back(
            game);
    std::vector<NamedPairStatistics> pairs;
    const std::vector<PlayerRating>& rows = ratings.players;
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (std::size_t j = i + 1; j < rows.size(); ++j) {
            const int a = rows[i].player, b = rows[j].player;
            const auto found = by_pair.find({std::min(a, b), std::max(a, b)});
            if (found == by_pair.end()) continue;
            pairs.push_back(
                {rows[i].name, rows[j].name, pair_statistics(tally_match(found->second, a, b))});
        }
    return pairs;
}

// The JSON's build of each player of a pool.
std::map<std::string, PlayerBuild> pool_builds(const RatingPool& pool) {
    std::map<std::string, PlayerBuild> builds;
    for (const PoolPlayer& player : pool.players) {
        PlayerBuild& build = builds[player.label];
        build.engine = player.identity.name;
        build.build = player.build;
        build.sha256 = player.identity.binary_sha256;
        build.first_game = utc_minute(player.first_played_ms);
        for (const EngineOption& option : player.identity.options)
            build.options.emplace_back(option.name, option.value);
    }
    return builds;
}

// What follows a database's table: a pooled SPRT's verdict, and with --verbose the engines.
void print_database_notes(const RatingsOptions& o, const RatingResult& ratings,
                          const RatingPool* pool) {
    if (pool) {
        std::cout << "\n"
                  << pool->tournaments
                  << (pool->tournaments == 1 ? " tournament, " : " tournaments, ")
                  << pool->players.size() << " players";
        if (pool->duplicate_games > 0)
            std::cout << "; " << pool->duplicate_games
                      << " games held by more than one database counted once";
        std::cout << "\n";
        if (o.verbose) std::cout << "\n" << format_pool_players(*pool);
        return;
    }
    Store store = Store::open(o.db.front(), Store::Access::read_only);
    const auto tournaments = store.list_tournaments();
    const std::string verdict =
        format_database_pool(store, o.tournament ? *o.tournament : tournaments.back().id);
    if (!verdict.empty()) std::cout << "\n" << verdict;
    if (o.verbose) std::cout << "\n" << own_identities(store, ratings);
}

void run(const RatingsOptions& o, const CLI::App& cmd) {
    if (o.list) {  // the tournaments of --db, one a line
        for (const std::string& path : o.db) {
            Store store = open_database(path);
            std::cout << "Tournaments in " << path << " (id: engines; games; begun):\n";
            for (const StoredTournament& t : store.list_tournaments())
                std::cout << tournament_line(store, t);
        }
        return;
    }
    GameRecords records;
    std::optional<RatingPool> pool;
    if (o.all) {
        pool = pool_of_databases(o);
        records.players = pool->labels();
        records.games = std::move(pool->games);
    } else if (!o.db.empty()) {
        records = games_from_database(o);
    }
    SkippedGames skipped;
    for (const auto& path : o.pgn) read_pgn_file(path, records, skipped);
    if (skipped.total() > 0) std::cerr << "warning: " << skipped.describe() << "\n";

    const OutputFormat format = *parse_output_format(o.format);
    const RatingResult ratings =
        compute_ratings(records.players, records.games, rating_options(o, cmd));
    std::vector<NamedPairStatistics> pairs;
    if (o.pairs) pairs = pair_rows(ratings, records.games);
    // One document: with --pairs, the pairs join the table (text), the JSON object or the CSV.
    const bool pairs_after_pool = o.pairs && format == OutputFormat::table;
    std::map<std::string, PlayerBuild> builds;
    TableOptions table{o.los};
    if (pool) {
        builds = pool_builds(*pool);
        table.builds = &builds;
    }
    std::cout << format_ratings(ratings, format, table,
                                o.pairs && !pairs_after_pool ? &pairs : nullptr);
    if (!o.db.empty() && format == OutputFormat::table)
        print_database_notes(o, ratings, pool ? &*pool : nullptr);
    if (pairs_after_pool) std::cout << "\n" << format_pair_statistics(pairs, format);
}

void add_ratings_command(CLI::App& app) {
    auto options = std::make_shared<RatingsOptions>();
    CLI::App* cmd = app.add_subcommand("ratings", "Joint maximum-likelihood Elo with error bars");
    auto db = cmd->add_option("--db", options->db,
                              "SQLite database (several with --all: rated as their merge)");
    auto tournament = cmd->add_option("--tournament", options->tournament,
                                      "Tournament id in --db (default: the latest)")
                          ->needs(db);
    auto all = cmd->add_flag("--all", options->all,
                             "Rate every game of every tournament of the --db files, a player "
                             "per engine identity (a rebuilt engine is \"name (2)\")")
                   ->needs(db)
                   ->excludes(tournament);
    cmd->add_flag("--list", options->list, "List the tournaments in --db (id, engines, games)")
        ->needs(db);
    auto pgn = cmd->add_option("--pgn", options->pgn, "PGN files (Result, White and Black tags)");
    auto anchor = cmd->add_option("--anchor", options->anchor, "Fix one player's rating: NAME=ELO");
    cmd->add_option("--average", options->average, "Pool average (default 0)")->excludes(anchor);
    cmd->add_option("--draw-model", options->draw_model, "none or davidson")
        ->check(CLI::IsMember({"none", "davidson"}))
        ->capture_default_str();
    cmd->add_option("--white-advantage", options->white_advantage, "auto (fitted) or a fixed Elo")
        ->capture_default_str();
    cmd->add_option("--bootstrap", options->bootstrap, "Bootstrap samples for the 95% error bars")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd->add_option("--seed", options->seed, "Bootstrap seed")->capture_default_str();
    cmd->add_option("--format", options->format, "table, csv or json")
        ->check(CLI::IsMember({"table", "csv", "json"}))
        ->capture_default_str();
    cmd->add_flag("--los", options->los, "Show the likelihood of superiority over the next player");
    cmd->add_flag("--verbose", options->verbose,
                  "With --db, also list each engine's own name and author (UCI id name and id "
                  "author, XBoard myname); with --all each player's build, first game, program "
                  "hash and options")
        ->needs(db);
    cmd->add_flag("--pairs", options->pairs,
                  "Also print W/D/L, trinomial and pentanomial Elo for every pair");
    all->excludes(pgn);
    cmd->callback([options, cmd, db, pgn] {
        if (!db->count() && !pgn->count())
            throw CLI::ValidationError("ratings", "give --db FILE or --pgn FILE...");
        if (options->db.size() > 1 && !options->all && !options->list)
            throw CLI::ValidationError("ratings",
                                       "several --db files are rated together only "
                                       "with --all");
        run(*options, *cmd);
    });
}

Registrar ratings_registrar{"ratings", 20, add_ratings_command};

}  // namespace

}  // namespace arbiter::cli
