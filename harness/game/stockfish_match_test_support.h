// Test support: two games of Debian's Stockfish against itself through the `arbiter` program, as
// the end-to-end tests of pondering (ponder_stockfish_e2e_test.cpp) and of multi-period clocks
// (periods_stockfish_e2e_test.cpp) play them, with the PGN and the engine log they leave.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>

#include "engines/core/reference_program.h"
#include "harness/testing/run_program.h"

namespace arbiter_test {

// A finished match: its folder (the caller removes it once the test passed), what arbiter
// printed, the PGN and the engine log.
struct StockfishMatch {
    std::filesystem::path dir;
    std::string output, pgn, log;
};

// Plays `--max-games 2 --concurrency 2` at `control` between Stockfish named `first` (with
// `first_options`, `,option.X=Y,...` or `,ponder=true`) and Stockfish named `second`, each with
// 16 MB of hash and a Move Overhead of 100 ms (Stockfish's default is 10), so that both keep time
// on a machine busier than its cores, where a process may wait that long. Returns nothing when
// Stockfish is missing: the test is then to be skipped (reference_program failed it under CI).
inline std::optional<StockfishMatch> play_stockfish_match(const std::string& tag,
                                                          const std::string& first,
                                                          const std::string& first_options,
                                                          const std::string& second,
                                                          const std::string& control) {
    const std::string stockfish = arbiter::testing::reference_program("stockfish");
    if (stockfish.empty()) return std::nullopt;
    StockfishMatch match;
    match.dir = std::filesystem::temp_directory_path() /
                ("arbiter-" + tag + "-sf-" + std::to_string(::getpid()));
    std::filesystem::remove_all(match.dir);
    std::filesystem::create_directories(match.dir);
    const std::string d = match.dir.string();
    const std::string options = ",option.Hash=16,option.Move Overhead=100'";
    match.output =
        run_program(std::string(ARBITER_PATH) + " tournament --engine 'name=" + first +
                    ",cmd=" + stockfish + first_options + options + " --engine 'name=" + second +
                    ",cmd=" + stockfish + options + " --tc " + control + " --openings " +
                    SOURCE_DIR + "/openings/arbiter-8ply.epd --max-games 2 --concurrency 2 --db " +
                    d + "/t.sqlite --pgn " + d + "/t.pgn --engine-log " + d + "/engines.log")
            .output;
    match.pgn = read_text(match.dir / "t.pgn");
    match.log = read_text(match.dir / "engines.log");
    return match;
}

}  // namespace arbiter_test
