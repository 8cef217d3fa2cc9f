#include "harness/ratings/counts.h"

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

namespace arbiter {

double WdlCounts::score() const {
    const std::int64_t total = games();
    return total == 0 ? 0.5 : points() / static_cast<double>(total);
}

void WdlCounts::add(Outcome outcome, bool player_was_white) {
    if (outcome == Outcome::draw) {
        ++draws;
    } else if ((outcome == Outcome::white_win) == player_was_white) {
        ++wins;
    } else {
        ++losses;
    }
}

WdlCounts& WdlCounts::operator+=(const WdlCounts& other) {
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    return *this;
}

WdlCounts operator+(WdlCounts left, const WdlCounts& right) {
    return left += right;
}

std::int64_t PentanomialCounts::pair_count() const {
    std::int64_t total = 0;
    for (std::int64_t count : pairs) total += count;
    return total;
}

void PentanomialCounts::add_pair(int half_points) {
    if (half_points < 0 || half_points > 4) {
        throw std::out_of_range("a game pair is worth 0 to 4 half-points");
    }
    ++pairs[static_cast<std::size_t>(half_points)];
}

PentanomialCounts& PentanomialCounts::operator+=(const PentanomialCounts& other) {
    for (std::size_t i = 0; i < pairs.size(); ++i) pairs[i] += other.pairs[i];
    return *this;
}

PentanomialCounts operator+(PentanomialCounts left, const PentanomialCounts& right) {
    return left += right;
}

MatchTally tally_match(std::span<const GameResult> games, int player, int opponent) {
    MatchTally tally;
    // (pair id, index of the game in `games`) for the games of this match that carry an id.
    std::vector<std::pair<std::int64_t, std::size_t>> paired;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const GameResult& game = games[i];
        const bool player_white = game.white == player && game.black == opponent;
        const bool player_black = game.white == opponent && game.black == player;
        if (!player_white && !player_black) continue;
        tally.wdl.add(game.outcome, player_white);
        if (game.pair_id) {
            paired.emplace_back(*game.pair_id, i);
        } else {
            ++tally.unpaired_games;
        }
    }
    std::sort(paired.begin(), paired.end());
    std::size_t begin = 0;
    while (begin < paired.size()) {
        std::size_t end = begin;
        while (end < paired.size() && paired[end].first == paired[begin].first) ++end;
        const GameResult& first = games[paired[begin].second];
        const GameResult& second = games[paired[begin + 1 < end ? begin + 1 : begin].second];
        std::optional<int> half_points;
        if (end - begin == 2) half_points = pair_half_points(first, second, player);
        if (half_points) {
            tally.pentanomial.add_pair(*half_points);
        } else {
            tally.unpaired_games += static_cast<std::int64_t>(end - begin);
        }
        begin = end;
    }
    return tally;
}

std::optional<int> pair_half_points(const GameResult& first, const GameResult& second, int player) {
    const bool reversed = first.white == second.black && first.black == second.white;
    if (!reversed || (first.white != player && first.black != player)) return std::nullopt;
    // Half-points of the player: 2 for a win, 1 for a draw, 0 for a loss in each game.
    int half_points = 0;
    for (const GameResult* game : {&first, &second}) {
        const double white_half_points = 2.0 * white_points(game->outcome);
        half_points +=
            static_cast<int>(game->white == player ? white_half_points : 2.0 - white_half_points);
    }
    return half_points;
}

void LiveMatchTally::add(const GameResult& game) {
    const bool player_white = game.white == player_ && game.black == opponent_;
    const bool player_black = game.white == opponent_ && game.black == player_;
    if (!player_white && !player_black) return;
    tally_.wdl.add(game.outcome, player_white);
    if (!game.pair_id || completed_.count(*game.pair_id)) {
        ++tally_.unpaired_games;
        return;
    }
    auto [first, inserted] = waiting_.emplace(*game.pair_id, game);
    if (inserted) return;
    if (std::optional<int> half_points = pair_half_points(first->second, game, player_)) {
        tally_.pentanomial.add_pair(*half_points);
    } else {
        tally_.unpaired_games += 2;
    }
    completed_.insert(*game.pair_id);
    waiting_.erase(first);
}

MatchTally LiveMatchTally::tally() const {
    MatchTally tally = tally_;
    tally.unpaired_games += static_cast<std::int64_t>(waiting_.size());
    return tally;
}

}  // namespace arbiter
