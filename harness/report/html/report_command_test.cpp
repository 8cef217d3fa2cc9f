// `arbiter report` and `arbiter tournament --html` as a user runs them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

namespace fs = std::filesystem;

struct RunResult {
    int exit_code = -1;
    std::string output;
};

RunResult run(const std::string& arguments) {
    RunResult result;
    FILE* pipe = ::popen((std::string(ARBITER_PATH) + " " + arguments + " 2>&1").c_str(), "r");
    char buffer[4096];
    while (pipe && std::fgets(buffer, sizeof buffer, pipe)) result.output += buffer;
    int status = pipe ? ::pclose(pipe) : -1;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

class ReportCommand : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("arbiter-report-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }
    fs::path dir;
};

TEST_F(ReportCommand, RefusesAMissingDatabaseWithoutCreatingIt) {
    RunResult r = run("report --db " + (dir / "none.sqlite").string() + " --out " +
                      (dir / "r.html").string());
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.output.find("none.sqlite: no such database"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(dir / "none.sqlite"));
    EXPECT_FALSE(fs::exists(dir / "r.html"));
}

TEST_F(ReportCommand, TournamentRewritesThePageEveryNGamesAndAtTheEnd) {
    std::string db = (dir / "t.sqlite").string(), page = (dir / "live" / "t.html").string();
    std::string mock = std::string(",cmd=") + MOCK_ENGINE_PATH;
    RunResult r = run("tournament --engine name=one" + mock + " --engine name=two" + mock +
                      ",arg=--seed,arg=4 --openings openings/arbiter-8ply.epd --max-games 6 "
                      "--maxplies 40 --depth 1 --concurrency 1 --bootstrap 50 --report-every 2 "
                      "--db " +
                      db + " --html " + page);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(count(r.output, "Report: " + page), 4) << r.output;  // after 2, 4, 6 and at the end
    EXPECT_NE(r.output.find("Report: " + page + " (6 games)"), std::string::npos) << r.output;
    std::stringstream html;
    html << std::ifstream(page).rdbuf();
    EXPECT_NE(html.str().find("6 games between 2 engines"), std::string::npos);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir / "live"), fs::directory_iterator{}), 1);

    RunResult again = run("report --db " + db + " --out " + (dir / "again.html").string());
    ASSERT_EQ(again.exit_code, 0) << again.output;
    EXPECT_NE(again.output.find("(6 games,"), std::string::npos) << again.output;
}

// A page that cannot be written during the run (its folder made a file after the first page)
// is said each time, and the games go on: all six are recorded, the status is 1.
TEST_F(ReportCommand, APageThatCannotBeWrittenIsSaidAndTheGamesGoOn) {
    const std::string db = (dir / "t.sqlite").string(), live = (dir / "live").string();
    const std::string page = live + "/t.html", mock = std::string(",cmd=") + MOCK_ENGINE_PATH;
    const std::string tournament =
        std::string(ARBITER_PATH) + " tournament --engine name=one" + mock +
        ",arg=--think,arg=40 --engine name=two" + mock +
        ",arg=--seed,arg=4,arg=--think,arg=40 --openings openings/arbiter-8ply.epd --max-games 6 "
        "--maxplies 20 --depth 1 --concurrency 1 --bootstrap 50 --report-every 2 --db " +
        db + " --html " + page;
    RunResult r;
    const std::string script = "(" + tournament + ") & pid=$!; for i in $(seq 1500); do [ -e " +
                               page + " ] && break; sleep 0.02; done; rm -rf " + live +
                               "; echo x > " + live + "; wait $pid";
    FILE* pipe = ::popen(("sh -c '" + script + "' 2>&1").c_str(), "r");
    char buffer[4096];
    while (pipe && std::fgets(buffer, sizeof buffer, pipe)) r.output += buffer;
    const int status = pipe ? ::pclose(pipe) : -1;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_GE(count(r.output, "arbiter: the page " + page + " was not written: "), 2) << r.output;
    RunResult again = run("report --db " + db + " --out " + (dir / "again.html").string());
    ASSERT_EQ(again.exit_code, 0) << again.output;
    EXPECT_NE(again.output.find("(6 games,"), std::string::npos) << again.output;
}

}  // namespace
