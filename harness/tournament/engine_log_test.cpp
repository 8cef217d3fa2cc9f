// The engine log: an EngineProcess's observer hears each line once, in order, and the shared log
// writes each whole, formatted, and reports a failed write naming its file.
#include "harness/tournament/engine_log.h"

#include "harness/game/engine_types.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
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

// Issue 31: chess-tuning-tools runs cutechess-cli with -debug and drops the lines that match
// "^[0-9]+ [<>]" before it counts results: the dialect's -debug lines are cutechess's.
TEST(EngineLog, TheCutechessFormIsMillisecondsThenTheDirectionAndTheEngine) {
    EXPECT_EQ(engine_log_line(1234, "sf(1)", Direction::to_engine, "go wtime 900",
                              EngineLogForm::cutechess),
              "1234 >sf(1): go wtime 900");
    EXPECT_EQ(engine_log_line(0, "sf(0)", Direction::from_engine, "bestmove e2e4\x1b",
                              EngineLogForm::cutechess),
              "0 <sf(0): bestmove e2e4\\x1B");
}

// Issue 28: a 100 MB line went into the log verbatim (419 MB of log for 4 games). Of each line
// the first MAX_KEPT_LINE_LENGTH bytes are logged, as the referee keeps them, then the count of
// the rest.
TEST(EngineLog, LongLinesAreCutAsTheRefereeCutsThem) {
    const std::string prefix = ".005] b(1) < ";
    const std::string kept(MAX_KEPT_LINE_LENGTH, 'x');
    EXPECT_TRUE(engine_log_line(5, "b(1)", Direction::from_engine, kept).ends_with(prefix + kept));
    EXPECT_TRUE(engine_log_line(5, "b(1)", Direction::from_engine, kept + "yz")
                    .ends_with(prefix + kept + " [2 more bytes not logged]"));
    // Escaped after the cut: the 4096 bytes kept may show as more.
    const std::string control(MAX_KEPT_LINE_LENGTH + 10, '\x01');
    std::string shown;
    for (std::size_t i = 0; i < MAX_KEPT_LINE_LENGTH; ++i) shown += "\\x01";
    EXPECT_TRUE(engine_log_line(5, "b(1)", Direction::from_engine, control)
                    .ends_with(prefix + shown + " [10 more bytes not logged]"));
}

// The same through an engine's pipe: the process hands a 3,000,012-byte line on in pieces of
// EngineProcess::MAX_LINE_LENGTH bytes, and each piece is logged cut.
TEST(EngineLog, AnEnginesLongLineIsLoggedCut) {
    const fs::path file =
        fs::temp_directory_path() / ("arbiter_engine_log_long_" + std::to_string(::getpid()));
    {
        EngineLog log(file.string(), false);
        EngineProcess engine;
        engine.observe(&log, "m(1)");
        engine.start(MOCK_ENGINE_PATH, {"--long-line", "3000000", "--bestmove", "e2e4"});
        ASSERT_TRUE(engine.write_line("go depth 1"));
        std::string line;
        while (line.rfind("bestmove", 0) != 0)
            ASSERT_EQ(engine.read_line(line, EngineProcess::Clock::now() + 60s),
                      EngineProcess::ReadStatus::line);
        ASSERT_TRUE(engine.write_line("quit"));
        engine.wait_for_exit(10s);
        log.close();
    }
    std::ifstream in(file);
    std::vector<std::string> notes;
    std::size_t longest = 0;
    for (std::string line; std::getline(in, line);) {
        longest = std::max(longest, line.size());
        if (auto at = line.find(" ["); at != std::string::npos && line.ends_with("logged]"))
            notes.push_back(line.substr(at + 1));
    }
    const std::size_t piece = EngineProcess::MAX_LINE_LENGTH, total = 3000012;
    EXPECT_EQ(notes,
              (std::vector<std::string>{
                  "[" + std::to_string(piece - MAX_KEPT_LINE_LENGTH) + " more bytes not logged]",
                  "[" + std::to_string(piece - MAX_KEPT_LINE_LENGTH) + " more bytes not logged]",
                  "[" + std::to_string(total - 2 * piece - MAX_KEPT_LINE_LENGTH) +
                      " more bytes not logged]"}));
    EXPECT_LT(longest, MAX_KEPT_LINE_LENGTH + 100);
    fs::remove(file);
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
        EXPECT_STREQ(e.what(), "the engine log /dev/full: No space left on device");
    }
    EXPECT_THROW(log.close(), OutputError);
}

}  // namespace
}  // namespace arbiter
