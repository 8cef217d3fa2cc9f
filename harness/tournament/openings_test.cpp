#include "harness/tournament/openings.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "engines/core/board.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"

namespace arbiter {
namespace {

std::string error_of(void (*read)()) {
    try {
        read();
    } catch (const OpeningError& e) {
        return e.what();
    }
    return "no error";
}

TEST(Openings, EpdWithOpcodesAndFullFen) {
    auto openings = parse_epd(
        "# comment\n"
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"King's pawn\"; c0 \"1. "
        "e4\";\n"
        "\n"
        "4k3/8/8/8/8/8/8/4K2R w K - 3 20\r\n",
        "test.epd");
    ASSERT_EQ(openings.size(), 2u);
    EXPECT_EQ(openings[0].name, "King's pawn");
    EXPECT_EQ(openings[0].start_fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(openings[1].start_fen, "4k3/8/8/8/8/8/8/4K2R w K - 3 20");
    EXPECT_EQ(openings[1].suite_index, 1);
    EXPECT_EQ(openings[1].source_file, "test.epd");
}

TEST(Openings, EpdErrorsNameFileAndLine) {
    EXPECT_EQ(error_of([] { parse_epd("8/8/8/8/8/8/8/8 w - -\n", "a.epd"); }),
              "a.epd:1: FEN field 1 (placement): missing white king");
    EXPECT_EQ(error_of([] { parse_epd("\n\n4k3/8/8/8/8/8/8/4K3 w\n", "b.epd"); }),
              "b.epd:3: expected a FEN (4 fields), got '4k3/8/8/8/8/8/8/4K3 w'");
    EXPECT_EQ(error_of([] { parse_epd("# nothing\n", "c.epd"); }),
              "c.epd: no positions in the file");
}

TEST(Openings, PgnMovesWithCommentsVariationsAndPlyLimit) {
    const char* pgn =
        "[Event \"Test\"]\n[Opening \"Sicilian\"]\n\n"
        "1. e4 {best by test} c5 (1... e5 2. Nf3) 2. Nf3 $1 d6 3.d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 "
        "*\n\n"
        "[Event \"Second\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
        "1. e4 Kd7 2. e5 1/2-1/2\n";
    auto openings = parse_pgn(pgn, "t.pgn", 8);
    ASSERT_EQ(openings.size(), 2u);
    EXPECT_EQ(openings[0].name, "Sicilian");
    EXPECT_EQ(openings[0].moves, (std::vector<std::string>{"e2e4", "c7c5", "g1f3", "d7d6", "d2d4",
                                                           "c5d4", "f3d4", "g8f6"}));
    EXPECT_EQ(openings[1].start_fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_EQ(openings[1].moves.size(), 3u);
    EXPECT_EQ(openings[1].name, "Second");
    EXPECT_EQ(parse_pgn(pgn, "t.pgn").at(0).moves.size(), 10u);
}

TEST(Openings, PgnErrorsNameFileAndLine) {
    EXPECT_EQ(error_of([] { parse_pgn("[Event \"x\"]\n\n1. e4 e5\n2. Nf9 *\n", "bad.pgn"); }),
              "bad.pgn:4: illegal or ambiguous move 'Nf9' (ply 3)");
    EXPECT_EQ(error_of([] { parse_pgn("1. e4 e5 2. Nf3\n", "open.pgn"); }),
              "open.pgn:2: the game has no result (1-0, 0-1, 1/2-1/2 or *)");
    EXPECT_EQ(error_of([] { parse_pgn("1. e4 {unclosed\n*", "c.pgn"); }),
              "c.pgn:1: comment is not closed");
    // Binary bytes from a wrong file are shown escaped.
    EXPECT_EQ(error_of([] { parse_pgn("1. e4 \x01\xff\xfe *\n", "bin.pgn"); }),
              "bin.pgn:1: illegal or ambiguous move '\\x01\\xFF\\xFE' (ply 2)");
}

TEST(Openings, ByteOrderMarkAndEscapedTagsAreRead) {
    auto pgn = parse_pgn(
        "\xEF\xBB\xBF[Event \"x\"]\n[Opening \"The \\\"Fried\\\" Liver\"]\n\n1. e4 *\n", "bom.pgn");
    ASSERT_EQ(pgn.size(), 1u);
    EXPECT_EQ(pgn[0].name, "The \"Fried\" Liver");
    EXPECT_EQ(pgn[0].moves, (std::vector<std::string>{"e2e4"}));
    auto epd = parse_epd(
        "\xEF\xBB\xBF"
        "4k3/8/8/8/8/8/8/4K3 w - - id \"bom\";\n",
        "bom.epd");
    ASSERT_EQ(epd.size(), 1u);
    EXPECT_EQ(epd[0].start_fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST(Openings, BundledSuitesAgree) {
    auto pgn = read_openings("openings/arbiter-8ply.pgn");
    auto epd = read_openings("openings/arbiter-8ply.epd");
    ASSERT_GE(pgn.size(), 100u);
    ASSERT_EQ(pgn.size(), epd.size());
    std::set<std::string> distinct;
    for (std::size_t i = 0; i < pgn.size(); ++i) {
        EXPECT_EQ(pgn[i].moves.size(), 8u) << pgn[i].name;
        // Playing the PGN moves reaches the EPD position (counters aside).
        Board board;
        ASSERT_EQ(board.set(pgn[i].start_fen), "");
        for (const auto& m : pgn[i].moves) ASSERT_TRUE(board.play_uci(m)) << m;
        auto placement = [](const std::string& fen) {
            return fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));
        };
        EXPECT_EQ(placement(board.fen()), placement(epd[i].start_fen)) << pgn[i].name;
        distinct.insert(placement(epd[i].start_fen));
    }
    EXPECT_EQ(distinct.size(), epd.size()) << "positions must be distinct";
    EXPECT_EQ(read_openings("openings/startpos.epd").size(), 1u);
}

namespace fs = std::filesystem;

// A fresh directory for one test's files.
fs::path test_directory() {
    fs::path dir = fs::temp_directory_path() /
                   ("arbiter-openings-" + std::to_string(::getpid()) + "-" +
                    ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string read_error(const std::string& path) {
    try {
        OpeningSuite::read(path);
    } catch (const OpeningError& e) {
        return e.what();
    }
    return "no error";
}

// Issue 20, item 8: an EPD suite is checked whole, then each entry is read from the file when a
// game needs it, so an edit made while a tournament runs must not go unnoticed.
TEST(OpeningSuites, AnEpdSuiteIsReadFromTheFileEntryByEntry) {
    const fs::path dir = test_directory();
    const std::string path = (dir / "suite.epd").string();
    const std::string text =
        "# three positions\n"
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n"
        "\n"
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"d4\";\r\n"
        "4k3/8/8/8/8/8/8/4K2R w K - 3 20";  // no newline at the end
    std::ofstream(path) << text;
    const OpeningSuite suite = OpeningSuite::read(path);
    const std::vector<Opening> whole = parse_epd(text, path);
    ASSERT_EQ(suite.size(), 3);
    for (std::int64_t i = 2; i >= 0; --i) EXPECT_EQ(suite.at(i), whole[std::size_t(i)]) << i;

    // The same length, another position: the suite notices instead of playing it.
    std::string changed = text;
    changed.replace(changed.find("3P4"), 3, "2P5");
    std::ofstream(path) << changed;
    try {
        suite.at(1);
        FAIL() << "expected OpeningError";
    } catch (const OpeningError& e) {
        EXPECT_EQ(std::string(e.what()),
                  path +
                      ": the file changed while the tournament ran (entry 2 is no longer the "
                      "position checked)");
    }
    fs::remove_all(dir);
}

// Issue 20, item 13: a directory or a file of no known kind is named, with every format.
TEST(OpeningSuites, ADirectoryOrAnUnknownFileIsNamed) {
    const fs::path dir = test_directory();
    fs::create_directories(dir / "suite.epd");
    for (const fs::path& folder : {dir, dir / "suite.epd"})
        EXPECT_EQ(read_error(folder.string()),
                  folder.string() +
                      ": is a directory, not an opening file (use .epd, .pgn or a Polyglot book "
                      ".bin)");
    EXPECT_EQ(read_error("/dev/null"),
              "/dev/null: unknown opening format (use .epd, .pgn or a Polyglot book .bin)");
    fs::remove_all(dir);
}

}  // namespace
}  // namespace arbiter
