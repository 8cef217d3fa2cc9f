// The files a tournament reads and writes, gathered from its configuration for the checks that
// refuse a run before it creates anything (harness/text/output_file.h): no output over an
// input, and every output writable. The match session (match_session.h) makes them first for
// both command lines (`arbiter tournament` and the cutechess/fastchess dialect), each naming the
// files by its own flags.
#pragma once

#include <string>
#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/text/output_file.h"

namespace arbiter {

// The flags a command line names a tournament's files by, for messages.
struct TournamentFlags {
    std::string db, pgn, engine_log, openings;
    // The output plan's files (OutputPlan::epd_path, ::html_path, ::saved_config_path).
    std::string epd{}, html{}, saved_config{};
};
inline const TournamentFlags TOURNAMENT_FLAGS{"--db",  "--pgn",  "--engine-log", "--openings",
                                              "--epd", "--html", "--save-config"};
inline const TournamentFlags DIALECT_FLAGS{
    "-db", "-pgnout", "-log file=", "-openings file=", "-epdout", "-html", "-config outname="};

// Throws OutputError before anything is created: if an output of `config` (the database, the
// live PGN, the engine log, an engine's stderr file, the engines' logs folder beside the
// database, the output plan's EPD file, page and saved configuration) or of `extra_outputs` cannot
// be written there (refuse_unwritable_output()), or if one is the database or one of its
// companions, the opening suite, an engine's book, a file of `extra_inputs` (--config, --engines),
// or another output.
void refuse_tournament_outputs(const TournamentConfig& config, const TournamentFlags& flags,
                               std::vector<NamedFile> extra_outputs,
                               std::vector<NamedFile> extra_inputs);

}  // namespace arbiter
