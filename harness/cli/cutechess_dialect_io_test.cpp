// `arbiter -engine ...` end to end, around the engines' input and output: tc=inf under another
// limit, stderr=FILE, the engine log of -log file=FILE and -debug on stdout.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "harness/cli/cutechess_dialect_fixture.h"
#include "harness/testing/run_program.h"

namespace {

using namespace arbiter_test;

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// One line of the engine log: "[12:34:56.789] alpha(2) > go nodes 500".
struct LogLine {
    std::string engine;
    int worker = 0;
    bool to_engine = false;
    std::string text;
};

// The lines of `text` that are engine-log lines (on stdout, -debug mixes them with others).
std::vector<LogLine> log_lines(const std::string& text) {
    std::regex format(R"(^\[\d\d:\d\d:\d\d\.\d{3}\] (\S+)\((\d+)\) ([<>]) (.*)$)");
    std::vector<LogLine> lines;
    std::smatch m;
    for (const std::string& line : lines_of(text))
        if (std::regex_match(line, m, format))
            lines.push_back({m[1], std::stoi(m[2]), m[3] == ">", m[4]});
    return lines;
}

// The lines of `text` that are cutechess -debug lines ("1234 >alpha(2): go depth 1"), which
// chess-tuning-tools tells from the match's lines by "^[0-9]+ [<>]".
std::vector<LogLine> debug_lines(const std::string& text) {
    std::regex format(R"(^\d+ ([<>])(\S+)\((\d+)\): (.*)$)");
    std::vector<LogLine> lines;
    std::smatch m;
    for (const std::string& line : lines_of(text))
        if (std::regex_match(line, m, format))
            lines.push_back({m[2], std::stoi(m[3]), m[1] == ">", m[4]});
    return lines;
}

class CutechessDialectIo : public CutechessDialect {
  protected:
    // Two mock engines on the 12-opening book, one game pair per `rounds`.
    std::string mocks(const std::string& limits, const std::string& rest) const {
        std::string mock = MOCK_ENGINE_PATH;
        return "-engine name=alpha cmd=" + mock + " -engine name=beta cmd=" + mock +
               " arg=--seed arg=3 " + limits + " -openings file=" + path("book.epd") +
               " -repeat -maxmoves 20 " + rest;
    }
};

TEST_F(CutechessDialectIo, TcInfLetsNodesGovernAndTheSameCommandResumes) {
    std::string command =
        mocks("-each tc=inf nodes=500",
              "-concurrency 1 -db " + path("inf.sqlite") + " -log file=" + path("inf.log"));
    RunResult first = run(command + " -rounds 2");
    ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
    EXPECT_EQ(stored_games(path("inf.sqlite")).size(), 4u);
    std::set<std::string> goes;
    for (const LogLine& line : log_lines(read_text(path("inf.log"))))
        if (line.to_engine && line.text.rfind("go", 0) == 0) goes.insert(line.text);
    EXPECT_EQ(goes, std::set<std::string>{"go nodes 500"}) << "no clock with tc=inf";
    RunResult more = run(command + " -rounds 3");
    ASSERT_EQ(more.exit_code, 0) << more.err;
    EXPECT_NE(more.err.find("Resuming: 4 of 6 games"), std::string::npos) << more.err;
    // -each tc= after an -engine tc=inf gives the engine a clock again, as in cutechess.
    std::string mock = MOCK_ENGINE_PATH;
    RunResult clocked = run(mocks("-each tc=10+0.1", "-rounds 1 -db " + path("tc.sqlite") +
                                                         " -log file=" + path("tc.log")) +
                            " -engine name=gamma cmd=" + mock + " tc=inf");
    ASSERT_EQ(clocked.exit_code, 0) << clocked.err;
    for (const LogLine& line : log_lines(read_text(path("tc.log"))))
        if (line.to_engine && line.text.rfind("go", 0) == 0) {
            EXPECT_NE(line.text.find(" wtime "), std::string::npos) << line.text;
        }
    RunResult refused = run(mocks("-each tc=inf", "-db " + path("no.sqlite")));
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("engine alpha: tc=inf leaves no limit"), std::string::npos)
        << refused.err;
}

