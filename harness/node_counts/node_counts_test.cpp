// Unit tests of harness/node_counts without engines: positions, the minimal-tree reference, info
// parsing on lines captured from real engines (replayed by a /bin/sh script), tables, invariants,
// baseline comparison and the four output formats, all on fabricated results with hand-computed
// figures.
#include <gtest/gtest.h>

#include <cmath>

#include "engines/core/position.h"
#include "harness/config/engine_config.h"
#include "harness/node_counts/baseline.h"
#include "harness/node_counts/estimate.h"
#include "harness/node_counts/invariants.h"
#include "harness/node_counts/measure.h"
#include "harness/node_counts/output.h"
#include "harness/node_counts/reference.h"
#include "harness/node_counts/results.h"
#include "harness/node_counts/runner.h"
#include "harness/node_counts/suite.h"
#include "harness/node_counts/table.h"

namespace arbiter::nodes {
namespace {

const std::string START(START_FEN);

Score cp(int value) {
    return Score::from_centipawns(value);
}

NodeCell cell(std::size_t engine, std::size_t position, int depth, std::uint64_t nodes,
              std::uint64_t leaves, int score, std::string bestmove, std::vector<std::string> pv) {
    NodeCell c;
    c.engine = engine;
    c.position = position;
    c.depth = depth;
    c.nodes = nodes;
    c.leaves = leaves;
    c.time_ms = 0;
    c.score = cp(score);
    c.bestmove = std::move(bestmove);
    c.pv = std::move(pv);
    return c;
}

// Two of our engines on 1. e4 at depths 1 and 2: minimax (leaves = perft) and alphabeta.
NodeResults fabricated() {
    NodeResults r;
    r.engines = {{"minimax", "minimax", {{"Eval", "material"}}, std::nullopt},
                 {"ab", "alphabeta", {{"Eval", "material"}}, std::nullopt}};
    r.positions = {{"e4", START, {"e2e4"}}};
    r.depths = {1, 2};
    r.perft[{0, 1}] = 20;
    r.perft[{0, 2}] = 600;
    r.cells = {cell(0, 0, 1, 21, 20, 0, "b8a6", {"b8a6"}),
               cell(1, 0, 1, 21, 20, 0, "b8a6", {"b8a6"}),
               cell(0, 0, 2, 642, 600, 0, "b8c6", {"b8c6", "e1e2"}),
               cell(1, 0, 2, 120, 58, 0, "b8c6", {"b8c6", "e1e2"})};
    return r;
}

NodeCell& cell_of(NodeResults& r, std::size_t engine, int depth) {
    for (auto& c : r.cells)
        if (c.engine == engine && c.depth == depth) return c;
    throw std::logic_error("no such cell");
}

// --- positions --------------------------------------------------------------------------

TEST(NodePositions, MakePositionNormalisesAndNames) {
    NodePosition p = make_position("startpos", {"e2e4"});
    EXPECT_EQ(p.fen, START);
    EXPECT_EQ(p.name, "startpos + e2e4");
    EXPECT_EQ(p.key(), START + " moves e2e4");
    NodePosition q = make_position("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", {}, "cpw3");
    EXPECT_EQ(q.fen, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    EXPECT_EQ(q.name, "cpw3");
    EXPECT_EQ(q.key(), q.fen);
}

TEST(NodePositions, RejectsBadFenIllegalMoveAndFinishedGames) {
    EXPECT_THROW(make_position("not a fen", {}), PositionError);
    EXPECT_THROW(make_position("startpos", {"e2e5"}), PositionError);
    // Fool's mate: white is mated, nothing to search.
    EXPECT_THROW(make_position("startpos", {"f2f3", "e7e5", "g2g4", "d8h4"}), PositionError);
}

TEST(NodePositions, ParsesEpdWithIdsMovesClocksAndComments) {
    auto positions = parse_epd(
        "# a comment\n"
        "\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start; quoted\"; c0 \"x\";\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;moves e2e4 e7e5 ;id \"e4 e5\"\n"
        "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - hmvc 0; fmvn 1;\r\n",
        "suite.epd");
    ASSERT_EQ(positions.size(), 3u);
    EXPECT_EQ(positions[0].name, "start; quoted");
    EXPECT_EQ(positions[0].fen, START);
    EXPECT_TRUE(positions[0].moves.empty());
    EXPECT_EQ(positions[1].name, "e4 e5");
    EXPECT_EQ(positions[1].moves, (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_EQ(positions[2].name, "suite.epd:5");
    EXPECT_EQ(positions[2].fen, "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1");
}

TEST(NodePositions, EpdErrorsNameTheLine) {
    try {
        parse_epd("8/8/8 w\n", "bad.epd");
        FAIL() << "no error";
    } catch (const PositionError& e) {
        EXPECT_NE(std::string(e.what()).find("bad.epd:1"), std::string::npos) << e.what();
    }
    try {
        parse_epd(START + " id \"a\";\n" + START + " id \"a\";\n", "twice.epd");
        FAIL() << "no error";
    } catch (const PositionError& e) {
        EXPECT_NE(std::string(e.what()).find("twice.epd:2"), std::string::npos) << e.what();
    }
    EXPECT_THROW(load_epd("harness/node_counts/testdata/no-such-file.epd"), PositionError);
}

TEST(NodePositions, BenchSuiteHasAtLeastTwelveSearchablePositions) {
    auto positions = load_epd("harness/node_counts/testdata/bench.epd");
    EXPECT_GE(positions.size(), 12u);
    for (const char* kind : {"opening:", "middlegame:", "tactical:", "endgame:"}) {
        int count = 0;
        for (const auto& p : positions) count += p.name.rfind(kind, 0) == 0;
        EXPECT_GE(count, 3) << kind;
    }
}

TEST(NodeDepths, ParsesSinglesRangesAndLists) {
    EXPECT_EQ(parse_depths("6"), (std::vector<int>{6}));
    EXPECT_EQ(parse_depths("1..6"), (std::vector<int>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(parse_depths("5,1..3,2"), (std::vector<int>{1, 2, 3, 5}));
    for (const char* bad : {"", "0", "1..", "..3", "4..2", "x", "1,,2", "101", "-1", "2 "})
        EXPECT_THROW(parse_depths(bad), ConfigError) << bad;
}

// --- the minimal tree -------------------------------------------------------------------

TEST(MinimalTree, KnuthMooreFormula) {
    EXPECT_DOUBLE_EQ(minimal_tree_leaves(20, 1), 20);   // 20 + 1 - 1
    EXPECT_DOUBLE_EQ(minimal_tree_leaves(20, 2), 39);   // 20 + 20 - 1
    EXPECT_DOUBLE_EQ(minimal_tree_leaves(20, 3), 419);  // 400 + 20 - 1
    EXPECT_DOUBLE_EQ(minimal_tree_leaves(20, 4), 799);  // 400 + 400 - 1
    EXPECT_DOUBLE_EQ(minimal_tree_leaves(10, 6), 1999);
    EXPECT_DOUBLE_EQ(branching_factor(1000000, 6), 10);
    EXPECT_DOUBLE_EQ(branching_factor(0, 3), 0);
}

TEST(MinimalTree, PerftOfPositionsWithMoves) {
    NodePosition e4 = make_position("startpos", {"e2e4"});
    EXPECT_EQ(perft_of(e4, 1), 20u);
    EXPECT_EQ(perft_of(e4, 3), 13160u);
    EXPECT_EQ(perft_of(make_position("startpos", {}), 4), 197281u);
}

TEST(MinimalTree, TakesBranchingFromTheDeepestKnownPerft) {
    NodeResults r = fabricated();
    auto d2 = minimal_tree(r, 0, 2);
    ASSERT_TRUE(d2);
    EXPECT_EQ(d2->perft_depth, 2);
    EXPECT_DOUBLE_EQ(d2->branching, std::sqrt(600.0));
    EXPECT_DOUBLE_EQ(d2->leaves, 2 * std::sqrt(600.0) - 1);
    auto d4 = minimal_tree(r, 0, 4);  // no perft(4): b from perft(2)
    ASSERT_TRUE(d4);
    EXPECT_EQ(d4->perft_depth, 2);
    EXPECT_DOUBLE_EQ(d4->leaves, 600.0 + 600.0 - 1);
    r.perft.clear();
    EXPECT_FALSE(minimal_tree(r, 0, 2));
}

// --- info lines -------------------------------------------------------------------------

// Measures 1. e4 at depth 3 on a scripted engine that answers `go` with `lines`, captured from a
// real engine and ending with its bestmove line. The measurement must end on that line.
DepthReport collect(const std::vector<std::string>& lines) {
    std::string script =
        "while read cmd rest; do case $cmd in uci) echo uciok;; isready) echo readyok;; "
        "go) printf '%s\\n'";
    for (const std::string& line : lines) {
        EXPECT_EQ(line.find('\''), std::string::npos) << line;
        script += " '" + line + "'";
    }
    script += ";; quit) exit 0;; esac; done";
    UciClient engine;
    engine.start("/bin/sh", {"-c", script});
    DepthReport report =
        measure_depth(engine, make_position("startpos", {"e2e4"}), 3, std::chrono::seconds(10));
    EXPECT_EQ(report.status, EngineStatus::ok);
    EXPECT_TRUE(engine.quit());
    return report;
}

TEST(LeavesReported, TakesTheLastWellFormedLeafCount) {
    EXPECT_EQ(leaves_reported(std::vector<std::string>{"leaves 12", "NNUE enabled", "leaves 7"}),
              7u);
    EXPECT_EQ(leaves_reported(std::vector<std::string>{"leaves 12", "leaves 7 more", "leaves x",
                                                       "leaves -1", "leaves"}),
              12u);
    EXPECT_FALSE(leaves_reported(std::vector<std::string>{"leaves", "nodes 5", ""}));
    EXPECT_FALSE(leaves_reported(std::vector<std::string>{}));
}

TEST(CapturedOutput, ReadsArbiterEngineOutput) {
    // alphabeta-mvvlva-tt, Eval=material, 1. e4, go depth 3.
    DepthReport r = collect({
        "info depth 1 seldepth 1 score cp 0 nodes 21 nps 21000 time 0 hashfull 0 pv b8c6",
        "info depth 2 seldepth 2 score cp 0 nodes 91 nps 91000 time 0 hashfull 0 pv b8c6 b1c3",
        "info depth 3 seldepth 3 score cp 0 nodes 718 nps 718000 time 1 hashfull 0 pv b8c6 b1c3 "
        "g8f6",
        "info string leaves 541",
        "bestmove b8c6",
    });
    EXPECT_EQ(r.status, EngineStatus::ok);
    EXPECT_EQ(r.depth, 3);
    EXPECT_EQ(r.nodes, 718u);
    EXPECT_EQ(r.leaves, 541u);
    EXPECT_EQ(r.time_ms, 1);
    EXPECT_EQ(r.score, cp(0));
    EXPECT_EQ(r.pv, (std::vector<std::string>{"b8c6", "b1c3", "g8f6"}));
    EXPECT_EQ(r.bestmove, "b8c6");
}

TEST(CapturedOutput, TakesNodesFromAClosingBareInfoLine) {
    // An engine stopped in its last iteration reports the abandoned work on a bare line.
    DepthReport r =
        collect({"info depth 4 seldepth 4 score cp -100 nodes 433589 time 73 pv b8a6",
                 "info nodes 500000 nps 1000 time 80", "info string leaves 0", "bestmove b8a6"});
    EXPECT_EQ(r.depth, 4);
    EXPECT_EQ(r.nodes, 500000u);
    EXPECT_EQ(r.time_ms, 80);
    EXPECT_EQ(r.score, Score::from_centipawns(-100));
    EXPECT_EQ(r.leaves, 0u);
}

TEST(CapturedOutput, ReadsStockfishOutput) {
    // Stockfish 15.1 (Debian), Threads 1, 1. e4, go depth 5, with two lines of the kinds it
    // sends in longer searches added: a bound after a fail-low, and a currmove line.
    DepthReport r = collect({
        "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
        "info depth 1 seldepth 1 multipv 1 score cp -23 nodes 22 nps 2444 hashfull 0 tbhits 0 "
        "time 9 pv c7c5",
        "info depth 4 seldepth 2 multipv 1 score cp -5 nodes 175 nps 19444 hashfull 0 tbhits 0 "
        "time 9 pv e7e5",
        "info depth 5 seldepth 4 multipv 1 score cp -10 upperbound nodes 400 nps 40000 time 10 pv "
        "e7e5 b1c3",
        "info depth 5 currmove e7e5 currmovenumber 1",
        "info depth 5 seldepth 3 multipv 1 score cp -10 nodes 442 nps 49111 hashfull 0 tbhits 0 "
        "time 9 pv e7e5 b1c3",
        "bestmove e7e5 ponder b1c3",
    });
    EXPECT_EQ(r.depth, 5);
    EXPECT_EQ(r.nodes, 442u);
    EXPECT_FALSE(r.leaves);
    EXPECT_EQ(r.score, cp(-10));
    EXPECT_EQ(r.pv, (std::vector<std::string>{"e7e5", "b1c3"}));
    EXPECT_EQ(r.bestmove, "e7e5");
}

TEST(CapturedOutput, IgnoresSecondaryVariationsAndJunk) {
    DepthReport r = collect({"info depth 3 multipv 1 score cp 5 nodes 100 pv e7e5",
                             "info depth 3 multipv 2 score cp 1 nodes 120 pv c7c5",
                             "info string leaves many", "readyok", "garbage", "bestmove e7e5"});
    EXPECT_EQ(r.score, cp(5));
    EXPECT_EQ(r.pv, (std::vector<std::string>{"e7e5"}));
    EXPECT_EQ(r.nodes, 120u);  // nodes are the search's, whichever line reports them
    EXPECT_FALSE(r.leaves);
}

// --- the table --------------------------------------------------------------------------

TEST(NodeTable, RatiosBranchingFactorsAndTotals) {
    NodeTable t = build_table(fabricated());
    ASSERT_EQ(t.rows.size(), 2u);
    const TableRow& d1 = t.rows[0];
    EXPECT_EQ(d1.depth, 1);
    EXPECT_EQ(d1.perft, 20u);
    EXPECT_DOUBLE_EQ(*d1.minimal_leaves, 20);
    EXPECT_FALSE(d1.cells[0].ratio);
    EXPECT_FALSE(d1.cells[0].branching);
    EXPECT_DOUBLE_EQ(*d1.cells[0].vs_minimal, 1.0);
    EXPECT_DOUBLE_EQ(*d1.cells[1].ratio, 1.0);
    const TableRow& d2 = t.rows[1];
    EXPECT_DOUBLE_EQ(*d2.cells[0].branching, 642.0 / 21);
    EXPECT_DOUBLE_EQ(*d2.cells[1].ratio, 642.0 / 120);
    EXPECT_DOUBLE_EQ(*d2.cells[1].branching, 120.0 / 21);
    EXPECT_DOUBLE_EQ(*d2.cells[1].vs_minimal, 58 / (2 * std::sqrt(600.0) - 1));
    EXPECT_EQ(t.total.nodes, (std::vector<std::uint64_t>{663, 141}));
    EXPECT_FALSE(t.total.ratio[0]);
    EXPECT_DOUBLE_EQ(*t.total.ratio[1], 663.0 / 141);
}

TEST(NodeTable, TotalRatioUsesOnlyRowsBothEnginesMeasured) {
    NodeResults r = fabricated();
    r.engines[0].max_depth = 1;
    r.cells.erase(r.cells.begin() + 2);  // minimax capped at depth 1
    NodeTable t = build_table(r);
    EXPECT_EQ(t.total.nodes, (std::vector<std::uint64_t>{21, 141}));
    EXPECT_DOUBLE_EQ(*t.total.ratio[1], 1.0);  // 21 / 21 at depth 1 only
    EXPECT_FALSE(t.rows[1].cells[0].nodes);
    EXPECT_FALSE(t.rows[1].cells[1].ratio);
}

TEST(NodeOutput, NumberFormats) {
    EXPECT_EQ(group_digits(0), "0");
    EXPECT_EQ(group_digits(999), "999");
    EXPECT_EQ(group_digits(1000), "1,000");
    EXPECT_EQ(group_digits(309478263), "309,478,263");
    EXPECT_EQ(format_ratio(208.4), "208");
    EXPECT_EQ(format_ratio(20.84), "20.8");
    EXPECT_EQ(format_ratio(2.084), "2.08");
    EXPECT_EQ(format_ratio(0.2084), "0.208");
    EXPECT_EQ(format_ratio(1), "1.00");
    EXPECT_EQ(format_ratio(0), "0");
}

TEST(NodeOutput, MarkdownTable) {
    EXPECT_EQ(format_markdown_table(build_table(fabricated())),
              "| position | depth | perft | minimal tree | minimax | ratio | ebf | /min | ab | "
              "ratio | ebf | /min |\n"
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
              "|\n"
              "| e4 | 1 | 20 | 20 | 21 | - | - | 1.00 | 21 | 1.00 | - | 1.00 |\n"
              "| e4 | 2 | 600 | 48 | 642 | - | 30.6 | 12.5 | 120 | 5.35 | 5.71 | 1.21 |\n"
              "| **total** |  |  | **68** | **663** | **-** |  |  | **141** | **4.70** |  |  |\n"
              "\n"
              "nodes: the engine's count for `go depth d`; ratio: nodes of the engine on the left "
              "/ these nodes; ebf: nodes(d) / nodes(d-1); /min: leaves / minimal tree; minimal "
              "tree: Knuth-Moore b^ceil(d/2) + b^floor(d/2) - 1 leaves with b = perft(d)^(1/d); "
              "-: not measured or not reported.\n");
}

TEST(NodeOutput, TextTableAlignsColumns) {
    std::string text = format_text_table(build_table(fabricated()));
    std::string expected_start =
        "position  depth  perft  minimal tree  minimax  ratio   ebf  /min   ab  ratio   ebf  /min\n"
        "----------------------------------------------------------------------------------------\n"
        "e4            1     20            20       21      -     -  1.00   21   1.00     -  1.00\n"
        "e4            2    600            48      642      -  30.6  12.5  120   5.35  5.71  1.21\n"
        "----------------------------------------------------------------------------------------\n"
        "total                             68      663      -              141   4.70\n";
    EXPECT_EQ(text.substr(0, expected_start.size()), expected_start);
}

TEST(NodeOutput, TextTablePadsNamesByDisplayWidth) {
    NodeResults results = fabricated();
    results.positions[0].name = "ouverture é4 ♙";  // 14 columns, 18 bytes
    std::string text = format_text_table(build_table(results));
    EXPECT_NE(text.find("ouverture é4 ♙      1     20"), std::string::npos) << text;
    EXPECT_NE(text.find("\ntotal                                   68"), std::string::npos) << text;
}

TEST(NodeSettings, TwoEnginesOfOneNameFailAsInATournament) {
    RunSettings settings;
    settings.engines = {parse_engine_spec("name=ab,cmd=x"), parse_engine_spec("name=ab,cmd=y")};
    settings.positions = {make_position("startpos", {})};
    settings.depths = {1};
    try {
        validate(settings);
        FAIL() << "two engines named ab were accepted";
    } catch (const ConfigError& e) {
        // The one check of harness/config, word for word.
        EXPECT_STREQ(e.what(), "two engines are named ab; give each a name=");
    }
}

TEST(WorkEstimate, ExactPerftThenItsGrowth) {
    RunSettings settings;
    settings.engines = {parse_engine_spec("name=full,cmd=x")};
    settings.positions = {make_position("startpos", {})};
    settings.depths = {1, 2, 3};
    settings.perft_depth = 2;
    WorkEstimate small = estimate_work(settings);
    // The engine at depths 1, 2 and 3, each search counting its iterations; perft: 20 and 400.
    EXPECT_DOUBLE_EQ(small.nodes, 20 + (20 + 400) + (20 + 400 + 8902) + 20 + 400);
    EXPECT_DOUBLE_EQ(small.largest, 20 + 400 + 8902);
    EXPECT_EQ(small.largest_job, "engine 'full', position 'startpos', depth 3");

    // Beyond depth 3 the growth from depth 2 to 3 repeats: perft(4) ~ 8902 * 8902 / 400.
    settings.depths = {4};
    settings.perft_depth = 0;
    EXPECT_NEAR(estimate_work(settings).nodes, 20 + 400 + 8902 + 8902.0 * 8902 / 400, 1e-6);
}

TEST(WorkEstimate, RefusesDaysOfSearchingButNotACappedEngine) {
    RunSettings settings;
    settings.engines = {parse_engine_spec("name=minimax,cmd=x")};
    settings.positions = {make_position("startpos", {})};
    settings.depths = parse_depths("1..99");
    WorkEstimate deep = estimate_work(settings);
    EXPECT_GT(deep.nodes, MAX_ESTIMATED_NODES);
    EXPECT_EQ(deep.largest_job, "engine 'minimax', position 'startpos', depth 99");
    std::string message = refusal_message(deep);
    EXPECT_NE(message.find("engine 'minimax', position 'startpos', depth 99"), std::string::npos);
    EXPECT_NE(message.find("--force"), std::string::npos) << message;

    settings.engines = {parse_engine_spec("name=minimax,cmd=x,depth=5")};
    settings.perft_depth = 6;
    EXPECT_LT(estimate_work(settings).nodes, MAX_ESTIMATED_NODES);
}

TEST(NodeOutput, DepthTotalsAsMarkdownAndPlotData) {
    NodeResults results = fabricated();
    EXPECT_EQ(format_depth_totals(build_table(results), true),
              "| depth | perft (all leaves) | minimal tree (leaves) | minimax | ab |\n"
              "| ---: | ---: | ---: | ---: | ---: |\n"
              "| 1 | 20 | 20 | 21 | 21 |\n"
              "| 2 | 600 | 48 | 642 | 120 |\n");
    // A depth without perft, or an engine not measured at it, shows "-".
    results.perft.erase({0, 2});
    results.cells.erase(results.cells.begin() + 3);
    EXPECT_EQ(format_depth_totals(build_table(results), false),
              "# depth perft minimal_tree minimax ab\n"
              "1 20 20 21 21\n"
              "2 - 39 642 -\n");
}

TEST(NodeOutput, ReportHasTotalsInvariantsAndTheFoldedTable) {
    NodeResults results = fabricated();
    NodeTable table = build_table(results);
    std::string report = format_markdown_report(table, check_invariants(results));
    EXPECT_EQ(report.find("Total nodes per engine (perft and the minimal tree count leaves).\n\n"
                          "| depth | perft (all leaves) |"),
              0u)
        << report;
    std::size_t invariants = report.find("\n\n**Invariants:** ");
    std::size_t details = report.find(
        "\n\n<details><summary>Every position and depth</summary>\n\n"
        "| position | depth |");
    EXPECT_NE(invariants, std::string::npos) << report;
    EXPECT_GT(details, invariants) << report;
    EXPECT_EQ(report.substr(report.size() - 12), "\n</details>\n");
}

TEST(NodeOutput, Csv) {
    NodeResults r = fabricated();
    r.positions[0].name = "e4, \"king's pawn\"";
    EXPECT_EQ(format_csv(r),
              "position,fen,moves,depth,engine,id_name,nodes,leaves,time_ms,score,bestmove,pv,"
              "perft,minimal_tree\n"
              "\"e4, \"\"king's pawn\"\"\"," +
                  START +
                  ",e2e4,1,minimax,minimax,21,20,0,cp 0,b8a6,"
                  "b8a6,20,20\n"
                  "\"e4, \"\"king's pawn\"\"\"," +
                  START +
                  ",e2e4,1,ab,alphabeta,21,20,0,cp 0,b8a6,b8a6,"
                  "20,20\n"
                  "\"e4, \"\"king's pawn\"\"\"," +
                  START +
                  ",e2e4,2,minimax,minimax,642,600,0,cp 0,b8c6,"
                  "b8c6 e1e2,600,48\n"
                  "\"e4, \"\"king's pawn\"\"\"," +
                  START +
                  ",e2e4,2,ab,alphabeta,120,58,0,cp 0,b8c6,"
                  "b8c6 e1e2,600,48\n");
}

TEST(NodeOutput, JsonRoundTripsAndHasItsShape) {
    NodeResults r = fabricated();
    r.cells[0].score = Score::from_mate_moves(-3, Score::Bound::lower);
    r.cells[1].leaves.reset();
    r.cells[1].time_ms.reset();
    r.cells[1].score.reset();
    r.engines[1].max_depth = 5;
    json::Value doc = json::parse(format_json(r));
    EXPECT_EQ(results_from_json(doc, "test"), r);
    EXPECT_EQ(doc.find("format")->as_string(), "arbiter-nodes");
    const auto& first = doc.find("measurements")->as_array()[0];
    EXPECT_EQ(first.dump(),
              "{\"engine\":\"minimax\",\"position\":0,\"depth\":1,\"nodes\":21,\"leaves\":20,"
              "\"time_ms\":0,\"score\":{\"mate\":-3,\"bound\":\"lower\"},\"bestmove\":\"b8a6\","
              "\"pv\":[\"b8a6\"]}");
    EXPECT_EQ(doc.find("perft")->as_array()[1].dump(),
              "{\"position\":0,\"depth\":2,\"leaves\":600}");
}

TEST(NodeOutput, JsonErrorsNameTheProblem) {
    auto error_of = [](const std::string& text) {
        try {
            results_from_json(json::parse(text), "b.json");
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error_of("[]"), "b.json: not a JSON object");
    EXPECT_NE(error_of("{\"format\":\"x\"}").find("not an arbiter nodes document"),
              std::string::npos);
    std::string doc = format_json(fabricated());
    std::string unknown_engine = doc;
    unknown_engine.replace(unknown_engine.find("\"engine\": \"ab\""), 14, "\"engine\": \"zz\"");
    EXPECT_NE(error_of(unknown_engine).find("engine 'zz', which is not listed"), std::string::npos)
        << error_of(unknown_engine);
}

// --- invariants -------------------------------------------------------------------------

TEST(NodeInvariants, HoldOnConsistentResults) {
    InvariantReport report = check_invariants(fabricated());
    EXPECT_TRUE(report.passed());
    EXPECT_EQ(report.checked,
              (std::vector<std::string>{"'minimax' leaves equal perft at 2 cells",
                                        "total nodes 'minimax' >= 'ab' over 2 cells",
                                        "'ab' scores equal 'minimax' at 2 cells"}));
}

TEST(NodeInvariants, MinimaxLeavesMustEqualPerft) {
    NodeResults r = fabricated();
    cell_of(r, 0, 2).leaves = 599;
    InvariantReport report = check_invariants(r);
    ASSERT_EQ(report.violations.size(), 1u);
    EXPECT_EQ(report.violations[0],
              "minimax leaves equal perft: 'minimax' at 'e4' depth 2 reached 599 leaves, perft(2) "
              "is 600");
}

TEST(NodeInvariants, MinimaxThatStoppedEarlyIsCheckedAtTheDepthItCompleted) {
    NodeResults r = fabricated();
    cell_of(r, 0, 2).reached_depth = 1;  // e.g. a mate proven at depth 1
    cell_of(r, 0, 2).leaves = 20;
    EXPECT_TRUE(check_invariants(r).passed());
    cell_of(r, 0, 2).leaves = 600;
    EXPECT_FALSE(check_invariants(r).passed());
}

TEST(NodeInvariants, PruningMustNotGrowTheTree) {
    NodeResults r = fabricated();
    cell_of(r, 1, 2).nodes = 700;  // alphabeta above minimax over the suite: 721 > 663
    InvariantReport report = check_invariants(r);
    ASSERT_EQ(report.violations.size(), 1u);
    EXPECT_EQ(report.violations[0],
              "total nodes 'minimax' >= 'ab': 'minimax' searched 663 nodes, 'ab' 721");
}

TEST(NodeInvariants, AlphaBetaMustReturnMinimaxScore) {
    NodeResults r = fabricated();
    cell_of(r, 1, 2).score = cp(-100);
    InvariantReport report = check_invariants(r);
    ASSERT_EQ(report.violations.size(), 1u);
    EXPECT_EQ(report.violations[0],
              "alpha-beta returns minimax's score: 'ab' at 'e4' depth 2 scored cp -100, 'minimax' "
              "cp 0");
}

TEST(NodeInvariants, CompareOnlyEnginesUnderTheSameOptions) {
    NodeResults r = fabricated();
    r.engines[1].options = {{"Eval", "simplified"}, {"Hash", "16"}};
    cell_of(r, 1, 2).score = cp(35);  // another evaluation may score differently
    cell_of(r, 1, 2).nodes = 7000;
    EXPECT_TRUE(check_invariants(r).passed());
    EXPECT_EQ(check_invariants(r).checked.size(), 1u);              // minimax vs perft only
    r.engines[1].options = {{"eval", "material"}, {"Hash", "64"}};  // Hash does not count
    EXPECT_FALSE(check_invariants(r).passed());
    EXPECT_EQ(conditions_key(r.engines[1]), "eval=material");
}

TEST(NodeInvariants, OtherEnginesAreNotChecked) {
    NodeResults r = fabricated();
    r.engines[0].id_name = "Stockfish 15.1";
    r.engines[1].id_name = "Ethereal";
    cell_of(r, 1, 2).nodes = 7000;
    InvariantReport report = check_invariants(r);
    EXPECT_TRUE(report.passed());
    EXPECT_TRUE(report.checked.empty());
}

// --- the baseline -----------------------------------------------------------------------

TEST(NodeBaseline, IdenticalRunPasses) {
    Comparison c = compare_with_baseline(fabricated(), fabricated(), 0);
    EXPECT_TRUE(c.passed());
    EXPECT_EQ(c.compared, 4u);
    EXPECT_TRUE(c.unmatched.empty());
    EXPECT_EQ(format_comparison(c, false).substr(0, 84),
              "Baseline: passed. 4 measurements match (node tolerance 0%) and every invariant "
              "holds");
}

TEST(NodeBaseline, TimesAndNamesOfPositionsDoNotMatter) {
    NodeResults now = fabricated();
    for (auto& c : now.cells) c.time_ms = 12345;
    now.positions[0].name = "after 1. e4";
    EXPECT_TRUE(compare_with_baseline(fabricated(), now, 0).passed());
}

TEST(NodeBaseline, ChangedCountFailsWithReadableDiff) {
    NodeResults now = fabricated();
    cell_of(now, 1, 2).nodes = 121;
    Comparison c = compare_with_baseline(fabricated(), now, 0);
    EXPECT_FALSE(c.passed());
    ASSERT_EQ(c.differences.size(), 1u);
    EXPECT_EQ(c.differences[0].what, "nodes");
    EXPECT_EQ(c.differences[0].change, "+0.83%");
    EXPECT_EQ(format_comparison(c, false),
              "Baseline: FAILED. 1 difference in 4 measurements (node tolerance 0%).\n"
              "\n"
              "engine  position  depth  what   baseline  now  change\n"
              "ab      e4            2  nodes       120  121  +0.83%\n"
              "\n"
              "Invariants: all hold\n"
              "  checked: 'minimax' leaves equal perft at 2 cells\n"
              "  checked: total nodes 'minimax' >= 'ab' over 2 cells\n"
              "  checked: 'ab' scores equal 'minimax' at 2 cells\n");
    EXPECT_NE(format_comparison(c, true).find("| ab | e4 | 2 | nodes | 120 | 121 | +0.83% |"),
              std::string::npos);
}

TEST(NodeBaseline, ToleranceAllowsSmallChanges) {
    NodeResults now = fabricated();
    cell_of(now, 0, 2).nodes = 648;  // +0.93%
    EXPECT_TRUE(compare_with_baseline(fabricated(), now, 1).passed());
    EXPECT_FALSE(compare_with_baseline(fabricated(), now, 0.9).passed());
    cell_of(now, 0, 2).nodes = 636;  // -0.93%
    EXPECT_TRUE(compare_with_baseline(fabricated(), now, 1).passed());
}

TEST(NodeBaseline, ChangedScoreOrBestMoveFails) {
    NodeResults now = fabricated();
    cell_of(now, 0, 1).score = cp(5);
    cell_of(now, 1, 1).score = cp(5);  // both changed: the invariants still hold
    Comparison c = compare_with_baseline(fabricated(), now, 0);
    EXPECT_FALSE(c.passed());
    ASSERT_EQ(c.differences.size(), 2u);
    EXPECT_EQ(c.differences[0].what, "score");
    EXPECT_EQ(c.differences[0].baseline, "cp 0");
    EXPECT_EQ(c.differences[0].current, "cp 5");
    EXPECT_TRUE(c.invariants.passed());

    now = fabricated();
    cell_of(now, 1, 2).bestmove = "g8f6";
    c = compare_with_baseline(fabricated(), now, 100);
    ASSERT_EQ(c.differences.size(), 1u);
    EXPECT_EQ(c.differences[0].what, "bestmove");
    EXPECT_FALSE(c.passed());
}

TEST(NodeBaseline, BrokenInvariantFailsEvenWhenTheBaselineAgrees) {
    NodeResults broken = fabricated();
    cell_of(broken, 1, 2).score = cp(-100);
    Comparison c = compare_with_baseline(broken, broken, 0);
    EXPECT_TRUE(c.differences.empty());
    EXPECT_FALSE(c.passed());
    EXPECT_NE(format_comparison(c, false).find("BROKEN alpha-beta returns minimax's score"),
              std::string::npos);
}

TEST(NodeBaseline, ChangedOptionsFail) {
    NodeResults now = fabricated();
    now.engines[1].options = {{"Eval", "simplified"}};
    Comparison c = compare_with_baseline(fabricated(), now, 0);
    ASSERT_EQ(c.differences.size(), 1u);
    EXPECT_EQ(c.differences[0].what, "options");
    EXPECT_EQ(c.differences[0].baseline, "Eval=material");
    EXPECT_EQ(c.differences[0].current, "Eval=simplified");
}

TEST(NodeBaseline, UnmatchedMeasurementsAreListedNotFailed) {
    NodeResults now = fabricated();
    now.cells.pop_back();
    now.cells.push_back(cell(1, 0, 3, 1000, 900, 0, "b8c6", {}));
    now.depths.push_back(3);
    Comparison c = compare_with_baseline(fabricated(), now, 0);
    EXPECT_TRUE(c.passed());
    EXPECT_EQ(c.compared, 3u);
    EXPECT_EQ(c.unmatched,
              (std::vector<std::string>{"not in the baseline: 'ab' at 'e4' depth 3",
                                        "not measured in this run: 'ab' at 'e4' depth 2"}));
    NodeResults other = fabricated();
    other.positions[0] = make_position("startpos", {"d2d4"}, "d4");
    EXPECT_FALSE(compare_with_baseline(fabricated(), other, 0).passed());  // nothing in common
}

TEST(NodeOutput, MarkdownSummaryLeadsWithTheVerdict) {
    NodeResults r = fabricated();
    NodeTable table = build_table(r);
    InvariantReport invariants = check_invariants(r);
    Comparison c = compare_with_baseline(r, r, 0);
    std::string md = format_markdown_summary(r, table, invariants, &c);
    EXPECT_EQ(md.rfind("## arbiter nodes\n\n2 engines, 1 position, depths 1, 2.\n\n**Baseline: "
                       "passed** ✅ 4 measurements match",
                       0),
              0u)
        << md;
    EXPECT_NE(md.find("<details><summary>Node counts</summary>\n\n| position |"),
              std::string::npos);
    std::string plain = format_markdown_summary(r, table, invariants, nullptr);
    EXPECT_EQ(plain.find("Baseline"), std::string::npos);
    EXPECT_NE(plain.find("**Invariants:** all hold"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::nodes
