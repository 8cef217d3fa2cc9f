#include "harness/tournament/make_session.h"

#include "harness/uci/session.h"
#include "harness/xboard/session.h"

namespace arbiter {

std::unique_ptr<EngineSession> make_session(EngineProtocol protocol) {
    if (protocol == EngineProtocol::xboard) return std::make_unique<XboardSession>();
    return std::make_unique<UciSession>();
}

}  // namespace arbiter
