// Polyglot opening books (.bin): the position key and a checked, in-memory reader.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "engines/core/position.h"

namespace arbiter {

// The Polyglot key of a position: the published random numbers of its pieces, castling rights,
// en-passant file and side to move. As the format says, the en-passant file counts when a pawn
// of the side to move stands beside a pawn that has just moved two squares, even where taking it
// would be illegal (a pinned pawn): the position's own Zobrist key counts only legal captures.
std::uint64_t polyglot_key(const Position& pos);

// One 16-byte record of a book, as stored (big-endian on disk).
struct BookEntry {
    std::uint64_t key = 0;
    std::uint16_t move = 0;
    std::uint16_t weight = 0;
    std::uint32_t learn = 0;
};

// A book that cannot be read: the message names the file and, for damage, the byte offset.
class BookError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The move a book records for a position: our Move and the raw entry it came from.
struct BookMove {
    Move move;
    std::uint16_t weight = 0;
};

// Translates a book's 16-bit move in `pos` into a legal Move, or Move::none() if no legal move
// matches. Castling is stored as the king taking its own rook (e1h1), and is translated so.
Move decode_book_move(const Position& pos, std::uint16_t raw);

// PolyglotBook holds a whole book file in memory, checked when loaded: its size is a whole
// number of entries and its keys are sorted, as binary search needs. Look-ups never allocate
// more than the answer, and a book can be shared between threads once loaded.
class PolyglotBook {
  public:
    // Reads `path`. Throws BookError naming the file for a file that cannot be opened, a size
    // that is not a multiple of 16 bytes, or keys out of order (with the offending offset). Up to
    // 15 trailing line-end bytes ('\n', '\r') are no entry and are ignored, as `polyglot` does.
    static PolyglotBook load(const std::string& path);
    // Builds a book from entries already sorted by key (for tests and tools).
    static PolyglotBook from_entries(std::vector<BookEntry> entries, std::string name);

    const std::string& path() const { return path_; }
    std::size_t size() const { return entries_.size(); }
    // How many trailing line-end bytes load() ignored (0 for a well-formed file).
    std::size_t ignored_tail() const { return ignored_tail_; }

    // Every entry stored under `key`, in file order.
    std::span<const BookEntry> entries(std::uint64_t key) const;
    // The legal moves the book gives for `pos`, in file order. An entry whose move is illegal
    // there is skipped, and a line saying so (file, offset, move) is added to `warnings`.
    std::vector<BookMove> moves(const Position& pos,
                                std::vector<std::string>* warnings = nullptr) const;
    // Chooses among moves(pos) with probability proportional to weight, from `random` (any
    // 64-bit value; the same value gives the same move). Move::none() when the book has no
    // legal move with a positive weight for this position.
    Move choose(const Position& pos, std::uint64_t random) const;

  private:
    std::string path_;
    std::vector<BookEntry> entries_;
    std::size_t ignored_tail_ = 0;
};

}  // namespace arbiter
