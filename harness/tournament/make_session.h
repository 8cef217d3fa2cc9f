// The one place that knows both protocols' sessions: above harness/uci and harness/xboard, so
// that the referee (harness/game) reaches an engine only through its EngineSession interface.
#pragma once

#include <memory>

#include "harness/config/engine_config.h"
#include "harness/game/engine_session.h"

namespace arbiter {

// A new, unstarted session for `protocol`.
std::unique_ptr<EngineSession> make_session(EngineProtocol protocol);

}  // namespace arbiter
