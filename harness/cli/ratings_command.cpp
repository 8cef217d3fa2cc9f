// `arbiter ratings`: joint maximum-likelihood ratings with bootstrap error bars, from a database
// or from PGN files, and pair statistics.
#include <ctime>
#include <iostream>
#include <map>

#include "harness/cli/command.h"
#include "harness/config/json.h"
#include "harness/pgn/pgn_results.h"
#include "harness/ratings/joint_ratings.h"
#include "harness/report/pool_report.h"
#include "harness/report/rating_output.h"
#include "harness/store/store.h"

namespace arbiter::cli {

namespace {

struct RatingsOptions {
    std::string db, anchor, draw_model = "none", white_advantage = "0", format = "table";
    std::vector<std::string> pgn;
    std::optional<TournamentId> tournament;
    double average = 0;
    int bootstrap = 1000;
    std::uint64_t seed = 1;
    bool los = false, pairs = false, verbose = false, list = false;
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
    std::time_t began = std::time_t(t.created_at_ms / 1000);
    std::tm utc{};
    gmtime_r(&began, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M UTC", &utc);
    return "  " + std::to_string(t.id) + ": " + (engines.empty() ? "(engines unknown)" : engines) +
           "; " + std::to_string(store.count_games(t.id)) + " games; begun " + stamp + "\n";
}

// Games of one tournament of the database, between the newest identity of each engine name (a
// rebuilt engine's old games are history, as in the tournament's own standings). A database of
// several tournaments says on standard error which one is shown and how to choose another.
GameRecords games_from_database(const RatingsOptions& options) {
    if (!std::filesystem::exists(options.db))
        throw std::runtime_error(options.db + ": no such database");
    Store store = Store::open(options.db, Store::Access::read_only);
    auto tournaments = store.list_tournaments();
    if (tournaments.empty())
        throw std::runtime_error(options.db + ": no tournament in the database");
    TournamentId id = options.tournament ? *options.tournament : tournaments.back().id;
    if (!options.tournament && tournaments.size() > 1)
        std::cerr << options.db << " holds " << tournaments.size() << " tournaments; showing "
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

void run(const RatingsOptions& o, const CLI::App& cmd) {
    if (o.list) {  // the tournaments of --db, one a line
        Store store = Store::open(o.db, Store::Access::read_only);
        std::cout << "Tournaments in " << o.db << " (id: engines; games; begun):\n";
        for (const StoredTournament& t : store.list_tournaments())
            std::cout << tournament_line(store, t);
        return;
    }
    GameRecords records;
    if (!o.db.empty()) records = games_from_database(o);
    SkippedGames skipped;
    for (const auto& path : o.pgn) read_pgn_file(path, records, skipped);
    if (skipped.total() > 0) std::cerr << "warning: " << skipped.describe() << "\n";

    RatingOptions options;
    options.bootstrap_samples = o.bootstrap;
    options.seed = o.seed;
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
    OutputFormat format = *parse_output_format(o.format);
    RatingResult ratings = compute_ratings(records.players, records.games, options);
    // The pairs in the table's order, the higher-ranked player first.
    std::vector<NamedPairStatistics> pairs;
    if (o.pairs) {
        const std::vector<PlayerRating>& rows = ratings.players;
        for (std::size_t i = 0; i < rows.size(); ++i)
            for (std::size_t j = i + 1; j < rows.size(); ++j) {
                const MatchTally tally = tally_match(records.games, rows[i].player, rows[j].player);
                if (tally.wdl.games() == 0) continue;
                pairs.push_back({rows[i].name, rows[j].name, pair_statistics(tally)});
            }
    }
    // One document: with --pairs, the pairs join the table (text), the JSON object or the CSV.
    const bool pairs_after_pool = o.pairs && format == OutputFormat::table;
    std::cout << format_ratings(ratings, format, TableOptions{o.los},
                                o.pairs && !pairs_after_pool ? &pairs : nullptr);
    if (!o.db.empty() && format == OutputFormat::table) {
        Store store = Store::open(o.db, Store::Access::read_only);
        const auto tournaments = store.list_tournaments();
        const std::string pool =
            format_database_pool(store, o.tournament ? *o.tournament : tournaments.back().id);
        if (!pool.empty()) std::cout << "\n" << pool;
        if (o.verbose) std::cout << "\n" << own_identities(store, ratings);
    }
    if (pairs_after_pool) std::cout << "\n" << format_pair_statistics(pairs, format);
}

void add_ratings_command(CLI::App& app) {
    auto options = std::make_shared<RatingsOptions>();
    CLI::App* cmd = app.add_subcommand("ratings", "Joint maximum-likelihood Elo with error bars");
    auto db = cmd->add_option("--db", options->db, "SQLite database");
    cmd->add_option("--tournament", options->tournament,
                    "Tournament id in --db (default: the latest)")
        ->needs(db);
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
                  "author, XBoard myname)")
        ->needs(db);
    cmd->add_flag("--pairs", options->pairs,
                  "Also print W/D/L, trinomial and pentanomial Elo for every pair");
    cmd->callback([options, cmd, db, pgn] {
        if (!db->count() && !pgn->count())
            throw CLI::ValidationError("ratings", "give --db FILE or --pgn FILE...");
        run(*options, *cmd);
    });
}

Registrar ratings_registrar{"ratings", 20, add_ratings_command};

}  // namespace

}  // namespace arbiter::cli
