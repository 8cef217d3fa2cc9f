// Books nobody here wrote, read as Debian's `polyglot` program reads them: GNU Chess's book.bin
// and smallbook.bin and PyChess's pychess_book.bin against `polyglot dump-book`, and a book that
// `polyglot make-book` built from a PGN of known games, entry by entry.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <unistd.h>

#include "engines/book/polyglot.h"
#include "engines/core/notation.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

using testing::Game;

const std::string POLYGLOT = "/usr/games/polyglot";

// The first of `paths` that exists, or empty; fails under CI (where scripts/setup installs them).
std::string find_file(std::initializer_list<const char*> paths, const char* package) {
    for (const char* path : paths)
        if (std::filesystem::exists(path)) return path;
    if (std::getenv("CI")) ADD_FAILURE() << package << " is needed (scripts/setup installs it)";
    return {};
}

std::filesystem::path temp_path(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           ("arbiter-" + std::to_string(::getpid()) + "-" + name);
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

// Reads `book_path` with PolyglotBook and checks it against `polyglot dump-book` for both colours.
void expect_same_as_dump(const std::string& book_path, std::size_t min_lines,
                         std::size_t min_moves) {
    PolyglotBook book = PolyglotBook::load(book_path);
    EXPECT_EQ(book.size(), std::filesystem::file_size(book_path) / 16);
    for (const char* colour : {"white", "black"}) {
        auto dump = temp_path(std::string("dump-") + colour + ".txt");
        std::string command = POLYGLOT + " dump-book -bin " + book_path + " -color " + colour +
                              " -out " + dump.string() + " >/dev/null 2>&1";
        ASSERT_EQ(std::system(command.c_str()), 0) << command;
        DumpCheck check = compare_with_dump(book, dump.string());
        EXPECT_GE(check.lines, min_lines) << colour;
        EXPECT_GE(check.moves_checked, min_moves) << colour;
        EXPECT_TRUE(check.mismatches.empty()) << colour << ": " << check.mismatches.size()
                                              << " mismatches, first: " << check.mismatches.front();
        std::filesystem::remove(dump);
    }
}

TEST(RealBooks, GnuChessBookReadsAsPolyglotDumpsIt) {
    std::string book = find_file({"/usr/share/games/gnuchess/book.bin"}, "gnuchess-book");
    if (book.empty() || find_file({"/usr/games/polyglot"}, "polyglot").empty())
        GTEST_SKIP() << "gnuchess-book or polyglot is not installed";
    expect_same_as_dump(book, 10000, 50000);
}

TEST(RealBooks, GnuChessSmallBookReadsAsPolyglotDumpsIt) {
    std::string book = find_file({"/usr/share/gnuchess/smallbook.bin"}, "gnuchess");
    if (book.empty() || find_file({"/usr/games/polyglot"}, "polyglot").empty())
        GTEST_SKIP() << "gnuchess or polyglot is not installed";
    expect_same_as_dump(book, 100, 500);
}

// PyChess's package needs a desktop's worth of GTK; scripts/setup --books takes only its book out
// of the .deb, into /usr/local/share/arbiter.
TEST(RealBooks, PyChessBookReadsAsPolyglotDumpsIt) {
    std::string book = find_file(
        {"/usr/share/pychess/pychess_book.bin", "/usr/local/share/arbiter/pychess_book.bin"},
        "pychess_book.bin");
    if (book.empty() || find_file({"/usr/games/polyglot"}, "polyglot").empty())
        GTEST_SKIP() << "pychess_book.bin or polyglot is not installed";
    expect_same_as_dump(book, 1000, 5000);
}

// Known games, written as SAN so the test knows each position and move independently of any book.
struct KnownGame {
    const char* white;
    const char* result;
    std::vector<const char*> moves;
};

const std::vector<KnownGame> KNOWN_GAMES = {
    {"Morphy (the Opera game, Paris 1858)",
     "1-0",
     {"e4",    "e5",  "Nf3",  "d6",   "d4",  "Bg4", "dxe5",  "Bxf3", "Qxf3", "dxe5",  "Bc4",
      "Nf6",   "Qb3", "Qe7",  "Nc3",  "c6",  "Bg5", "b5",    "Nxb5", "cxb5", "Bxb5+", "Nbd7",
      "O-O-O", "Rd8", "Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8",  "Rd8#"}},
    {"Legal (Legal's mate, Paris 1750)",
     "1-0",
     {"e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"}},
    {"Scholar's mate", "1-0", {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"}},
    {"Fool's mate", "0-1", {"f3", "e5", "g4", "Qh4#"}},
    {"A short draw", "1/2-1/2", {"e4", "e5", "Nf3", "Nc6"}},
};

// `polyglot make-book -min-game 1` gives each move of each game 2 points for the mover's win, 1
// for a draw, 0 for a loss, summed per position and move, and keeps moves with points. Our reader
// must find exactly those entries with exactly those weights.
TEST(RealBooks, MakeBookFromKnownGamesReadsBackEntryForEntry) {
    if (find_file({"/usr/games/polyglot"}, "polyglot").empty())
        GTEST_SKIP() << "polyglot is not installed";
    auto pgn = temp_path("known.pgn"), bin = temp_path("known.bin");
    std::map<std::pair<std::uint64_t, std::string>, int> expected;  // (key, uci) -> weight
    {
        std::ofstream out(pgn);
        for (const KnownGame& known : KNOWN_GAMES) {
            out << "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                << "[White \"" << known.white << "\"]\n[Black \"?\"]\n[Result \"" << known.result
                << "\"]\n\n";
            Game game{std::string(START_FEN)};
            for (std::size_t i = 0; i < known.moves.size(); ++i) {
                if (i % 2 == 0) out << i / 2 + 1 << ". ";
                out << known.moves[i] << " ";
                Move m = move_from_san(game.pos, known.moves[i]);
                ASSERT_TRUE(m) << known.white << ": " << known.moves[i];
                std::string result = known.result;
                int points = result == "1/2-1/2" ? 1 : (result == "1-0") == (i % 2 == 0) ? 2 : 0;
                expected[{polyglot_key(game.pos), move_to_uci(m)}] += points;
                game.pos.do_move(m, game.states.emplace_back());
            }
            out << known.result << "\n\n";
        }
    }
    for (auto it = expected.begin(); it != expected.end();)
        it = it->second == 0 ? expected.erase(it) : std::next(it);
    std::string command = POLYGLOT + " make-book -pgn " + pgn.string() + " -bin " + bin.string() +
                          " -min-game 1 >/dev/null 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;

    PolyglotBook book = PolyglotBook::load(bin.string());
    std::map<std::pair<std::uint64_t, std::string>, int> read;
    // Replays every game, collecting the book's legal moves in each position it reaches.
    for (const KnownGame& known : KNOWN_GAMES) {
        Game game{std::string(START_FEN)};
        for (const char* san : known.moves) {
            for (const BookMove& bm : book.moves(game.pos))
                read[{polyglot_key(game.pos), move_to_uci(bm.move)}] = bm.weight;
            game.pos.do_move(move_from_san(game.pos, san), game.states.emplace_back());
        }
    }
    EXPECT_EQ(read, expected);
    EXPECT_EQ(book.size(), expected.size());  // and nothing else is in the file
    EXPECT_EQ((expected[{polyglot_key(Game{std::string(START_FEN)}.pos), "e2e4"}]), 7);
    std::filesystem::remove(pgn);
    std::filesystem::remove(bin);
}

}  // namespace
}  // namespace arbiter
