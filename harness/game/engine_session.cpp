#include "harness/game/engine_session.h"

namespace arbiter {

std::unique_ptr<EngineSession> make_session(EngineProtocol protocol) {
    if (protocol == EngineProtocol::xboard) return std::make_unique<XboardSession>();
    return std::make_unique<UciSession>();
}

}  // namespace arbiter
