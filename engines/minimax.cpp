// minimax: full-width negamax to the depth limit without any pruning (Shannon's Type A).
#include "engines/uci/engine.h"

int main(int argc, char** argv) {
    arbiter::EngineSpec spec{.name = "minimax", .features = {}, .bench_depth = 4};
    return arbiter::run_engine(spec, argc, argv);
}
