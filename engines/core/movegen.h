// Legal move generation: every move the side to move may play, and nothing else.
#pragma once

#include <cstddef>

#include "engines/core/position.h"

namespace arbiter {

// A fixed-capacity list of moves (no position has more than 218 legal moves).
class MoveList {
  public:
    static constexpr std::size_t CAPACITY = 256;

    void push(Move m) { moves_[size_++] = m; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move operator[](std::size_t i) const { return moves_[i]; }
    Move& operator[](std::size_t i) { return moves_[i]; }
    Move* begin() { return moves_; }
    Move* end() { return moves_ + size_; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
    void clear() { size_ = 0; }

  private:
    Move moves_[CAPACITY];
    std::size_t size_ = 0;
};

// Appends all legal moves of the side to move to `list`, in a fixed order: king moves, then
// knights, bishops, rooks, queens, pawns, castling; within a kind, by origin square.
void generate_legal(const Position& pos, MoveList& list);

// Number of legal moves, cheaper than generating them when only the count matters.
std::size_t count_legal(const Position& pos);

}  // namespace arbiter
