// The dialect's fastchess behaviours of issue 22's last pass, end to end: -games 1 with any
// -rounds, the closing lines ("Player: ...", "Total Time: ..."), -check-mate-pvs, -use-affinity,
// the generated Chess960 suites in -openings file= and the stats of -config outname=.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "harness/cli/cutechess_dialect_fixture.h"

namespace {

using namespace arbiter_test;

int count_of(const std::string& text, const std::string& needle) {
    int n = 0;
    for (std::size_t at = text.find(needle); at != std::string::npos;
         at = text.find(needle, at + 1))
        ++n;
    return n;
}

class FastchessDialect : public CutechessDialect {
  protected:
    // Two seeded random movers; `rest` gives the schedule and output options.
    std::string randoms(const std::string& rest) const {
        std::string random = RANDOM_ENGINE_PATH;
        return "-engine name=alpha cmd=" + random +
               " option.Seed=1 -engine name=beta cmd=" + random +
               " option.Seed=2 -each tc=10+0.1 " + rest;
    }
    // A one-position book.
    std::string book(const std::string& name, const std::string& fen) const {
        std::ofstream(path(name)) << fen << "\n";
        return path(name);
    }
};

// OpenBench's data generation: -games 1 -rounds 5 plays five games, one per round, each on its
// own opening, colours alternating round by round; fastchess then reports no pentanomial.
TEST_F(FastchessDialect, GamesOneWithRoundsPlaysOneGamePerRound) {
    RunResult r = run(randoms("-openings file=" + path("book.epd") +
                              " -games 1 -rounds 5 -concurrency 2 -output format=fastchess -db " +
                              path("one.sqlite")));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    std::vector<StoredGame> games = stored_games(path("one.sqlite"));
    ASSERT_EQ(games.size(), 5u);
    std::set<std::string> openings;
    for (const StoredGame& game : games) {
        EXPECT_EQ(game.white, game.number % 2 == 1 ? "alpha" : "beta") << game.number;
        openings.insert(game.start_fen);
    }
    EXPECT_EQ(openings.size(), 5u) << "each game on its own opening";
    EXPECT_EQ(count_of(r.out, "Finished game "), 5);
    EXPECT_NE(r.out.find("Started game 5 of 5 ("), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("Ptnml(0-2)"), std::string::npos) << r.out;
    EXPECT_TRUE(std::regex_search(
        r.out, std::regex("\nGames: 5, Wins: \\d+, Losses: \\d+, Draws: \\d+, Points: ")))
        << r.out;
}

// -report penta=false: fastchess counts games, not pairs: a block every -ratinginterval games
// (4, then the end at 6), its games form without Ptnml; unset, it counts pairs (pair 2 ends at
// game 4, with Ptnml). Both as fastchess 1.8.2 printed them side by side.
TEST_F(FastchessDialect, ReportPentaFalseCountsGamesAndPrintsNoPentanomial) {
    const std::string schedule = "-openings file=" + path("book.epd") +
                                 " -rounds 3 -games 2 -repeat -output format=fastchess";
    const std::regex games_line(R"(\nGames: (\d+), Wins: )");
    auto blocks = [&](const std::string& out) {
        std::vector<int> at;
        for (std::sregex_iterator m(out.begin(), out.end(), games_line), end; m != end; ++m)
            at.push_back(std::stoi((*m)[1]));
        return at;
    };
    RunResult by_games =
        run(randoms(schedule + " -report penta=false -ratinginterval 4 -db " + path("g.sqlite")));
    ASSERT_EQ(by_games.exit_code, 0) << by_games.out << by_games.err;
    EXPECT_EQ(blocks(by_games.out), (std::vector<int>{4, 6})) << by_games.out;
    EXPECT_EQ(by_games.out.find("Ptnml(0-2)"), std::string::npos) << by_games.out;

    RunResult by_pairs = run(randoms(schedule + " -ratinginterval 2 -db " + path("p.sqlite")));
    ASSERT_EQ(by_pairs.exit_code, 0) << by_pairs.out << by_pairs.err;
    EXPECT_EQ(blocks(by_pairs.out), (std::vector<int>{4, 6})) << by_pairs.out;
    EXPECT_EQ(count_of(by_pairs.out, "Ptnml(0-2): "), 2) << by_pairs.out;
}

// fastchess's closing lines: each engine that lost a game on time or by a crash, then
// "Finished match" and "Total Time: HH:MM:SS (hours:minutes:seconds)" and a blank line. The
// cutechess form still ends at "Finished match".
TEST_F(FastchessDialect, ClosingLinesCountCrashesAndTheTotalTime) {
    std::string mock = MOCK_ENGINE_PATH;
    std::string command = "-engine name=steady cmd=" + mock + " -engine name=crasher cmd=" + mock +
                          " arg=--crash-at arg=3 -each depth=1 -openings file=" + path("book.epd") +
                          " -games 2 -rounds 2 -repeat -maxmoves 20 -output format=fastchess -db " +
                          path("c.sqlite");
    RunResult r = run(command);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    int crashes = 0;
    for (const StoredGame& game : stored_games(path("c.sqlite")))
        crashes += game.termination == "disconnect";
    ASSERT_GT(crashes, 0);
    std::regex closing(
        "\n\nPlayer: crasher\n  Timeouts: 0\n  Crashed: " + std::to_string(crashes) +
        "\n\nFinished match\nTotal Time: 00:0\\d:\\d\\d \\(hours:minutes:seconds\\)\n\n$");
    EXPECT_TRUE(std::regex_search(r.out, closing)) << r.out;
    EXPECT_EQ(r.out.find("Player: steady"), std::string::npos);
    RunResult calm = run(randoms("-openings file=" + path("book.epd") +
                                 " -games 2 -rounds 1 -repeat -output format=fastchess -db " +
                                 path("calm.sqlite")));
    EXPECT_TRUE(std::regex_search(calm.out,
                                  std::regex("-\nFinished match\nTotal Time: \\d\\d:\\d\\d:\\d\\d "
                                             "\\(hours:minutes:seconds\\)\n\n$")))
        << calm.out;
    RunResult cutechess = run(randoms("-openings file=" + path("book.epd") +
                                      " -games 2 -rounds 1 -repeat -db " + path("cc.sqlite")));
    EXPECT_TRUE(cutechess.out.ends_with("\nFinished match\n")) << cutechess.out;
    EXPECT_EQ(cutechess.out.find("Total Time"), std::string::npos);
}

// -check-mate-pvs: an engine that announces mate in one with a move that does not mate gets
// fastchess's warning, naming it, the position and the moves; a true mate gets none.
TEST_F(FastchessDialect, CheckMatePvsWarnsOfAFalseMateOnly) {
    std::string mock = MOCK_ENGINE_PATH;
    std::string fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";  // Ra8 mates
    std::string command = "-engine name=honest cmd=" + mock + " arg=--mate-in-one" +
                          " -engine name=liar cmd=" + mock + " arg=--score 'arg=mate 1'" +
                          " -each depth=1 -openings file=" + book("mate.epd", fen) +
                          " -games 1 -rounds 2 -maxmoves 10 -output format=fastchess";
    RunResult r = run(command + " -check-mate-pvs -db " + path("m.sqlite"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    std::vector<StoredGame> games = stored_games(path("m.sqlite"));
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].termination, "checkmate");  // honest, White, mates at once
    EXPECT_NE(r.out.find("Warning; Mating PV does not end with checkmate - from liar\n"
                         "Info; info depth 1 seldepth 1 score mate 1 nodes "),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\nPosition; fen " + fen + "\nMoves; \n"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("from honest"), std::string::npos) << r.out;
    // Each warning comes before its game's line; -testEnv puts it on one line.
    EXPECT_LT(r.out.find("Warning; Mating PV"), r.out.find("Finished game 2"));
    RunResult one_line = run(command + " -check-mate-pvs -testEnv -db " + path("t.sqlite"));
    EXPECT_TRUE(std::regex_search(
        one_line.out, std::regex("\nWarning; Mating PV does not end with checkmate - from liar :: "
                                 "Info; info [^\n]* :: Position; fen [^\n]* :: Moves; [^\n]*\n")))
        << one_line.out;
    RunResult unchecked = run(command + " -db " + path("u.sqlite"));
    EXPECT_EQ(unchecked.out.find("Warning; "), std::string::npos) << unchecked.out;
}

// -use-affinity with -concurrency 1: the engines run on one CPU, as their own
// /proc/self/status says (the mock reports its Cpus_allowed_list on `uci`, seen with -debug).
TEST_F(FastchessDialect, UseAffinityPinsTheEnginesToOneCpu) {
    std::string mock = MOCK_ENGINE_PATH;
    std::string command =
        "-engine name=a cmd=" + mock + " arg=--report-affinity -engine name=b cmd=" + mock +
        " arg=--report-affinity -each depth=1 -openings file=" + path("book.epd") +
        " -games 2 -rounds 1 -repeat -maxmoves 5 -debug";
    std::regex report("Cpus_allowed_list: (\\S+)");
    auto lists = [&](const std::string& out) {
        std::set<std::string> seen;
        for (auto it = std::sregex_iterator(out.begin(), out.end(), report);
             it != std::sregex_iterator(); ++it)
            seen.insert((*it)[1].str());
        return seen;
    };
    RunResult free = run(command + " -db " + path("free.sqlite"));
    ASSERT_EQ(free.exit_code, 0) << free.err;
    std::set<std::string> unpinned = lists(free.out);
    ASSERT_EQ(unpinned.size(), 1u) << free.out;
    if (std::regex_match(*unpinned.begin(), std::regex("\\d+")))
        GTEST_SKIP() << "arbiter runs on one CPU here: pinning cannot be told apart";
    RunResult pinned = run(command + " -use-affinity -concurrency 1 -db " + path("p.sqlite"));
    ASSERT_EQ(pinned.exit_code, 0) << pinned.err;
    std::set<std::string> cpus = lists(pinned.out);
    ASSERT_EQ(cpus.size(), 1u) << pinned.out;  // both engines, every start: the same CPU
    EXPECT_TRUE(std::regex_match(*cpus.begin(), std::regex("\\d+"))) << *cpus.begin();
    RunResult listed = run(command + " -use-affinity 1 -concurrency 1 -db " + path("l.sqlite"));
    EXPECT_EQ(lists(listed.out), std::set<std::string>{"1"}) << listed.out << listed.err;
    RunResult bad = run(command + " -use-affinity 3-1 -db " + path("b.sqlite"));
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("-use-affinity: bad CPU range '3-1'"), std::string::npos) << bad.err;
}

// The generated suites of `arbiter tournament --openings` in -openings file=, with
// -variant fischerandom: chess960:random:N and dfrc:random:N start positions, no file.
TEST_F(FastchessDialect, GeneratedChess960SuitesInOpeningsFile) {
    for (const std::string spec : {"chess960:random:3", "dfrc:random:3"}) {
        RunResult r = run(randoms("-variant fischerandom -openings file=" + spec +
                                  " format=epd -games 1 -rounds 3 -maxmoves 10 -db " +
                                  path(spec.substr(0, 4) + ".sqlite")));
        ASSERT_EQ(r.exit_code, 0) << spec << r.out << r.err;
        std::set<std::string> starts;
        for (const StoredGame& game : stored_games(path(spec.substr(0, 4) + ".sqlite")))
            starts.insert(game.start_fen);
        EXPECT_EQ(starts.size(), 3u) << spec;
        EXPECT_EQ(starts.count("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 0u);
    }
    RunResult standard =
        run(randoms("-openings file=chess960:all -rounds 2 -db " + path("s.sqlite")));
    EXPECT_EQ(standard.exit_code, 1);
    EXPECT_NE(standard.err.find("-openings file=chess960:all is a generated Chess960 suite: give "
                                "-variant fischerandom"),
              std::string::npos)
        << standard.err;
}

// -config outname=FILE: each pair's "stats" are the stored games counted from the side of the
// engine given first, W/L/D over every game and fastchess's six kinds of colour-reversed pair
// (games 2k-1 and 2k), here for the three encounters of a round-robin.
TEST_F(FastchessDialect, SavedConfigStatsCountTheStoredGamesAndPairs) {
    // Two fixed-node searchers split their pairs WW, WD, WL and DD; the random mover loses.
    const std::string searcher = std::string(" cmd=") + ALPHABETA_MVVLVA_PATH;
    RunResult r = run("-engine name=alpha" + searcher + " nodes=400 -engine name=beta" + searcher +
                      " nodes=300 -engine name=gamma cmd=" + RANDOM_ENGINE_PATH +
                      " option.Seed=1 nodes=1 -each tc=inf -openings file=" + path("book.epd") +
                      " -games 2 -rounds 6 -concurrency 2 -config outname=" + path("saved.json") +
                      " -db " + path("s.sqlite"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const std::vector<std::string> names = {"alpha", "beta", "gamma"};
    // Expected, from the database: per encounter (first, second) the counts in the saved order.
    std::map<std::string, std::map<std::string, int>> expected;
    std::map<std::int64_t, std::vector<double>> pairs;  // pair -> the first engine's points
    std::map<std::int64_t, std::string> pair_key;
    std::vector<StoredGame> games = stored_games(path("s.sqlite"));
    ASSERT_EQ(games.size(), 36u);
    for (const StoredGame& g : games) {
        const bool white_first = std::find(names.begin(), names.end(), g.white) <
                                 std::find(names.begin(), names.end(), g.black);
        const std::string key =
            white_first ? g.white + " vs " + g.black : g.black + " vs " + g.white;
        double white = g.result == "1-0" ? 1 : g.result == "0-1" ? 0 : 0.5;
        double points = white_first ? white : 1 - white;
        ++expected[key][points == 1 ? "wins" : points == 0 ? "losses" : "draws"];
        pairs[(g.number - 1) / 2].push_back(points);
        pair_key[(g.number - 1) / 2] = key;
    }
    for (const auto& [pair, points] : pairs) {
        ASSERT_EQ(points.size(), 2u) << pair;
        const double high = std::max(points[0], points[1]), low = std::min(points[0], points[1]);
        const std::string kind = high == 1     ? (low == 1     ? "WW"
                                                  : low == 0.5 ? "WD"
                                                               : "WL")
                                 : high == 0.5 ? (low == 0.5 ? "DD" : "LD")
                                               : "LL";
        ++expected[pair_key[pair]]["penta_" + kind];
    }
    std::ifstream file(path("saved.json"));
    const std::string saved((std::istreambuf_iterator<char>(file)), {});
    for (const std::string key : {"alpha vs beta", "alpha vs gamma", "beta vs gamma"}) {
        const std::size_t at = saved.find("\"" + key + "\"");
        ASSERT_NE(at, std::string::npos) << saved;
        const std::string block = saved.substr(at, saved.find('}', at) - at);
        std::map<std::string, int> found;
        const std::regex member("\"(\\w+)\": (\\d+)");
        for (auto it = std::sregex_iterator(block.begin(), block.end(), member);
             it != std::sregex_iterator(); ++it)
            if (int n = std::stoi((*it)[2])) found[(*it)[1].str()] = n;
        EXPECT_EQ(found, expected[key]) << key << "\n" << block;
    }
}

}  // namespace
