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

std::optional<Score> sane_engine_score(Score::Kind kind, std::int64_t value, Score::Bound bound,
                                       std::string& problem) {
    bool mate = kind == Score::Kind::mate;
    std::int64_t most = mate ? MAX_SANE_MATE_MOVES : MAX_SANE_CENTIPAWNS;
    if (value >= -most && value <= most)
        return mate ? Score::from_mate_moves(int(value), bound)
                    : Score::from_centipawns(int(value), bound);
    if (problem.empty())
        problem = std::string("score ") + (mate ? "mate " : "cp ") + std::to_string(value) +
                  " is out of range (" + (mate ? "mates" : "centipawns") + " within +/-" +
                  std::to_string(most) + (mate ? " moves)" : ")");
    return std::nullopt;
}

std::string pv_text(const std::vector<std::string>& pv) {
    std::string text;
    for (std::size_t i = 0; i < pv.size(); ++i) text += (i ? " " : "") + pv[i];
    return text;
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
