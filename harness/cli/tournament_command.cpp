// `arbiter tournament`: plays a round-robin of UCI engines from an opening suite into SQLite and
// prints the standings.
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "harness/cli/command.h"
#include "harness/report/html/page.h"
#include "harness/report/live_games.h"
#include "harness/report/number_text.h"
#include "harness/report/output_file.h"
#include "harness/report/progress.h"
#include "harness/report/rating_output.h"
#include "harness/report/standings.h"
#include "harness/session/match_session.h"
#include "harness/tournament/shard.h"
#include "harness/tournament/tournament.h"

namespace arbiter::cli {

namespace {

// What the command line holds before it is laid over a configuration: the files and engines it
// names, and the text of each setting flag (one per tournament_settings() entry).
struct TournamentOptions {
    std::vector<std::string> engines;
    std::string engines_file, config_file;
    std::string html;  // the report page, rewritten with the standings (not a tournament setting)
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

// The configuration from --config, then the engines of --engines and --engine, then every
// setting flag given, as one layer; validated as run_tournament() will validate it.
TournamentConfig build_config(const TournamentOptions& o, const CLI::App& app) {
    TournamentConfig c;
    if (!o.config_file.empty())
        c = tournament_config_from_json(read_json_file(o.config_file), o.config_file);
    if (!o.engines_file.empty()) {
        std::vector<EngineConfig> engines =
            engines_from_json(read_json_file(o.engines_file), o.engines_file);
        c.engines.insert(c.engines.end(), engines.begin(), engines.end());
    }
    for (const auto& spec : o.engines) c.engines.push_back(parse_engine_spec(spec));
    KeyValues flags;
    const auto& settings = tournament_settings();
    for (std::size_t i = 0; i < settings.size(); ++i)
        if (app.count("--" + std::string(settings[i].flag)) > 0)
            flags.emplace_back(std::string(settings[i].key),
                               settings[i].value_name.empty() ? "true" : o.values[i]);
    apply_settings(c, flags);
    c.force = c.force || o.force;
    if (o.shard_count && app.count("--shard") == 0)
        throw ConfigError(
            "--shard-count goes with --shard auto (the number of shards of a Kubernetes Indexed "
            "Job); add --shard auto, or give the shard as --shard K/N");
    if (app.count("--shard") > 0) set_shard(c, parse_shard(o.shard, o.shard_count));
    validate(c);
    return c;
}

// What an interrupted run says last, on standard error.
constexpr const char* INTERRUPTED =
    "\narbiter: interrupted; finished games are saved, re-run the same command to resume\n";

// Before the first game: whether this run resumes a tournament of the database, and if it does
// not although the database holds others, why it is a new one.
void explain_identity(Store& store, const TournamentConfig& config, bool resume) {
    if (store.find_tournament(tournament_key(config))) return;
    std::cout << explain_new_tournament(store, config);
    if (resume)
        std::cout << "--resume: this configuration has no games in the database yet; starting it\n";
}

// After the last game: the standings count every recorded game of the tournament, which after
// a run with more rounds (or a larger --max-games) is more than this run schedules.
void explain_standings(Store& store, const TournamentSummary& summary) {
    std::int64_t recorded = store.count_games(summary.tournament_id, summary.engine_ids);
    if (recorded <= summary.scheduled) return;
    std::cout << "\nNote: the database holds " << recorded << " games of this tournament, "
              << recorded - summary.scheduled << " more than the " << summary.scheduled
              << " this run schedules (an earlier run played more rounds or games); the "
                 "standings count all "
              << recorded << ".\n";
}

// --html: the report page, rewritten atomically; returns the line that says so.
std::string write_html(Store& store, TournamentId tournament, const TournamentOptions& options,
                       int bootstrap) {
    html::ReportOptions report;
    report.tournament = tournament;
    report.bootstrap_samples = bootstrap;
    html::WrittenReport written = html::write_report(store, report, options.html);
    return "Report: " + options.html + " (" + std::to_string(written.games) + " games)\n";
}

// What `arbiter tournament` shows of the match: the progress lines with the standings (and the
// --html page) every --report-every games, in front of the live PGN; before the games the
// database, the shard and whether the run resumes; after them the summary and the standings.
class NativeConsole : public MatchConsole {
  public:
    NativeConsole(const TournamentConfig& config, const TournamentOptions& options)
        : config_(config), options_(options), standings_{config.bootstrap, config.seed} {
        for (const auto& e : config.engines) names_.push_back(e.name);
    }
    TournamentObserver& open(Store& store) override {
        display_.emplace(
            std::cout, ::isatty(STDOUT_FILENO), config_.report_every,
            [this, &store](TournamentId tournament, const std::vector<EngineId>& engines) {
                std::string text = format_standings(store, tournament, engines, names_, standings_);
                if (!options_.html.empty())
                    text += write_html(store, tournament, options_, config_.bootstrap);
                return text;
            });
        files_.emplace(*display_, config_, LiveGameFileSettings{.pgn_path = config_.pgn_path});
        std::cout << "Database: " << config_.db_path << "\n";
        if (config_.shard_count)
            std::cout << "Shard " << config_.shard_index << "/" << config_.shard_count
                      << " of the schedule\n";
        explain_identity(store, config_, options_.resume);
        return *files_;
    }
    void interrupted(int) override {
        display_->finish();
        std::cerr << INTERRUPTED;
    }
    void finish(Store& store, const TournamentSummary& summary, int signal) override {
        display_->finish();
        files_->close();
        if (signal) std::cerr << INTERRUPTED;
        std::cout << "\nPlayed " << summary.played_now << " games in "
                  << format_fixed(summary.seconds, 1) << " s";
        if (summary.already_played)
            std::cout << " (" << summary.already_played << " were already in the database)";
        std::cout << "; " << summary.scheduled << " scheduled.\n";
        if (summary.sprt_result) std::cout << "SPRT: " << *summary.sprt_result << "\n";
        if (summary.pool_stop) std::cout << "Pool: this shard " << *summary.pool_stop << "\n";
        explain_standings(store, summary);
        std::cout << "\n"
                  << format_standings(store, summary.tournament_id, summary.engine_ids, names_,
                                      standings_);
        if (!options_.html.empty())
            std::cout << '\n'
                      << write_html(store, summary.tournament_id, options_, config_.bootstrap);
        std::cout << "\nResults: " << config_.db_path
                  << (config_.pgn_path.empty() ? "" : ", " + config_.pgn_path) << "\n";
    }

