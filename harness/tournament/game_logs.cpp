#include "harness/tournament/game_logs.h"

#include <fstream>

#include "harness/process/engine_process.h"

namespace arbiter {

void mark_game_in_logs(const ScheduledGame& game, const WorkerEngines& engines,
                       const std::string& white_name, const std::string& black_name) {
    const std::string& white_log = engines.log_path(game.white);
    const std::string& black_log = engines.log_path(game.black);
    // Stamped as the process room stamps each start, so a reader of the log skips both the same
    // way.
    const std::string line = engine_log_stamp() + " game " + std::to_string(game.slot.number + 1) +
                             " (" + white_name + " vs " + black_name + ")\n";
    for (const std::string* log : {&white_log, &black_log}) {
        if (log->empty() || (log == &black_log && black_log == white_log)) continue;
        std::ofstream out(*log, std::ios::app);
        out << line;
    }
}

void name_log_in_fault(Result& result, const ScheduledGame& game, const WorkerEngines& engines) {
    switch (result.termination) {
        case Termination::illegal_move:
        case Termination::disconnect:
        case Termination::stall:
        case Termination::time_forfeit:
        case Termination::false_claim:
            break;
        default:
            return;
    }
    if (result.outcome == Outcome::draw) return;
    const std::string& log =
        engines.log_path(result.outcome == Outcome::black_win ? game.white : game.black);
    if (log.empty()) return;
    result.fault_detail +=
        (result.fault_detail.empty() ? "" : "; ") + std::string("its log: ") + log;
}

}  // namespace arbiter
