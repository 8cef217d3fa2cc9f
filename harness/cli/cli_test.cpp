// End-to-end tests of the `arbiter` program: real processes, real engines, real files.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
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

// `arbiter ARGUMENTS` started with its stdout and stderr on a pipe (not a terminal), read line
// by line with a deadline, so that a test can wait for a condition and then send a signal.
class Child {
  public:
    explicit Child(const std::string& arguments) {
        int fds[2];
        if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
        pid_ = fork();
        if (pid_ == 0) {
            ::dup2(fds[1], STDOUT_FILENO);
            ::dup2(fds[1], STDERR_FILENO);
            ::close(fds[0]);
            ::close(fds[1]);
            std::string command = "exec " + std::string(ARBITER_PATH) + " " + arguments;
            ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        ::close(fds[1]);
        fd_ = fds[0];
    }
    ~Child() {
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
        if (fd_ >= 0) ::close(fd_);
    }
    // Reads until a line satisfying `wanted` has arrived (true) or `patience` has passed, or the
    // output ended (false). Every line read is kept in lines().
    bool wait_for_line(const std::function<bool(const std::string&)>& wanted,
                       milliseconds patience = milliseconds(60000)) {
        auto deadline = std::chrono::steady_clock::now() + patience;
        for (std::size_t checked = 0;;) {
            for (; checked < lines_.size(); ++checked)
                if (wanted(lines_[checked])) return true;
            auto left = std::chrono::duration_cast<milliseconds>(deadline -
                                                                 std::chrono::steady_clock::now());
            if (left.count() <= 0 || !read_some(int(left.count()))) return false;
        }
    }
    // Sends `signal`, reads the rest of the output and returns the exit status from waitpid.
    int signal_and_wait(int signal) {
        ::kill(pid_, signal);
        while (read_some(-1)) {}
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
        return status;
    }
    const std::vector<std::string>& lines() const { return lines_; }

  private:
    // Waits up to timeout_ms (forever when negative) for output; false at the end of it.
    bool read_some(int timeout_ms) {
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, timeout_ms) <= 0) return timeout_ms < 0;
        char buffer[4096];
        ssize_t n = ::read(fd_, buffer, sizeof buffer);
        if (n <= 0) return false;
        for (ssize_t i = 0; i < n; ++i) {
            if (buffer[i] == '\n') {
                lines_.push_back(partial_);
                partial_.clear();
            } else {
                partial_ += buffer[i];
            }
        }
        return true;
    }
    pid_t pid_ = -1;
    int fd_ = -1;
    std::string partial_;
    std::vector<std::string> lines_;
};

