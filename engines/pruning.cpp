// pruning: the ordering rung plus forward pruning - null-move pruning (with its zugzwang guard)
// and late-move reductions.
#include "engines/uci/engine.h"

int main(int argc, char** argv) {
    arbiter::EngineSpec spec{.name = "pruning",
                             .features = {.alpha_beta = true,
                                          .mvv_lva = true,
                                          .transposition_table = true,
                                          .quiescence = true,
                                          .killers = true,
                                          .history = true,
                                          .pvs = true,
                                          .aspiration = true,
                                          .null_move = true,
                                          .late_move_reductions = true},
                             .bench_depth = 8};
    return arbiter::run_engine(spec, argc, argv);
}
