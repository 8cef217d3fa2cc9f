#include "engines/book/polyglot.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "engines/core/test_support.h"

namespace arbiter {
namespace {

using testing::Game;

// The test keys published with the format (computed with Toga II), reached by playing the moves
// and, separately, by reading the FEN given beside each.
TEST(PolyglotKey, PublishedTestPositions) {
    struct Case {
        std::initializer_list<const char*> moves;
        const char* fen;
        std::uint64_t key;
    };
    const Case cases[] = {
        {{}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9cULL},
        {{"e2e4"},
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         0x823c9b50fd114196ULL},
        {{"e2e4", "d7d5"},
         "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
         0x0756b94461c50fb0ULL},
        {{"e2e4", "d7d5", "e4e5"},
         "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
         0x662fafb965db29d4ULL},
        {{"e2e4", "d7d5", "e4e5", "f7f5"},
         "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
         0x22a48b5a8e47ff78ULL},
        {{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"},
         "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
         0x652a607ca3f242c1ULL},
        {{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"},
         "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
         0x00fdd303c946bdd9ULL},
        {{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"},
         "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
         0x3c8123ea7b067637ULL},
        {{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"},
         "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
         0x5c3f9b829b279560ULL},
    };
    for (const Case& c : cases) {
        Game played{std::string(START_FEN)};
        played.play(c.moves);
        EXPECT_EQ(polyglot_key(played.pos), c.key) << c.fen;
        Game read(c.fen);
        EXPECT_EQ(polyglot_key(read.pos), c.key) << c.fen;
    }
}

// Castling is stored as the king taking its own rook; promotions carry their piece.
TEST(PolyglotMove, CastlingAndPromotionDecode) {
    Game castle("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    auto raw = [](int from_file, int from_rank, int to_file, int to_rank, int promo = 0) {
        return std::uint16_t(to_file | to_rank << 3 | from_file << 6 | from_rank << 9 |
                             promo << 12);
    };
    EXPECT_EQ(move_to_uci(decode_book_move(castle.pos, raw(4, 0, 7, 0))), "e1g1");
    EXPECT_EQ(move_to_uci(decode_book_move(castle.pos, raw(4, 0, 0, 0))), "e1c1");
    EXPECT_EQ(decode_book_move(castle.pos, raw(4, 0, 6, 0)), Move::none());  // not the book's form
    Game promote("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    EXPECT_EQ(move_to_uci(decode_book_move(promote.pos, raw(0, 6, 0, 7, 4))), "a7a8q");
    EXPECT_EQ(move_to_uci(decode_book_move(promote.pos, raw(0, 6, 0, 7, 1))), "a7a8n");
    EXPECT_EQ(decode_book_move(promote.pos, raw(0, 6, 0, 7, 0)), Move::none());
    EXPECT_EQ(decode_book_move(promote.pos, raw(0, 6, 0, 7, 7)), Move::none());
}

std::filesystem::path temp_file(const std::string& name, const std::string& bytes) {
    auto path = std::filesystem::temp_directory_path() /
                ("arbiter-book-" + std::to_string(::getpid()) + name);
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

std::string entry_bytes(std::uint64_t key, std::uint16_t move, std::uint16_t weight) {
    std::string out;
    for (int i = 7; i >= 0; --i) out += char((key >> (8 * i)) & 0xff);
    out += char(move >> 8), out += char(move & 0xff);
    out += char(weight >> 8), out += char(weight & 0xff);
    out += std::string(4, '\0');
    return out;
}

TEST(PolyglotBook, DamagedBooksNameFileAndOffset) {
    auto odd = temp_file("odd.bin", entry_bytes(1, 0, 1) + "abc");
    try {
        PolyglotBook::load(odd.string());
        FAIL() << "an odd-length book was accepted";
    } catch (const BookError& e) {
        EXPECT_NE(std::string(e.what()).find(odd.string() + ": 19 bytes"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("offset 16"), std::string::npos) << e.what();
    }
    auto unsorted = temp_file("unsorted.bin",
                              entry_bytes(5, 0, 1) + entry_bytes(7, 0, 1) + entry_bytes(6, 0, 1));
    try {
        PolyglotBook::load(unsorted.string());
        FAIL() << "an unsorted book was accepted";
    } catch (const BookError& e) {
        EXPECT_NE(std::string(e.what()).find("offset 32: key 0000000000000006"), std::string::npos)
            << e.what();
    }
    EXPECT_THROW(PolyglotBook::load("/nonexistent/book.bin"), BookError);
    // A stray line end after the last entry (GNU Chess's smallbook.bin) is ignored, as polyglot
    // ignores it; a fragment of anything else is not.
    auto newline = temp_file("newline.bin", entry_bytes(1, 0, 1) + "\n");
    PolyglotBook read = PolyglotBook::load(newline.string());
    EXPECT_EQ(read.size(), 1u);
    EXPECT_EQ(read.ignored_tail(), 1u);
    auto junk = temp_file("junk.bin", entry_bytes(1, 0, 1) + "\n\nx");
    EXPECT_THROW(PolyglotBook::load(junk.string()), BookError);
    std::filesystem::remove(newline);
    std::filesystem::remove(junk);
    std::filesystem::remove(odd);
    std::filesystem::remove(unsorted);
}

TEST(PolyglotBook, IllegalMoveIsSkippedWithAWarningAndWeightsChoose) {
    Game start{std::string(START_FEN)};
    std::uint64_t key = polyglot_key(start.pos);
    auto raw = [](const char* uci) {
        return std::uint16_t((uci[2] - 'a') | (uci[3] - '1') << 3 | (uci[0] - 'a') << 6 |
                             (uci[1] - '1') << 9);
    };
    auto path =
        temp_file("small.bin", entry_bytes(key, raw("e2e4"), 3) + entry_bytes(key, raw("e2e5"), 9) +
                                   entry_bytes(key, raw("d2d4"), 1));
    PolyglotBook book = PolyglotBook::load(path.string());
    std::vector<std::string> warnings;
    auto moves = book.moves(start.pos, &warnings);
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_EQ(move_to_uci(moves[0].move), "e2e4");
    EXPECT_EQ(moves[0].weight, 3);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("offset 16: move 0x"), std::string::npos) << warnings[0];
    // Weights 3 and 1: random values 0..2 give e4, 3 gives d4, and the choice repeats.
    EXPECT_EQ(move_to_uci(book.choose(start.pos, 0)), "e2e4");
    EXPECT_EQ(move_to_uci(book.choose(start.pos, 2)), "e2e4");
    EXPECT_EQ(move_to_uci(book.choose(start.pos, 3)), "d2d4");
    EXPECT_EQ(move_to_uci(book.choose(start.pos, 7)), "d2d4");
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace arbiter
