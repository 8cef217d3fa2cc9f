#include "harness/game/engine_types.h"

#include <utility>

#include "engines/core/text.h"

namespace arbiter {

std::string_view to_string(EngineStatus status) {
    switch (status) {
        case EngineStatus::ok:
            return "ok";
        case EngineStatus::timeout:
            return "timeout";
        case EngineStatus::disconnected:
            return "disconnected";
    }
    return "unknown";
}

bool drop_insane_score(std::optional<EngineScore>& score, std::string& problem) {
    if (!score) return false;
    bool mate = score->kind == EngineScore::Kind::mate;
    std::int64_t value = score->value;
    std::int64_t most = mate ? MAX_SANE_MATE_MOVES : MAX_SANE_CENTIPAWNS;
    if (value >= -most && value <= most) return false;
    if (problem.empty())
        problem = std::string("score ") + (mate ? "mate " : "cp ") + std::to_string(value) +
                  " is out of range (" + (mate ? "mates" : "centipawns") + " within +/-" +
                  std::to_string(most) + (mate ? " moves)" : ")");
    score.reset();
    return true;
}

bool keep_recent_line(std::vector<std::string>& kept, std::string text) {
    if (text.size() > MAX_KEPT_LINE_LENGTH) text.resize(MAX_KEPT_LINE_LENGTH);
    bool dropped = kept.size() >= MAX_KEPT_LINES;
    if (dropped) kept.erase(kept.begin());
    kept.push_back(std::move(text));
    return dropped;
}

std::string printable_engine_text(std::string_view bytes) {
    return printable_excerpt(bytes, std::string_view::npos);
}

}  // namespace arbiter
