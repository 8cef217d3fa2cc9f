// A class tournament's page in a real browser (issue 39): eight Python students through
// engines/python/arbiter-python, one of which returns an impossible board, play round-robin from
// one opening; the page is written with a note of a left-out student, and check_page.js reads it
// as a teacher would. Each student names its author in its docstring.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "harness/config/json.h"
#include "harness/report/html/browser_test_support.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

using browser::CHROMIUM;
using browser::run;
using browser::RunResult;

std::vector<std::string> strings(const json::Value& value) {
    std::vector<std::string> result;
    for (const auto& v : value.as_array()) result.push_back(v.as_string());
    return result;
}

class ClassPageInBrowser : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        if (!fs::exists(CHROMIUM)) return;
        dir = fs::path(BROWSER_TEST_FOLDER) / ("class-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir / "class");
        // Step 1. Eight students: seeded random movers, the last of which returns its board
        // unchanged from its third move on (an impossible board, explained by the host).
        fs::copy_file(fs::path(ENTRANTS_DIR) / "boardmoves.py", dir / "class" / "boardmoves.py");
        std::string engines;
        for (int k = 1; k <= 8; ++k) {
            const std::string name = "s" + std::to_string(k);
            std::ofstream(dir / "class" / (name + ".py"))
                << "\"\"\"Student " << k << "\"\"\"\nimport random\nimport boardmoves\n\n"
                << (k == 8 ? "def main(history, white_time, black_time):\n"
                             "    if len(history) > 4:\n        return history[-1]\n"
                             "    board = history[-1]\n"
                             "    white = len(history) % 2 == 1\n"
                             "    return random.Random(len(history)).choice("
                             "boardmoves.successors(board, white))[1]\n"
                           : "def choose_move(fen):\n"
                             "    board, white = boardmoves.board_from_fen(fen)\n"
                             "    return random.Random(fen + '" +
                                 std::to_string(k) +
                                 "').choice(boardmoves.successors(board, white))[0]\n");
            engines += " --engine name=" + name + ",cmd=" + HOST_PATH +
                       ",arg=" + (dir / "class" / (name + ".py")).string();
        }
        db = (dir / "class.sqlite").string();
        page = dir / "class.html";
        RunResult t = run(std::string(ARBITER_PATH) + " tournament" + engines +
                          " --openings openings/startpos.epd --depth 1 --maxplies 24"
                          " --concurrency 2 --event 'Class 4B' --note 'Left out: x.py: cannot be"
                          " loaded' --db " +
                          db + " --html " + page.string());
        if (t.exit_code != 0) {
            setup_error = "tournament failed:\n" + t.output;
            return;
        }
        try {
            seen = browser::check_page(page, dir, std::nullopt);
        } catch (const std::exception& e) {
            setup_error = e.what();
        }
    }
    static void TearDownTestSuite() {
        if (!dir.empty() && !std::getenv("ARBITER_KEEP_BROWSER_TEST")) fs::remove_all(dir);
    }
    void SetUp() override {
        if (!fs::exists(CHROMIUM)) {
            if (std::getenv("CI")) FAIL() << CHROMIUM << " is missing: run scripts/setup";
            GTEST_SKIP() << CHROMIUM << " is not installed (scripts/setup installs it)";
        }
        ASSERT_TRUE(setup_error.empty()) << setup_error;
    }
    const json::Value& page_saw(std::string_view key) {
        return browser::reported(browser::reported(seen, "class_page"), key);
    }

    static inline fs::path dir, page;
    static inline std::string db, setup_error;
    static inline json::Value seen;
};

TEST_F(ClassPageInBrowser, LogsNoErrorAndShowsTheTitleAndTheLeftOutStudent) {
    EXPECT_TRUE(browser::reported(seen, "console_errors").as_array().empty());
    EXPECT_EQ(browser::reported(seen, "heading").as_string(), "Class 4B");
    EXPECT_EQ(strings(page_saw("note")),
              std::vector<std::string>{"Left out: x.py: cannot be loaded"});
}

TEST_F(ClassPageInBrowser, EachStudentsAuthorIsItsOwnNeverTheHosts) {
    const std::vector<std::string> names = strings(page_saw("own_names"));
    ASSERT_EQ(names.size(), 8u);
    for (const std::string& name : names) {
        EXPECT_NE(name.find(" by Student "), std::string::npos) << name;
        EXPECT_EQ(name.find("arbiter-python"), std::string::npos) << name;
    }
}

TEST_F(ClassPageInBrowser, SectionsWithoutDataAreLeftOutAndOneOpeningIsOneLine) {
    // Python students report no depth or nodes: only the time per move is drawn.
    EXPECT_EQ(strings(page_saw("search_figures")), std::vector<std::string>{"Time per move"});
    EXPECT_FALSE(page_saw("openings_table").as_bool());
    EXPECT_NE(page_saw("one_opening").as_string().find("Every game started from"),
              std::string::npos);
}

TEST_F(ClassPageInBrowser, EveryFaultIsListedWithItsReason) {
    const std::vector<std::string> faults = strings(page_saw("faults"));
    ASSERT_EQ(faults.size(), 14u);  // s8's every game: 7 opponents, both colours
    for (const std::string& fault : faults) {
        EXPECT_NE(fault.find("s8"), std::string::npos) << fault;
        EXPECT_NE(fault.find("makes an illegal move: 0000 (no legal move gives the returned board "
                             "(changed squares: none); position "),
                  std::string::npos)
            << fault;
        EXPECT_NE(fault.find("s8.stderr.log"), std::string::npos) << fault;
    }
}

TEST_F(ClassPageInBrowser, EloOverTimeShowsEightLinesFromGameZeroAndOneBandAtATime) {
    EXPECT_EQ(page_saw("timeline_lines").as_number(), 8);
    EXPECT_EQ(page_saw("timeline_legend_entries").as_number(), 8);
    // Every student's line starts at the same point, game 0 at 0 Elo, however late its first
    // game comes in the round-robin's order.
    const std::vector<std::string> starts = strings(page_saw("timeline_line_starts"));
    ASSERT_EQ(starts.size(), 8u);
    EXPECT_TRUE(starts.front().starts_with("64.0,")) << starts.front();
    for (const std::string& start : starts) EXPECT_EQ(start, starts.front());
    const json::Value& bands = page_saw("timeline_bands");
    EXPECT_TRUE(bands.find("before")->as_array().empty());
    EXPECT_EQ(strings(*bands.find("pointing_third")), std::vector<std::string>{"2"});
    EXPECT_TRUE(bands.find("after_leaving")->as_array().empty());
    EXPECT_EQ(strings(*bands.find("selected_fifth")), std::vector<std::string>{"4"});
    EXPECT_EQ(bands.find("dimmed_lines")->as_number(), 7);
}

}  // namespace
}  // namespace arbiter
