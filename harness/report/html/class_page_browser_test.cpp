// A class tournament's page in a real browser (issue 39): eight Python students through
// engines/python/arbiter-python, one of which returns an impossible board, play round-robin from
// one opening; the page is written with a note of a left-out student, and check_page.js reads it
// as a teacher would. Each student names its author in `__author__` and describes itself in its
// docstring (the first one at length). A second page, of 19 players (the family tournament's
// size), is read at desktop width for what must still fit.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "harness/config/json.h"
#include "harness/report/html/browser_test_support.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

// What check_page.js read of the page's figures under `key`.
const json::Value& class_page(const json::Value& seen, std::string_view key) {
    return browser::reported(browser::reported(seen, "class_page"), key);
}

std::vector<std::string> strings(const json::Value& value) {
    std::vector<std::string> result;
    for (const auto& v : value.as_array()) result.push_back(v.as_string());
    return result;
}

// The first student's description: longer than the 80 characters the standings show.
const std::string LONG_DESCRIPTION =
    "Plays a random legal move, seeded by the position so that it plays the same move every time "
    "it sees it again";

class ClassPageInBrowser : public browser::PageTest<ClassPageInBrowser> {
  public:
    static void make() {
        make_folder(BROWSER_TEST_FOLDER, "class");
        fs::create_directories(dir / "class");
        // Step 1. Eight students: seeded random movers, the last of which returns its board
        // unchanged from its third move on (an impossible board, explained by the host).
        fs::copy_file(fs::path(ENTRANTS_DIR) / "boardmoves.py", dir / "class" / "boardmoves.py");
        std::string engines;
        for (int k = 1; k <= 8; ++k) {
            const std::string name = "s" + std::to_string(k);
            std::ofstream(dir / "class" / (name + ".py")) << student_source(k);
            engines += " --engine name=" + name + ",cmd=" + HOST_PATH +
                       ",arg=" + (dir / "class" / (name + ".py")).string();
        }
        const fs::path page = dir / "class.html";
        run_or_throw(std::string(ARBITER_PATH) + " tournament" + engines +
                         " --openings openings/startpos.epd --depth 1 --maxplies 24"
                         " --concurrency 2 --event 'Class 4B' --note 'Left out: x.py: cannot be"
                         " loaded' --db " +
                         (dir / "class.sqlite").string() + " --html " + page.string(),
                     "the tournament");
        seen = browser::check_page(page, dir, std::nullopt);
    }

  protected:
    // Student k's file: a docstring, an author and a seeded random mover; the eighth returns its
    // board unchanged from its third move on.
    static std::string student_source(int k) {
        return "\"\"\"" +
               (k == 1 ? LONG_DESCRIPTION : "Plays at random, seed " + std::to_string(k)) +
               "\n\nMore text.\"\"\"\n__author__ = 'Student " + std::to_string(k) +
               "'\nimport random\nimport boardmoves\n\n" +
               (k == 8 ? "def main(history, white_time, black_time):\n"
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
    }
    const json::Value& page_saw(std::string_view key) { return class_page(seen, key); }
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
        EXPECT_EQ(name.find("Plays"), std::string::npos) << name;  // a description, not an author
    }
}

// Issue 46: a docstring is shown as what the student's player is, cut at 80 characters with the
// whole first paragraph in its title.
TEST_F(ClassPageInBrowser, EachStudentsDocstringIsItsDescriptionCutAtEightyCharacters) {
    const json::Value& shown = page_saw("own_descriptions");
    ASSERT_EQ(shown.as_array().size(), 8u);
    std::map<std::string, std::string> titles;
    for (const json::Value& d : shown.as_array())
        titles[d.find("title")->as_string()] = d.find("shown")->as_string();
    ASSERT_EQ(titles.count(LONG_DESCRIPTION), 1u);
    EXPECT_EQ(titles[LONG_DESCRIPTION],
              "Plays a random legal move, seeded by the position so that it plays the same "
              "move\u2026");
    EXPECT_EQ(titles["Plays at random, seed 2"], "Plays at random, seed 2");
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

// The family tournament's size: 19 players (our random mover under the family's names), 342 games
// of a few plies, the page read at 1280 px.
class NineteenPlayerPage : public browser::PageTest<NineteenPlayerPage> {
  public:
    static void make() {
        make_folder(BROWSER_TEST_FOLDER, "nineteen");
        const std::string random = (fs::path(ARBITER_PATH).parent_path() / "random").string();
        std::string engines;
        for (const char* name :
             {"David_AI_v9", "David_AI_v8", "David_AI_v7", "David_AI_v5", "David_AI_v6",
              "David_AI_v4", "David_AI_v3", "David_AI_v2", "Iain_AI_v2", "Michael_AI_v1_3",
              "Michael_AI_v1_0", "Michael_AI_v1_1", "Michael_AI_v1_2", "David_AI_v1", "Robert_AI",
              "random_AI", "no_search", "Iain_AI_v1", "no_move_AI"})
            engines += std::string(" --engine name=") + name + ",cmd=" + random;
        const fs::path page = dir / "nineteen.html";
        run_or_throw(std::string(ARBITER_PATH) + " tournament" + engines +
                         " --openings openings/startpos.epd --nodes 1 --maxplies 6"
                         " --concurrency 2 --db " +
                         (dir / "nineteen.sqlite").string() + " --html " + page.string(),
                     "the tournament");
        seen = browser::check_page(page, dir, std::nullopt);
    }

  protected:
    const json::Value& page_saw(std::string_view key) { return class_page(seen, key); }
};

// Issue 46: at 19 players the crosstable's 19 columns fit the page (nothing to scroll sideways
// at 1280 px), and every chart names every series inside its own height.
TEST_F(NineteenPlayerPage, TheCrosstableFitsAndEveryLegendEntryIsInsideItsChart) {
    EXPECT_TRUE(browser::reported(seen, "console_errors").as_array().empty());
    const json::Value* crosstable = page_saw("table_overflow").find("crosstable-table");
    ASSERT_NE(crosstable, nullptr);
    EXPECT_EQ(crosstable->as_number(), 0);
    EXPECT_EQ(page_saw("timeline_lines").as_number(), 19);
    EXPECT_EQ(page_saw("timeline_legend_entries").as_number(), 19);
    EXPECT_EQ(page_saw("legend_cut").as_number(), 0);
}

}  // namespace
}  // namespace arbiter
