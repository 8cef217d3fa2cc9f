// greedy: looks one ply ahead and plays the move whose resulting position evaluates best;
// equally good moves are chosen among by the UCI option `Seed`.
#include "engines/uci/engine.h"

int main(int argc, char** argv) {
    arbiter::EngineSpec spec{
        .name = "greedy", .features = {.seeded_ties = true, .max_depth = 1}, .bench_depth = 1};
    return arbiter::run_engine(spec, argc, argv);
}