TEST_F(CutechessDialectIo, StderrFileTakesThatEnginesStderrInsteadOfTheLogsFolder) {
    std::string own = path("alpha.err");
    RunResult r = run(mocks("-each depth=1", "-rounds 2 -db " + path("s.sqlite")) +
                      " -engine name=gamma cmd=" + std::string(MOCK_ENGINE_PATH) +
                      " arg=--seed arg=5 depth=1 stderr=" + own);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err.find("stderr="), std::string::npos) << "no warning any more: " << r.err;
    std::vector<std::string> lines = lines_of(read_text(own));
    ASSERT_FALSE(lines.empty());
    for (const std::string& line : lines)  // arbiter's line before each start, the engine's own
        if (line.rfind("[arbiter ", 0) != 0) {
            EXPECT_EQ(line, "mock_engine: started with seed 5");
        }
    EXPECT_FALSE(fs::exists(path("logs/gamma.stderr.log")));
    EXPECT_NE(read_text(path("logs/alpha.stderr.log")).find("started with seed 1"),
              std::string::npos);
    // Appended: a second run adds its engines' lines to the same file.
    ASSERT_EQ(run(mocks("-each depth=1", "-rounds 2 -db " + path("t.sqlite")) +
                  " -engine name=gamma cmd=" + std::string(MOCK_ENGINE_PATH) +
                  " arg=--seed arg=5 depth=1 stderr=" + own)
                  .exit_code,
              0);
    EXPECT_GT(lines_of(read_text(own)).size(), lines.size());
}

TEST_F(CutechessDialectIo, LogFileHoldsEveryLineWithItsEngineWorkerAndDirection) {
    std::string log = path("engines.log");
    RunResult r = run(mocks("-each depth=1", "-rounds 4 -concurrency 2 -db " + path("l.sqlite") +
                                                 " -log file=" + log + " level=trace"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("-log level=trace is accepted and ignored"), std::string::npos) << r.err;
    std::string text = read_text(log);
    std::vector<LogLine> lines = log_lines(text);
    ASSERT_EQ(lines.size(), lines_of(text).size()) << "a line out of format:\n" << text;
    std::map<std::string, int> bestmoves;
    std::set<int> workers;
    bool uci = false, uciok = false;
    for (const LogLine& line : lines) {
        uci |= line.to_engine && line.text == "uci";
        uciok |= !line.to_engine && line.text == "uciok";
        if (!line.to_engine && line.text.rfind("bestmove ", 0) == 0) ++bestmoves[line.engine];
        workers.insert(line.worker);
    }
    EXPECT_TRUE(uci && uciok);
    EXPECT_EQ(workers, (std::set<int>{0, 1, 2}));  // the check at start, then two workers
    EXPECT_GT(bestmoves["alpha"], 0);
    EXPECT_GT(bestmoves["beta"], 0);
    // Appended by default; append=false starts the file afresh.
    ASSERT_EQ(run(mocks("-each depth=1", "-rounds 4 -concurrency 2 -db " + path("l.sqlite") +
                                             " -log file=" + log + " append=false"))
                  .exit_code,
              0);
    // Not part of the tournament's identity: the changed -log resumes, with nothing to play.
    EXPECT_LT(read_text(log).size(), text.size()) << "nothing left to play: only the start check";
    EXPECT_EQ(log_lines(read_text(log)).front().worker, 0);
    RunResult compressed = run(mocks("-each depth=1", "-log file=" + log + " compress=true"));
    EXPECT_EQ(compressed.exit_code, 1);
    EXPECT_NE(compressed.err.find("-log compress=true is not supported"), std::string::npos)
        << compressed.err;
}

TEST_F(CutechessDialectIo, DebugPrintsTheEngineLinesOnStdoutBesideWholeConsoleLines) {
    RunResult r =
        run(mocks("-each depth=1", "-rounds 4 -concurrency 2 -debug -db " + path("d.sqlite")));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::vector<LogLine> lines = debug_lines(r.out);
    EXPECT_GT(lines.size(), 50u);
    EXPECT_EQ(lines.front().text, "uci");
    EXPECT_TRUE(lines.front().to_engine);
    // Every other line is a whole console line: the parsers' lines are all still there.
    std::regex console(R"(^(Started game|Finished game|Score of|Elo difference|Finished match|)"
                       R"(Rank|SPRT|\s+\d+ |\.\.\.      |Player: |   ").*)");
    int finished = 0;
    for (const std::string& line : lines_of(r.out)) {
        if (line.empty() || std::regex_search(line, std::regex("^[0-9]+ [<>]"))) continue;
        EXPECT_TRUE(std::regex_match(line, console)) << line;
        finished += line.rfind("Finished game ", 0) == 0;
    }
    EXPECT_EQ(finished, 8);
    RunResult both = run(mocks("-each depth=1", "-debug -log file=" + path("x.log")));
    EXPECT_EQ(both.exit_code, 1);
    EXPECT_NE(both.err.find("-debug and -log file= both"), std::string::npos) << both.err;
}

