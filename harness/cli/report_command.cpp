// `arbiter report`: writes one self-contained HTML page of a tournament in a database, or of
// every tournament it holds (--all).
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "harness/cli/command.h"
#include "harness/report/html/page.h"
#include "harness/store/store.h"
#include "harness/text/output_file.h"

namespace arbiter::cli {

namespace {

struct ReportCommandOptions {
    std::string db = "results/tournament.sqlite", out = "results/tournament.html";
    std::optional<TournamentId> tournament;
    int bootstrap = 1000;
    std::int64_t max_viewer_games = 20000;
    bool quiet = false, all = false;
};

void run(const ReportCommandOptions& o) {
    const NamedFile output{o.out, "--out"};
    refuse_outputs_over_inputs({&output, 1}, database_files(o.db, "--db"));
    if (!std::filesystem::exists(o.db)) throw std::runtime_error(o.db + ": no such database");
    auto start = std::chrono::steady_clock::now();
    Store store = Store::open(o.db, Store::Access::read_only);
    html::ReportOptions options;
    options.tournament = o.tournament;
    options.all = o.all;
    options.threads = 0;  // every core: nothing else runs beside it
    options.bootstrap_samples = o.bootstrap;
    options.max_viewer_games = o.max_viewer_games;
    html::WrittenReport written = html::write_report(store, options, o.out);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!o.quiet)
        std::printf("Report: %s (%zu games, %.1f MB, %.1f s)\n", o.out.c_str(), written.games,
                    double(written.bytes) / (1024 * 1024), seconds);
}

void add_report_command(CLI::App& app) {
    auto options = std::make_shared<ReportCommandOptions>();
    CLI::App* cmd = app.add_subcommand(
        "report", "Write a tournament as one self-contained HTML page (opens from disk)");
    cmd->add_option("--db", options->db, "SQLite database")->capture_default_str();
    auto tournament = cmd->add_option("--tournament", options->tournament,
                                      "Tournament id in --db (default: the latest)");
    cmd->add_flag("--all", options->all,
                  "Every game of every tournament of --db in one page, a player per engine "
                  "identity (a rebuilt engine is \"name (2)\")")
        ->excludes(tournament);
    cmd->add_option("--out", options->out, "HTML file to write (replaced atomically)")
        ->capture_default_str();
    cmd->add_option("--bootstrap", options->bootstrap, "Bootstrap samples for the Elo error bars")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd->add_option("--max-viewer-games", options->max_viewer_games,
                    "Games whose moves the board viewer holds; beyond it an even sample")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_flag("--quiet", options->quiet, "Print nothing on success");
    cmd->callback([options] { run(*options); });
}

Registrar report_registrar{"report", 25, add_report_command};

}  // namespace

}  // namespace arbiter::cli
