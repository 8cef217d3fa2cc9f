// The `bench` command: searches a fixed set of positions to a fixed depth and prints the total
// node count, the engine's signature. The signature changes exactly when the search's tree
// changes, so a committed copy catches unintended changes of behaviour.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "engines/uci/engine.h"

namespace arbiter {

// The bench positions, as FEN.
const std::vector<std::string>& bench_positions();
// The Chess960 bench positions (`bench --chess960`): start and middle-game positions where
// castling is about, with king and rook adjacent and the king on b and g among them.
const std::vector<std::string>& chess960_bench_positions();

struct BenchResult {
    std::uint64_t nodes = 0;   // all iterations of all positions
    std::uint64_t leaves = 0;  // leaves of each position's last iteration, summed
    std::int64_t elapsed_ms = 0;
};

// Searches each of `fens` to `depth` with a fresh engine state (as after ucinewgame) and the
// given evaluation, printing one line per position and then the totals:
//   Nodes searched: N
//   Nodes/second: R
// Returns the totals. A malformed FEN is reported on `out` and skipped. With `chess960` the
// positions are set up as Chess960 ones (castling as the king taking its rook).
BenchResult run_bench(const EngineSpec& spec, int depth, const std::vector<std::string>& fens,
                      eval::Kind eval, std::ostream& out, bool chess960 = false);

}  // namespace arbiter
