// `arbiter check ENGINE...`: each engine's conformance told before it plays (harness/check), and
// the same run behind fastchess's `--compliance ENGINE [ARGS]` through the fastchess link.
#pragma once

#include <string>
#include <vector>

namespace arbiter::cli {

// fastchess's `--compliance ENGINE [ARGS...]` (the arguments after `--compliance`): the checklist
// of the engine ENGINE started with ARGS. Returns fastchess's exit status: 0 when every check
// passed, 1 otherwise (a usage error too).
int run_compliance(const std::vector<std::string>& arguments);

}  // namespace arbiter::cli