bool starts_with(const std::string& line, const std::string& prefix) {
    return line.rfind(prefix, 0) == 0;
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

TEST_F(Cli, EngineLogAndStderrFileInTheTournamentCommand) {
    std::string log = (dir / "engines.log").string(), err = (dir / "a.err").string();
    RunResult r = run("tournament " + mock("a", ",stderr=" + err) + " " + mock("b") +
                      " --depth 1 --openings openings/arbiter-8ply.epd --max-games 2 "
                      "--maxplies 10 --concurrency 1 --engine-log " +
                      log + " --db " + db);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_TRUE(std::regex_search(text, std::regex(R"(\] a\(1\) > go depth 1\n)"))) << text;
    EXPECT_TRUE(std::regex_search(text, std::regex(R"(\] b\(1\) < bestmove \w+\n)"))) << text;
    std::ifstream own(err);
    std::string stderr_text((std::istreambuf_iterator<char>(own)), {});
    EXPECT_NE(stderr_text.find("mock_engine: started with seed 1"), std::string::npos);
    EXPECT_FALSE(fs::exists(dir / "logs" / "a.stderr.log"));
    EXPECT_TRUE(fs::exists(dir / "logs" / "b.stderr.log"));
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
    // Kill once ten games are reported (each is recorded before it is reported): a condition,
    // not a guess at how long ten games take.
    {
        Child child(arguments);
        int finished = 0;
        ASSERT_TRUE(child.wait_for_line([&](const std::string& line) {
            return starts_with(line, "Finished game ") && ++finished == 10;
        })) << "fewer than 10 games were reported";
        int status = child.signal_and_wait(SIGKILL);
        ASSERT_TRUE(WIFSIGNALED(status));
    }
    // The engines die with arbiter (parent-death signal): no orphan is left.
    for (int i = 0; i < 200 && processes_with(marker) > 0; ++i)
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

TEST_F(Cli, UnknownCommandNamesTheWordAndSuggestsTheNearest) {
    RunResult r = run("tourney --rounds 2");
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.output.find("unknown command 'tourney'; did you mean 'tournament'?"),
              std::string::npos)
        << r.output;
    RunResult flag = run("tournament " + mock("a") + " " + mock("b") +
                         " --depth 1 --openings openings/startpos.epd --nodse 5 --db " + db);
    EXPECT_NE(flag.exit_code, 0);
    EXPECT_NE(flag.output.find("unknown option '--nodse'; did you mean '--nodes'?"),
              std::string::npos)
        << flag.output;
}

// The same bad value as a flag, in a --config file and in an --engine list: one message, and no
// database left behind.
TEST_F(Cli, BadValuesGetTheSameMessageFromFlagsFilesAndEngineLists) {
    struct Case {
        std::string flag, json, message;
    } cases[] = {
        {"--nodes -5", R"("nodes": -5)", "nodes must be a positive integer (got -5)"},
        {"--stall-timeout 0", R"("stall_timeout": 0)",
         "stall_timeout must be a number of milliseconds from 1 to 1000000000000, the most the "
         "clock can add (got 0)"},
        {"--timemargin -1000", R"("time_margin": -1000)",
         "time_margin must be a number of milliseconds from 0 to 1000000000000, the most the clock "
         "can add (got -1000)"},
        {"--concurrency 0", R"("concurrency": 0)",
         "concurrency must be a positive integer (got 0)"},
        {"--report-every 0", R"("report_every": 0)",
         "report_every must be a positive integer (got 0)"},
        {"--plies -1", R"("plies": -1)", "plies must be a number of plies, 0 or more (got -1)"},
        {"--wait -5", R"("wait": -5)",
         "wait must be a number of milliseconds from 0 to 1000000000000, the most the clock can "
         "add (got -5)"},
    };
    std::string base = mock("a") + " " + mock("b") + " --openings openings/startpos.epd --db " + db;
    for (const auto& c : cases) {
        RunResult flag = run("tournament " + base + " --depth 1 " + c.flag);
        EXPECT_EQ(flag.exit_code, 1);
        EXPECT_EQ(flag.output, "arbiter: " + c.message + "\n") << c.flag;
        std::string config = (dir / "c.json").string();
        std::ofstream(config) << "{" << c.json << ", \"depth\": 1}";
        RunResult file = run("tournament " + base + " --config " + config);
        EXPECT_EQ(file.exit_code, 1);
        EXPECT_EQ(file.output, "arbiter: " + config + ": " + c.message + "\n") << c.json;
    }
    RunResult spec = run("tournament " + mock("a") + " " + mock("b", ",nodes=-5") +
                         " --depth 1 --openings openings/startpos.epd --db " + db);
    EXPECT_NE(spec.output.find(": nodes must be a positive integer (got -5)\n"), std::string::npos)
        << spec.output;
    EXPECT_FALSE(fs::exists(db)) << "a configuration error must not create the database";
    RunResult forced = run("tournament " + base + " --depth 1 --concurrency 100000");
    EXPECT_NE(forced.output.find("add --force to run it anyway"), std::string::npos)
        << forced.output;
}

TEST_F(Cli, NodesRejectsValuesThatCannotWork) {
    std::string base =
        "nodes --engine cmd=" + std::string(MOCK_ENGINE_PATH) + " --fen startpos --depth 1 ";
    for (const auto& [arguments, message] : std::vector<std::pair<std::string, std::string>>{
             {"--concurrency -2", "arbiter: concurrency must be a positive integer (got -2)\n"},
             // The tournament's rule (issue 21, item 4): 0 no longer means one per core.
             {"--concurrency 0", "arbiter: concurrency must be a positive integer (got 0)\n"},
             {"--tolerance -1", "arbiter: tolerance must be a percentage, 0 or more (got -1)\n"},
             {"--timeout 0", "arbiter: timeout must be a positive number of seconds (got 0)\n"},
             {"--perft-depth -1", "arbiter: perft_depth must be a depth from 0 to 20 (got -1)\n"},
         }) {
        RunResult r = run(base + arguments);
        EXPECT_EQ(r.exit_code, 1) << arguments;
        EXPECT_EQ(r.output, message) << arguments;
    }
}

TEST_F(Cli, ReRunsSayWhatTheyResumeAndWhatTheStandingsCount) {
    std::string openings = (dir / "two.epd").string();
    {
        std::ifstream suite("openings/arbiter-8ply.epd");
        std::ofstream two(openings);
        std::string line;
        for (int i = 0; i < 2 && std::getline(suite, line); ++i) two << line << '\n';
    }
    std::string base = "tournament " + mock("a") + " " + mock("b", ",arg=--seed,arg=3") +
                       " --depth 1 --maxplies 20 --openings " + openings + " --db " + db;
    RunResult two_rounds = run(base + " --rounds 2");
    ASSERT_EQ(two_rounds.exit_code, 0) << two_rounds.output;
    EXPECT_EQ(two_rounds.output.find("new tournament"), std::string::npos) << two_rounds.output;

    // Fewer rounds than recorded: nothing to play, and the standings say they count all games.
    RunResult one_round = run(base + " --rounds 1");
    ASSERT_EQ(one_round.exit_code, 0) << one_round.output;
    EXPECT_NE(one_round.output.find("Played 0 games"), std::string::npos) << one_round.output;
    EXPECT_NE(one_round.output.find("the database holds 8 games of this tournament, 4 more than "
                                    "the 4 this run schedules"),
              std::string::npos)
        << one_round.output;
    EXPECT_NE(one_round.output.find("the standings count all 8"), std::string::npos);

    // The opening file changed under the same name: a new tournament, and why.
    std::ofstream(openings, std::ios::app)
        << "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1\n";
    RunResult changed = run(base + " --rounds 1");
    ASSERT_EQ(changed.exit_code, 0) << changed.output;
    EXPECT_NE(changed.output.find("This is a new tournament, not tournament 1 of this database, "
                                  "because:\n  the content of the opening file changed\n"),
              std::string::npos)
        << changed.output;
    EXPECT_NE(changed.output.find("Played 6 games"), std::string::npos) << changed.output;
}

TEST_F(Cli, OutputOnAPipeSurvivesSigterm) {
    // Slow engines: the signal comes before any game ends, so only the first lines exist. They
    // must reach the pipe at once, not sit in a buffer that _exit() throws away.
    Child child("tournament " + mock("a", ",arg=--think,arg=20000") + " " +
                mock("b", ",arg=--think,arg=20000") +
                " --depth 1 --openings openings/startpos.epd --concurrency 1 --db " + db);
    ASSERT_TRUE(child.wait_for_line([&](const std::string& line) {
        return line == "Database: " + db;
    })) << "no Database line while arbiter runs";
    int status = child.signal_and_wait(SIGTERM);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
    EXPECT_TRUE(std::any_of(child.lines().begin(), child.lines().end(), [](const auto& line) {
        return line.find("arbiter: interrupted") != std::string::npos;
    }));
}

// Issue 21, item 5: SIGINT stops `arbiter tournament` as it stops the dialect (InterruptWatch):
// every recorded game is shown and in the live PGN, none is recorded after the last words.
TEST_F(Cli, EveryRecordedGameIsShownAndInThePgnAfterSigint) {
    const std::string pgn = db + ".pgn";
    Child child("tournament " + mock("a", ",arg=--think,arg=5") + " " +
                mock("b", ",arg=--think,arg=5") + " " + mock("c", ",arg=--think,arg=5") +
                " --depth 1 --openings openings/arbiter-8ply.epd --maxplies 30 --concurrency 2 "
                "--pgn " +
                pgn + " --db " + db);
    int finished = 0;
    ASSERT_TRUE(child.wait_for_line([&](const std::string& line) {
        return starts_with(line, "Finished game ") && ++finished == 5;
    })) << "fewer than 5 Finished game lines while arbiter runs";
    int status = child.signal_and_wait(SIGINT);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT);
    int reported =
        int(std::count_if(child.lines().begin(), child.lines().end(),
                          [](const auto& line) { return starts_with(line, "Finished game "); }));
    Store store = Store::open(db);
    auto tournaments = store.list_tournaments();
    ASSERT_EQ(tournaments.size(), 1u);
    std::int64_t recorded = store.count_games(tournaments[0].id);
    EXPECT_GE(reported, 5);
    EXPECT_EQ(reported, recorded);
    std::ifstream written(pgn);
    int in_pgn = 0;
    for (std::string line; std::getline(written, line);) in_pgn += starts_with(line, "[Event ");
    EXPECT_EQ(in_pgn, recorded);
    EXPECT_TRUE(std::any_of(child.lines().begin(), child.lines().end(), [](const auto& line) {
        return line.find("arbiter: interrupted") != std::string::npos;
    }));
}

}  // namespace
}  // namespace arbiter
