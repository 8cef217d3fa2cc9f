// The engine log: an EngineProcess's observer hears each line once, in order, and the shared log
// writes each whole, formatted, and reports a failed write naming its file.
#include "harness/tournament/engine_log.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <vector>

namespace arbiter {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using Direction = EngineIoObserver::Direction;

// Keeps what it hears, as "name > line" / "name < line".
class Recorder final : public EngineIoObserver {
  public:
    void engine_line(const std::string& engine, Direction direction,
                     std::string_view line) noexcept override {
        heard.push_back(engine + (direction == Direction::to_engine ? " > " : " < ") +
                        std::string(line));
    }
    std::vector<std::string> heard;
};

TEST(EngineIoObserver, HearsEachLineWrittenAndReadOnceInOrder) {
    EngineProcess engine;
    Recorder recorder;
    engine.observe(&recorder, "cat(1)");
    engine.start("/bin/cat");
    std::string line;
    ASSERT_TRUE(engine.write_line("uci"));
    ASSERT_EQ(engine.read_line(line, EngineProcess::Clock::now() + 10s),
              EngineProcess::ReadStatus::line);
    ASSERT_TRUE(engine.write_line("go depth 1"));
    EXPECT_EQ(engine.read_line(line, EngineProcess::Clock::now() + 10s),
              EngineProcess::ReadStatus::line);
    EXPECT_EQ(engine.read_line(line, EngineProcess::Clock::now() + 50ms),
              EngineProcess::ReadStatus::timeout);  // a timeout is no line
    engine.observe(nullptr, "");
    ASSERT_TRUE(engine.write_line("quit"));
    EXPECT_EQ(recorder.heard,
              (std::vector<std::string>{"cat(1) > uci", "cat(1) < uci", "cat(1) > go depth 1",
                                        "cat(1) < go depth 1"}));
}

TEST(EngineLog, LinesHoldTheTimeTheEngineAndTheDirection) {
    std::string line =
        engine_log_line(1'700'000'000'123, "alphabeta(2)", Direction::to_engine, "go nodes 20000");
    EXPECT_TRUE(std::regex_match(
        line, std::regex(R"(\[\d\d:\d\d:\d\d\.123\] alphabeta\(2\) > go nodes 20000)")))
        << line;
    EXPECT_TRUE(engine_log_line(5, "b(0)", Direction::from_engine, "bestmove e2e4")
                    .ends_with(".005] b(0) < bestmove e2e4"));
    // Issue 20, item 10: the log (standard output under -debug) shows an engine's bytes escaped.
    EXPECT_TRUE(engine_log_line(5, "b(0)", Direction::from_engine, "bestmove e2e4\x1b[2J\xff")
                    .ends_with(".005] b(0) < bestmove e2e4\\x1B[2J\\xFF"));
}

TEST(EngineLog, WorkersWriteWholeLinesAndAppendOrTruncate) {
    fs::path file =
        fs::temp_directory_path() / ("arbiter_engine_log_" + std::to_string(::getpid()));
    fs::remove(file);
    auto write_lines = [&](bool append) {
        EngineLog log(file.string(), append);
        std::vector<std::thread> workers;
        for (int w = 1; w <= 4; ++w)
            workers.emplace_back([&log, w] {
                for (int i = 0; i < 200; ++i)
                    log.engine_line("e(" + std::to_string(w) + ")", Direction::from_engine,
                                    "info depth " + std::to_string(i) + " pv e2e4 e7e5 g1f3");
            });
        for (auto& worker : workers) worker.join();
        log.close();
    };
    auto count_lines = [&] {
        std::ifstream in(file);
        std::regex format(
            R"(\[\d\d:\d\d:\d\d\.\d{3}\] e\([1-4]\) < info depth \d+ pv e2e4 e7e5 g1f3)");
        int lines = 0;
        for (std::string line; std::getline(in, line); ++lines)
            EXPECT_TRUE(std::regex_match(line, format)) << line;
        return lines;
    };
    write_lines(true);
    EXPECT_EQ(count_lines(), 800);
    write_lines(true);
    EXPECT_EQ(count_lines(), 1600);
    write_lines(false);
    EXPECT_EQ(count_lines(), 800);
    fs::remove(file);
}

TEST(EngineLog, AFailedWriteIsThrownLaterNamingTheFile) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    EngineLog log("/dev/full", true);
    log.engine_line("e(1)", Direction::to_engine, "uci");  // never throws into the engine's I/O
    try {
        log.check();
        FAIL() << "no error";
    } catch (const OutputError& e) {
        EXPECT_STREQ(e.what(), "/dev/full: No space left on device");
    }
    EXPECT_THROW(log.close(), OutputError);
}

}  // namespace
}  // namespace arbiter
