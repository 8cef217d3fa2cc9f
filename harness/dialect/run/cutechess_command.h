// `arbiter -engine cmd=... -engine cmd=... -each tc=10+0.1 -rounds 250 ...`: the cutechess-cli and
// fastchess command line, read by harness/dialect/command_line/cutechess_args onto the same
// configuration and runner as `arbiter tournament`, printing those tools' lines
// (harness/dialect/output/cutechess_output).
#pragma once

#include <string>
#include <vector>

#include "harness/dialect/command_line/cutechess_args.h"

namespace arbiter::cli {

// Runs a whole command line in this dialect (the arguments after the program name) and returns
// the exit code: 0 when the match finished, 1 on an error, 130 after SIGINT.
int run_cutechess_dialect(const std::vector<std::string>& arguments,
                          SpokenTool spoken_tool = SpokenTool::arbiter);

}  // namespace arbiter::cli
