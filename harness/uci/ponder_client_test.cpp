// The UCI client's pondering against mock_ponder_engine (harness/testing): `go ponder` as sent,
// and a ponderhit's search timed from `ponderhit`, with the ponder search's info lines kept.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "harness/uci/client.h"

namespace arbiter {
namespace {

using namespace std::chrono_literals;

constexpr auto PATIENCE = 10s;  // bounds answers that do come; never measured

// The words the engine was sent and what it answered, in order.
struct Transcript : EngineIoObserver {
    void engine_line(const std::string&, Direction direction,
                     std::string_view line) noexcept override {
        lines.push_back((direction == Direction::to_engine ? ">" : "<") + std::string(line));
    }
    std::vector<std::string> lines;
};

TEST(UciPonder, APonderhitSearchIsTimedFromPonderhit) {
    Transcript log;
    UciClient engine;
    engine.observe(&log, "mock");
    engine.start(MOCK_PONDER_ENGINE_PATH, {"--ponder-finishes"});
    ASSERT_TRUE(engine.set_option("Ponder", "true"));
    GoLimits limits;
    limits.wtime_ms = limits.btime_ms = 10000;
    limits.winc_ms = limits.binc_ms = 100;
    ASSERT_TRUE(engine.position("startpos"));
    SearchReply first = engine.go(limits, PATIENCE);
    ASSERT_EQ(first.status, EngineStatus::ok);
    EXPECT_EQ(first.bestmove, "a2a3");
    EXPECT_EQ(first.ponder, "a7a5");

    const std::vector<std::string> line = {"a2a3", "a7a5"};
    ASSERT_TRUE(engine.position("startpos", line));
    ASSERT_TRUE(engine.go_ponder(limits));
    std::this_thread::sleep_for(300ms);  // the opponent "thinks"; the ponder search has ended
    auto before = std::chrono::steady_clock::now();
    ASSERT_EQ(engine.ponderhit(), UciClient::PonderHit::sent);
    SearchReply hit = engine.wait_bestmove(PATIENCE);
    auto after = std::chrono::steady_clock::now();
    ASSERT_EQ(hit.status, EngineStatus::ok);
    EXPECT_EQ(hit.bestmove, "a1a2");
    EXPECT_EQ(hit.depth, 1);  // the info line the ponder search sent before ponderhit
    // Timed from ponderhit: within the call's own span, never from go ponder 300 ms before.
    EXPECT_LE(hit.wall_time, after - before);
    const std::vector<std::string> sent = {
        ">position startpos moves a2a3 a7a5",
        ">go ponder wtime 10000 btime 10000 winc 100 binc 100",
    };
    auto go = std::find(log.lines.begin(), log.lines.end(), sent[1]);
    ASSERT_NE(go, log.lines.end());
    EXPECT_EQ(*(go - 1), sent[0]);
    EXPECT_EQ(log.lines.back().rfind("<bestmove a1a2", 0), 0u);
    EXPECT_TRUE(engine.quit(PATIENCE));
    EXPECT_EQ(engine.exit_status().code, 0) << engine.exit_status().text();
}

// A miss: stop, and wait_bestmove() reads the ponder search's move for the caller to drop.
TEST(UciPonder, StopEndsAPonderSearch) {
    UciClient engine;
    engine.start(MOCK_PONDER_ENGINE_PATH, {});
    ASSERT_TRUE(engine.set_option("Ponder", "true"));
    GoLimits limits;
    limits.depth = 1;
    ASSERT_EQ(engine.go(limits, PATIENCE).ponder, "a7a5");
    const std::vector<std::string> line = {"a2a3", "a7a5"};
    ASSERT_TRUE(engine.position("startpos", line));
    ASSERT_TRUE(engine.go_ponder(limits));
    ASSERT_TRUE(engine.stop());
    SearchReply dropped = engine.wait_bestmove(PATIENCE);
    EXPECT_EQ(dropped.status, EngineStatus::ok);
    EXPECT_EQ(dropped.bestmove, "a1a2");
    EXPECT_TRUE(engine.quit(PATIENCE));
    EXPECT_EQ(engine.exit_status().code, 0) << engine.exit_status().text();
}

}  // namespace
}  // namespace arbiter
