// The analysis on the page, in a real browser (issue 46): a random mover and minimax play, Debian's
// Stockfish analyses every position (`arbiter analyse --db`), and check_page.js opens the page
// with a decisive game in the viewer. What the page shows is compared with figures worked here
// from the stored verdicts by the definitions alone (README, "Analysing games"): each engine's
// average loss and marks a game, each decisive game's turning point, the game's marked moves
// drawn under the board, and what selecting a mark shows.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

#include "harness/config/json.h"
#include "harness/report/html/browser_test_support.h"
#include "harness/store/store.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

constexpr int INACCURACY = 50, MISTAKE = 100, BLUNDER = 300;

int clamped(const std::optional<Score>& score) {
    if (score->is_mate()) return score->mate_moves() > 0 ? 1000 : -1000;
    return std::clamp(score->centipawns(), -1000, 1000);
}

// Figures as the page prints them: rounded half away from zero.
std::string two_decimals(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", std::round(value * 100) / 100);
    return text;
}

std::string one_decimal(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", std::round(value * 10) / 10);
    return text;
}

// A game's figures worked from its verdicts: the NAG of each move (empty when unmarked), each
// move's loss, and the turning point's ply (0: none) when `loser` (0 White, 1 Black) lost.
struct Worked {
    std::vector<std::string> nags;
    std::vector<int> losses;
    std::vector<bool> white_moved;
    std::vector<bool> scored_after;  // the position after the move has a score
    std::vector<std::string> sans;
    std::size_t turning = 0;
    int before = 0, after = 0;
};

Worked work(const GameRecord& game, const std::vector<PositionVerdict>& v, int loser) {
    Worked w;
    const bool white_first = game.start_fen.find(" w ") != std::string::npos;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const int loss = v[i].score && v[i + 1].score
                             ? std::max(0, clamped(v[i].score) + clamped(v[i + 1].score))
                             : 0;
        std::string nag = loss >= BLUNDER      ? "??"
                          : loss >= MISTAKE    ? "?"
                          : loss >= INACCURACY ? "?!"
                                               : "";
        if (v[i].best_move.empty() || v[i].best_move == game.moves[i].uci) nag.clear();
        w.nags.push_back(nag);
        w.losses.push_back(loss);
        w.white_moved.push_back((i % 2 == 0) == white_first);
        w.scored_after.push_back(v[i + 1].score.has_value());
        w.sans.push_back(game.moves[i].san);
    }
    if (loser < 0) return w;
    // The loser's moves from its last back, while its evaluation after them is at most -300.
    for (std::size_t i = game.moves.size(); i-- > 0;) {
        if (w.white_moved[i] != (loser == 0)) continue;
        if (!v[i + 1].score || -clamped(v[i + 1].score) > -BLUNDER) break;
        w.turning = i + 1;
        w.before = v[i].score ? clamped(v[i].score) : 0;
        w.after = -clamped(v[i + 1].score);
    }
    return w;
}

std::string pawns(int centipawns) {
    return (centipawns > 0 ? "+" : "") + two_decimals(centipawns / 100.0);
}

