// alphabeta: negamax with alpha-beta pruning, moves searched in generation order.
#include "engines/uci/engine.h"

int main(int argc, char** argv) {
    arbiter::EngineSpec spec{
        .name = "alphabeta", .features = {.alpha_beta = true}, .bench_depth = 5};
    return arbiter::run_engine(spec, argc, argv);
}