// fastchess's -show-latency and the -pgnout fields of the clock and the engines' reports, with two
// engines on their own clocks: one latency line per engine at the end, and each engine move's
// comment with tl= (its clock after the move), latency=, hashfull=,
// tbhits= and the info string line match_line= asked for.
TEST_F(CutechessDialectIo, ShowLatencyAndThePgnoutClockAndReportFields) {
    std::string mock = MOCK_ENGINE_PATH;
    RunResult r = run("-engine name=alpha cmd=" + mock +
                      " arg=--info-flood arg=2 tc=10+0.1 -engine name=beta cmd=" + mock +
                      " arg=--seed arg=3 tc=5+0.05 -openings file=" + path("book.epd") +
                      " -repeat -maxmoves 20 -rounds 1 -db " + path("l.sqlite") +
                      " -show-latency -pgnout file=" + path("l.pgn") +
                      " timeleft=true latency=true hashfull=true tbhits=true match_line=flood.1");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(r.err.find("-show-latency"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("-pgnout"), std::string::npos) << r.err;
    for (const char* name : {"alpha", "beta"}) {
        std::regex line(std::string("(^|\n)Engine ") + name +
                        R"( latency: -?[0-9]+\.[0-9]ms mean, -?[0-9]+ms max over [1-9][0-9]* )"
                        R"(moves \(elapsed minus reported\)\n)");
        EXPECT_TRUE(std::regex_search(r.out, line)) << name << "\n" << r.out;
    }
    std::regex comment(
        R"(\{[-+]?[0-9.]+/[0-9]+ [0-9.]+s, tl=([0-9]+\.[0-9]{3})s, latency=-?[0-9]+\.[0-9]{3}s, )"
        R"(hashfull=0, tbhits=0(, line="info string flood 1")?[,}])");
    const std::string pgn = read_text(path("l.pgn"));
    int comments = 0, lines = 0;
    for (auto it = std::sregex_iterator(pgn.begin(), pgn.end(), comment);
         it != std::sregex_iterator(); ++it) {
        ++comments;
        lines += (*it)[2].matched;
        const double left = std::stod((*it)[1]);
        EXPECT_GT(left, 0);
        EXPECT_LE(left, 10 + 0.1 * 21);  // alpha's clock: 10 s and 0.1 s for each of its moves
    }
    EXPECT_GE(comments, 8);      // every engine move of the 2 games of up to 20 moves
    EXPECT_GT(lines, 0);         // alpha's moves keep their matched line
    EXPECT_LT(lines, comments);  // beta sends no info string
    EXPECT_EQ(pgn.find("flood 0"), std::string::npos);
}

// -html FILE, `arbiter tournament --html` in the dialect: the report page at the end, named on
// standard error (the console's lines on standard output stay cutechess-cli's); refused before
// anything is created when it would overwrite the opening suite.
TEST_F(CutechessDialectIo, HtmlWritesTheReportPageAtTheEnd) {
    std::string mock = MOCK_ENGINE_PATH;
    const std::string engines =
        "-engine name=alpha cmd=" + mock + " -engine name=beta cmd=" + mock + " arg=--seed arg=3";
    RunResult r =
        run(engines + " -each tc=10+0.1 -openings file=" + path("book.epd") +
            " -repeat -maxmoves 20 -rounds 1 -db " + path("h.sqlite") + " -html " + path("h.html"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.err.find("Report: " + path("h.html") + " (2 games)\n"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("Report:"), std::string::npos) << r.out;
    const std::string page = read_text(path("h.html"));
    EXPECT_NE(page.find("<html"), std::string::npos);
    EXPECT_NE(page.find("alpha"), std::string::npos);

    RunResult refused =
        run(engines + " -each tc=10+0.1 -openings file=" + path("book.epd") +
            " -repeat -rounds 1 -db " + path("refused/r.sqlite") + " -html " + path("book.epd"));
    EXPECT_EQ(refused.exit_code, 1) << refused.out << refused.err;
    EXPECT_NE(refused.err.find("-html"), std::string::npos) << refused.err;
    EXPECT_FALSE(std::filesystem::exists(path("refused")));
}

}  // namespace
