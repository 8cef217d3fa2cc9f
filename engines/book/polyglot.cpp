#include "engines/book/polyglot.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>

#include "engines/book/polyglot_random.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"

namespace arbiter {

namespace {

constexpr std::size_t ENTRY_SIZE = 16;

// Polyglot orders pieces black pawn, white pawn, black knight, ...: kind = 2 * type + (white).
int polyglot_kind(Piece p) {
    return 2 * int(type_of(p)) + (color_of(p) == WHITE ? 1 : 0);
}

std::uint64_t read_big_endian(const unsigned char* bytes, int count) {
    std::uint64_t value = 0;
    for (int i = 0; i < count; ++i) value = (value << 8) | bytes[i];
    return value;
}

std::string offset_text(std::size_t index) {
    return "offset " + std::to_string(index * ENTRY_SIZE);
}

}  // namespace

std::uint64_t polyglot_key(const Position& pos) {
    std::uint64_t key = 0;
    Bitboard occupied = pos.pieces();
    while (occupied) {
        Square s = pop_lsb(occupied);
        key ^= POLYGLOT_RANDOM[64 * polyglot_kind(pos.piece_on(s)) + int(s)];
    }
    constexpr CastlingRights order[] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
    for (int i = 0; i < 4; ++i)
        if (pos.can_castle(order[i])) key ^= POLYGLOT_RANDOM[POLYGLOT_CASTLE_OFFSET + i];
    // The en-passant file counts when a pawn of the side to move stands beside the pawn that
    // just moved two squares, whether or not taking it would be legal.
    Square passed = pos.double_push_square();
    Color us = pos.side_to_move();
    if (passed != NO_SQUARE && (pawn_attacks(~us, passed) & pos.pieces(us, PAWN)))
        key ^= POLYGLOT_RANDOM[POLYGLOT_EN_PASSANT_OFFSET + file_of(passed)];
    if (pos.side_to_move() == WHITE) key ^= POLYGLOT_RANDOM[POLYGLOT_TURN_OFFSET];
    return key;
}

namespace {

// decode_book_move() over moves already generated for the position.
Move match_book_move(const MoveList& legal, std::uint16_t raw) {
    Square to = make_square(raw & 7, (raw >> 3) & 7);
    Square from = make_square((raw >> 6) & 7, (raw >> 9) & 7);
    int promotion = (raw >> 12) & 7;  // 0 none, 1 knight, 2 bishop, 3 rook, 4 queen
    if (promotion > 4) return Move::none();
    for (Move m : legal) {
        if (m.from() != from) continue;
        if (m.kind() == Move::CASTLING) {
            // Stored as the king taking its own rook: e1h1, e1a1, e8h8, e8a8 (whether the
            // position encodes castling as e1g1 or, under Chess960, as e1h1 already).
            Square rook = make_square(m.to() > m.from() ? 7 : 0, rank_of(m.to()));
            if (to == rook && promotion == 0) return m;
            continue;
        }
        if (m.to() != to) continue;
        int wanted = m.kind() == Move::PROMOTION ? int(m.promotion()) : 0;
        if (wanted == promotion) return m;
    }
    return Move::none();
}

}  // namespace

Move decode_book_move(const Position& pos, std::uint16_t raw) {
    MoveList legal;
    generate_legal(pos, legal);
    return match_book_move(legal, raw);
}

PolyglotBook PolyglotBook::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw BookError(path + ": cannot open the book");
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                     std::istreambuf_iterator<char>());
    if (in.bad()) throw BookError(path + ": read error");
    // A line end appended to the file (GNU Chess's smallbook.bin ends in one stray '\n') is no
    // entry: `polyglot` ignores it, and so do we. Any other partial entry is damage.
    std::size_t tail = bytes.size() % ENTRY_SIZE;
    bool line_ends = std::all_of(bytes.end() - std::ptrdiff_t(tail), bytes.end(),
                                 [](unsigned char c) { return c == '\n' || c == '\r'; });
    if (tail != 0 && line_ends) bytes.resize(bytes.size() - tail);
    if (bytes.size() % ENTRY_SIZE != 0)
        throw BookError(
            path + ": " + std::to_string(bytes.size()) +
            " bytes is not a whole number of 16-byte entries (the last entry, at offset " +
            std::to_string(bytes.size() / ENTRY_SIZE * ENTRY_SIZE) + ", is cut short)");
    std::vector<BookEntry> entries(bytes.size() / ENTRY_SIZE);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const unsigned char* e = bytes.data() + i * ENTRY_SIZE;
        entries[i] = {read_big_endian(e, 8), std::uint16_t(read_big_endian(e + 8, 2)),
                      std::uint16_t(read_big_endian(e + 10, 2)),
                      std::uint32_t(read_big_endian(e + 12, 4))};
        if (i > 0 && entries[i].key < entries[i - 1].key) {
            char buffer[64];
            std::snprintf(buffer, sizeof buffer, "%016llx", (unsigned long long)entries[i].key);
            throw BookError(
                path + ": " + offset_text(i) + ": key " + buffer +
                " is smaller than the key before it (a Polyglot book is sorted by key)");
        }
    }
    PolyglotBook book = from_entries(std::move(entries), path);
    book.ignored_tail_ = line_ends ? tail : 0;
    return book;
}

PolyglotBook PolyglotBook::from_entries(std::vector<BookEntry> entries, std::string name) {
    PolyglotBook book;
    book.entries_ = std::move(entries);
    book.path_ = std::move(name);
    return book;
}

std::span<const BookEntry> PolyglotBook::entries(std::uint64_t key) const {
    auto [first, last] =
        std::equal_range(entries_.begin(), entries_.end(), BookEntry{key},
                         [](const BookEntry& a, const BookEntry& b) { return a.key < b.key; });
    return {first, last};
}

std::vector<BookMove> PolyglotBook::moves(const Position& pos,
                                          std::vector<std::string>* warnings) const {
    std::vector<BookMove> result;
    std::span<const BookEntry> found = entries(polyglot_key(pos));
    if (found.empty()) return result;
    MoveList legal;  // generated once for all the position's entries
    generate_legal(pos, legal);
    for (const BookEntry& entry : found) {
        Move m = match_book_move(legal, entry.move);
        if (m) {
            result.push_back({m, entry.weight});
        } else if (warnings) {
            std::size_t index = std::size_t(&entry - entries_.data());
            warnings->push_back(path_ + ": " + offset_text(index) + ": move 0x" +
                                [&] {
                                    char buffer[8];
                                    std::snprintf(buffer, sizeof buffer, "%04x",
                                                  unsigned(entry.move));
                                    return std::string(buffer);
                                }() +
                                " is not legal in " + pos.fen() + "; skipped");
        }
    }
    return result;
}

Move PolyglotBook::choose(const Position& pos, std::uint64_t random) const {
    std::vector<BookMove> candidates = moves(pos);
    std::uint64_t total = 0;
    for (const BookMove& m : candidates) total += m.weight;
    if (total == 0) return Move::none();
    std::uint64_t point = random % total;
    for (const BookMove& m : candidates) {
        if (point < m.weight) return m.move;
        point -= m.weight;
    }
    return Move::none();  // unreachable: the weights add up to total
}

}  // namespace arbiter
