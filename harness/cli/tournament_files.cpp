#include "harness/cli/tournament_files.h"

namespace arbiter::cli {

void refuse_tournament_outputs_over_inputs(const TournamentConfig& config,
                                           std::vector<NamedFile> extra_outputs,
                                           std::vector<NamedFile> extra_inputs) {
    std::vector<NamedFile> outputs{{config.pgn_path, "the PGN file"},
                                   {config.engine_log, "the engine log"}};
    std::vector<NamedFile> inputs = database_files(config.db_path, "the database");
    inputs.push_back({config.openings_path, "the opening suite"});
    for (const EngineConfig& engine : config.engines)
        inputs.push_back({engine.book_path, "the book of engine " + engine.name});
    outputs.insert(outputs.end(), extra_outputs.begin(), extra_outputs.end());
    inputs.insert(inputs.end(), extra_inputs.begin(), extra_inputs.end());
    refuse_outputs_over_inputs(outputs, inputs);
    // Engines may share one stderr file; none may be an input.
    for (const EngineConfig& engine : config.engines) {
        const NamedFile stderr_file{engine.stderr_path, "the stderr file of engine " + engine.name};
        refuse_outputs_over_inputs({&stderr_file, 1}, inputs);
    }
}

}  // namespace arbiter::cli
