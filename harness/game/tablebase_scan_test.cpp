// Every legal placement of every table in testdata/syzygy (the white king on files a-d, the
// other half being its mirror image), both sides to move, probed through SyzygyTables at a
// fifty-move counter of 0. The counts per value are those a separate scan found by calling
// libfathom directly on its own bitboards, over all 35 tables of the 3- and 4-piece set: these
// tables hold no cursed win and no blessed loss at all (the 50-move rule decides a 3- or 4-piece
// position only through a counter already running when the table is reached).
#include "harness/game/tablebase.h"

#include <gtest/gtest.h>

#include <array>
#include <map>

namespace arbiter {
namespace {

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
Counts scan(const std::string& pieces) {
    const SyzygyTables& tables = SyzygyTables::open("harness/game/testdata/syzygy");
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

TEST(SyzygyScan, EveryPositionOfTheTestTablesHasTheValueLibfathomGives) {
    const std::map<std::string, Counts> expected = {
        {"KQvK", {100448, 0, 11524, 0, 72254}},
        {"KRvK", {100850, 0, 11122, 0, 87584}},
        {"KBvK", {0, 0, 208614, 0, 0}},
        {"KNvK", {0, 0, 214720, 0, 0}},
        {"KPvK", {48802, 0, 54394, 0, 62480}},
        {"KQvKR", {3539908, 0, 349832, 0, 5976928}},
        {"KRvKB", {190944, 0, 9222072, 0, 1893580}},
        {"KBNvK", {5594084, 0, 1262868, 0, 5411092}},
        {"KNNvK", {120, 0, 12579208, 0, 616}},
        {"KPvKP", {1737970, 0, 2485090, 0, 3213028}},
    };
    for (const auto& [pieces, counts] : expected) EXPECT_EQ(scan(pieces), counts) << pieces;
}

}  // namespace
}  // namespace arbiter
