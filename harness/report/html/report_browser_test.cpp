// The HTML report in a real browser: a small real tournament is played into a database,
// `arbiter report` writes the page, and check_page.js opens it in Debian's headless Chromium
// with the network blocked. What the browser saw is compared here with the database.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "engines/core/board.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"
#include "harness/config/json.h"
#include "harness/ratings/joint_ratings.h"
#include "harness/report/html/browser_test_support.h"
#include "harness/store/store.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

using browser::check_page;
using browser::CHROMIUM;
using browser::run;
using browser::RunResult;

std::vector<std::string> strings(const json::Value& value) {
    std::vector<std::string> result;
    for (const auto& v : value.as_array()) result.push_back(v.as_string());
    return result;
}

// The FEN after the last move of a game, replayed here with the chess core.
std::string final_fen(const GameRecord& game) {
    Board board;
    if (!board.set(game.start_fen).empty()) return "bad start FEN";
    for (const auto& move : game.moves)
        if (!board.play_uci(move.uci)) return "illegal move " + move.uci;
    return board.fen();
}

std::string one_decimal(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

// One tournament, one page, one visit by the browser for all tests of the suite.
class ReportInBrowser : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        if (!fs::exists(CHROMIUM)) return;
        // In the build folder rather than /tmp, which a confined (snap) Chromium cannot see.
        dir = fs::path(BROWSER_TEST_FOLDER) / ("run-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
        db = (dir / "t.sqlite").string();
        page = dir / "report.html";

        // Step 1. Two random movers (one makes an illegal move on its second search) and
        // minimax at depth 2: mates, draws by the ply limit and a fault to link to.
        std::string mock = std::string(",cmd=") + MOCK_ENGINE_PATH;
        RunResult t = run(std::string(ARBITER_PATH) + " tournament --engine name=walker" + mock +
                          ",arg=--seed,arg=3 --engine name=chaos" + mock +
                          ",arg=--seed,arg=7,arg=--illegal-at,arg=2 --engine name=minimax,cmd=" +
                          MINIMAX_PATH + ",depth=2 --depth 1 --openings openings/arbiter-8ply.epd" +
                          " --max-games 18 --maxplies 80 --concurrency 2 --db " + db);
        if (t.exit_code != 0) {
            setup_error = "tournament failed:\n" + t.output;
            return;
        }
        // Step 2. The page, then the browser.
        RunResult r = run(std::string(ARBITER_PATH) + " report --db " + db + " --out " +
                          page.string() + " --bootstrap 100");
        if (r.exit_code != 0) {
            setup_error = "report failed:\n" + r.output;
            return;
        }
        Store store = Store::open(db);
        TournamentId id = store.list_tournaments().back().id;
        int longest = 0;
        for (const auto& g : store.list_games(id))
            if (g.ply_count > longest) longest = g.ply_count, chosen = g.id;
        try {
            seen = check_page(page, dir, chosen);
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
    const json::Value& saw(std::string_view key) { return browser::reported(seen, key); }
    static std::vector<GameSummary> games() {
        Store store = Store::open(db);
        return store.list_games(store.list_tournaments().back().id);
    }

    static inline fs::path dir, page;
    static inline std::string db, setup_error;
    static inline GameId chosen = 0;
    static inline json::Value seen;
};

TEST_F(ReportInBrowser, LogsNoErrorAndRequestsNothing) {
    EXPECT_TRUE(saw("console_errors").as_array().empty()) << saw("console_errors").dump();
    EXPECT_TRUE(saw("requests").as_array().empty()) << saw("requests").dump();
    EXPECT_TRUE(saw("resources").as_array().empty()) << saw("resources").dump();
}

TEST_F(ReportInBrowser, ShowsTheStandingsInTheDatabasesOrder) {
    std::vector<std::string> names;
    std::vector<GameResult> results;
    std::map<std::string, int> index;
    for (const auto& g : games()) {
        for (const auto& name : {g.white_name, g.black_name})
            if (index.emplace(name, int(names.size())).second) names.push_back(name);
        results.push_back(
            {index[g.white_name], index[g.black_name], g.result.outcome, g.slot.number / 2});
    }
    RatingOptions options;
    options.bootstrap_samples = 0;
    std::vector<std::string> expected;
    for (const auto& p : compute_ratings(names, results, options).players)
        expected.push_back(p.name);
    EXPECT_EQ(strings(saw("standings")), expected);
}

TEST_F(ReportInBrowser, CrosstableNumbersEqualTheDatabases) {
    std::map<std::pair<std::string, std::string>, std::pair<double, int>> expected;
    for (const auto& g : games()) {
        double white = white_points(g.result.outcome);
        auto& w = expected[{g.white_name, g.black_name}];
        w.first += white, ++w.second;
        auto& b = expected[{g.black_name, g.white_name}];
        b.first += 1 - white, ++b.second;
    }
    std::map<std::pair<std::string, std::string>, std::string> shown;
    for (const auto& cell : saw("crosstable").as_array())
        shown[{cell.find("row")->as_string(), cell.find("column")->as_string()}] =
            cell.find("text")->as_string();
    ASSERT_EQ(shown.size(), expected.size());
    for (const auto& [pair, result] : expected)
        EXPECT_EQ(shown[pair], one_decimal(result.first) + "/" + std::to_string(result.second))
            << pair.first << " against " << pair.second;
}

TEST_F(ReportInBrowser, ListsEveryGame) {
    std::set<std::int64_t> expected, listed;
    for (const auto& g : games()) expected.insert(g.id);
    for (const auto& id : saw("games").as_array()) listed.insert(id.as_integer());
    EXPECT_EQ(listed, expected);
    EXPECT_EQ(saw("games").as_array().size(), expected.size());  // each once
}

TEST_F(ReportInBrowser, BoardViewerReachesTheFinalPositionByKeyPresses) {
    Store store = Store::open(db);
    GameRecord game = store.load_game(chosen);
    ASSERT_GT(game.moves.size(), 10u);
    EXPECT_EQ(saw("viewer_start_fen").as_string(), game.start_fen);
    EXPECT_EQ(saw("viewer_plies").as_integer(), std::int64_t(game.moves.size()));
    EXPECT_EQ(saw("viewer_final_fen").as_string(), final_fen(game));
    EXPECT_EQ(saw("viewer_home_fen").as_string(), game.start_fen);
    EXPECT_EQ(saw("viewer_end_fen").as_string(), final_fen(game));
}

TEST_F(ReportInBrowser, ScreenshotsAtDesktopAndPhoneWidthAreNotBlank) {
    std::set<std::string> names;
    for (const auto& shot : saw("screenshots").as_array()) {
        std::string file = fs::path(shot.find("file")->as_string()).stem().string();
        names.insert(file);
        EXPECT_GE(shot.find("distinct_colours")->as_integer(), 16) << file;
        EXPECT_GE(shot.find("other_than_background")->as_number(), 0.03) << file;
        EXPECT_EQ(shot.find("width")->as_integer(), file.starts_with("phone") ? 390 : 1280);
    }
    EXPECT_EQ(names, (std::set<std::string>{"desktop-standings", "desktop-board", "phone-standings",
                                            "phone-board"}));
    EXPECT_LE(saw("phone_overflow").as_number(), 0) << "the page is wider than a phone";
}

TEST_F(ReportInBrowser, MeetsAccessibilityBasics) {
    EXPECT_TRUE(saw("tables_without_headers").as_array().empty())
        << saw("tables_without_headers").dump();
    EXPECT_GE(saw("charts").as_integer(), 3);
    EXPECT_EQ(saw("charts_without_text").as_integer(), 0);
    EXPECT_EQ(saw("images_without_alt").as_integer(), 0);
    EXPECT_EQ(saw("lang").as_string(), "en");
    EXPECT_TRUE(saw("contrast_failures").as_array().empty()) << saw("contrast_failures").dump();
}

// The checks themselves: a page that loads from the network, logs an error, has faint text, is
// too wide for a phone and shows almost nothing must be caught, or the tests above prove nothing.
TEST_F(ReportInBrowser, TheCheckerCatchesRequestsErrorsAndFaintText) {
    fs::path bad = dir / "bad.html";
    std::ofstream(bad) << "<!DOCTYPE html><html lang=\"en\"><body data-ready=\"true\">"
                          "<section id=\"standings\"><h2>Standings</h2>"
                          "<img src=\"http://example.invalid/logo.png\" alt=\"logo\">"
                          "<p style=\"color:#c8c8c8\">faint text</p>"
                          "<div style=\"width:2000px\">too wide for a phone</div>"
                          "<script>console.error('broken page')</script></section></body></html>";
    json::Value bad_seen = check_page(bad, dir, std::nullopt);
    EXPECT_NE(bad_seen.find("requests")->dump().find("http://example.invalid/logo.png"),
              std::string::npos)
        << bad_seen.dump();
    EXPECT_NE(bad_seen.find("console_errors")->dump().find("broken page"), std::string::npos)
        << bad_seen.dump();
    EXPECT_NE(bad_seen.find("contrast_failures")->dump().find("faint text"), std::string::npos)
        << bad_seen.dump();
    EXPECT_GT(bad_seen.find("phone_overflow")->as_number(), 0) << bad_seen.dump();
    // A page of three lines is almost all background: the screenshot check calls it blank.
    for (const auto& shot : bad_seen.find("screenshots")->as_array())
        EXPECT_LT(shot.find("other_than_background")->as_number(), 0.03) << shot.dump();
}

}  // namespace
}  // namespace arbiter
