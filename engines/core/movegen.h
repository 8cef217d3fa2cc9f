// Legal move generation: every move the side to move may play, and nothing else.
#pragma once

#include <algorithm>
#include <cstddef>

#include "engines/core/position.h"

namespace arbiter {

// A fixed-capacity list of moves (no position has more than 218 legal moves).
class MoveList {
  public:
    static constexpr std::size_t CAPACITY = 256;

    MoveList() {}  // leaves the storage uninitialised: only the first size() moves are read
    MoveList(const MoveList& other) : size_(other.size_) {
        std::copy(other.begin(), other.end(), begin());
    }
    MoveList& operator=(const MoveList& other) {
        size_ = other.size_;
        std::copy(other.begin(), other.end(), begin());
        return *this;
    }

    void push(Move m) { storage_.moves[size_++] = m; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move operator[](std::size_t i) const { return storage_.moves[i]; }
    Move& operator[](std::size_t i) { return storage_.moves[i]; }
    Move* begin() { return storage_.moves; }
    Move* end() { return storage_.moves + size_; }
    const Move* begin() const { return storage_.moves; }
    const Move* end() const { return storage_.moves + size_; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
    void clear() { size_ = 0; }
    // Keeps the first n moves (n <= size()).
    void resize(std::size_t n) { size_ = n; }

  private:
    // A union member is not default-constructed, so a new list costs nothing (Move's default
    // constructor would otherwise zero all 256 entries).
    union Storage {
        Storage() {}
        Move moves[CAPACITY];
    } storage_;
    std::size_t size_ = 0;
};

// Appends all legal moves of the side to move to `list`, in a fixed order: king moves, then
// knights, bishops, rooks, queens, pawns, castling; within a kind, by origin square.
void generate_legal(const Position& pos, MoveList& list);

// The legal moves split in two for a staged search, each part in the order generate_legal()
// gives its moves: the captures (onto an enemy piece, or en passant; capture-promotions
// included) and the quiet moves (all the others: pushes, quiet promotions, castling).
void generate_captures(const Position& pos, MoveList& list);
void generate_quiets(const Position& pos, MoveList& list);
// The captures and every promotion (what quiescence searches), in generate_legal()'s order.
void generate_noisy(const Position& pos, MoveList& list);

// True if m is one of the moves generate_legal() gives (any 16-bit value may be asked: a
// transposition table's move is checked without generating the moves).
bool is_legal(const Position& pos, Move m);

// Number of legal moves, cheaper than generating them when only the count matters.
std::size_t count_legal(const Position& pos);

// True if the side to move has at least one legal move. Cheap in the usual case (any free
// piece with somewhere to go; in check, a safe king step or a free piece that takes or
// blocks); out of check falls back to full generation only when that finds nothing.
bool has_legal_move(const Position& pos);

}  // namespace arbiter
