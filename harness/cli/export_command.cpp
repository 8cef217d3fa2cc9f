// `arbiter export`: writes the recorded games of a database as PGN.
#include <fstream>
#include <iostream>

#include "harness/cli/command.h"
#include "harness/config/json.h"
#include "harness/report/pgn.h"
#include "harness/store/store.h"

namespace arbiter::cli {

namespace {

struct ExportOptions {
    std::string db, pgn;
    std::vector<TournamentId> tournaments;
};

void run(const ExportOptions& options) {
    if (!std::filesystem::exists(options.db))
        throw std::runtime_error(options.db + ": no such database");
    Store store = Store::open(options.db, Store::Access::read_only);
    std::ofstream file;
    if (options.pgn != "-") {
        file.open(options.pgn);
        if (!file) throw std::runtime_error("cannot write " + options.pgn);
    }
    std::ostream& out = options.pgn == "-" ? std::cout : file;
    std::vector<StoredTournament> tournaments;
    if (options.tournaments.empty()) tournaments = store.list_tournaments();
    for (TournamentId id : options.tournaments) tournaments.push_back(store.load_tournament(id));
    std::int64_t written = 0;
    for (const auto& t : tournaments) {
        std::string event = "arbiter tournament";
        if (auto config = json::parse(t.config_json); const json::Value* e = config.find("event"))
            if (e->is_string()) event = e->as_string();
        for (const GameSummary& summary : store.list_games(t.id)) {
            GameRecord game = store.load_game(summary.id);
            PgnHeader header;
            header.event = event;
            header.round = std::to_string(summary.slot.round + 1) + "." +
                           std::to_string(summary.slot.number + 1);
            header.white = summary.white_name;
            header.black = summary.black_name;
            if (summary.opening_id) header.opening = store.load_opening(*summary.opening_id).name;
            write_pgn(out, game, header);
            ++written;
        }
    }
    out.flush();
    if (options.pgn != "-") std::cerr << "Wrote " << written << " games to " << options.pgn << "\n";
}

void add(CLI::App& app) {
    auto options = std::make_shared<ExportOptions>();
    CLI::App* cmd = app.add_subcommand("export", "Write recorded games as PGN");
    cmd->add_option("--db", options->db, "SQLite database")->required();
    cmd->add_option("--pgn", options->pgn, "PGN file to write ('-' for standard output)")
        ->required();
    cmd->add_option("--tournament", options->tournaments,
                    "Only these tournament ids (default: all)");
    cmd->callback([options] { run(*options); });
}

Registrar registrar{"export", 40, add};

}  // namespace

}  // namespace arbiter::cli
