#include "harness/session/match_files.h"

#include <filesystem>

namespace arbiter {

void refuse_tournament_outputs(const TournamentConfig& config, const TournamentFlags& flags,
                               std::vector<NamedFile> extra_outputs,
                               std::vector<NamedFile> extra_inputs) {
    // Step 1. No output over an input or over another output.
    std::vector<NamedFile> outputs{{config.pgn_path, flags.pgn},
                                   {config.engine_log, flags.engine_log},
                                   {config.output.epd_path, flags.epd},
                                   {config.output.html_path, flags.html, OutputKind::replaced},
                                   // Replaced whole at the end, in a folder that must exist (as
                                   // the live PGN's): checked in place before the first game.
                                   {config.output.saved_config_path, flags.saved_config}};
    // arbiter's own folder of the engines' stderr logs beside the database is an output too.
    if (!config.db_path.empty() && config.db_path != ":memory:")
        outputs.insert(outputs.begin(),
                       {(std::filesystem::path(config.db_path).parent_path() / "logs").string(),
                        "the engines' stderr logs folder that arbiter makes beside " +
                            named_path({config.db_path, flags.db}) + ", at",
                        OutputKind::folder});
    std::vector<NamedFile> inputs = database_files(config.db_path, flags.db);
    inputs.push_back({config.openings_path, flags.openings});
    for (const EngineConfig& engine : config.engines)
        inputs.push_back({engine.book_path, "engine " + engine.name + "'s book="});
    outputs.insert(outputs.end(), extra_outputs.begin(), extra_outputs.end());
    inputs.insert(inputs.end(), extra_inputs.begin(), extra_inputs.end());
    refuse_outputs_over_inputs(outputs, inputs);
    // Engines may share one stderr file; none may be an input.
    std::vector<NamedFile> stderr_files;
    for (const EngineConfig& engine : config.engines) {
        stderr_files.push_back({engine.stderr_path, "engine " + engine.name + "'s stderr="});
        refuse_outputs_over_inputs({&stderr_files.back(), 1}, inputs);
    }
    // Step 2. Every output can be made where it is named, the database and its logs folder too.
    if (!config.db_path.empty() && config.db_path != ":memory:") {
        refuse_unwritable_output({config.db_path, flags.db, OutputKind::database});
        const std::filesystem::path logs =
            std::filesystem::path(config.db_path).parent_path() / "logs";
        refuse_unwritable_output(
            {logs.string(), "the engines' logs folder beside " + flags.db, OutputKind::folder});
    }
    for (const NamedFile& output : outputs) refuse_unwritable_output(output);
    for (const NamedFile& output : stderr_files) refuse_unwritable_output(output);
}

}  // namespace arbiter
