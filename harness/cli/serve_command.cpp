// `arbiter serve`: the live page, events and PGN feed of a database that another arbiter process
// is filling (its games as they are recorded, its games in progress from the live file beside the
// database) or has finished. Read-only; ends on Ctrl-C.
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "harness/cli/command.h"
#include "harness/live/live_run.h"

namespace arbiter::cli {

namespace {

struct ServeCommandOptions {
    std::string db = "results/tournament.sqlite";
    std::string listen = "127.0.0.1:8080";
    std::optional<TournamentId> tournament;
    int connections = 256;
    int bootstrap = 1000;
};

// The live file's snapshot, or none when there is no file (no run writes the database) or it is
// being replaced.
std::optional<json::Value> read_live_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    try {
        return json::parse(text.str());
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

void run(const ServeCommandOptions& o) {
    if (!std::filesystem::exists(o.db)) throw std::runtime_error(o.db + ": no such database");
    const LiveAddress address = read_live_address(o.listen, "--listen");
    // The signals that end serving are taken by this thread alone, so the server's threads
    // (started below, inheriting the mask) never see them.
    sigset_t signals;
    sigemptyset(&signals);
    for (int signal : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&signals, signal);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    LiveHub hub("arbiter tournament", "");
    const bool public_view = !is_loopback_host(address.host);
    LivePage page(hub, LivePage::Source{.db_path = o.db,
                                        .tournament = o.tournament,
                                        .bootstrap = o.bootstrap,
                                        .public_view = public_view,
                                        .follow_database = true});
    LiveServerSettings settings;
    settings.address = address;
    settings.max_connections = std::size_t(o.connections);
    LiveServer server(
        hub, [&page] { return page.page(); }, settings);
    hub.set_publish([&server](const LiveHub::Event& e) { server.publish(e); });
    std::cerr << "arbiter: serving " << o.db << " live at " << server.url() << " (Ctrl-C ends it)"
              << std::endl;
    if (server.is_public())
        std::cerr << "arbiter: the live server listens beyond this machine (" << address.host
                  << "): its page shows no local path (engine commands, logs, the database)"
                  << std::endl;

    // Every quarter second: the live file, when it changed (the games in progress).
    const std::filesystem::path live = live_file_path(o.db);
    std::filesystem::file_time_type seen{};
    bool had_file = false;
    const timespec quarter{0, 250'000'000};
    while (sigtimedwait(&signals, nullptr, &quarter) < 0) {
        std::error_code error;
        const auto changed = std::filesystem::last_write_time(live, error);
        if (error) {
            if (had_file) hub.follow(json::Value(json::Object{}));  // its run ended: none in play
            had_file = false;
            continue;
        }
        if (had_file && changed == seen) continue;
        if (auto snapshot = read_live_file(live)) {
            const std::int64_t age_ms =
                wall_clock_ms() - integer_member(*snapshot, "written_ms").value_or(0);
            if (age_ms > std::chrono::milliseconds(LiveFileWriter::STALE).count())
                snapshot = json::Value(json::Object{});  // left by a run that died
            hub.follow(*snapshot);
            seen = changed;
            had_file = true;
        }
    }
    std::cerr << "arbiter: the live server stops" << std::endl;
    server.close();
}

void add_serve_command(CLI::App& app) {
    auto options = std::make_shared<ServeCommandOptions>();
    CLI::App* cmd = app.add_subcommand(
        "serve", "Serve a database live (page, /events, /live.pgn) while another arbiter fills it");
    cmd->add_option("--db", options->db, "SQLite database")->capture_default_str();
    cmd->add_option("--listen", options->listen,
                    "ADDR:PORT to listen on (loopback unless told otherwise; port 0: any free)")
        ->capture_default_str();
    cmd->add_option("--tournament", options->tournament,
                    "Tournament id in --db (default: the latest, followed as new ones start)");
    cmd->add_option("--live-connections", options->connections,
                    "Connections served at once; more get 503")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_option("--bootstrap", options->bootstrap, "Bootstrap samples for the Elo error bars")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd->callback([options] { run(*options); });
}

Registrar serve_registrar{"serve", 27, add_serve_command};

}  // namespace

}  // namespace arbiter::cli
