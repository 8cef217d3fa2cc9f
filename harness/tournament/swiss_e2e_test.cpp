// A Swiss end to end with our engines at fixed nodes: the stored games make whole rounds of game
// pairs (the colours swapped within each board), no two engines meet twice, and every round's
// boards are the ones the Dutch system gives from the stored results before it (harness/swiss
// recomputes them here); a Swiss stopped mid-round and resumed stores the same games as one
// played without a stop.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "harness/swiss/dutch.h"
#include "harness/swiss/trf.h"
#include "harness/tournament/swiss_e2e_checks.h"

namespace {

namespace fs = std::filesystem;

// Seven engines (an odd field: a bye each round), named so that their order is the ranking.
const std::vector<std::string> BINARIES = {"alphabeta", "alphabeta-mvvlva", "alphabeta-mvvlva-tt",
                                           "minimax",   "greedy",           "quiescence",
                                           "alphabeta"};

using swiss_e2e::StoredGame;

class SwissEndToEnd : public swiss_e2e::SwissTest {
  protected:
    std::string command(const std::string& db, int rounds) const {
        std::string c = std::string(ARBITER_PATH) + " tournament --format swiss --rounds " +
                        std::to_string(rounds) + " --nodes 2000 --concurrency 2 --openings " +
                        SOURCE_DIR + "/openings/arbiter-8ply.epd --db " + path(db);
        for (std::size_t i = 0; i < BINARIES.size(); ++i)
            c += " --engine name=e" + std::to_string(i + 1) + ",cmd=" + ENGINE_DIR + "/" +
                 BINARIES[i];
        return c;
    }
};

// The engines' names in their initial ranking: e1 to e7 (no rating=, no earlier tournament).
const std::vector<std::string> RANKING = {"e1", "e2", "e3", "e4", "e5", "e6", "e7"};

TEST_F(SwissEndToEnd, RoundsArePairedByTheDutchSystemFromTheStoredResults) {
    auto [code, out] = run(command("s.sqlite", 4));
    ASSERT_EQ(code, 0) << out;
    swiss_e2e::expect_dutch_rounds(stored("s.sqlite"), 4, RANKING);
    EXPECT_NE(out.find("Swiss round 4:"), std::string::npos) << out;
    // A database without an earlier game: name order, and the console says so.
    EXPECT_NE(out.find("Initial ranking (by name (no pool Elo: no earlier game in the database)): "
                       "1. e1 (unrated), 2. e2 (unrated), 3. e3 (unrated)"),
              std::string::npos)
        << out;
    // The TRF export holds the same rounds, each board's White the pair's first White.
    auto [export_code, export_out] = run(std::string(ARBITER_PATH) + " export --db " +
                                         path("s.sqlite") + " --trf " + path("s.trf"));
    ASSERT_EQ(export_code, 0) << export_out;
    std::ifstream trf_file(path("s.trf"));
    std::stringstream trf;
    trf << trf_file.rdbuf();
    arbiter::swiss::SwissTournament exported = arbiter::swiss::read_trf(trf.str(), "s.trf");
    ASSERT_EQ(exported.rounds.size(), 4u);
    // The page has the Swiss section: its standings and each round.
    auto [report_code, report_out] = run(std::string(ARBITER_PATH) + " report --db " +
                                         path("s.sqlite") + " --out " + path("s.html"));
    ASSERT_EQ(report_code, 0) << report_out;
    std::ifstream page_file(path("s.html"));
    std::stringstream page;
    page << page_file.rdbuf();
    EXPECT_NE(page.str().find("id=\"swiss-standings\""), std::string::npos);
    EXPECT_NE(page.str().find("<h3>Round 4</h3>"), std::string::npos);
    EXPECT_EQ(page.str().find("<h3>Round 5</h3>"), std::string::npos);
    const std::vector<StoredGame> games = stored("s.sqlite");
    for (std::size_t r = 0; r < 4; ++r) {
        ASSERT_EQ(exported.rounds[r].games.size(), 3u);
        for (const arbiter::swiss::SwissGame& g : exported.rounds[r].games) {
            auto first = std::find_if(games.begin(), games.end(), [&](const StoredGame& s) {
                return s.round == int(r) && s.game_in_pair == 0 &&
                       s.white == exported.players[std::size_t(g.white)].name;
            });
            ASSERT_NE(first, games.end());
            EXPECT_EQ(first->black, exported.players[std::size_t(g.black)].name);
        }
    }
    EXPECT_NE(out.find("Standings after 4 of 4 rounds"), std::string::npos) << out;
}

// --bye-points: a bye worth half a point is scored so in the standings and the exported TRF
// (BBU), and is part of the tournament's identity (a run with another value is a new one).
TEST_F(SwissEndToEnd, AByeScoresWhatByePointsSays) {
    auto [code, out] = run(command("b.sqlite", 2) + " --bye-points 0.5");
    ASSERT_EQ(code, 0) << out;
    auto [export_code, export_out] = run(std::string(ARBITER_PATH) + " export --db " +
                                         path("b.sqlite") + " --trf " + path("b.trf"));
    ASSERT_EQ(export_code, 0) << export_out;
    std::ifstream trf_file(path("b.trf"));
    std::stringstream trf;
    trf << trf_file.rdbuf();
    EXPECT_NE(trf.str().find("\nBBU  0.5\n"), std::string::npos) << trf.str();
    EXPECT_EQ(arbiter::swiss::read_trf(trf.str(), "b.trf").bye_half_points, 1);
    auto [again, again_out] = run(command("b.sqlite", 2));
    ASSERT_EQ(again, 0) << again_out;
    EXPECT_EQ(query_rows(path("b.sqlite"), "SELECT count(*) FROM tournaments")[0][0], "2");
    auto [bad, bad_out] = run(command("c.sqlite", 2) + " --bye-points 2");
    EXPECT_NE(bad, 0);
    std::ifstream err_file(path("err"));
    std::stringstream err;
    err << err_file.rdbuf();
    EXPECT_NE(err.str().find("bye_points must be 0, 0.5 or 1 (got 2)"), std::string::npos)
        << err.str() << bad_out;
}

TEST_F(SwissEndToEnd, AStoppedSwissResumesWithTheSamePairings) {
    auto [code, out] = run(command("whole.sqlite", 3));
    ASSERT_EQ(code, 0) << out;
    // Stopped in round 2 (after its first game), then resumed.
    auto [stopped_code, stopped_out] = run(command("resumed.sqlite", 3), "Finished game 8 ");
    EXPECT_LT(stored("resumed.sqlite").size(), stored("whole.sqlite").size()) << stopped_out;
    auto [resumed_code, resumed_out] = run(command("resumed.sqlite", 3));
    ASSERT_EQ(resumed_code, 0) << resumed_out;
    EXPECT_EQ(stored("resumed.sqlite"), stored("whole.sqlite"));
    swiss_e2e::expect_dutch_rounds(stored("resumed.sqlite"), 3, RANKING);
}

}  // namespace