class AnalysisPageInBrowser : public browser::PageTest<AnalysisPageInBrowser> {
  public:
    static void make() {
        make_folder(BROWSER_TEST_FOLDER, "analysis");
        db = (dir / "t.sqlite").string();
        const fs::path page = dir / "analysis.html";
        // Step 1. A random mover against minimax at depth 2: mostly mates, some draws.
        run_or_throw(std::string(ARBITER_PATH) +
                         " tournament --engine name=walker,cmd=" + MOCK_ENGINE_PATH +
                         ",arg=--seed,arg=5 --engine name=minimax,cmd=" + MINIMAX_PATH +
                         ",depth=2 --depth 1 --openings openings/arbiter-8ply.epd" +
                         " --max-games 8 --maxplies 120 --concurrency 2 --db " + db,
                     "tournament");
        // Step 2. Every position analysed, then the page.
        run_or_throw(std::string(ARBITER_PATH) + " analyse --db " + db +
                         " --engine cmd=/usr/games/stockfish --depth 6 --concurrency 2",
                     "analyse");
        run_or_throw(std::string(ARBITER_PATH) + " report --db " + db + " --out " + page.string() +
                         " --bootstrap 50",
                     "report");
        // Step 3. The figures from the stored verdicts, and a decisive game to open.
        Store store = Store::open(db, Store::Access::read_only);
        const AnalysisId analysis = store.list_analyses().at(0).id;
        for (const GameSummary& g : store.list_games(store.list_tournaments().at(0).id)) {
            const GameRecord game = store.load_game(g.id);
            const int loser = g.result.outcome == Outcome::white_win   ? 1
                              : g.result.outcome == Outcome::black_win ? 0
                                                                       : -1;
            const auto verdicts = store.load_game_analysis(analysis, g.id);
            worked[g.id] = work(game, verdicts, loser);
            const Worked& w = worked[g.id];
            names[g.id] = {g.white_name, g.black_name};
            const bool marked = std::count_if(w.nags.begin(), w.nags.end(),
                                              [](const auto& n) { return !n.empty(); }) > 0;
            if (w.turning && marked && !opened) opened = g.id;
        }
        if (!opened) throw std::runtime_error("no decisive game with a turning point and a mark");
        seen = browser::check_page(page, dir, opened);
    }

  protected:
    static const json::Value& saw(std::string_view key) {
        return browser::reported(browser::reported(seen, "analysis"), key);
    }

    static inline std::string db;
    static inline std::map<GameId, Worked> worked;
    static inline std::map<GameId, std::pair<std::string, std::string>> names;
    static inline GameId opened = 0;
};

TEST_F(AnalysisPageInBrowser, LogsNoErrorAndNamesTheAnalysis) {
    EXPECT_TRUE(browser::reported(seen, "console_errors").as_array().empty())
        << browser::reported(seen, "console_errors").dump();
    EXPECT_TRUE(browser::reported(seen, "contrast_failures").as_array().empty())
        << browser::reported(seen, "contrast_failures").dump();
    EXPECT_NE(saw("summary").as_string().find("stockfish at depth 6 analysed every position of 8 "
                                              "of the 8 games"),
              std::string::npos)
        << saw("summary").as_string();
}

TEST_F(AnalysisPageInBrowser, TheGraphIsDrawnAndFitsAPhone) {
    bool shot = false;
    for (const auto& s : browser::reported(seen, "screenshots").as_array()) {
        if (fs::path(s.find("file")->as_string()).stem() != "desktop-analysis") continue;
        shot = true;
        EXPECT_GE(s.find("distinct_colours")->as_integer(), 16);
        EXPECT_GE(s.find("other_than_background")->as_number(), 0.03);
    }
    EXPECT_TRUE(shot);
    EXPECT_LE(browser::reported(seen, "phone_overflow").as_number(), 0)
        << "the page is wider than a phone";
}

TEST_F(AnalysisPageInBrowser, EachEnginesLossAndMarksAreTheVerdictsOwn) {
    std::map<std::string, std::array<std::int64_t, 6>> expected;  // games, moves, loss, ?!, ?, ??
    for (const auto& [id, w] : worked) {
        for (const std::string& name : {names[id].first, names[id].second}) ++expected[name][0];
        for (std::size_t i = 0; i < w.nags.size(); ++i) {
            auto& e = expected[w.white_moved[i] ? names[id].first : names[id].second];
            ++e[1];
            e[2] += w.losses[i];
            e[3] += w.nags[i] == "?!";
            e[4] += w.nags[i] == "?";
            e[5] += w.nags[i] == "??";
        }
    }
    const auto& rows = saw("engines").as_array();
    ASSERT_EQ(rows.size(), 2u);
    for (const auto& row : rows) {
        const auto& cells = row.as_array();
        const auto& e = expected.at(cells[0].as_string());
        SCOPED_TRACE(cells[0].as_string());
        EXPECT_EQ(cells[1].as_string(), std::to_string(e[0]));
        EXPECT_EQ(cells[2].as_string(), std::to_string(e[1]));
        EXPECT_EQ(cells[3].as_string(), one_decimal(double(e[2]) / double(e[1])));
        EXPECT_EQ(cells[4].as_string(), two_decimals(double(e[3]) / double(e[0])));
        EXPECT_EQ(cells[5].as_string(), two_decimals(double(e[4]) / double(e[0])));
        EXPECT_EQ(cells[6].as_string(), two_decimals(double(e[5]) / double(e[0])));
    }
}

