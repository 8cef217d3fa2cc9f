// lab: every search strategy as a UCI check option (setoption name NullMove value false), the
// strongest set on by default, so that any combination can be compared without building.
#include "engines/uci/engine.h"

int main(int argc, char** argv) {
    arbiter::EngineSpec spec{.name = "lab",
                             .features = {.alpha_beta = true,
                                          .mvv_lva = true,
                                          .transposition_table = true,
                                          .quiescence = true,
                                          .delta_pruning = true,
                                          .killers = true,
                                          .history = true,
                                          .check_extension = true,
                                          .pvs = true,
                                          .aspiration = true,
                                          .null_move = true,
                                          .late_move_reductions = true},
                             .bench_depth = 8,
                             .strategy_options = true};
    return arbiter::run_engine(spec, argc, argv);
}
