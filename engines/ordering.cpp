// ordering: the quiescence rung with better move ordering and narrower windows - killer moves,
// the history heuristic, principal variation search and aspiration windows.
#include "engines/uci/engine.h"

int main(int argc, char** argv) {
    arbiter::EngineSpec spec{.name = "ordering",
                             .features = {.alpha_beta = true,
                                          .mvv_lva = true,
                                          .transposition_table = true,
                                          .quiescence = true,
                                          .killers = true,
                                          .history = true,
                                          .pvs = true,
                                          .aspiration = true},
                             .bench_depth = 7};
    return arbiter::run_engine(spec, argc, argv);
}
