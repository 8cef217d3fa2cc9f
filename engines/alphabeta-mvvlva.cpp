// alphabeta-mvvlva: alpha-beta with MVV-LVA ordering (captures by most valuable victim, then
// least valuable attacker, then quiet moves).
#include "engines/uci/engine.h"

int main(int argc, char** argv) {
    arbiter::EngineSpec spec{.name = "alphabeta-mvvlva",
                             .features = {.alpha_beta = true, .mvv_lva = true},
                             .bench_depth = 6};
    return arbiter::run_engine(spec, argc, argv);
}
