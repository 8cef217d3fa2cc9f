// End-to-end tests of the `arbiter` program: real processes, real engines, real files.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <thread>

#include "engines/core/reference_program.h"
#include "harness/store/store.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

struct RunResult {
    int exit_code;
    std::string output;  // stdout and stderr
};

RunResult run(const std::string& arguments) {
    std::string command = std::string(ARBITER_PATH) + " " + arguments + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    std::string output;
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), output};
}

// Processes whose command line contains `marker`.
int processes_with(const std::string& marker) {
    int count = 0;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        std::ifstream in(entry.path() / "cmdline");
        std::string cmdline((std::istreambuf_iterator<char>(in)), {});
        for (char& c : cmdline)
            if (c == '\0') c = ' ';
        if (cmdline.find(marker) != std::string::npos &&
            cmdline.find("cli_test") == std::string::npos)
            ++count;
    }
    return count;
}

class Cli : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("arbiter-cli-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        db = (dir / "t.sqlite").string();
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string mock(const std::string& name, const std::string& extra = "") {
        return "--engine name=" + name + ",cmd=" + MOCK_ENGINE_PATH + ",arg=--name,arg=" + name +
               extra;
    }
    fs::path dir;
    std::string db;
};

TEST_F(Cli, TournamentWithStockfishExportsValidPgnAndRates) {
    std::string stockfish = testing::reference_program("stockfish");
    if (stockfish.empty()) GTEST_SKIP() << "stockfish is not installed";
    std::string pgn = (dir / "live.pgn").string();
    RunResult r = run(
        "tournament " + mock("m1") + " " + mock("m2", ",arg=--seed,arg=9") +
        " --engine name=sf,cmd=" + stockfish +
        ",option.Hash=8,option.Threads=1,nodes=500 --depth 1 --openings openings/startpos.epd " +
        "--rounds 2 --maxplies 60 --concurrency 2 --db " + db + " --pgn " + pgn);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("Played 12 games"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Rank Name"), std::string::npos);
    EXPECT_NE(r.output.find("Crosstable"), std::string::npos);
    EXPECT_TRUE(std::regex_search(
        r.output, std::regex(R"(Finished game \d+ \((m1|m2|sf) vs (m1|m2|sf)\): )")));

    std::string exported = (dir / "export.pgn").string();
    RunResult e = run("export --db " + db + " --pgn " + exported);
    ASSERT_EQ(e.exit_code, 0) << e.output;
    // Without pgn-extract the check is left out (and the test fails under CI).
    std::string extract = testing::reference_program("pgn-extract");
    if (!extract.empty()) {
        for (const std::string& file : {exported, pgn}) {
            FILE* p = popen((extract + " " + file + " 2>&1 >/dev/null").c_str(), "r");
            char buffer[4096];
            std::string out;
            while (fgets(buffer, sizeof buffer, p)) out += buffer;
            pclose(p);
            EXPECT_NE(out.find("12 games matched out of 12"), std::string::npos)
                << file << ": " << out;
        }
    }
    RunResult ratings = run("ratings --db " + db + " --pairs --bootstrap 100");
    ASSERT_EQ(ratings.exit_code, 0) << ratings.output;
    EXPECT_NE(ratings.output.find("sf"), std::string::npos);
    RunResult from_pgn = run("ratings --pgn " + exported + " --format json --bootstrap 0");
    ASSERT_EQ(from_pgn.exit_code, 0) << from_pgn.output;
    EXPECT_NE(from_pgn.output.find("\"name\""), std::string::npos) << from_pgn.output;
}

TEST_F(Cli, TwoEngineMatchPrintsCutechessLines) {
    RunResult r = run("tournament " + mock("a") + " " + mock("b", ",arg=--seed,arg=5") +
                      " --depth 1 --openings openings/arbiter-8ply.epd --maxplies 40 --db " + db);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_TRUE(std::regex_search(
        r.output, std::regex(R"(Score of a vs b: \d+ - \d+ - \d+  \[0\.\d{3}\] 246)")))
        << r.output;
    EXPECT_TRUE(std::regex_search(
        r.output,
        std::regex(R"(Elo difference: -?[\d.]+ \+/- [\d.]+, LOS: [\d.]+ %, DrawRatio: [\d.]+ %)")));
    // Running it again plays nothing and reports the same standings.
    RunResult again = run("tournament " + mock("a") + " " + mock("b", ",arg=--seed,arg=5") +
                          " --depth 1 --openings openings/arbiter-8ply.epd --maxplies 40 --db " +
                          db + " --resume");
    ASSERT_EQ(again.exit_code, 0);
    EXPECT_NE(again.output.find("Played 0 games"), std::string::npos) << again.output;
    EXPECT_NE(again.output.find("(246 were already in the database)"), std::string::npos);
}

TEST_F(Cli, ErrorsAreClearAndFatalBeforeAnyGame) {
    std::ofstream(dir / "bad.epd") << "4k3/8/8/8/8/8/8/4K3 w - -\n4k3/8/8/8/8/8/8/4K4 w - - 0 1\n";
    std::ofstream(dir / "other.sqlite")
        << "this is not a database at all, just text that is long enough to fail";
    struct Case {
        std::string arguments, message;
    } cases[] = {
        {mock("a") + " --engine cmd=" + (dir / "missing").string() +
             " --depth 1 --openings openings/startpos.epd",
         "engine program not found: "},
        {mock("a") + " " + mock("b", ",arg=--no-uci") +
             " --depth 1 --openings openings/startpos.epd --handshake-timeout 500",
         "did not answer 'uci' with 'uciok'"},
        {mock("a") + " " + mock("b", ",option.Bogus=1") +
             " --depth 1 --openings openings/startpos.epd",
         "has no option 'Bogus'"},
        {mock("a") + " " + mock("b") + " --depth 1 --openings " + (dir / "bad.epd").string(),
         "bad.epd:2: FEN field 1 (placement): rank 1 has more than 8 squares"},
        {mock("a") + " " + mock("b") + " --depth 1 --openings openings/startpos.epd --db " +
             (dir / "other.sqlite").string(),
         "other.sqlite"},
        {mock("a") + " --engine cmd=x,colour=blue --depth 1 --openings openings/startpos.epd",
         "unknown key 'colour'"},
        {mock("a") + " " + mock("b") + " --openings openings/startpos.epd", "has no search limit"},
    };
    for (const auto& c : cases) {
        std::string arguments = "tournament " + c.arguments;
        if (arguments.find("--db") == std::string::npos) arguments += " --db " + db;
        RunResult r = run(arguments);
        EXPECT_NE(r.exit_code, 0) << arguments;
        EXPECT_NE(r.output.find(c.message), std::string::npos)
            << "wanted '" << c.message << "' in:\n"
            << r.output;
        EXPECT_EQ(r.output.find("Finished game"), std::string::npos);
    }
    // Nothing was recorded by any of them.
    if (fs::exists(db)) {
        Store store = Store::open(db);
        for (const auto& t : store.list_tournaments()) EXPECT_EQ(store.count_games(t.id), 0);
    }
}

TEST_F(Cli, SigkillMidRunThenResumePlaysEachGameExactlyOnce) {
    std::string marker = "cli-kill-" + std::to_string(::getpid());
    {
        std::ifstream suite("openings/arbiter-8ply.epd");
        std::ofstream ten(dir / "ten.epd");
        std::string line;
        for (int i = 0; i < 10 && std::getline(suite, line); ++i) ten << line << '\n';
    }
    std::string arguments = "tournament " + mock(marker + "-a", ",arg=--think,arg=10") + " " +
                            mock(marker + "-b", ",arg=--think,arg=10") + " " +
                            mock(marker + "-c", ",arg=--think,arg=10") + " --depth 1 --openings " +
                            (dir / "ten.epd").string() + " --maxplies 16 --concurrency 2 --db " +
                            db;
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
        std::string command = std::string(ARBITER_PATH) + " " + arguments;
        ::execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    for (int i = 0; i < 400; ++i) {
        std::this_thread::sleep_for(milliseconds(50));
        if (!fs::exists(db)) continue;
        Store peek = Store::open(db);
        auto tournaments = peek.list_tournaments();
        if (!tournaments.empty() && peek.count_games(tournaments[0].id) >= 10) break;
    }
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status));
    // The engines die with arbiter (parent-death signal): no orphan is left.
    for (int i = 0; i < 40 && processes_with(marker) > 0; ++i)
        std::this_thread::sleep_for(milliseconds(50));
    EXPECT_EQ(processes_with(marker), 0);

    RunResult resumed = run(arguments + " --resume");
    ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
    std::smatch m;
    ASSERT_TRUE(
        std::regex_search(resumed.output, m,
                          std::regex(R"(\((\d+) were already in the database\); (\d+) scheduled)")))
        << resumed.output;
    EXPECT_GE(std::stoi(m[1]), 10);
    EXPECT_LT(std::stoi(m[1]), 60);
    Store store = Store::open(db);
    auto tournaments = store.list_tournaments();
    ASSERT_EQ(tournaments.size(), 1u);
    std::map<std::int64_t, int> per_slot;
    for (const auto& g : store.list_games(tournaments[0].id)) ++per_slot[g.slot.number];
    EXPECT_EQ(per_slot.size(), std::size_t(3 * 10 * 2));
    for (const auto& [slot, count] : per_slot) EXPECT_EQ(count, 1) << "slot " << slot;
    EXPECT_EQ(processes_with(marker), 0);
}

}  // namespace
}  // namespace arbiter
