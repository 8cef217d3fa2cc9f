// The cutechess-cli / fastchess command line (`arbiter -engine cmd=a -engine cmd=b -each tc=10+0.1
// -rounds 250 -repeat -concurrency 8 -openings file=book.epd`), read onto the same
// TournamentConfig and output plan (TournamentConfig::output) as `arbiter tournament`, by the same
// settings entries: the dialect only spells them. An option arbiter cannot honour is an error that
// names it, says why and points to the nearest supported option; it is never ignored in silence.
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

// A whole command line in this dialect: the tournament with its output plan (config.output,
// starting in cutechess-cli's form, or fastchess's when spoken as fastchess), and what the door
// itself does with the run (a new database and seed, the shard, the warnings).
struct CutechessCommand {
    TournamentConfig config;
    SpokenTool spoken_tool = SpokenTool::arbiter;
    bool version = false;               // -version / --version: print it and stop
    bool help = false;                  // -help / --help anywhere: print the usage and stop
    bool db_given = false;              // -db FILE: resume that database; else a new one per run
    bool seed_given = false;            // -srand N; else a seed from the clock (without -db)
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
