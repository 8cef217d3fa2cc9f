// `arbiter tournament`: plays a round-robin of UCI engines from an opening suite into SQLite and
// prints the standings.
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "harness/cli/command.h"
#include "harness/cli/setting_flags.h"
#include "harness/report/rating_output.h"
#include "harness/session/match_session.h"
#include "harness/session/play_tournament.h"
#include "harness/text/output_file.h"
#include "harness/tournament/shard.h"
#include "harness/tournament/tournament.h"

namespace arbiter::cli {

namespace {

// What the command line holds before it is laid over a configuration: the files and engines it
// names, and the text of each setting flag (one per tournament_settings() entry).
struct TournamentOptions {
    std::vector<std::string> engines;
    std::string engines_file, config_file;
    bool resume = false;
    bool force = false;
    std::string shard;  // "K/N" or "auto" (a run setting, not part of the tournament)
    std::optional<int> shard_count;
    std::vector<std::string> values = std::vector<std::string>(tournament_settings().size());
};

json::Value read_json_file(const std::string& path) {
    try {
        return json::parse(read_text_file(path));
    } catch (const json::ParseError& e) {
        throw ConfigError(path + ": " + e.what());
    }
}

// The file of a tournament run without --db (nor "db" in --config): results/ENGINES-HASH.sqlite,
// from the engines' names and the first 8 hex digits of the tournament's key, so that the same
// command resumes its own file and another match never writes into it (a shard's adds
// -shard-K-of-N, as each shard needs its own file).
std::string own_database_path(const TournamentConfig& c) {
    std::string name;
    for (std::size_t i = 0; i < c.engines.size(); ++i) {
        if (i == 2 && c.engines.size() > 3) {
            name += "-and-" + std::to_string(c.engines.size() - 2) + "-more";
            break;
        }
        std::string engine = c.engines[i].name.substr(0, 32);
        for (char& ch : engine)
            if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '.') ch = '_';
        name += (i == 0 ? "" : "-vs-") + engine;
    }
    name += "-" + tournament_key(c).substr(0, 8);
    if (c.shard_count)
        name += "-shard-" + std::to_string(c.shard_index) + "-of-" + std::to_string(c.shard_count);
    return "results/" + name + ".sqlite";
}

// The configuration from --config, then the engines of --engines and --engine, then every
// setting flag given, as one layer; validated as run_tournament() will validate it.
TournamentConfig build_config(const TournamentOptions& o, const CLI::App& app) {
    TournamentConfig c;
    bool db_given = app.count("--db") > 0;
    if (!o.config_file.empty()) {
        const json::Value file = read_json_file(o.config_file);
        db_given = db_given || file.find("db") != nullptr;
        c = tournament_config_from_json(file, o.config_file);
    }
    if (!o.engines_file.empty()) {
        std::vector<EngineConfig> engines =
            engines_from_json(read_json_file(o.engines_file), o.engines_file);
        c.engines.insert(c.engines.end(), engines.begin(), engines.end());
    }
    for (const auto& spec : o.engines) c.engines.push_back(parse_engine_spec(spec));
    apply_settings(c, given_settings(app, tournament_settings(), o.values));
    c.force = c.force || o.force;
    if (o.shard_count && app.count("--shard") == 0)
        throw ConfigError(
            "--shard-count goes with --shard auto (the number of shards of a Kubernetes Indexed "
            "Job); add --shard auto, or give the shard as --shard K/N");
    if (app.count("--shard") > 0) set_shard(c, parse_shard(o.shard, o.shard_count));
    validate(c);
    if (!db_given) c.db_path = own_database_path(c);
    return c;
}

int run(const TournamentOptions& options, const CLI::App& app) {
    MatchOutputs outputs{
        .flags = TOURNAMENT_FLAGS,
        .extra_inputs = {{options.config_file, "--config"}, {options.engines_file, "--engines"}},
        .resume = options.resume};
    return play_tournament(build_config(options, app), outputs);
}

// The --engine help: every key the spec reader knows (config/engine_config.h), one a line.
std::string engine_flag_help() {
    std::string help = "Engine: KEY=VALUE,KEY=VALUE... (a comma in a value: \\,); keys:";
    for (const EngineSpecKey& key : engine_spec_keys()) {
        std::string form = std::string(key.key) + "=" + std::string(key.value);
        help += "\n  " + form + std::string(form.size() < 22 ? 22 - form.size() : 1, ' ') +
                std::string(key.meaning);
    }
    return help;
}

void add_tournament_command(CLI::App& app) {
    auto options = std::make_shared<TournamentOptions>();
    CLI::App* cmd = app.add_subcommand(
        "tournament",
        "Play a round-robin or gauntlet of UCI and XBoard engines (standard chess or Chess960) "
        "into SQLite");
    cmd->add_option("--engine", options->engines, engine_flag_help());
    cmd->add_option("--engines", options->engines_file,
                    "JSON file with an array of engines (the same keys; \"args\" an array and "
                    "\"options\" an object)");
    cmd->add_option("--config", options->config_file,
                    "JSON file with a whole tournament configuration");
    add_setting_flags(*cmd, tournament_settings(), options->values);
    cmd->add_flag(
        "--resume", options->resume,
        "Resume the tournament in --db (the default whenever the configuration is the same)");
    cmd->add_flag("--force", options->force,
                  "Accept a --concurrency far above the number of cores");
    cmd->add_option("--shard", options->shard,
                    "Play only shard K/N of the schedule, or `auto` (Slurm job array, Kubernetes "
                    "Indexed Job); each shard needs its own --db");
    cmd->add_option("--shard-count", options->shard_count,
                    "With --shard auto: the number of shards (Kubernetes Indexed Jobs)");
    cmd->callback([options, cmd] {
        if (int code = run(*options, *cmd)) throw CLI::RuntimeError(code);
    });
}

Registrar tournament_registrar{"tournament", 10, add_tournament_command};

}  // namespace

}  // namespace arbiter::cli
