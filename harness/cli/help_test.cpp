// The help texts end to end: `arbiter --help` names --version and the second command line,
// `arbiter tournament --help` every engine key and every flag of the settings table, and -help /
// --help through a cutechess-cli or fastchess link print that tool's usage, exit 0.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "harness/config/engine_config.h"
#include "harness/config/tournament_config.h"
#include "harness/dialect/command_line/cutechess_options.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

struct RunResult {
    int exit_code = -1;
    std::string out;  // stdout only
};

RunResult run(const std::string& command) {
    RunResult result;
    FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe) return result;
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) result.out.append(buffer, n);
    int status = pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return result;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(Help, ArbiterNamesVersionAndTheSecondCommandLine) {
    RunResult help = run(std::string(ARBITER_PATH) + " --help");
    ASSERT_EQ(help.exit_code, 0);
    for (const char* part : {"--version", "tournament", "cutechess-cli", "fastchess", "-help"})
        EXPECT_TRUE(contains(help.out, part)) << part << " is missing from:\n" << help.out;
    RunResult version = run(std::string(ARBITER_PATH) + " --version");
    EXPECT_EQ(version.exit_code, 0);
    EXPECT_EQ(version.out, version_text(SpokenTool::arbiter) + "\n");
}

TEST(Help, TournamentListsEveryEngineKeyAndEveryFlag) {
    RunResult help = run(std::string(ARBITER_PATH) + " tournament --help");
    ASSERT_EQ(help.exit_code, 0);
    EXPECT_FALSE(contains(help.out, "round-robin of UCI engines")) << help.out;
    EXPECT_TRUE(contains(help.out, "XBoard")) << help.out;
    for (const EngineSpecKey& key : engine_spec_keys())
        EXPECT_TRUE(contains(help.out, std::string(key.key) + "=" + std::string(key.value)))
            << key.key << " is missing from:\n"
            << help.out;
    for (const TournamentSetting& setting : tournament_settings())
        EXPECT_TRUE(contains(help.out, "--" + std::string(setting.flag))) << setting.flag;
    EXPECT_TRUE(contains(help.out, "twosided=true")) << help.out;
}

// A folder with arbiter linked as both tools.
class LinkedHelp : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("arbiter-help-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        fs::create_symlink(ARBITER_PATH, dir_ / "cutechess-cli");
        fs::create_symlink(ARBITER_PATH, dir_ / "fastchess");
    }
    void TearDown() override { fs::remove_all(dir_); }
    RunResult run_as(const std::string& tool, const std::string& arguments) const {
        return run((dir_ / tool).string() + " " + arguments);
    }
    fs::path dir_;
};

TEST_F(LinkedHelp, EachToolPrintsItsOwnUsageForBothSpellings) {
    for (const char* spelling : {"-help", "--help"}) {
        RunResult cutechess = run_as("cutechess-cli", spelling);
        EXPECT_EQ(cutechess.exit_code, 0) << spelling;
        EXPECT_EQ(cutechess.out, dialect_usage(SpokenTool::cutechess)) << spelling;
        RunResult fastchess = run_as("fastchess", spelling);
        EXPECT_EQ(fastchess.exit_code, 0) << spelling;
        EXPECT_EQ(fastchess.out, dialect_usage(SpokenTool::fastchess)) << spelling;
    }
    // Asked for amid other options (even ones arbiter would refuse), -help still wins.
    RunResult amid = run_as("fastchess", "-engine cmd=x -quick -help");
    EXPECT_EQ(amid.exit_code, 0);
    EXPECT_EQ(amid.out, dialect_usage(SpokenTool::fastchess));
    RunResult own = run(std::string(ARBITER_PATH) + " -help");
    EXPECT_EQ(own.exit_code, 0);
    EXPECT_EQ(own.out, dialect_usage(SpokenTool::arbiter));
}

// The names on the usage's "arbiter also reads:" line.
std::set<std::string> also_read(const std::string& usage) {
    const std::string marker = "\narbiter also reads:";
    const std::size_t start = usage.find(marker);
    if (start == std::string::npos) return {};
    const std::size_t from = start + marker.size();
    std::istringstream line(usage.substr(from, usage.find('\n', from) - from));
    std::set<std::string> names;
    for (std::string name; line >> name;) names.insert(name);
    return names;
}

