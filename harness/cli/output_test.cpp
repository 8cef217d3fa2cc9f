// End-to-end tests of what `arbiter` writes: the PGN of the live --pgn file and of `export`, and
// every output file or redirected standard output on a full disk (/dev/full).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "harness/store/store.h"
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

struct RunResult {
    int exit_code;
    std::string output;  // what reached the pipe: stderr, and stdout unless redirected
};

// Runs arbiter with `arguments`, then `redirect` (for example ">/dev/full"), stderr to the pipe.
RunResult run(const std::string& arguments, const std::string& redirect = "2>&1") {
    std::string command = std::string(ARBITER_PATH) + " " + arguments + " " + redirect;
    FILE* pipe = popen(command.c_str(), "r");
    std::string output;
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), output};
}

using arbiter_test::read_text;

class Output : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("arbiter-output-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        db = (dir / "t.sqlite").string();
        std::ifstream suite("openings/arbiter-8ply.epd");
        std::ofstream three(dir / "three.epd");
        std::string line;
        for (int i = 0; i < 3 && std::getline(suite, line); ++i) three << line << '\n';
    }
    void TearDown() override { fs::remove_all(dir); }

    // A two-engine tournament of mock engines on three named openings, six games.
    std::string tournament(const std::string& extra) const {
        std::string engines;
        for (const char* name : {"a", "b"})
            engines += std::string(" --engine name=") + name + ",cmd=" + MOCK_ENGINE_PATH +
                       ",arg=--name,arg=" + name;
        return "tournament" + engines + " --openings " + (dir / "three.epd").string() +
               " --maxplies 30 --concurrency 1 --db " + db + " " + extra;
    }
    std::int64_t games_in_database() const {
        Store store = Store::open(db);
        std::int64_t games = 0;
        for (const auto& t : store.list_tournaments()) games += store.count_games(t.id);
        return games;
    }

    fs::path dir;
    std::string db;
};

TEST_F(Output, LivePgnAndExportWriteTheSameGames) {
    std::string live = (dir / "live.pgn").string();
    RunResult played = run(tournament("--tc 30+0.5 --pgn " + live));
    ASSERT_EQ(played.exit_code, 0) << played.output;
    std::string exported = (dir / "export.pgn").string();
    RunResult e = run("export --db " + db + " --pgn " + exported);
    ASSERT_EQ(e.exit_code, 0) << e.output;
    EXPECT_NE(e.output.find("Wrote 6 games to "), std::string::npos) << e.output;
    std::string text = read_text(live);
    EXPECT_EQ(text, read_text(exported));
    EXPECT_NE(text.find("[Opening \"Ruy Lopez, Morphy Defence\"]\n[TimeControl \"30+0.5\"]\n"),
              std::string::npos)
        << text;
}

// --show-latency, the dialect's -show-latency natively: one line per engine after the standings.
TEST_F(Output, ShowLatencyPrintsEachEnginesLatencyAfterTheStandings) {
    RunResult r = run(tournament("--depth 1 --show-latency"));
    ASSERT_EQ(r.exit_code, 0) << r.output;
    for (const char* name : {"a", "b"})
        EXPECT_TRUE(std::regex_search(
            r.output,
            std::regex(std::string("\nEngine ") + name +
                       R"( latency: -?[0-9]+\.[0-9]ms mean, -?[0-9]+ms max over [1-9][0-9]* )")))
            << r.output;
    EXPECT_LT(r.output.find("Engine a latency"), r.output.find("\nResults: "));
    EXPECT_EQ(run(tournament("--depth 1")).output.find(" latency: "), std::string::npos);
}

TEST_F(Output, ExportOntoAFullDiskFailsNamingTheFile) {
    ASSERT_EQ(run(tournament("--depth 1")).exit_code, 0);
    RunResult to_file = run("export --db " + db + " --pgn /dev/full");
    EXPECT_EQ(to_file.exit_code, 1);
    EXPECT_NE(to_file.output.find("arbiter: /dev/full: No space left on device"), std::string::npos)
        << to_file.output;
    EXPECT_EQ(to_file.output.find("Wrote"), std::string::npos) << to_file.output;
    RunResult to_stdout = run("export --db " + db + " --pgn -", "2>&1 >/dev/full");
    EXPECT_EQ(to_stdout.exit_code, 1);
    EXPECT_NE(to_stdout.output.find("standard output: No space left on device"), std::string::npos)
        << to_stdout.output;
}

TEST_F(Output, StandardOutputOnAFullDiskIsAnError) {
    ASSERT_EQ(run(tournament("--depth 1")).exit_code, 0);
    for (std::string format : {"table", "csv", "json"}) {
        RunResult r = run("ratings --db " + db + " --format " + format, "2>&1 >/dev/full");
        EXPECT_EQ(r.exit_code, 1) << format;
        EXPECT_NE(r.output.find("arbiter: standard output: No space left on device"),
                  std::string::npos)
            << format << ": " << r.output;
    }
}

TEST_F(Output, LivePgnOnAFullDiskStopsTheTournamentAndKeepsTheGames) {
    RunResult r = run(tournament("--depth 1 --pgn /dev/full"));
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("arbiter: --pgn /dev/full: No space left on device; the tournament "
                            "stopped. Every finished game is in " +
                            db),
              std::string::npos)
        << r.output;
    EXPECT_EQ(r.output.find("Played "), std::string::npos) << r.output;
    // Stopped after the first game (one at a time), which stays recorded and exportable.
    EXPECT_EQ(games_in_database(), 1);
    RunResult e = run("export --db " + db + " --pgn " + (dir / "rebuilt.pgn").string());
    EXPECT_EQ(e.exit_code, 0) << e.output;
    EXPECT_NE(e.output.find("Wrote 1 games"), std::string::npos) << e.output;
}

TEST_F(Output, NodesRefusesDaysOfWorkWithoutForce) {
    RunResult r = run(std::string("nodes --engine name=minimax,cmd=") + MOCK_ENGINE_PATH +
                      " --fen startpos --depth 1..99");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.output.find("arbiter: this run would search up to "), std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("or pass --force"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("mock_engine: started"), std::string::npos) << r.output;
}

TEST_F(Output, NodesKeepsTheMeasuredCellsWhenOneTimesOut) {
    // Deepest first, one at a time: depths 3 and 2 are measured, the third search (depth 1)
    // hangs and times out.
    std::string csv = (dir / "nodes.csv").string();
    RunResult r = run(std::string("nodes --engine name=m,cmd=") + MOCK_ENGINE_PATH +
                      ",arg=--hang-at,arg=3 --fen startpos --depth 1..3 --timeout 0.5 "
                      "--concurrency 1 --format csv --out " +
                      csv);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.output.find("arbiter: engine 'm', position 'startpos', depth 1: the engine did not "
                            "finish in time (the 2 measurements that succeeded are in the output)"),
              std::string::npos)
        << r.output;
    std::string text = read_text(csv);
    EXPECT_NE(text.find(",2,m,mock,"), std::string::npos) << text;
    EXPECT_NE(text.find(",3,m,mock,"), std::string::npos) << text;
    EXPECT_EQ(text.find(",1,m,mock,"), std::string::npos) << text;
}

TEST_F(Output, NodesOutputOnAFullDiskIsAnError) {
    RunResult r = run(std::string("nodes --engine name=m,cmd=") + MOCK_ENGINE_PATH +
                      " --fen startpos --depth 1 --write csv:/dev/full");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.output.find("arbiter: /dev/full: No space left on device"), std::string::npos)
        << r.output;
}

}  // namespace
}  // namespace arbiter
