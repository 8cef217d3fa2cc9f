// scripts/setup with no flag installs every program a test looks up: this test reads the
// packages=(...) list of scripts/setup and the tree's tests (reference_program("NAME"), literal
// "/usr/games/NAME" and "/usr/bin/NAME" paths, data files under /usr/share, `command -v NAME` in
// test scripts, CMake's find_program), maps each to its Debian package and names any package the
// list lacks.
// A test that starts a program the table below does not know fails too, so the table grows with
// the tests. Run from the source root (ctest's working directory).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace arbiter {
namespace {

namespace fs = std::filesystem;

// Which Debian package installs each program (or file) the tests use; "" for the base system,
// which every Debian machine has.
const std::map<std::string, std::string> PACKAGE_OF = {
    {"stockfish", "stockfish"},
    {"ethereal-chess", "ethereal-chess"},
    {"fairy-stockfish", "fairy-stockfish"},
    {"pgn-extract", "pgn-extract"},
    {"polyglot", "polyglot"},
    {"fairymax", "fairymax"},
    {"phalanx", "phalanx"},
    {"gnuchess", "gnuchess"},
    {"sjeng", "sjeng"},
    {"chromium", "chromium"},
    {"node", "nodejs"},
    {"valgrind", "valgrind"},
    {"sqlite3", "sqlite3"},
    {"python3", "python3"},
    {"clang-format", "clang-format"},
    // The slurm test's private cluster (scripts/slurm/local-cluster) starts these by name.
    {"slurmctld", "slurmctld"},
    {"slurmd", "slurmd"},
    {"sbatch", "slurm-client"},
    {"munged", "munge"},
    {"sh", ""},
    {"echo", ""},
    // Data files the tests read.
    {"/usr/share/games/gnuchess/book.bin", "gnuchess-book"},
    {"/usr/share/gnuchess/smallbook.bin", "gnuchess"},
};

// Files scripts/setup makes itself (PyChess's book, taken out of its package): the script must
// name them.
const std::set<std::string> MADE_BY_SETUP = {"/usr/share/pychess/pychess_book.bin",
                                             "/usr/local/share/arbiter/pychess_book.bin"};

// Packages that install others by dependency: a program's package counts as listed when the
// setup list holds one of these.
const std::map<std::string, std::vector<std::string>> PROVIDED_BY = {
    {"slurmctld", {"slurm-wlm"}},
    {"slurmd", {"slurm-wlm"}},
    {"slurm-client", {"slurm-wlm"}},
};

// One program a test uses, and where.
struct Use {
    std::string program;
    std::string where;  // "path:line"
};

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The words of the first `packages=(` ... `)` block of a setup script, comments dropped: the
// packages the script installs with no flag (a later `packages+=(...)` is not read).
std::set<std::string> setup_packages(const std::string& script) {
    std::set<std::string> packages;
    std::istringstream lines(script);
    std::string line;
    bool inside = false;
    while (std::getline(lines, line)) {
        if (!inside) {
            inside = line.rfind("packages=(", 0) == 0;
            if (!inside) continue;
            line = line.substr(std::string("packages=(").size());
        }
        line = line.substr(0, line.find('#'));
        const bool closes = line.find(')') != std::string::npos;
        std::istringstream words(line.substr(0, line.find(')')));
        for (std::string word; words >> word;) packages.insert(word);
        if (closes) break;
    }
    return packages;
}

// The programs `text` (a file's contents) looks up by name. `test_file`: literal /usr/games and
// /usr/bin paths and `command -v` count too (in other files they are no test's business).
std::vector<Use> programs_used(const std::string& text, const std::string& file, bool test_file) {
    static const std::regex reference(R"re(reference_program\("([^"]+)"\))re");
    static const std::regex find_program(R"re(find_program\(\s*\w+\s+([\w.+-]+))re");
    static const std::regex literal(R"re("/usr/(?:games|bin)/([\w.+-]+)")re");
    static const std::regex command_v(R"re(command -v ([\w.+-]+))re");
    static const std::regex data_file(R"re("(/usr/(?:local/)?share/[\w./+-]+)")re");
    std::vector<Use> uses;
    std::istringstream lines(text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
        std::vector<const std::regex*> patterns = {&reference, &find_program};
        if (test_file) patterns.insert(patterns.end(), {&literal, &command_v, &data_file});
        for (const std::regex* pattern : patterns)
            for (std::sregex_iterator m(line.begin(), line.end(), *pattern), end; m != end; ++m)
                uses.push_back({(*m)[1].str(), file + ":" + std::to_string(number)});
    }
    return uses;
}

// Every program the tests of the tree under the current directory look up.
std::vector<Use> tree_uses() {
    std::vector<Use> uses;
    const std::set<std::string> extensions = {".cpp", ".h", ".txt", ".cmake", ".sh", ".py", ""};
    for (const char* root : {"engines", "harness", "fuzz", "openings", "scripts"}) {
        for (const auto& entry : fs::recursive_directory_iterator(root)) {
            if (!entry.is_regular_file() || !extensions.count(entry.path().extension().string()))
                continue;
            const std::string name = entry.path().filename().string();
            const bool test_file =
                name.find("test") != std::string::npos || name.find("fixture") != std::string::npos;
            // This file's own examples are not uses.
            if (name == "setup_coverage_test.cpp" || name == "reference_program.h") continue;
            for (Use& use :
                 programs_used(read_text(entry.path()), entry.path().string(), test_file))
                uses.push_back(std::move(use));
        }
    }
    return uses;
}

// One line per problem: a program the table does not know, or a package setup does not install.
std::vector<std::string> coverage_problems(const std::vector<Use>& uses,
                                           const std::set<std::string>& packages,
                                           const std::string& setup_text) {
    std::vector<std::string> problems;
    auto listed = [&](const std::string& package) {
        if (package.empty() || packages.count(package)) return true;
        auto providers = PROVIDED_BY.find(package);
        return providers != PROVIDED_BY.end() &&
               std::any_of(providers->second.begin(), providers->second.end(),
                           [&](const std::string& p) { return packages.count(p) > 0; });
    };
    for (const Use& use : uses) {
        if (MADE_BY_SETUP.count(use.program)) {
            if (setup_text.find(use.program) == std::string::npos)
                problems.push_back(use.where + ": scripts/setup no longer makes " + use.program);
            continue;
        }
        auto package = PACKAGE_OF.find(use.program);
        if (package == PACKAGE_OF.end())
            problems.push_back(use.where + ": " + use.program +
                               " is not in PACKAGE_OF of engines/core/setup_coverage_test.cpp: "
                               "add the Debian package that installs it");
    }
    for (const auto& [program, package] : PACKAGE_OF)
        if (!listed(package))
            problems.push_back("scripts/setup does not install " + package + " (for " + program +
                               ") without a flag: add it to packages=(...)");
    return problems;
}

TEST(SetupCoverage, ReadsTheNoFlagListOnly) {
    const std::string script =
        "#!/usr/bin/env bash\n"
        "packages=(\n"
        "  cmake g++        # toolchain (a comment, (parenthesised))\n"
        "  stockfish\n"
        ")\n"
        "if [ \"${1:-}\" = \"--engines\" ]; then\n"
        "  packages+=(toga2 fairy-stockfish)\n"
        "fi\n";
    EXPECT_EQ(setup_packages(script), (std::set<std::string>{"cmake", "g++", "stockfish"}));
}

TEST(SetupCoverage, FindsEachKindOfLookUp) {
    const std::string text =
        "std::string sf = testing::reference_program(\"fairy-stockfish\");\n"
        "play(\"/usr/games/phalanx\", \"/usr/share/games/gnuchess/book.bin\");\n"
        "if ! command -v valgrind >/dev/null; then\n"
        "find_program(NODE_PROGRAM node)\n";
    std::vector<std::string> found;
    for (const Use& use : programs_used(text, "x_test.cpp", true))
        found.push_back(use.program + " " + use.where);
    EXPECT_EQ(found,
              (std::vector<std::string>{"fairy-stockfish x_test.cpp:1", "phalanx x_test.cpp:2",
                                        "/usr/share/games/gnuchess/book.bin x_test.cpp:2",
                                        "valgrind x_test.cpp:3", "node x_test.cpp:4"}));
    // Outside a test's file, a path or `command -v` is not a test's look-up.
    EXPECT_EQ(programs_used(text, "engine_config.cpp", false).size(), 2u);
}

TEST(SetupCoverage, NamesWhatIsMissing) {
    std::set<std::string> packages;
    for (const auto& [program, package] : PACKAGE_OF) packages.insert(package);
    packages.erase("fairy-stockfish");
    packages.erase("slurmctld");
    packages.erase("slurmd");
    packages.erase("slurm-client");
    packages.insert("slurm-wlm");  // installs the three above
    const std::vector<Use> uses = {{"fairy-stockfish", "a_test.cpp:7"},
                                   {"toga2", "b_test.cpp:9"},
                                   {"/usr/share/pychess/pychess_book.bin", "c_test.cpp:3"}};
    EXPECT_EQ(
        coverage_problems(uses, packages, "no book here"),
        (std::vector<std::string>{
            "b_test.cpp:9: toga2 is not in PACKAGE_OF of engines/core/setup_coverage_test.cpp:"
            " add the Debian package that installs it",
            "c_test.cpp:3: scripts/setup no longer makes /usr/share/pychess/pychess_book.bin",
            "scripts/setup does not install fairy-stockfish (for fairy-stockfish) without a "
            "flag: add it to packages=(...)"}));
}

TEST(SetupCoverage, SetupInstallsEveryProgramTheTestsUse) {
    ASSERT_TRUE(fs::exists("scripts/setup")) << "run from the source root";
    const std::string setup = read_text("scripts/setup");
    const std::set<std::string> packages = setup_packages(setup);
    const std::vector<Use> uses = tree_uses();
    // The scan sees the look-ups this test was written for (else it would pass on nothing).
    std::set<std::string> programs;
    for (const Use& use : uses) programs.insert(use.program);
    for (const char* known :
         {"stockfish", "fairy-stockfish", "pgn-extract", "polyglot", "fairymax", "phalanx",
          "chromium", "node", "valgrind", "/usr/share/games/gnuchess/book.bin"})
        EXPECT_TRUE(programs.count(known)) << known << " is no longer found in the tests";
    for (const std::string& problem : coverage_problems(uses, packages, setup))
        ADD_FAILURE() << problem;
}

}  // namespace
}  // namespace arbiter
