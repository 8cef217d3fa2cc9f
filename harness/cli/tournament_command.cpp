// `arbiter tournament`: plays a round-robin of UCI engines from an opening suite into SQLite and
// prints the standings.
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "harness/cli/command.h"
#include "harness/process/engine_process.h"
#include "harness/ratings/rating_output.h"
#include "harness/report/pgn.h"
#include "harness/report/progress.h"
#include "harness/report/standings.h"
#include "harness/tournament/shard.h"
#include "harness/tournament/tournament.h"

namespace arbiter::cli {

namespace {

struct TournamentOptions {
    std::vector<std::string> engines;
    std::string engines_file, config_file, openings, order, tc, draw, resign, sprt, event;
    int plies = -1, rounds = 1, depth = 0, concurrency = 0, max_plies = 0, report_every = 0,
        bootstrap = 1000;
    std::uint64_t nodes = 0, seed = 1;
    std::int64_t movetime = 0, time_margin = 100, stall_timeout = 60000, max_games = 0;
    std::int64_t handshake_timeout = 10000;
    std::string db = "results/tournament.sqlite", pgn;
    bool resume = false;
    std::string shard;  // "K/N" or "auto"
    std::optional<int> shard_count;
};

// Parses "key=value,key=value" into integers for --draw and --resign.
std::map<std::string, int> key_values(const std::string& text, const std::string& option,
                                      const std::vector<std::string>& keys) {
    std::map<std::string, int> values;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        auto eq = item.find('=');
        std::string key = item.substr(0, eq);
        if (eq == std::string::npos || std::find(keys.begin(), keys.end(), key) == keys.end())
            throw ConfigError(option + " " + text + ": '" + item + "' is not one of " + [&] {
                std::string list;
                for (const auto& k : keys) list += (list.empty() ? "" : ", ") + k + "=N";
                return list;
            }());
        try {
            values[key] = std::stoi(item.substr(eq + 1));
        } catch (const std::exception&) {
            throw ConfigError(option + " " + text + ": " + key + " needs a whole number");
        }
    }
    return values;
}

// The configuration from --config, then the engines file, then every option given explicitly.
TournamentConfig build_config(const TournamentOptions& o, const CLI::App& app) {
    TournamentConfig c;
    if (!o.config_file.empty()) {
        try {
            c = tournament_config_from_json(json::parse(read_text_file(o.config_file)),
                                            o.config_file);
        } catch (const json::ParseError& e) {
            throw ConfigError(o.config_file + ": " + e.what());
        }
    }
    if (!o.engines_file.empty()) {
        json::Value v;
        try {
            v = json::parse(read_text_file(o.engines_file));
        } catch (const json::ParseError& e) {
            throw ConfigError(o.engines_file + ": " + e.what());
        }
        const json::Value* list = v.is_object() ? v.find("engines") : &v;
        if (!list || !list->is_array())
            throw ConfigError(o.engines_file + ": expected an array of engines");
        int i = 0;
        for (const auto& e : list->as_array())
            c.engines.push_back(
                engine_from_json(e, o.engines_file + ": engine " + std::to_string(++i)));
    }
    for (const auto& spec : o.engines) c.engines.push_back(parse_engine_spec(spec));
    auto given = [&](const char* name) { return app.count(name) > 0; };
    if (given("--openings")) c.openings_path = o.openings;
    if (c.openings_path.empty())
        throw ConfigError("--openings FILE is required (for example openings/arbiter-8ply.epd)");
    if (given("--plies")) c.plies = o.plies;
    if (given("--order")) c.random_order = o.order == "random";
    if (given("--rounds")) c.rounds = o.rounds;
    if (given("--max-games")) c.max_games = o.max_games;
    if (given("--depth") || given("--nodes") || given("--movetime") || given("--tc")) c.limits = {};
    if (given("--depth")) c.limits.depth = o.depth;
    if (given("--nodes")) c.limits.nodes = o.nodes;
    if (given("--movetime")) c.limits.movetime_ms = o.movetime;
    if (given("--tc")) c.limits.tc = parse_time_control(o.tc);
    c.concurrency = given("--concurrency") || o.config_file.empty() ? o.concurrency : c.concurrency;
    if (c.concurrency <= 0) c.concurrency = int(std::max(1u, std::thread::hardware_concurrency()));
    if (given("--db") || o.config_file.empty()) c.db_path = o.db;
    if (given("--pgn")) c.pgn_path = o.pgn;
    if (given("--seed")) c.seed = o.seed;
    if (given("--event")) c.event = o.event;
    if (given("--timemargin")) c.game.time_margin = std::chrono::milliseconds(o.time_margin);
    if (given("--stall-timeout")) c.game.stall_timeout = std::chrono::milliseconds(o.stall_timeout);
    if (given("--maxplies")) c.game.adjudication.max_plies = o.max_plies;
    if (given("--handshake-timeout"))
        c.handshake_timeout = std::chrono::milliseconds(o.handshake_timeout);
    if (given("--draw")) {
        auto v = key_values(o.draw, "--draw", {"movenumber", "movecount", "score"});
        c.game.adjudication.draw_move_number = v.count("movenumber") ? v["movenumber"] : 0;
        c.game.adjudication.draw_move_count = v.count("movecount") ? v["movecount"] : 1;
        c.game.adjudication.draw_score = v.count("score") ? v["score"] : 0;
    }
    if (given("--resign")) {
        auto v = key_values(o.resign, "--resign", {"movecount", "score"});
        c.game.adjudication.resign_move_count = v.count("movecount") ? v["movecount"] : 1;
        c.game.adjudication.resign_score = v.count("score") ? v["score"] : 0;
    }
    if (given("--shard")) c.shard = parse_shard(o.shard, o.shard_count);
    if (given("--sprt")) {
        try {
            c.sprt = parse_sprt_parameters(o.sprt);
        } catch (const std::exception& e) {
            throw ConfigError(std::string("--sprt: ") + e.what());
        }
    }
    return c;
}

// Forwards to the progress display and appends each game to the --pgn file as it finishes.
class Observer : public TournamentObserver {
  public:
    Observer(ProgressDisplay& display, const TournamentConfig& config)
        : display_(display), config_(config) {
        if (!config.pgn_path.empty()) {
            pgn_.open(config.pgn_path, std::ios::app);
            if (!pgn_) throw ConfigError("cannot write " + config.pgn_path);
        }
    }
    void started(TournamentId tournament, const std::vector<EngineId>& engines,
                 std::int64_t scheduled, std::int64_t already) override {
        display_.started(tournament, engines, scheduled, already);
    }
    void engine_event(const std::string& message) override { display_.engine_event(message); }
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override {
        if (pgn_.is_open()) {
            PgnHeader header;
            header.event = config_.event;
            header.round =
                std::to_string(game.slot.round + 1) + "." + std::to_string(game.slot.number + 1);
            header.white = white;
            header.black = black;
            if (config_.limits.tc) header.time_control = to_string(*config_.limits.tc);
            write_pgn(pgn_, game, header);
            pgn_.flush();
        }
        display_.game_finished(game, id, white, black);
    }