TEST_F(AnalysisPageInBrowser, EveryDecisiveGamesTurningPointIsListed) {
    std::vector<std::string> expected;
    for (const auto& [id, w] : worked)
        if (w.turning)
            expected.push_back(std::to_string(id) + " " + std::to_string(w.turning) + " " +
                               pawns(w.before) + " " + pawns(w.after));
    std::vector<std::string> listed;
    for (const auto& row : saw("turning").as_array()) {
        // data-game, data-ply, then the cells: Game, White, Black, Result, Loser, Move ("12. Kf1"
        // or "12... Kf8"), Before, After, Better.
        const auto& cells = row.as_array();
        const GameId id = std::stoll(cells[0].as_string());
        const std::size_t ply = std::stoul(cells[1].as_string());
        EXPECT_EQ(cells[2].as_string(), std::to_string(id));
        ASSERT_TRUE(worked.contains(id) && ply >= 1 && ply <= worked.at(id).sans.size());
        EXPECT_TRUE(cells[7].as_string().ends_with(" " + worked.at(id).sans[ply - 1]))
            << cells[7].as_string();
        listed.push_back(cells[0].as_string() + " " + cells[1].as_string() + " " +
                         cells[8].as_string() + " " + cells[9].as_string());
    }
    std::sort(listed.begin(), listed.end());  // the page lists them by slot, `worked` by id
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(listed, expected);
    EXPECT_FALSE(expected.empty());
}

TEST_F(AnalysisPageInBrowser, TheGraphUnderTheBoardMarksTheGamesMistakes) {
    const Worked& w = worked.at(opened);
    EXPECT_TRUE(saw("graph_shown").as_bool());
    EXPECT_TRUE(saw("graph_below_board").as_bool());
    EXPECT_TRUE(saw("turning_line").as_bool());
    // A move into mate leaves a position without a score: its mark has no point to sit on.
    std::vector<std::string> marks;
    for (std::size_t i = 0; i < w.nags.size(); ++i)
        if (!w.nags[i].empty() && w.scored_after[i])
            marks.push_back(std::to_string(i + 1) + " " + w.nags[i]);
    std::vector<std::string> drawn;
    for (const auto& m : saw("marks").as_array()) drawn.push_back(m.as_string());
    EXPECT_EQ(drawn, marks);
    EXPECT_EQ(saw("graph_points").as_integer(),
              1 + std::count(w.scored_after.begin(), w.scored_after.end(), true));
    // The move list carries the NAGs; selecting the last mark shows its move.
    const auto& buttons = saw("move_list").as_array();
    ASSERT_EQ(buttons.size(), w.nags.size());
    for (std::size_t i = 0; i < buttons.size(); ++i) {
        const std::string text = buttons[i].as_string();
        const bool ends_with_nag = !w.nags[i].empty() && text.ends_with(w.nags[i]);
        EXPECT_TRUE(w.nags[i].empty() ? text.back() != '?' && text.back() != '!' : ends_with_nag)
            << i << ": " << text;
    }
    ASSERT_FALSE(drawn.empty());
    const std::size_t last = std::stoul(drawn.back());
    EXPECT_EQ(saw("selected_ply").as_integer(), std::int64_t(last));
    EXPECT_NE(saw("selected_info").as_string().find("better "), std::string::npos)
        << saw("selected_info").as_string();
}

}  // namespace
}  // namespace arbiter
