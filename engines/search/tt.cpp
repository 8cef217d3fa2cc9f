#include "engines/search/tt.h"

#include <algorithm>

#include "engines/search/score.h"

namespace arbiter {

void TranspositionTable::resize(std::size_t megabytes) {
    std::size_t count = std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Bucket));
    buckets_ = std::vector<Bucket>();  // release the old table before allocating the new one
    buckets_.assign(count, Bucket{});
    generation_ = 0;
}

void TranspositionTable::clear() {
    std::fill(buckets_.begin(), buckets_.end(), Bucket{});
    generation_ = 0;
}

const TTEntry* TranspositionTable::probe(Key key) const {
    const Bucket& b = bucket(key);
    if (b.depth_preferred.bound != Bound::none && b.depth_preferred.key == key)
        return &b.depth_preferred;
    if (b.always.bound != Bound::none && b.always.key == key) return &b.always;
    return nullptr;
}

void TranspositionTable::store(Key key, Move move, int score, int depth, Bound bound, int ply) {
    Bucket& b = bucket(key);
    TTEntry& first = b.depth_preferred;
    bool replace_first =
        first.bound == Bound::none || first.generation != generation_ || depth >= first.depth;
    TTEntry& slot = replace_first ? first : b.always;
    // Keep the known best move of this position when the new result has none (a fail-low).
    if (!move && slot.key == key) move = slot.move;
    if (replace_first && b.always.key == key) b.always.bound = Bound::none;  // no stale twin
    slot.key = key;
    slot.move = move;
    slot.score = static_cast<std::int16_t>(score_to_tt(score, ply));
    slot.depth = static_cast<std::int8_t>(depth);
    slot.bound = bound;
    slot.generation = generation_;
}

int TranspositionTable::score_to_tt(int score, int ply) {
    if (score >= SCORE_MATE_BOUND) return score + ply;
    if (score <= -SCORE_MATE_BOUND) return score - ply;
    return score;
}

int TranspositionTable::score_from_tt(int score, int ply) {
    if (score >= SCORE_MATE_BOUND) return score - ply;
    if (score <= -SCORE_MATE_BOUND) return score + ply;
    return score;
}

int TranspositionTable::hashfull() const {
    std::size_t n = std::min<std::size_t>(buckets_.size(), 500), used = 0;
    for (std::size_t i = 0; i < n; ++i) {
        used += buckets_[i].depth_preferred.bound != Bound::none &&
                buckets_[i].depth_preferred.generation == generation_;
        used +=
            buckets_[i].always.bound != Bound::none && buckets_[i].always.generation == generation_;
    }
    return n ? int(used * 1000 / (2 * n)) : 0;
}

}  // namespace arbiter
