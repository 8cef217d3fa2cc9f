// The UCI loop in-process: answers, errors and search output, checked line by line.
#include "engines/uci/uci.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "engines/book/polyglot.h"
#include "engines/core/notation.h"
#include "engines/uci/bench.h"

namespace arbiter {
namespace {

const EngineSpec TT_ENGINE{
    .name = "alphabeta-mvvlva-tt",
    .features = {.alpha_beta = true, .mvv_lva = true, .transposition_table = true},
    .bench_depth = 7};
const EngineSpec RANDOM_ENGINE{.name = "random", .features = {.random_mover = true}};
const EngineSpec GREEDY_ENGINE{.name = "greedy", .features = {.seeded_ties = true, .max_depth = 1}};

// Runs commands through a UciEngine, waiting for each search to finish, and returns the output.
class Session {
  public:
    explicit Session(const EngineSpec& spec) : engine_(spec, out_) {}
    std::vector<std::string> run(const std::vector<std::string>& commands) {
        for (const std::string& c : commands) {
            engine_.execute(c);
            engine_.wait_for_search();
        }
        std::vector<std::string> lines;
        std::istringstream in(out_.str());
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        out_.str("");
        return lines;
    }

  private:
    std::ostringstream out_;
    UciEngine engine_;
};

TEST(Uci, HandshakeListsIdAndEveryOption) {
    Session s(TT_ENGINE);
    std::vector<std::string> expected = {
        "id name alphabeta-mvvlva-tt",
        "id author the arbiter authors",
        "option name Eval type combo default simplified var simplified var material",
        "option name Hash type spin default 16 min 1 max 4096",
        "option name Clear Hash type button",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name OwnBook type check default false",
        "option name BookFile type string default <empty>",
        "option name UCI_Chess960 type check default false",
        "uciok",
    };
    EXPECT_EQ(s.run({"uci"}), expected);
    EXPECT_EQ(s.run({"isready"}), std::vector<std::string>{"readyok"});
}

TEST(Uci, Chess960CastlesAsTheKingTakingItsRook) {
    Session s(TT_ENGINE);
    const std::string italian = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 ";
    // Standard chess: e1g1, and e1h1 is refused.
    EXPECT_EQ(s.run({italian + "e1g1", "d"}).back(),
              "info string fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
    EXPECT_NE(s.run({italian + "e1h1"}).back().find("illegal move 'e1h1'"), std::string::npos);
    // UCI_Chess960: e1h1 castles, e1g1 is a king step that is not legal there.
    s.run({"setoption name UCI_Chess960 value true"});
    EXPECT_EQ(s.run({italian + "e1h1", "d"}).back(),
              "info string fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
    EXPECT_NE(s.run({italian + "e1g1"}).back().find("illegal move 'e1g1'"), std::string::npos);
    // A Chess960 start in Shredder-FEN: the king on b1 castles long with the rook on a1.
    std::vector<std::string> divide =
        s.run({"position fen rk2qb1r/pppppppp/8/8/8/8/PPPPPPPP/RK2QB1R w HAha - 0 1 moves b1a1",
               "d", "go perft 1"});
    EXPECT_EQ(divide[0], "info string fen rk2qb1r/pppppppp/8/8/8/8/PPPPPPPP/2KRQB1R b ha - 1 1");
    std::vector<std::string> castling =
        s.run({"position fen rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1", "go perft 1"});
    EXPECT_NE(std::find(castling.begin(), castling.end(), "b1a1: 1"), castling.end());
    EXPECT_NE(std::find(castling.begin(), castling.end(), "b1e1: 1"), castling.end());
}

TEST(Uci, EachEngineListsOnlyItsOwnOptions) {
    std::vector<std::string> random = Session(RANDOM_ENGINE).run({"uci"});
    EXPECT_EQ(random[2], "option name UCI_Chess960 type check default false");
    EXPECT_EQ(random[3], "option name Seed type spin default 0 min 0 max 2147483647");
    EXPECT_EQ(random[4], "uciok");
    std::vector<std::string> greedy = Session(GREEDY_ENGINE).run({"uci"});
    EXPECT_EQ(greedy[2],
              "option name Eval type combo default simplified var simplified var material");
    EXPECT_EQ(greedy[3], "option name OwnBook type check default false");
    EXPECT_EQ(greedy[4], "option name BookFile type string default <empty>");
    EXPECT_EQ(greedy[5], "option name UCI_Chess960 type check default false");
    EXPECT_EQ(greedy[6], "option name Seed type spin default 0 min 0 max 2147483647");
    EXPECT_EQ(greedy[7], "uciok");
}

TEST(Uci, LabListsEveryStrategyAsACheckOptionThatSwitchesIt) {
    EngineSpec lab{
        .name = "lab",
        .features = {.alpha_beta = true, .mvv_lva = true, .quiescence = true, .null_move = true},
        .bench_depth = 5,
        .strategy_options = true};
    Session s(lab);
    std::vector<std::string> out = s.run({"uci"});
    for (const StrategySwitch& strategy : STRATEGY_SWITCHES) {
        std::string on = lab.features.*strategy.flag ? "true" : "false";
        std::string line =
            std::string("option name ") + strategy.name + " type check default " + on;
        EXPECT_NE(std::find(out.begin(), out.end(), line), out.end()) << line;
    }
    auto nodes_at_depth_6 = [&] {
        std::vector<std::string> lines = s.run({"ucinewgame", "position startpos", "go depth 6"});
        for (const std::string& line : lines)
            if (line.rfind("info depth 6 ", 0) == 0) {
                std::size_t at = line.find(" nodes ");
                return line.substr(at, line.find(" nps ") - at);
            }
        return std::string("no depth 6");
    };
    std::string with_null_move = nodes_at_depth_6();
    s.run({"setoption name NullMove value false"});
    std::string without = nodes_at_depth_6();
    EXPECT_NE(with_null_move, without);
    s.run({"setoption name NullMove value true"});
    EXPECT_EQ(nodes_at_depth_6(), with_null_move);
}

TEST(Uci, GarbageAndEmptyLinesAreIgnored) {
    Session s(TT_ENGINE);
    EXPECT_TRUE(s.run({"", "   ", "xyzzy 1 2 3", "\t", "goo", "positionx startpos"}).empty());
}

TEST(Uci, BadOptionsAreReportedAndChangeNothing) {
    Session s(TT_ENGINE);
    std::vector<std::string> expected = {
        "info string error: no such option: 'Threads'",
        "info string error: option Hash: 0 is out of range [1, 4096]",
        "info string error: option Eval: 'nnue' is not one of simplified, material",
        "info string error: setoption needs 'name <option>' (and 'value <value>')",
    };
    EXPECT_EQ(s.run({"setoption name Threads value 2", "setoption name Hash value 0",
                     "setoption name Eval value nnue", "setoption value 3",
                     "setoption name Move Overhead value 100", "setoption name Clear Hash"}),
              expected);
}

TEST(Uci, PositionWithAnIllegalMoveLeavesThePositionUnchanged) {
    Session s(TT_ENGINE);
    s.run({"position startpos moves e2e4 e7e5"});
    std::string fen =
        "info string fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    EXPECT_EQ(s.run({"d"}), std::vector<std::string>{fen});
    std::vector<std::string> out = s.run({"position startpos moves e2e4 e7e5 e1e3", "d"});
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0],
              "info string error: illegal move 'e1e3' in "
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2; position unchanged");
    EXPECT_EQ(out[1], fen);
    out = s.run({"position fen 8/8/8/8 w - - 0 1", "position fen", "position", "d"});
    ASSERT_EQ(out.size(), 4u);
    EXPECT_EQ(out[0].rfind("info string error: FEN field 1 (placement)", 0), 0u) << out[0];
    EXPECT_EQ(out[3], fen);
    EXPECT_EQ(s.run({"position fen 7k/8/8/8/8/8/Q7/6K1 b - - 3 40 moves h8h7", "d"}),
              std::vector<std::string>{"info string fen 8/7k/8/8/8/8/Q7/6K1 w - - 4 41"});
}

TEST(Uci, GoDepthReportsEveryIterationThenLeavesAndBestmove) {
    Session s(TT_ENGINE);
    std::vector<std::string> out =
        s.run({"setoption name Eval value material",
               "position fen "
               "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
               "go depth 4"});
    ASSERT_EQ(out.size(), 6u);
    for (int d = 1; d <= 4; ++d)
        EXPECT_EQ(out[d - 1].rfind("info depth " + std::to_string(d) + " seldepth ", 0), 0u);
    // The last info line's node count is the whole search, as bench counts it.
    std::ostringstream bench;
    BenchResult b =
        run_bench(TT_ENGINE, 4, {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
                  eval::Kind::material, bench);
    EXPECT_NE(out[3].find(" nodes " + std::to_string(b.nodes) + " "), std::string::npos) << out[3];
    EXPECT_EQ(out[4], "info string leaves " + std::to_string(b.leaves));
    EXPECT_EQ(out[5].rfind("bestmove ", 0), 0u);
}

TEST(Uci, NoLegalMoveGivesBestmove0000) {
    for (const EngineSpec& spec : {TT_ENGINE, RANDOM_ENGINE, GREEDY_ENGINE}) {
        Session s(spec);
        std::vector<std::string> out =
            s.run({"position fen k7/P7/1K6/8/8/8/8/8 b - - 0 1", "go depth 3"});
        ASSERT_FALSE(out.empty());
        EXPECT_EQ(out.back(), "bestmove 0000") << spec.name;
        out =
            s.run({"position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8", "go movetime 50"});
        EXPECT_EQ(out.back(), "bestmove 0000") << spec.name;
    }
}

// The one worker thread through many searches in a row, each stopped by the next command or
// ended by itself: every go gets exactly one bestmove, every isready its readyok, in order.
TEST(Uci, EveryGoOfAQuickSeriesEndsWithOneBestmove) {
    std::ostringstream out;
    {
        UciEngine engine(TT_ENGINE, out);
        for (int i = 0; i < 300; ++i) {
            engine.execute("position startpos moves e2e4" + std::string(i % 2 ? " e7e5" : ""));
            engine.execute(i % 3 ? "go infinite" : "go depth 2");
            engine.execute("isready");
            if (i % 5) engine.execute("stop");
            engine.execute("go nodes " + std::to_string(1 + i));
        }
        engine.execute("quit");
    }
    std::istringstream lines(out.str());
    int bestmoves = 0, readies = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("bestmove ", 0) == 0) {
            EXPECT_NE(line, "bestmove 0000");
            ++bestmoves;
        }
        readies += line == "readyok";
    }
    EXPECT_EQ(bestmoves, 600);
    EXPECT_EQ(readies, 300);
}

TEST(Uci, GoPerftPrintsTheDivide) {
    Session s(RANDOM_ENGINE);
    std::vector<std::string> out = s.run({"position startpos moves e2e4", "go perft 3"});
    ASSERT_EQ(out.size(), 22u);  // 20 moves, a blank line, the total
    EXPECT_EQ(out[20], "");
    EXPECT_EQ(out[21], "Nodes searched: 13160");
    EXPECT_EQ(out[0].find(": "), 4u);
}

TEST(Uci, GoNodesIsDeterministic) {
    Session s(TT_ENGINE);
    std::vector<std::string> first = s.run({"ucinewgame", "position startpos", "go nodes 20000"});
    std::vector<std::string> second = s.run({"ucinewgame", "position startpos", "go nodes 20000"});
    ASSERT_GE(first.size(), 3u);
    EXPECT_EQ(first.back(), second.back());
    EXPECT_EQ(first[first.size() - 2], second[second.size() - 2]);  // the leaves
    // The abandoned iteration's nodes are reported too: exactly the budget or less.
    std::string last_info = first[first.size() - 3];
    std::uint64_t nodes = std::stoull(last_info.substr(last_info.find(" nodes ") + 7));
    EXPECT_LE(nodes, 20000u);
}

TEST(Uci, RandomMoverFollowsItsSeed) {
    std::vector<std::string> moves;
    for (int seed : {1, 1, 2}) {
        Session s(RANDOM_ENGINE);
        std::vector<std::string> out = s.run({"setoption name Seed value " + std::to_string(seed),
                                              "position startpos", "go depth 1"});
        ASSERT_EQ(out.size(), 1u);
        moves.push_back(out[0]);
    }
    EXPECT_EQ(moves[0], moves[1]);
}

TEST(Uci, BadGoArgumentsAreReportedButTheSearchStillAnswers) {
    Session s(TT_ENGINE);
    std::vector<std::string> out = s.run({"go depth x movetime 50", "go nodes movetime 30"});
    ASSERT_GE(out.size(), 2u);
    EXPECT_EQ(out[0], "info string error: go depth needs a number, not 'x'; ignored");
    EXPECT_EQ(out.back().rfind("bestmove ", 0), 0u);
    std::size_t errors = 0;
    for (const std::string& line : out) errors += line.rfind("info string error: go nodes", 0) == 0;
    EXPECT_EQ(errors, 1u);
}

// OwnBook with a BookFile: a known position is answered from the book without a search, an
// unknown one is searched, and a book that cannot be read is refused with its file named.
TEST(Uci, OwnBookAnswersFromTheBookThenSearches) {
    auto path = std::filesystem::temp_directory_path() /
                ("arbiter-uci-book-" + std::to_string(::getpid()) + ".bin");
    {
        StateInfo st;
        Position start;
        ASSERT_TRUE(start.set(START_FEN, st).empty());
        std::uint64_t key = polyglot_key(start);
        std::string entry;
        for (int i = 7; i >= 0; --i) entry += char((key >> (8 * i)) & 0xff);
        std::uint16_t d2d4 = 3 | 3 << 3 | 3 << 6 | 1 << 9;  // to d4, from d2
        entry += char(d2d4 >> 8), entry += char(d2d4 & 0xff), entry += '\0', entry += '\1';
        entry += std::string(4, '\0');
        std::ofstream(path, std::ios::binary) << entry;
    }
    Session s(TT_ENGINE);
    EXPECT_TRUE(s.run({"setoption name BookFile value " + path.string()}).empty());
    // Off by default: the engine searches.
    std::vector<std::string> out = s.run({"position startpos", "go depth 1"});
    EXPECT_NE(out.front().rfind("info depth 1", 0), std::string::npos);
    out = s.run({"setoption name OwnBook value true", "position startpos", "go depth 3"});
    EXPECT_EQ(out, (std::vector<std::string>{"info string book move", "bestmove d2d4"}));
    out = s.run({"position startpos moves d2d4", "go depth 1"});
    ASSERT_GE(out.size(), 2u);
    EXPECT_EQ(out.front().rfind("info depth 1", 0), 0u) << out.front();
    out = s.run({"setoption name BookFile value /nonexistent/book.bin"});
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0],
              "info string error: option BookFile: /nonexistent/book.bin: cannot open the book");
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace arbiter
