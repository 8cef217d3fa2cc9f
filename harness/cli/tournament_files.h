// The files a tournament reads and writes, gathered from its configuration for the one check
// that keeps an output off an input (harness/report/output_file.h), which both command lines
// (`arbiter tournament` and the cutechess/fastchess dialect) make before the database is opened.
#pragma once

#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/report/output_file.h"

namespace arbiter::cli {

// Throws OutputError, before anything is opened for writing, if an output of `config` (the live
// PGN, the engine log, an engine's stderr file) or of `extra_outputs` (the HTML page, -epdout) is
// the database or one of its companions, the opening suite, an engine's book, a file of
// `extra_inputs` (--config, --engines), or another output.
void refuse_tournament_outputs_over_inputs(const TournamentConfig& config,
                                           std::vector<NamedFile> extra_outputs,
                                           std::vector<NamedFile> extra_inputs);

}  // namespace arbiter::cli
