// Every option of cutechess-cli 1.3 and fastchess 1.8 is in the dialect's table (read, or refused
// with its reason) and in README's dialect section (issue 31). The two lists are facts read off
// the tools' own option parsers (cutechess projects/cli/src/main.cpp at v1.3.1, fastchess
// app/src/cli/cli.cpp at v1.8.2-alpha).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "harness/dialect/command_line/cutechess_options.h"

namespace arbiter::cutechess {
namespace {

const std::vector<std::string_view> CUTECHESS_1_3 = {"-engine",      "-each",
                                                     "-engines",     "-bookmode",
                                                     "-concurrency", "-debug",
                                                     "-draw",        "-epdout",
                                                     "-event",       "-games",
                                                     "-maxmoves",    "-noswap",
                                                     "-openings",    "-outcomeinterval",
                                                     "-pgnout",      "-ratinginterval",
                                                     "-recover",     "-repeat",
                                                     "-resign",      "-resultformat",
                                                     "-reverse",     "-rounds",
                                                     "-seeds",       "-site",
                                                     "-sprt",        "-srand",
                                                     "-tb",          "-tbignore50",
                                                     "-tbpieces",    "-tournament",
                                                     "-variant",     "-wait"};

const std::vector<std::string_view> FASTCHESS_1_8 = {"-engine",
                                                     "-each",
                                                     "-pgnout",
                                                     "-epdout",
                                                     "-openings",
                                                     "-sprt",
                                                     "-draw",
                                                     "-resign",
                                                     "-maxmoves",
                                                     "-tb",
                                                     "-tbpieces",
                                                     "-tbignore50",
                                                     "-tbadjudicate",
                                                     "-autosaveinterval",
                                                     "-log",
                                                     "-config",
                                                     "-report",
                                                     "-output",
                                                     "-concurrency",
                                                     "-crc32",
                                                     "-force-concurrency",
                                                     "-event",
                                                     "-site",
                                                     "-games",
                                                     "-rounds",
                                                     "-wait",
                                                     "-noswap",
                                                     "-reverse",
                                                     "-ratinginterval",
                                                     "-scoreinterval",
                                                     "-srand",
                                                     "-seeds",
                                                     "-recover",
                                                     "-repeat",
                                                     "-variant",
                                                     "-tournament",
                                                     "-quick",
                                                     "-use-affinity",
                                                     "-check-mate-pvs",
                                                     "-show-latency",
                                                     "-debug",
                                                     "-testEnv",
                                                     "-strict",
                                                     "-startup-ms",
                                                     "-ucinewgame-ms",
                                                     "-ping-ms"};

std::string readme() {
    std::ifstream file(std::string(SOURCE_DIR) + "/README.md");
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

TEST(DialectCoverage, EveryOptionOfBothToolsIsReadOrRefusedWithItsReason) {
    for (const auto* list : {&CUTECHESS_1_3, &FASTCHESS_1_8}) {
        for (std::string_view name : *list) {
            const DialectOption* entry = find_dialect_option(name);
            ASSERT_NE(entry, nullptr) << name << " is in neither the read nor the refused part";
            if (entry->refused()) {
                EXPECT_FALSE(entry->why.empty()) << name;
                EXPECT_FALSE(entry->instead.empty()) << name;
            }
        }
    }
}

TEST(DialectCoverage, ReadmeNamesEveryOption) {
    const std::string text = readme();
    ASSERT_FALSE(text.empty());
    for (const auto* list : {&CUTECHESS_1_3, &FASTCHESS_1_8}) {
        for (std::string_view name : *list)
            EXPECT_NE(text.find("`" + std::string(name)), std::string::npos)
                << "README.md does not name " << name;
    }
}

// cutechess's -bookmode ram|disk: the same moves either way, so both are read and nothing changes.
TEST(DialectCoverage, BookmodeIsReadAndChangesNothing) {
    const std::vector<std::string> line = {"-engine", "cmd=/bin/a", "-engine",   "cmd=/bin/b",
                                           "-each",   "depth=1",    "-openings", "file=x.epd",
                                           "-games",  "2"};
    auto with = [&](std::vector<std::string> more) {
        more.insert(more.begin(), line.begin(), line.end());
        return read_cutechess_args(more).config;
    };
    EXPECT_EQ(with({"-bookmode", "ram"}).to_json(), with({}).to_json());
    EXPECT_EQ(with({"-bookmode", "disk"}).to_json(), with({}).to_json());
    EXPECT_THROW(with({"-bookmode", "tape"}), ConfigError);
}

}  // namespace
}  // namespace arbiter::cutechess
