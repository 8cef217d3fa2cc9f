// quiescence: Shannon's Type B first step on top of the table rung - at the horizon, captures
// and promotions are played out (MVV-LVA, stand pat) until the position is quiet.
#include "engines/uci/engine.h"

int main(int argc, char** argv) {
    arbiter::EngineSpec spec{.name = "quiescence",
                             .features = {.alpha_beta = true,
                                          .mvv_lva = true,
                                          .transposition_table = true,
                                          .quiescence = true},
                             .bench_depth = 6};
    return arbiter::run_engine(spec, argc, argv);
}
