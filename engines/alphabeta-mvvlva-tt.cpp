// alphabeta-mvvlva-tt: alpha-beta with MVV-LVA ordering and a transposition table (hash move
// first, exact/lower/upper bounds, depth-preferred replacement, `Hash` in MB).
#include "engines/uci/engine.h"

int main(int argc, char** argv) {
    arbiter::EngineSpec spec{
        .name = "alphabeta-mvvlva-tt",
        .features = {.alpha_beta = true, .mvv_lva = true, .transposition_table = true},
        .bench_depth = 7};
    return arbiter::run_engine(spec, argc, argv);
}
