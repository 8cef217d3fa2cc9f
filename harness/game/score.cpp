#include "harness/game/score.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <limits>

namespace arbiter {

Score Score::from_centipawns(int centipawns, Bound bound) {
    return Score(Kind::centipawns, centipawns, bound);
}

Score Score::from_mate_plies(int plies, Bound bound) {
    return Score(Kind::mate, plies, bound);
}

Score Score::from_mate_moves(int moves, Bound bound) {
    std::int64_t plies = moves > 0 ? 2 * std::int64_t(moves) - 1 : 2 * std::int64_t(moves);
    constexpr std::int64_t most = std::numeric_limits<int>::max();
    return from_mate_plies(int(std::clamp(plies, -most, most)), bound);
}

int Score::mate_moves() const {
    if (!is_mate()) return 0;
    // In 64 bits: the magnitude of INT_MIN and INT_MAX + 1 overflow an int.
    std::int64_t magnitude = (std::int64_t(value_ < 0 ? -std::int64_t(value_) : value_) + 1) / 2;
    return int(value_ > 0 ? magnitude : -magnitude);
}

Score Score::with_bound(Bound bound) const {
    return Score(kind_, value_, bound);
}

Score Score::negated() const {
    if (!is_mate()) return from_centipawns(-value_);
    return from_mate_plies(value_ > 0 ? -value_ : (value_ == 0 ? 1 : -value_));
}

std::string eval_text(const Score& score) {
    if (score.is_mate()) return "#" + std::to_string(score.mate_moves());
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", score.centipawns() / 100.0);
    return text;
}

std::string to_uci(const Score& score) {
    std::string text = (score.is_mate() ? "mate " : "cp ") + std::to_string(score.uci_value());
    if (score.bound() == Score::Bound::lower) text += " lowerbound";
    if (score.bound() == Score::Bound::upper) text += " upperbound";
    return text;
}

std::optional<int> centipawns_of(const std::optional<Score>& score) {
    if (!score || score->is_mate()) return std::nullopt;
    return score->centipawns();
}

std::optional<int> mate_moves_of(const std::optional<Score>& score) {
    if (!score || !score->is_mate()) return std::nullopt;
    return score->mate_moves();
}

std::optional<Score> score_from_columns(std::optional<int> centipawns,
                                        std::optional<int> mate_moves) {
    if (mate_moves) return Score::from_mate_moves(*mate_moves);
    if (centipawns) return Score::from_centipawns(*centipawns);
    return std::nullopt;
}

}  // namespace arbiter