  private:
    ProgressDisplay& display_;
    const TournamentConfig& config_;
    std::ofstream pgn_;
};

// Ctrl-C or a kill: the engines die with us, recorded games stay recorded.
extern "C" void on_signal(int signal) {
    kill_all_engine_processes();
    const char message[] =
        "\narbiter: interrupted; finished games are saved, re-run the same command to resume\n";
    ssize_t ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
    (void)ignored;
    ::_exit(128 + signal);
}

void run(const TournamentOptions& options, const CLI::App& app) {
    TournamentConfig config = build_config(options, app);
    std::filesystem::path db(config.db_path);
    if (db.has_parent_path()) std::filesystem::create_directories(db.parent_path());
    Store store = Store::open(config.db_path);
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);

    bool terminal = ::isatty(STDOUT_FILENO);
    std::vector<std::string> names;
    for (const auto& e : config.engines) names.push_back(e.name);
    StandingsOptions standings_options{options.bootstrap, config.seed};
    ProgressDisplay display(std::cout, terminal, options.report_every,
                            [&](TournamentId tournament, const std::vector<EngineId>& engines) {
                                return format_standings(store, tournament, engines, names,
                                                        standings_options);
                            });
    Observer observer(display, config);
    std::cout << "Database: " << config.db_path << "\n";
    if (config.shard)
        std::cout << "Shard " << config.shard->index << "/" << config.shard->count
                  << " of the schedule\n";
    if (options.resume && !store.find_tournament(config.key()))
        std::cout << "--resume: this configuration has no games in the database yet; starting it\n";
    TournamentSummary summary = run_tournament(config, store, observer);
    display.finish();
    std::cout << "\nPlayed " << summary.played_now << " games in "
              << format_fixed(summary.seconds, 1) << " s";
    if (summary.already_played)
        std::cout << " (" << summary.already_played << " were already in the database)";
    std::cout << "; " << summary.scheduled << " scheduled.\n";
    if (summary.sprt_result) std::cout << "SPRT: " << *summary.sprt_result << "\n";
    std::cout << "\n"
              << format_standings(store, summary.tournament_id, summary.engine_ids, names,
                                  standings_options);
    std::cout << "\nResults: " << config.db_path
              << (config.pgn_path.empty() ? "" : ", " + config.pgn_path) << "\n";
}

