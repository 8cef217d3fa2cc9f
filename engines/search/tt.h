// The transposition table: a hash table of search results keyed by the position's Zobrist key.
// Each entry keeps the full 64-bit key (so a hit is a hit), the best move, the score with its
// bound (exact, lower, upper), the depth it was searched to and the search that wrote it.
// Buckets hold two entries: the first is depth-preferred (replaced only by a search at least as
// deep, or when it is left over from an earlier search), the second is always replaced.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engines/core/types.h"

namespace arbiter {

enum class Bound : std::uint8_t { none, upper, lower, exact };

struct TTEntry {
    Key key = 0;
    Move move;
    std::int16_t score = 0;  // relative to the node: mate scores count plies from this node
    std::int8_t depth = 0;
    Bound bound = Bound::none;
    std::uint8_t generation = 0;
};

class TranspositionTable {
  public:
    static constexpr std::size_t DEFAULT_MB = 16;

    explicit TranspositionTable(std::size_t megabytes = DEFAULT_MB) { resize(megabytes); }

    // Reallocates to `megabytes` MB (at least one bucket) and clears. Throws std::bad_alloc.
    void resize(std::size_t megabytes);
    // Forgets every entry (ucinewgame).
    void clear();
    // Marks the start of a new search; entries of earlier searches become replaceable.
    void new_search() { ++generation_; }

    // The entry stored for `key`, or nullptr. The depth-preferred slot is looked at first.
    const TTEntry* probe(Key key) const;
    // Starts loading the bucket of `key` into the cache, so that a probe soon after does not
    // wait for memory (a hint only: nothing changes).
    void prefetch(Key key) const { __builtin_prefetch(&buckets_[index(key)]); }
    // Stores a result found `ply` plies from the root (mate scores are made node-relative).
    void store(Key key, Move move, int score, int depth, Bound bound, int ply);

    // Mate scores are stored as distance from the node and read back as distance from the root.
    static int score_to_tt(int score, int ply);
    static int score_from_tt(int score, int ply);

    std::size_t entry_count() const { return buckets_.size() * 2; }
    // Permille of the first thousand entries written by the current search (UCI hashfull).
    int hashfull() const;

  private:
    struct Bucket {
        TTEntry depth_preferred;
        TTEntry always;
    };
    Bucket& bucket(Key key) { return buckets_[index(key)]; }
    const Bucket& bucket(Key key) const { return buckets_[index(key)]; }
    std::size_t index(Key key) const {
        return std::size_t((static_cast<unsigned __int128>(key) * buckets_.size()) >> 64);
    }

    std::vector<Bucket> buckets_;
    std::uint8_t generation_ = 0;
};

}  // namespace arbiter
