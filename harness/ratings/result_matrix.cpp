// The results matrix of the joint ratings: games per ordered pair of players and the
// colour-reversed pairs among them.
#include <algorithm>
#include <stdexcept>

#include "harness/ratings/joint_ratings.h"

namespace arbiter {

ResultMatrix::ResultMatrix(int players)
    : players_(players),
      cells_(static_cast<std::size_t>(std::max(players, 0)) *
             static_cast<std::size_t>(std::max(players, 0))) {
    if (players < 0) throw std::invalid_argument("ResultMatrix: negative player count");
}

void ResultMatrix::add(int white, int black, Outcome outcome, std::int64_t count) {
    if (white < 0 || white >= players_ || black < 0 || black >= players_) {
        throw std::invalid_argument("ResultMatrix: player index out of range");
    }
    if (white == black) throw std::invalid_argument("ResultMatrix: a player cannot play itself");
    if (count < 0) throw std::invalid_argument("ResultMatrix: negative game count");
    WdlCounts& cell = cells_[static_cast<std::size_t>(white) * static_cast<std::size_t>(players_) +
                             static_cast<std::size_t>(black)];
    switch (outcome) {
        case Outcome::white_win:
            cell.wins += count;
            break;
        case Outcome::draw:
            cell.draws += count;
            break;
        case Outcome::black_win:
            cell.losses += count;
            break;
    }
    games_ += count;
}

void ResultMatrix::add_pair(int white, int black, Outcome first, Outcome second,
                            std::int64_t count) {
    add(white, black, first, count);
    add(black, white, second, count);
    const bool lower_white = white < black;
    PairOutcomes& outcomes = pairs_[{std::min(white, black), std::max(white, black)}];
    const std::size_t lower = static_cast<std::size_t>(lower_white ? first : second);
    const std::size_t higher = static_cast<std::size_t>(lower_white ? second : first);
    outcomes[lower * 3 + higher] += count;
}

WdlCounts ResultMatrix::player_results(int player) const {
    WdlCounts total;
    for (int other = 0; other < players_; ++other) {
        if (other == player) continue;
        total += cell(player, other);
        const WdlCounts& as_black = cell(other, player);
        total += WdlCounts{as_black.losses, as_black.draws, as_black.wins};
    }
    return total;
}

ResultMatrix aggregate_results(int players, std::span<const GameResult> games) {
    ResultMatrix matrix(players);
    // (pair id, index of the game) for the games that carry an id, grouped by id.
    std::vector<std::pair<std::int64_t, std::size_t>> paired;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (games[i].pair_id) {
            paired.emplace_back(*games[i].pair_id, i);
        } else {
            matrix.add(games[i].white, games[i].black, games[i].outcome);
        }
    }
    std::sort(paired.begin(), paired.end());
    for (std::size_t begin = 0; begin < paired.size();) {
        std::size_t end = begin;
        while (end < paired.size() && paired[end].first == paired[begin].first) ++end;
        const GameResult& first = games[paired[begin].second];
        const GameResult& second = games[paired[end - 1].second];
        if (end - begin == 2 && first.white == second.black && first.black == second.white) {
            matrix.add_pair(first.white, first.black, first.outcome, second.outcome);
        } else {
            for (std::size_t k = begin; k < end; ++k) {
                const GameResult& game = games[paired[k].second];
                matrix.add(game.white, game.black, game.outcome);
            }
        }
        begin = end;
    }
    return matrix;
}

}  // namespace arbiter
