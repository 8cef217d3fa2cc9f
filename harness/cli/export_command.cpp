// `arbiter export`: writes the recorded games of a database as PGN, or a Swiss tournament as
// FIDE's Tournament Report File (TRF) that a FIDE pairing checker reads.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>

#include "harness/analysis/stored_analysis.h"
#include "harness/cli/command.h"
#include "harness/pgn/pgn_writer.h"
#include "harness/store/store.h"
#include "harness/swiss/trf.h"
#include "harness/text/output_file.h"
#include "harness/tournament/swiss_run.h"

namespace arbiter::cli {

namespace {

struct ExportOptions {
    std::string db, pgn, trf;
    std::vector<TournamentId> tournaments;
    std::string pgn_fields;       // --pgn-fields LIST, as `arbiter tournament` reads it
    std::string pgn_form;         // --pgn-form cutechess|fastchess, likewise
    bool no_annotations = false;  // --no-annotations: leave the analysis out
};

// The TRF of the database's Swiss tournament (the one given by --tournament, else the only Swiss).
void write_swiss_trf(const ExportOptions& options) {
    const NamedFile output{options.trf, "--trf"};
    refuse_outputs_over_inputs({&output, 1}, database_files(options.db, "--db"));
    if (!std::filesystem::exists(options.db))
        throw std::runtime_error(options.db + ": no such database");
    Store store = Store::open(options.db, Store::Access::read_only);
    std::vector<StoredTournament> swiss;
    for (const StoredTournament& t : store.list_tournaments()) {
        bool chosen = options.tournaments.empty() ||
                      std::find(options.tournaments.begin(), options.tournaments.end(), t.id) !=
                          options.tournaments.end();
        if (chosen && stored_tournament_config(t).swiss) swiss.push_back(t);
    }
    if (swiss.size() != 1)
        throw std::runtime_error(
            options.db + ": --trf writes one Swiss tournament; the database has " +
            std::to_string(swiss.size()) +
            (options.tournaments.empty() ? "" : " among those --tournament gives") +
            " (choose one with --tournament ID)");
    const TournamentConfig config = stored_tournament_config(swiss.front());
    // The initial ranking its first run stored (none before schema version 12: rating=, name).
    SwissRecord record = swiss_record(
        config, store.load_initial_ranking(swiss.front().id).value_or(configured_ranking(config)),
        current_games(store.list_games(swiss.front().id)));
    OutputFile out(options.trf, OutputFile::Mode::replace);
    out.write(swiss::write_trf(record.tournament,
                               "arbiter tournament " + std::to_string(swiss.front().id)));
    out.close();
    if (options.trf != "-")
        std::cerr << "Wrote " << record.tournament.rounds.size() << " Swiss rounds to "
                  << options.trf << "\n";
}

void run(const ExportOptions& options) {
    if (!options.trf.empty()) {
        write_swiss_trf(options);
        if (options.pgn.empty()) return;
    }
    if (options.pgn.empty()) throw std::runtime_error("export: give --pgn FILE or --trf FILE");
    PgnMoveFields fields = options.pgn_fields.empty()
                               ? PgnMoveFields{}
                               : read_pgn_fields(options.pgn_fields, "--pgn-fields");
    if (!options.pgn_form.empty()) fields.fastchess = read_pgn_form(options.pgn_form, "--pgn-form");
    // The kept info lines are in the database: written whenever a move has them.
    fields.match_line = true;
    const NamedFile output{options.pgn, "--pgn"};
    refuse_outputs_over_inputs({&output, 1}, database_files(options.db, "--db"));
    if (!std::filesystem::exists(options.db))
        throw std::runtime_error(options.db + ": no such database");
    Store store = Store::open(options.db, Store::Access::read_only);
    std::vector<StoredTournament> tournaments;
    if (options.tournaments.empty()) tournaments = store.list_tournaments();
    for (TournamentId id : options.tournaments) tournaments.push_back(store.load_tournament(id));
    // Every write is checked: a full disk is an error naming the file, never "Wrote N games";
    // the file is complete or left as it was (written beside it, then renamed).
    OutputFile out(options.pgn, OutputFile::Mode::replace);
    std::int64_t written = 0;
    std::map<OpeningId, std::string> opening_names;  // the store's, each looked up once
    std::map<EngineId, EngineOwnIdentity> own;       // what each engine said of itself
    for (const StoredEngine& engine : store.list_engines()) own[engine.id] = engine.own;
    for (const auto& t : tournaments) {
        TournamentPgn pgn(stored_tournament_config(t), fields);
        pgn.set_own_identities(own);
        // The games the standings count: a rebuilt engine's re-played games once; annotated from
        // the analysis that holds most of them (README, "Analysing games").
        const std::vector<GameSummary> games = current_games(store.list_games(t.id));
        const std::optional<StoredAnalysis> analysis =
            options.no_annotations ? std::nullopt : chosen_analysis(store, games);
        for (const GameSummary& summary : games) {
            GameRecord game = store.load_game(summary.id);
            if (game.opening_id) {
                auto [known, is_new] = opening_names.try_emplace(*game.opening_id);
                if (is_new) known->second = store.load_opening(*game.opening_id).name;
                game.opening_name = known->second;
            }
            std::vector<PgnMoveAnnotation> notes;
            if (analysis)
                notes = pgn_annotations(
                    stored_game_analysis(store, analysis->id, summary.id, game).moves);
            out.write(pgn.game_text(game, summary.white_name, summary.black_name,
                                    notes.empty() ? nullptr : &notes));
            ++written;
        }
    }
    out.close();
    if (options.pgn != "-") std::cerr << "Wrote " << written << " games to " << options.pgn << "\n";
}

void add_export_command(CLI::App& app) {
    auto options = std::make_shared<ExportOptions>();
    CLI::App* cmd = app.add_subcommand("export", "Write recorded games as PGN");
    cmd->add_option("--db", options->db, "SQLite database")->required();
    cmd->add_option("--pgn", options->pgn, "PGN file to write ('-' for standard output)");
    cmd->add_option("--trf", options->trf,
                    "A Swiss tournament's TRF (FIDE's Tournament Report File, as bbpPairings and "
                    "JaVaFo check it) to write ('-' for standard output)");
    cmd->add_option("--tournament", options->tournaments,
                    "Only these tournament ids (default: all)");
    cmd->add_option("--pgn-fields", options->pgn_fields,
                    "Each move's comment also gives these fields, comma-separated: timeleft, "
                    "latency, nodes, seldepth, nps, hashfull, tbhits, pv (as `arbiter tournament "
                    "--pgn-fields` and fastchess's -pgnout keys write them)");
    cmd->add_option("--pgn-form", options->pgn_form,
                    "The comments' form: cutechess (mates in moves, +0.00) or fastchess (mates in "
                    "plies, 0.00, the reason in the last comment), as `arbiter tournament "
                    "--pgn-form` writes them; --pgn-fields chooses fastchess's");
    cmd->add_flag("--no-annotations", options->no_annotations,
                  "Leave out the analysis (`arbiter analyse --db`) that is written by default "
                  "when the database holds one: [%eval], NAGs and the better move");
    cmd->callback([options] { run(*options); });
}

Registrar export_registrar{"export", 40, add_export_command};

}  // namespace

}  // namespace arbiter::cli
