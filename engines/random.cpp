// random: plays a uniformly random legal move. The choice is a function of the UCI option
// `Seed` and the position, so games are reproducible.
#include "engines/uci/engine.h"

int main(int argc, char** argv) {
    arbiter::EngineSpec spec{
        .name = "random", .features = {.random_mover = true}, .bench_depth = 1};
    return arbiter::run_engine(spec, argc, argv);
}
