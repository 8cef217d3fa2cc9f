#include "harness/ratings/game_result.h"

namespace arbiter {

double white_points(Outcome outcome) {
    switch (outcome) {
        case Outcome::white_win:
            return 1.0;
        case Outcome::draw:
            return 0.5;
        case Outcome::black_win:
            return 0.0;
    }
    return 0.5;
}

std::optional<Outcome> parse_outcome(std::string_view text) {
    if (text == "1-0") return Outcome::white_win;
    if (text == "0-1") return Outcome::black_win;
    if (text == "1/2-1/2") return Outcome::draw;
    return std::nullopt;
}

std::string_view to_pgn(Outcome outcome) {
    switch (outcome) {
        case Outcome::white_win:
            return "1-0";
        case Outcome::draw:
            return "1/2-1/2";
        case Outcome::black_win:
            return "0-1";
    }
    return "*";
}

int GameRecords::player_index(const std::string& name) {
    const auto found = index_.find(name);
    if (found != index_.end()) return found->second;
    const int index = static_cast<int>(players.size());
    players.push_back(name);
    index_.emplace(name, index);
    return index;
}

}  // namespace arbiter
