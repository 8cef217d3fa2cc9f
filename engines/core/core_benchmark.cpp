// Micro benchmarks of the core: perft (bulk-counted leaves) and legal move generation.
// Reported as items (leaves or moves) per second; run build/bin/core_benchmark.
#include <benchmark/benchmark.h>

#include "engines/core/movegen.h"
#include "engines/core/perft.h"

namespace arbiter {
namespace {

void perft_benchmark(benchmark::State& state, const char* fen, int depth) {
    Position pos;
    StateInfo st;
    if (!pos.set(fen, st).empty()) state.SkipWithError("bad FEN");
    std::uint64_t leaves = 0;
    for (auto _ : state) leaves += perft(pos, depth);
    state.SetItemsProcessed(std::int64_t(leaves));
}

void generate_benchmark(benchmark::State& state, const char* fen) {
    Position pos;
    StateInfo st;
    if (!pos.set(fen, st).empty()) state.SkipWithError("bad FEN");
    std::int64_t moves = 0;
    for (auto _ : state) {
        MoveList list;
        generate_legal(pos, list);
        benchmark::DoNotOptimize(list);
        moves += std::int64_t(list.size());
    }
    state.SetItemsProcessed(moves);
}

void do_undo_benchmark(benchmark::State& state, const char* fen) {
    Position pos;
    StateInfo st;
    if (!pos.set(fen, st).empty()) state.SkipWithError("bad FEN");
    MoveList list;
    generate_legal(pos, list);
    std::int64_t moves = 0;
    for (auto _ : state) {
        for (Move m : list) {
            StateInfo next;
            pos.do_move(m, next);
            pos.undo_move(m);
        }
        moves += std::int64_t(list.size());
    }
    state.SetItemsProcessed(moves);
}

constexpr const char* kiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

BENCHMARK_CAPTURE(perft_benchmark, startpos_depth5, START_FEN.data(), 5)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_benchmark, kiwipete_depth4, kiwipete, 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(generate_benchmark, startpos, START_FEN.data());
BENCHMARK_CAPTURE(generate_benchmark, kiwipete, kiwipete);
BENCHMARK_CAPTURE(do_undo_benchmark, kiwipete, kiwipete);

}  // namespace
}  // namespace arbiter

BENCHMARK_MAIN();