// Each tool's usage lists its own options in its form; the other tool's come after, by name.
TEST(DialectUsage, EachToolsOptionsInItsForm) {
    using cutechess::Origin;
    const std::string cutechess = dialect_usage(SpokenTool::cutechess);
    const std::string fastchess = dialect_usage(SpokenTool::fastchess);
    const std::string own = dialect_usage(SpokenTool::arbiter);
    EXPECT_EQ(cutechess.rfind("Usage:\n\n  cutechess-cli -engine", 0), 0u) << cutechess;
    EXPECT_EQ(fastchess.rfind("NAME\n\nfastchess", 0), 0u) << fastchess;
    const std::size_t cutechess_others = cutechess.find("\narbiter also reads:");
    const std::size_t fastchess_others = fastchess.find("\narbiter also reads:");
    ASSERT_NE(cutechess_others, std::string::npos);
    ASSERT_NE(fastchess_others, std::string::npos);
    for (const cutechess::DialectOption& option : cutechess::dialect_options()) {
        const std::string name(option.name), arguments(option.arguments);
        const std::string head = arguments.empty() ? name : name + " " + arguments;
        const bool in_cutechess =
            option.origin == Origin::both || option.origin == Origin::cutechess;
        const bool in_fastchess =
            option.origin == Origin::both || option.origin == Origin::fastchess;
        const std::size_t c = cutechess.find("  " + head + "\t");
        const std::size_t f =
            fastchess.find("  - " + head + "\n    " + std::string(option.meaning));
        EXPECT_EQ(in_cutechess, c != std::string::npos && c < cutechess_others) << name;
        EXPECT_EQ(in_fastchess, f != std::string::npos && f < fastchess_others) << name;
        EXPECT_EQ(!in_cutechess, also_read(cutechess).count(name) > 0) << name;
        EXPECT_EQ(!in_fastchess, also_read(fastchess).count(name) > 0) << name;
        EXPECT_TRUE(contains(own, "  " + head + "\t")) << name;
        // Every listed option opens the dialect's command line.
        EXPECT_TRUE(is_cutechess_option(name)) << name;
    }
    EXPECT_TRUE(contains(own, "-db FILE\t\tRecord into")) << own;
    EXPECT_TRUE(contains(own, "[fastchess]")) << own;
    EXPECT_EQ(own.find("arbiter also reads:"), std::string::npos) << own;
}

// The usage's engine keys are the reader's: each usage lists each key, the reader takes each with
// a sample value, and its "unknown engine key" message names them all.
TEST(DialectUsage, EngineKeysAreTheReadersKeys) {
    const std::map<std::string, std::string> sample = {{"cmd", "/bin/x"},
                                                       {"name", "n"},
                                                       {"dir", "/tmp"},
                                                       {"arg", "-a"},
                                                       {"args", "a b"},
                                                       {"option.NAME", "1"},
                                                       {"proto", "uci"},
                                                       {"tc", "10+0.1"},
                                                       {"st", "1"},
                                                       {"nodes", "10"},
                                                       {"depth", "3"},
                                                       {"plies", "3"},
                                                       {"timemargin", "50"},
                                                       {"restart", "on"},
                                                       {"stderr", "e.log"},
                                                       {"book", "b.bin"},
                                                       {"bookdepth", "4"},
                                                       {"rating", "1500"},
                                                       {"initstr", "setoption name Hash value 16"},
                                                       {"ponder", "true"},
                                                       {"trust", "true"},
                                                       {"whitepov", "true"}};
    const std::string cutechess = dialect_usage(SpokenTool::cutechess);
    const std::string fastchess = dialect_usage(SpokenTool::fastchess);
    std::string known;
    for (const cutechess::DialectEngineKey& key : cutechess::dialect_engine_keys()) {
        const std::string k(key.key),
            form = key.value.empty() ? k : k + "=" + std::string(key.value);
        known += (known.empty() ? "" : ", ") + k;
        EXPECT_TRUE(contains(cutechess, "\n  " + form + "\t")) << k;
        EXPECT_TRUE(contains(fastchess, "\n  - " + form + "\n    " + std::string(key.meaning)))
            << k;
        if (k == "conf") continue;  // reads an -engines file; its own tests have one
        ASSERT_TRUE(sample.count(k)) << k << " has no sample here";
        EXPECT_NO_THROW(read_cutechess_args({"-engine", "cmd=/bin/x", k + "=" + sample.at(k),
                                             "-engine", "cmd=/bin/y", "-each", "depth=2",
                                             "-openings", "file=x.epd", "-games", "2"}))
            << k;
    }
    try {
        read_cutechess_args({"-engine", "cmd=/bin/x", "colour=red"});
        ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
        EXPECT_TRUE(contains(e.what(), "unknown engine key 'colour' (known: " + known + ")"))
            << e.what();
    }
}

}  // namespace
}  // namespace arbiter