void add(CLI::App& app) {
    auto options = std::make_shared<TournamentOptions>();
    CLI::App* cmd =
        app.add_subcommand("tournament", "Play a round-robin of UCI engines into SQLite");
    cmd->add_option("--engine", options->engines,
                    "Engine: "
                    "name=NAME,cmd=PROGRAM,arg=ARG,dir=DIR,option.NAME=VALUE,depth=D,nodes=N,"
                    "movetime=MS,tc=TC");
    cmd->add_option("--engines", options->engines_file,
                    "JSON file with an array of engines (same keys)");
    cmd->add_option("--config", options->config_file,
                    "JSON file with a whole tournament configuration");
    cmd->add_option("--openings", options->openings, "Opening suite (.epd or .pgn)");
    cmd->add_option("--plies", options->plies,
                    "PGN suites: plies of each game to play (default: all)");
    cmd->add_option("--order", options->order, "Opening order")
        ->check(CLI::IsMember({"sequential", "random"}));
    cmd->add_option("--rounds", options->rounds, "Repeat the whole schedule N times")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--max-games", options->max_games,
                    "Play only the first N games of the schedule")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--depth", options->depth, "Search depth per move")->check(CLI::Range(1, 1000));
    cmd->add_option("--nodes", options->nodes, "Nodes per move")->check(CLI::PositiveNumber);
    cmd->add_option("--movetime", options->movetime, "Milliseconds per move")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--tc", options->tc, "Time control: SECONDS+INC or MOVES/SECONDS+INC");
    cmd->add_option("--concurrency", options->concurrency,
                    "Games at once (default: number of cores)");
    cmd->add_option("--db", options->db, "SQLite database")->capture_default_str();
    cmd->add_option("--pgn", options->pgn, "Also append each finished game to this PGN file");
    cmd->add_option("--seed", options->seed, "Seed of the random opening order")
        ->capture_default_str();
    cmd->add_flag(
        "--resume", options->resume,
        "Resume the tournament in --db (the default whenever the configuration is the same)");
    cmd->add_option("--draw", options->draw,
                    "Draw adjudication: movenumber=N,movecount=N,score=CP");
    cmd->add_option("--resign", options->resign, "Resign adjudication: movecount=N,score=CP");
    cmd->add_option("--maxplies", options->max_plies, "Adjudicate a draw after N plies")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--timemargin", options->time_margin,
                    "Milliseconds an engine may exceed its clock")
        ->capture_default_str();
    cmd->add_option("--stall-timeout", options->stall_timeout,
                    "Milliseconds before a depth- or node-limited engine is declared stalled")
        ->capture_default_str();
    cmd->add_option("--handshake-timeout", options->handshake_timeout,
                    "Milliseconds an engine may take to answer uci and isready at start")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_option("--sprt", options->sprt,
                    "Stop a two-engine match early: elo0=0,elo1=10,alpha=0.05,beta=0.05");
    cmd->add_option("--report-every", options->report_every, "Print the standings every N games");
    cmd->add_option("--bootstrap", options->bootstrap, "Bootstrap samples for the Elo error bars")
        ->capture_default_str();
    cmd->add_option("--event", options->event, "Event name for the PGN and the database");
    cmd->add_option("--shard", options->shard,
                    "Play only shard K/N of the schedule, or `auto` (Slurm job array, Kubernetes "
                    "Indexed Job); each shard needs its own --db");
    cmd->add_option("--shard-count", options->shard_count,
                    "With --shard auto: the number of shards (Kubernetes Indexed Jobs)")
        ->check(CLI::PositiveNumber);
    cmd->callback([options, cmd] { run(*options, *cmd); });
}

Registrar registrar{"tournament", 10, add};

}  // namespace

}  // namespace arbiter::cli
