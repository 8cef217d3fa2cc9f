// How fast the store records finished games of 100 moves each, and how large the file grows.
// Run: build/bin/store_benchmark. "games/s" and "moves/s" are per second of wall time (disk
// writes included), what a tournament can sustain; "bytes/1000 games" is the file size after
// the closing checkpoint.

#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>

#include "harness/store/store.h"
#include "harness/store/test_records.h"

namespace arbiter {
namespace {

void RecordGames(benchmark::State& state) {
    const int plies = static_cast<int>(state.range(0));
    const std::filesystem::path path = store_test::temp_database_path("benchmark");
    std::int64_t slot = 0;
    double wall_seconds = 0;
    {
        Store store = Store::open(path);
        const TournamentId tournament = store.get_or_create_tournament("bench", "{}");
        const EngineId white = store.get_or_create_engine(store_test::sample_engine("w", "w"));
        const EngineId black = store.get_or_create_engine(store_test::sample_engine("b", "b"));
        // One realistic game, re-recorded under a new slot number each iteration.
        GameRecord game = store_test::sample_game(tournament, 0, white, black, std::nullopt, plies);
        const auto start = std::chrono::steady_clock::now();
        for (auto _ : state) {
            game.slot.number = slot++;
            benchmark::DoNotOptimize(store.record_game(game));
        }
        wall_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    // Closing the last connection checkpoints the WAL into the main file.
    const double bytes = static_cast<double>(std::filesystem::file_size(path));
    state.counters["games/s"] = static_cast<double>(slot) / wall_seconds;
    state.counters["moves/s"] = static_cast<double>(slot) * plies / wall_seconds;
    state.counters["bytes/1000 games"] = bytes * 1000.0 / static_cast<double>(slot);
    store_test::remove_database(path);
}
BENCHMARK(RecordGames)->Arg(100)->Unit(benchmark::kMicrosecond)->MinTime(2.0)->UseRealTime();

}  // namespace
}  // namespace arbiter

BENCHMARK_MAIN();
