#include "harness/ratings/game_result.h"

namespace arbiter {

int GameRecords::player_index(const std::string& name) {
    const auto found = index_.find(name);
    if (found != index_.end()) return found->second;
    const int index = static_cast<int>(players.size());
    players.push_back(name);
    index_.emplace(name, index);
    return index;
}

}  // namespace arbiter
