#include "harness/check/run_check.h"

#include "harness/check/uci_checker.h"
#include "harness/check/xboard_checker.h"

namespace arbiter {

EngineCheckReport run_check(const EngineConfig& engine, CheckListener& listener,
                            const CheckBounds& bounds) {
    if (engine.protocol == EngineProtocol::xboard)
        return run_xboard_check(engine, listener, bounds);
    return UciChecker(engine, listener, bounds).run();
}

}  // namespace arbiter