  private:
    const TournamentConfig& config_;
    const TournamentOptions& options_;
    std::vector<std::string> names_;
    StandingsOptions standings_;
    std::optional<ProgressDisplay> display_;
    std::optional<LiveGameFiles> files_;
};

int run(const TournamentOptions& options, const CLI::App& app) {
    TournamentConfig config = build_config(options, app);
    MatchOutputs outputs{
        .flags = TOURNAMENT_FLAGS,
        .extra_outputs = {{options.html, "--html", OutputKind::replaced}},
        .extra_inputs = {{options.config_file, "--config"}, {options.engines_file, "--engines"}}};
    NativeConsole console(config, options);
    return run_match(config, outputs, console);
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

void add(CLI::App& app) {
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
    const auto& settings = tournament_settings();
    for (std::size_t i = 0; i < settings.size(); ++i) {
        const std::string flag = "--" + std::string(settings[i].flag), help(settings[i].help);
        if (settings[i].value_name.empty()) {
            cmd->add_flag(flag, help);
            continue;
        }
        cmd->add_option(flag, options->values[i], help)
            ->type_name(std::string(settings[i].value_name))
            ->allow_extra_args(false);
    }
    cmd->add_option("--html", options->html,
                    "Write the HTML report to FILE at the end and every --report-every games");
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

Registrar registrar{"tournament", 10, add};

}  // namespace

}  // namespace arbiter::cli
