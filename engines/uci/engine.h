// What makes one engine binary: its name, its search features and its bench depth. Each engine's
// main() fills in an EngineSpec and hands it to run_engine().
#pragma once

#include <string>

#include "engines/search/search.h"

namespace arbiter {

struct EngineSpec {
    std::string name;         // the binary's name, also the UCI `id name`
    SearchFeatures features;  // which search it runs
    int bench_depth = 1;      // default depth of the `bench` command
    // Every strategy of STRATEGY_SWITCHES as a UCI check option, defaulting to `features`.
    bool strategy_options = false;
};

// The UCI options an engine has follow from its features: `Seed` for the random mover and the
// greedy engine, `Eval` for every engine that evaluates, `Hash` and `Clear Hash` with a
// transposition table, `Move Overhead` for engines that search to a clock.
bool has_seed_option(const SearchFeatures& f);
bool has_eval_option(const SearchFeatures& f);
bool has_overhead_option(const SearchFeatures& f);

// The whole program: parses the command line (bench, perft, --help) or, without a command,
// speaks UCI on standard input and output. Returns the process exit code.
int run_engine(const EngineSpec& spec, int argc, char** argv);

}  // namespace arbiter
