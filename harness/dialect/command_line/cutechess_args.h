// The cutechess-cli / fastchess command line (`arbiter -engine cmd=a -engine cmd=b -each tc=10+0.1
// -rounds 250 -repeat -concurrency 8 -openings file=book.epd`), read onto the same
// TournamentConfig as `arbiter tournament`, plus the few settings that only shape this dialect's
// output lines. An option arbiter cannot honour is an error that names it, says why and points
// to the nearest supported option; it is never ignored in silence.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "harness/config/output_plan.h"
#include "harness/config/tournament_config.h"

namespace arbiter {

// Whose command line arbiter speaks, from the name it was started by: a link named fastchess...
// (OpenBench's fastchess-ob) or cutechess... (cutechess-cli) speaks that tool and prints its lines
// by default; arbiter itself speaks both, printing cutechess's lines unless told otherwise.
enum class SpokenTool { arbiter, cutechess, fastchess };

// The tool spoken by a program started as `program` (argv[0]; only its file name counts).
SpokenTool tool_called_as(std::string_view program);

// "arbiter 0.3.0, speaking fastchess's command line" (cutechess's, or its own).
std::string version_text(SpokenTool spoken_tool);

// How this dialect reports a run: its output plan (harness/config/output_plan.h), starting in
// cutechess-cli's form; the games themselves are in TournamentConfig.
using CutechessOutputSettings = OutputPlan;

// A whole command line in this dialect.
struct CutechessCommand {
    TournamentConfig config;
    CutechessOutputSettings output;
    SpokenTool spoken_tool = SpokenTool::arbiter;
    bool version = false;     // -version / --version: print it and stop
    bool help = false;        // -help / --help anywhere: print the usage and stop
    bool db_given = false;    // -db FILE: resume that database; else a new one per run
    bool seed_given = false;  // -srand N; else a seed from the clock (without -db)
    // -use-affinity [CPUS]: pin each worker's engines to one CPU of `affinity_cpus` (every CPU,
    // first hardware threads first, when empty). Where games run is not part of the tournament.
    bool use_affinity = false;
    std::vector<int> affinity_cpus;
    // fastchess's -config outname=FILE: where the run's saved configuration is written when it
    // ends (harness/dialect/command_line/fastchess_saved_config.h); empty: none.
    std::string saved_config_path;
    std::vector<std::string> warnings;  // accepted but without effect; printed to stderr
    // -shard K/N or auto: play only that shard of the schedule, read by the command with
    // `arbiter tournament --shard`'s reader (parse_shard()); empty: the whole schedule.
    std::string shard;
};

// True when `argument` (argv[1]) opens a command line in this dialect: a single-dash option
// such as "-engine" or "-each", or "-version".
bool is_cutechess_option(std::string_view argument);

// Reads the arguments after the program name, spoken by `spoken_tool`. Throws ConfigError naming
// the option.
CutechessCommand read_cutechess_args(const std::vector<std::string>& arguments,
                                     SpokenTool spoken_tool = SpokenTool::arbiter);

}  // namespace arbiter
