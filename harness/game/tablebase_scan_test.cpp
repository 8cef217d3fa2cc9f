// Every legal placement of every table in testdata/syzygy (the white king on files a-d, the
// other half being its mirror image), both sides to move, probed through SyzygyTables at a
// fifty-move counter of 0. The counts per value are those a separate scan found by calling
// libfathom directly on its own bitboards, over all 35 tables of the 3- and 4-piece set: these
// tables hold no cursed win and no blessed loss at all (the 50-move rule decides a 3- or 4-piece
// position only through a counter already running when the table is reached).
#include "harness/game/tablebase.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace arbiter {
namespace {

const std::string TEST_TABLES = "harness/game/testdata/syzygy";

using Counts = std::array<long long, 5>;  // loss, blessed loss, draw, cursed win, win

// The FEN of `pieces` ("KQvKR": white first) on `squares`, `side` to move.
std::string fen_of(const std::string& pieces, const std::vector<int>& squares, char side) {
    char board[64];
    std::fill(std::begin(board), std::end(board), '.');
    bool white = true;
    std::size_t i = 0;
    for (char c : pieces) {
        if (c == 'v') {
            white = false;
            continue;
        }
        board[squares[i++]] = white ? c : char(c - 'A' + 'a');
    }
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            char c = board[rank * 8 + file];
            if (c == '.') {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty);
            empty = 0;
            fen += c;
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    return fen + " " + side + " - - 0 1";
}

// Counts of every value over the legal placements of `pieces`.
Counts scan(const std::string& pieces, const std::string& directory) {
    const SyzygyTables& tables = SyzygyTables::open(directory);
    Counts counts{};
    const int n = int(pieces.size()) - 1;  // without the 'v'
    std::vector<int> squares(std::size_t(n), 0);
    // Odometer over all squares; the white king (the first piece) on files a-d.
    while (true) {
        bool distinct = (squares[0] & 7) < 4;
        for (int a = 0; a < n && distinct; ++a)
            for (int b = a + 1; b < n && distinct; ++b) distinct = squares[a] != squares[b];
        for (char side : {'w', 'b'}) {
            if (!distinct) break;
            Position pos;
            StateInfo st;
            if (!pos.set(fen_of(pieces, squares, side), st).empty()) continue;
            std::optional<TablebaseWdl> wdl = tables.probe(pos);
            EXPECT_TRUE(wdl.has_value()) << fen_of(pieces, squares, side);
            if (wdl) ++counts[std::size_t(*wdl)];
        }
        int i = n - 1;
        while (i >= 0 && ++squares[std::size_t(i)] == 64) squares[std::size_t(i--)] = 0;
        if (i < 0) break;
    }
    return counts;
}

// The counts of the direct libfathom scan, for every table of the 3- and 4-piece set.
const std::map<std::string, Counts>& expected_counts() {
    static const std::map<std::string, Counts> counts = {
        {"KBBvK", {2814040, 0, 6594672, 0, 2503608}}, {"KBNvK", {5594084, 0, 1262868, 0, 5411092}},
        {"KBPvK", {4264809, 0, 1034727, 0, 4141811}}, {"KBvK", {0, 0, 208614, 0, 0}},
        {"KBvKB", {112, 0, 11831936, 0, 416}},        {"KBvKN", {8, 0, 12183824, 0, 28}},
        {"KBvKP", {232996, 0, 8019767, 0, 1174421}},  {"KNNvK", {120, 0, 12579208, 0, 616}},
        {"KNPvK", {4176900, 0, 1117237, 0, 4405320}}, {"KNvK", {0, 0, 214720, 0, 0}},
        {"KNvKN", {8, 0, 12535208, 0, 40}},           {"KNvKP", {608481, 0, 7454941, 0, 1622348}},
        {"KPPvK", {3522058, 0, 360998, 0, 3555030}},  {"KPvK", {48802, 0, 54394, 0, 62480}},
        {"KPvKP", {1737970, 0, 2485090, 0, 3213028}}, {"KQBvK", {6189784, 0, 640508, 0, 3849216}},
        {"KQNvK", {6171928, 0, 658364, 0, 4122648}},  {"KQPvK", {4978796, 0, 145936, 0, 3273697}},
        {"KQQvK", {6689116, 0, 141176, 0, 2828560}},  {"KQRvK", {6759596, 0, 70696, 0, 3455648}},
        {"KQvK", {100448, 0, 11524, 0, 72254}},       {"KQvKB", {4548666, 0, 1381244, 0, 4462626}},
        {"KQvKN", {5044344, 0, 1252524, 0, 4447064}}, {"KQvKP", {3993815, 0, 623050, 0, 3735607}},
        {"KQvKQ", {40628, 0, 5174888, 0, 3737092}},   {"KQvKR", {3539908, 0, 349832, 0, 5976928}},
        {"KRBvK", {6229460, 0, 600832, 0, 4683420}},  {"KRNvK", {6203446, 0, 626846, 0, 4952524}},
        {"KRPvK", {4998798, 0, 125934, 0, 3938586}},  {"KRRvK", {6810712, 0, 19580, 0, 4162592}},
        {"KRvK", {100850, 0, 11122, 0, 87584}},       {"KRvKB", {190944, 0, 9222072, 0, 1893580}},
        {"KRvKN", {682404, 0, 8370112, 0, 2605476}},  {"KRvKP", {3299472, 0, 1212140, 0, 4519912}},
        {"KRvKR", {72464, 0, 7569032, 0, 3139232}},
    };
    return counts;
}

// The test tables scanned by the default run (label deep): the five 3-piece tables and KPvKP, a
// pawn on each side (8.4 million positions, a sixth of the test set).
const std::vector<std::string> SAMPLED_TABLES = {"KBvK", "KNvK", "KPvK", "KQvK", "KRvK", "KPvKP"};

// Every test table (or, with `sampled`, only SAMPLED_TABLES) against the direct scan's counts.
void scan_test_tables(bool sampled) {
    int scanned = 0;
    for (const std::filesystem::directory_entry& file :
         std::filesystem::directory_iterator(TEST_TABLES)) {
        if (file.path().extension() != ".rtbw") continue;
        const std::string pieces = file.path().stem().string();
        if (sampled &&
            std::find(SAMPLED_TABLES.begin(), SAMPLED_TABLES.end(), pieces) == SAMPLED_TABLES.end())
            continue;
        EXPECT_EQ(scan(pieces, TEST_TABLES), expected_counts().at(pieces)) << pieces;
        ++scanned;
    }
    EXPECT_EQ(scanned, sampled ? int(SAMPLED_TABLES.size()) : 10);
}

TEST(SyzygyScan, SampledTestTablesHaveTheValuesLibfathomGives) {
    scan_test_tables(true);
}

// All ten test tables, 54 million positions (label full: `ctest -L full`, about a minute).
TEST(SyzygyScanFull, EveryPositionOfTheTestTablesHasTheValueLibfathomGives) {
    scan_test_tables(false);
}

// The same over a whole set when ARBITER_SYZYGY_SCAN names its directory (for the 35 tables of
// the 3- and 4-piece set: no cursed win, no blessed loss, and the counts above; about 6.3
// minutes of one core).
TEST(SyzygyScan, AWholeSetNamedByTheEnvironment) {
    const char* directory = std::getenv("ARBITER_SYZYGY_SCAN");
    if (!directory) GTEST_SKIP() << "ARBITER_SYZYGY_SCAN is not set";
    for (const std::filesystem::directory_entry& file :
         std::filesystem::directory_iterator(directory)) {
        if (file.path().extension() != ".rtbw") continue;
        const std::string pieces = file.path().stem().string();
        Counts counts = scan(pieces, directory);
        EXPECT_EQ(counts[std::size_t(TablebaseWdl::cursed_win)], 0) << pieces;
        EXPECT_EQ(counts[std::size_t(TablebaseWdl::blessed_loss)], 0) << pieces;
        if (expected_counts().count(pieces)) {
            EXPECT_EQ(counts, expected_counts().at(pieces)) << pieces;
        }
    }
}

}  // namespace
}  // namespace arbiter
