// Tests of harness/node_counts against real engines: arbiter's own (built by this project) and
// Debian's Stockfish. Measurements, determinism across runs and concurrency, failures of
// misbehaving engines, and the store.
#include <gtest/gtest.h>

#include <filesystem>

#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "engines/core/reference_program.h"
#include "harness/identity/sha256.h"
#include "harness/node_counts/measure.h"
#include "harness/node_counts/output.h"
#include "harness/node_counts/record.h"
#include "harness/node_counts/reference.h"
#include "harness/node_counts/runner.h"
#include "harness/node_counts/table.h"
#include "harness/store/store.h"

namespace arbiter::nodes {
namespace {

using namespace std::chrono_literals;

const std::string MINIMAX = MINIMAX_PATH;
const std::string ALPHABETA = ALPHABETA_PATH;
const std::string MVVLVA_TT = ALPHABETA_MVVLVA_TT_PATH;
const std::string MOCK = MOCK_ENGINE_PATH;

bool is_legal(const NodePosition& position, const std::string& move) {
    PlayedPosition played(position);
    return move_from_uci(played.position(), move) != Move::none();
}

EngineConfig engine(const std::string& name, const std::string& command,
                    std::vector<std::pair<std::string, std::string>> options = {}) {
    EngineConfig config;
    config.name = name;
    config.command = command;
    config.options = std::move(options);
    return config;
}

TEST(MeasureDepth, MinimaxSearchesTheWholeTreeAtEveryIteration) {
    UciClient minimax;
    minimax.start(MINIMAX);
    ASSERT_TRUE(minimax.set_option("Eval", "material"));
    NodePosition e4 = make_position("startpos", {"e2e4"});
    DepthReport report = measure_depth(minimax, e4, 3, 60s);
    ASSERT_EQ(report.status, EngineStatus::ok);
    EXPECT_EQ(report.depth, 3);
    EXPECT_EQ(report.leaves, perft_of(e4, 3));  // 13,160
    // Iterative deepening to 3, each iteration the full tree of its depth with its root:
    // (1 + 20) + (1 + 20 + 600) + (1 + 20 + 600 + 13160).
    EXPECT_EQ(report.nodes, 14423u);
    ASSERT_TRUE(report.score);
    EXPECT_EQ(report.pv.size(), 3u);
    EXPECT_TRUE(is_legal(e4, report.bestmove));
    EXPECT_EQ(report.pv.front(), report.bestmove);
    minimax.quit();
}

TEST(MeasureDepth, StockfishReportsNodesForGoDepth) {
    const std::string stockfish_path = arbiter::testing::reference_program("stockfish");
    if (stockfish_path.empty()) GTEST_SKIP() << "stockfish is not installed";
    UciClient stockfish;
    stockfish.start(stockfish_path);
    ASSERT_TRUE(stockfish.set_option("Threads", "1"));
    NodePosition e4 = make_position("startpos", {"e2e4"});
    DepthReport first = measure_depth(stockfish, e4, 6, 60s);
    ASSERT_EQ(first.status, EngineStatus::ok);
    EXPECT_EQ(first.depth, 6);
    ASSERT_TRUE(first.nodes);
    EXPECT_GT(*first.nodes, 20u);
    EXPECT_FALSE(first.leaves);
    EXPECT_TRUE(first.score);
    EXPECT_FALSE(first.pv.empty());
    EXPECT_TRUE(is_legal(e4, first.bestmove));
    // One thread and a cleared hash (ucinewgame) make Stockfish repeat itself too.
    DepthReport second = measure_depth(stockfish, e4, 6, 60s);
    EXPECT_EQ(second.nodes, first.nodes);
    EXPECT_EQ(second.bestmove, first.bestmove);
    stockfish.quit();
}

RunSettings small_suite(int concurrency) {
    RunSettings settings;
    settings.engines = {engine("minimax", MINIMAX, {{"Eval", "material"}}),
                        engine("alphabeta", ALPHABETA, {{"Eval", "material"}}),
                        engine("tt", MVVLVA_TT, {{"Eval", "material"}, {"Hash", "1"}})};
    settings.engines[0].limits.depth = 3;
    settings.positions = {make_position("startpos", {"e2e4"}, "e4"),
                          make_position("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", {}, "cpw3")};
    settings.depths = {1, 2, 3, 4};
    settings.concurrency = concurrency;
    settings.perft_depth = 4;
    return settings;
}

NodeResults without_times(NodeResults results) {
    for (auto& cell : results.cells) cell.time_ms.reset();
    return results;
}

TEST(RunMeasurements, TwoRunsGiveIdenticalTablesWhateverTheConcurrency) {
    NodeResults serial = run_measurements(small_suite(1));
    NodeResults parallel = run_measurements(small_suite(2));
    NodeResults again = run_measurements(small_suite(2));
    EXPECT_EQ(without_times(serial), without_times(parallel));
    EXPECT_EQ(without_times(parallel), without_times(again));
    EXPECT_EQ(format_text_table(build_table(serial)), format_text_table(build_table(parallel)));
    EXPECT_EQ(format_markdown_table(build_table(serial)),
              format_markdown_table(build_table(again)));

    // 2 positions x (3 minimax depths + 4 + 4), every depth with its perft.
    EXPECT_EQ(serial.cells.size(), 22u);
    EXPECT_EQ(serial.perft.size(), 8u);
    EXPECT_EQ(serial.engines[0].id_name, "minimax");
    EXPECT_EQ(serial.engines[1].id_name, "alphabeta");
    EXPECT_EQ(serial.engines[2].id_name, "alphabeta-mvvlva-tt");
    EXPECT_EQ(serial.engines[0].max_depth, 3);
    EXPECT_FALSE(serial.find(0, 0, 4));
    EXPECT_EQ(serial.perft.at({0, 4}), 405385u);
    InvariantReport invariants = check_invariants(serial);
    EXPECT_TRUE(invariants.passed()) << format_invariants(invariants, false);
    EXPECT_EQ(invariants.checked.size(), 5u) << format_invariants(invariants, false);
}

TEST(RunMeasurements, ACrashingEngineIsNamedWithThePositionAndDepth) {
    RunSettings settings;
    EngineConfig mock = engine("crasher", MOCK);
    mock.args = {"--crash-at", "1"};
    settings.engines = {mock};
    settings.positions = {make_position("startpos", {}, "start")};
    settings.depths = {1};
    settings.concurrency = 1;
    settings.perft_depth = 0;
    try {
        run_measurements(settings);
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        std::string what = e.what();
        EXPECT_NE(what.find("engine 'crasher', position 'start', depth 1: the engine exited"),
                  std::string::npos)
            << what;
    }
}

TEST(RunMeasurements, RejectsUnknownOptionsAndOtherLimits) {
    RunSettings settings = small_suite(1);
    settings.engines[1].options.emplace_back("No Such Option", "1");
    EXPECT_THROW(run_measurements(settings), UciError);
    settings = small_suite(1);
    settings.engines[1].limits.movetime_ms = 100;
    EXPECT_THROW(run_measurements(settings), ConfigError);
    settings = small_suite(1);
    settings.engines[1].name = "minimax";
    EXPECT_THROW(run_measurements(settings), ConfigError);
}

TEST(RecordRun, StoresEveryMeasurementUnderTheEngineIdentity) {
    RunSettings settings = small_suite(2);
    settings.depths = {1, 2};
    NodeResults results = run_measurements(settings);
    Store store = Store::open(":memory:");
    NodeRunId run = record_run(store, results, settings.engines, "test run");
    auto counts = store.node_counts_of_run(run);
    ASSERT_EQ(counts.size(), results.cells.size());
    auto engines = store.list_engines();
    ASSERT_EQ(engines.size(), 3u);
    EXPECT_EQ(engines[0].identity.binary_sha256, sha256_file_hex(MINIMAX));
    EXPECT_EQ(engines[2].identity.options,
              (std::vector<EngineOption>{{"Eval", "material"}, {"Hash", "1"}}));
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const NodeCell& cell = results.cells[i];
        EXPECT_EQ(counts[i].engine_id, engines[cell.engine].id);
        EXPECT_EQ(counts[i].fen, results.positions[cell.position].fen);
        EXPECT_EQ(counts[i].moves, results.positions[cell.position].moves);
        EXPECT_EQ(counts[i].depth, cell.depth);
        EXPECT_EQ(counts[i].nodes, static_cast<std::int64_t>(cell.nodes));
        ASSERT_TRUE(cell.leaves);  // all three of our engines send `info string leaves N`
        EXPECT_EQ(counts[i].leaves, static_cast<std::int64_t>(*cell.leaves));
        EXPECT_EQ(counts[i].reached_depth, cell.depth);  // no mate within depth 2 here
        EXPECT_EQ(counts[i].bestmove, cell.bestmove);
        EXPECT_EQ(centipawns_of(counts[i].score), cell.score->centipawns());
    }
    auto latest = store.latest_node_count(engines[1].id, results.positions[0].fen,
                                          results.positions[0].moves, 2);
    ASSERT_TRUE(latest);
    EXPECT_EQ(latest->record.nodes, static_cast<std::int64_t>(results.find(1, 0, 2)->nodes));
}

}  // namespace
}  // namespace arbiter::nodes
