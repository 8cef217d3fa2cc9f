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

// A reference program's reading of a real book: `polyglot dump-book` walks the book from the
// start position and prints, for one colour, every line with each of that colour's moves and its
// share of the position's total weight ("e4{39%}"). Replaying every line through our reader must
// give the same moves, in the same positions, with the same shares.
struct DumpCheck {
    std::size_t lines = 0;
    std::size_t moves_checked = 0;
    std::vector<std::string> mismatches;
};

DumpCheck compare_with_dump(const PolyglotBook& book, const std::string& dump_path) {
    DumpCheck check;
    std::ifstream in(dump_path);
    std::string text;
    std::getline(in, text);  // "Dump of ... for white."
    while (std::getline(in, text)) {
        if (text.empty()) continue;
        ++check.lines;
        Game game{std::string(START_FEN)};
        std::istringstream words(text.substr(text.find(':') + 1));
        for (std::string word; words >> word;) {
            if (word.front() == '{') break;    // "{trans: line=3, ply=7}" ends the line
            if (word.back() == '.') continue;  // move number
            std::size_t brace = word.find('{');
            std::string san = word.substr(0, brace);
            Move m = move_from_san(game.pos, san);
            if (!m) {
                check.mismatches.push_back(text + ": " + san + " is not legal");
                break;
            }
            if (brace != std::string::npos) {
                int shown = std::atoi(word.c_str() + brace + 1);
                std::uint64_t total = 0, weight = 0;
                for (const BookMove& bm : book.moves(game.pos)) {
                    total += bm.weight;
                    if (bm.move == m) weight = bm.weight;
                }
                int ours = total ? int(std::nearbyint(double(weight) / double(total) * 100.0))
                                 : -1;  // as printf "%.0f" shows it
                ++check.moves_checked;
                if (ours != shown)
                    check.mismatches.push_back(text + ": " + san + " " + std::to_string(ours) +
                                               "% here (" + std::to_string(weight) + "/" +
                                               std::to_string(total) + ")");
            }
            game.pos.do_move(m, game.states.emplace_back());
        }
    }
    return check;
}

TEST(PolyglotBook, ReadsGnuChessBookAsPolyglotDumpsIt) {
    const std::string book_path = "/usr/share/games/gnuchess/book.bin";
    const std::string polyglot = "/usr/games/polyglot";
    if (!std::filesystem::exists(book_path) || !std::filesystem::exists(polyglot)) {
        if (std::getenv("CI"))
            FAIL() << "gnuchess-book and polyglot are needed (scripts/setup installs them)";
        GTEST_SKIP() << "gnuchess-book or polyglot is not installed";
    }
    PolyglotBook book = PolyglotBook::load(book_path);
    EXPECT_EQ(book.size(), std::filesystem::file_size(book_path) / 16);
    for (const char* colour : {"white", "black"}) {
        auto dump = std::filesystem::temp_directory_path() /
                    ("arbiter-dump-" + std::to_string(::getpid()) + "-" + colour + ".txt");
        std::string command = polyglot + " dump-book -bin " + book_path + " -color " + colour +
                              " -out " + dump.string() + " >/dev/null 2>&1";
        ASSERT_EQ(std::system(command.c_str()), 0) << command;
        DumpCheck check = compare_with_dump(book, dump.string());
        EXPECT_GT(check.lines, 10000u) << colour;
        EXPECT_GT(check.moves_checked, 50000u) << colour;
        EXPECT_TRUE(check.mismatches.empty()) << colour << ": " << check.mismatches.size()
                                              << " mismatches, first: " << check.mismatches.front();
        std::filesystem::remove(dump);
    }
}

}  // namespace
}  // namespace arbiter
