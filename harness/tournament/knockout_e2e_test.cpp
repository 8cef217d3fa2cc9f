// Knockouts end to end with our engines at fixed nodes: the bracket lines cutechess prints (the
// dialect) and the native bracket, checked against the games the database holds (who met, who
// won each encounter by the stored results, the champion); a resumed knockout equals one played
// without interruption.
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "harness/tournament/interrupted_run_test.h"

namespace {

namespace fs = std::filesystem;

// Deterministic engines (a fixed node count, one thread), in configuration order.
const std::vector<std::string> SIX = {"alphabeta", "alphabeta-mvvlva", "alphabeta-mvvlva-tt",
                                      "minimax",   "greedy",           "quiescence"};

struct StoredGame {
    std::int64_t slot;
    int round, encounter;
    std::string white, black, result;
    bool operator==(const StoredGame&) const = default;
};

// One encounter as the stored games make it: the two names and each one's points.
struct Encounter {
    std::map<std::string, double> points;
    std::string winner() const {
        auto a = points.begin(), b = std::next(a);
        return a->second > b->second ? a->first : b->first;
    }
};

class KnockoutEndToEnd : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("arbiter_knockout_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // `arbiter tournament --format knockout` over the first `n` engines.
    std::string native(int n, const std::string& db) const {
        std::string command = std::string(ARBITER_PATH) + " tournament --format knockout --seeds " +
                              std::to_string(n) + " --nodes 3000 --concurrency 1 --openings " +
                              SOURCE_DIR + "/openings/arbiter-8ply.epd --db " + path(db);
        for (int i = 0; i < n; ++i)
            command += " --engine name=" + SIX[std::size_t(i)] + ",cmd=" + ENGINE_DIR + "/" +
                       SIX[std::size_t(i)];
        return command;
    }

    // Runs `command`; stdout, with SIGINT sent once `interrupt_after` appears in it.
    std::pair<int, std::string> run(const std::string& command,
                                    const std::string& interrupt_after = "") const {
        return run_interrupted(command, path("err"), interrupt_after);
    }

    std::vector<StoredGame> stored(const std::string& db) const {
        sqlite3* connection = nullptr;
        EXPECT_EQ(sqlite3_open_v2(path(db).c_str(), &connection, SQLITE_OPEN_READONLY, nullptr),
                  SQLITE_OK);
        sqlite3_stmt* statement = nullptr;
        sqlite3_prepare_v2(connection,
                           "SELECT g.slot, g.round, g.pair_index, w.name, b.name, g.result "
                           "FROM games g JOIN engines w ON w.id = g.white_engine_id "
                           "JOIN engines b ON b.id = g.black_engine_id ORDER BY g.slot",
                           -1, &statement, nullptr);
        std::vector<StoredGame> games;
        auto text = [&](int column) {
            return std::string(
                reinterpret_cast<const char*>(sqlite3_column_text(statement, column)));
        };
        while (sqlite3_step(statement) == SQLITE_ROW)
            games.push_back({sqlite3_column_int64(statement, 0), sqlite3_column_int(statement, 1),
                             sqlite3_column_int(statement, 2), text(3), text(4), text(5)});
        sqlite3_finalize(statement);
        sqlite3_close(connection);
        return games;
    }

    fs::path dir_;
};

// The encounters of the stored games, by (round, encounter).
std::map<std::pair<int, int>, Encounter> encounters(const std::vector<StoredGame>& games) {
    std::map<std::pair<int, int>, Encounter> result;
    for (const StoredGame& g : games) {
        Encounter& e = result[{g.round, g.encounter}];
        double white = g.result == "1-0" ? 1 : g.result == "0-1" ? 0 : 0.5;
        e.points[g.white] += white;
        e.points[g.black] += 1 - white;
    }
    return result;
}

// "2" or "1.5", as cutechess prints a score.
std::string score_text(double points) {
    std::ostringstream out;
    out << points;
    return out.str();
}

// The bracket line cutechess prints for an encounter: 2 tabs a round, the winner, the score in
// the bracket's order of the two players.
std::string bracket_line(int round, const Encounter& e, const std::string& first) {
    std::string second;
    for (const auto& [name, points] : e.points)
        if (name != first) second = name;
    return std::string(std::size_t(2 * (round + 1)), '\t') + e.winner() + " (" +
           score_text(e.points.at(first)) + "-" + score_text(e.points.at(second)) + ")";
}

// The last `count` lines of `text` before the line `before`, when it ends so.
std::vector<std::string> lines_before(const std::string& text, const std::string& before,
                                      std::size_t count) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    auto end = std::find(lines.rbegin(), lines.rend(), before);
    if (end == lines.rend() || std::size_t(lines.rend() - end) - 1 < count) return {};
    std::size_t last = std::size_t(lines.rend() - end) - 1;
    return std::vector<std::string>(lines.begin() + std::ptrdiff_t(last - count),
                                    lines.begin() + std::ptrdiff_t(last));
}

TEST_F(KnockoutEndToEnd, SixEnginesInCutechessWordsWithByesForTheTopSeeds) {
    std::string command = std::string(ARBITER_PATH) +
                          " -tournament knockout -seeds 6 -games 2 -repeat -srand 5 "
                          "-concurrency 2 -each tc=inf nodes=3000 -openings file=" +
                          SOURCE_DIR + "/openings/arbiter-8ply.epd -db " + path("k.sqlite");
    for (const std::string& engine : SIX)
        command += " -engine name=" + engine + " cmd=" + ENGINE_DIR + "/" + engine;
    auto [code, out] = run(command);
    ASSERT_EQ(code, 0) << out;
    const std::vector<StoredGame> games = stored(path("k.sqlite"));
    auto met = encounters(games);
    // Two byes (seeds 1 and 2), two first-round encounters, two semi-finals, the final.
    ASSERT_EQ(met.size(), 5u);
    std::size_t finished_lines = 0;
    for (std::size_t at = 0; (at = out.find("\nFinished game ", at)) != std::string::npos; ++at)
        ++finished_lines;
    EXPECT_EQ(finished_lines + (out.rfind("Finished game ", 0) == 0), games.size());
    for (const auto& [key, e] : met) {
        ASSERT_EQ(e.points.size(), 2u);
        auto a = e.points.begin(), b = std::next(a);
        EXPECT_NE(a->second, b->second) << "encounter " << key.first << "/" << key.second;
    }
    const Encounter &first = met.at({0, 1}), &second = met.at({0, 3});
    const Encounter &semi1 = met.at({1, 0}), &semi2 = met.at({1, 1}), &final = met.at({2, 0});
    // Seeds 1-6: 1 and 2 have byes, 3 meets 5 and 4 meets 6.
    EXPECT_EQ(first.points.count("alphabeta-mvvlva-tt") + first.points.count("greedy"), 2u);
    EXPECT_EQ(second.points.count("minimax") + second.points.count("quiescence"), 2u);
    EXPECT_EQ(semi1.points.count("alphabeta") + semi1.points.count(first.winner()), 2u);
    EXPECT_EQ(semi2.points.count("alphabeta-mvvlva") + semi2.points.count(second.winner()), 2u);
    EXPECT_EQ(final.points.count(semi1.winner()) + final.points.count(semi2.winner()), 2u);
    std::vector<std::string> expected = {"alphabeta",
                                         "\t\talphabeta",
                                         "bye",
                                         bracket_line(1, semi1, "alphabeta"),
                                         "alphabeta-mvvlva-tt",
                                         bracket_line(0, first, "alphabeta-mvvlva-tt"),
                                         "greedy",
                                         bracket_line(2, final, semi1.winner()),
                                         "alphabeta-mvvlva",
                                         "\t\talphabeta-mvvlva",
                                         "bye",
                                         bracket_line(1, semi2, "alphabeta-mvvlva"),
                                         "minimax",
                                         bracket_line(0, second, "minimax"),
                                         "quiescence"};
    // The bracket, then a blank line and each engine's outcome counts, as cutechess ends.
    EXPECT_EQ(lines_before(out, "", 15), expected) << out;
    EXPECT_NE(out.find("\n\nPlayer: alphabeta\n"), std::string::npos) << out;
    // "Started game N of M": M is cutechess's 5 encounters x 2 games, or N past it.
    std::regex started(R"(^Started game (\d+) of (\d+) \(.*\)$)");
    std::istringstream lines(out);
    std::size_t started_lines = 0;
    std::smatch m;
    for (std::string line; std::getline(lines, line);) {
        if (!std::regex_match(line, m, started)) continue;
        ++started_lines;
        EXPECT_EQ(std::stoll(m[2]), std::max<std::int64_t>(10, std::stoll(m[1]))) << line;
    }
    EXPECT_EQ(started_lines, games.size());
}

TEST_F(KnockoutEndToEnd, FourEnginesNativelyShowTheBracketEachRound) {
    auto [code, out] = run(native(4, "n.sqlite"));
    ASSERT_EQ(code, 0) << out;
    auto met = encounters(stored("n.sqlite"));
    ASSERT_EQ(met.size(), 3u);
    const Encounter &a = met.at({0, 0}), &b = met.at({0, 1}), &final = met.at({1, 0});
    EXPECT_EQ(a.points.count("alphabeta") + a.points.count("alphabeta-mvvlva-tt"), 2u);
    EXPECT_EQ(b.points.count("alphabeta-mvvlva") + b.points.count("minimax"), 2u);
    std::string bracket = "Bracket:\nalphabeta\n" + bracket_line(0, a, "alphabeta") +
                          "\nalphabeta-mvvlva-tt\n" + bracket_line(1, final, a.winner()) +
                          "\nalphabeta-mvvlva\n" + bracket_line(0, b, "alphabeta-mvvlva") +
                          "\nminimax\n";
    EXPECT_NE(out.find(bracket), std::string::npos) << out;
    // After the first round, before the final is drawn (as cutechess, which draws a round when
    // its first game is due), the first round's results alone.
    std::string first_round = "Bracket:\nalphabeta\n" + bracket_line(0, a, "alphabeta") +
                              "\nalphabeta-mvvlva-tt\n\nalphabeta-mvvlva\n" +
                              bracket_line(0, b, "alphabeta-mvvlva") + "\nminimax\n";
    EXPECT_LT(out.find(first_round), out.find(bracket)) << out;
    // An encounter level after its games goes on until one engine leads (cutechess's rule for an
    // even -games: by pairs, decided after an even number of games).
    for (const auto& [key, e] : met) {
        auto x = e.points.begin(), y = std::next(x);
        EXPECT_NE(x->second, y->second);
        EXPECT_EQ(int(2 * (x->second + y->second)) % 4, 0);  // an even number of games
    }
}

TEST_F(KnockoutEndToEnd, AnInterruptedKnockoutResumesWhereItStopped) {
    auto [whole_code, whole_out] = run(native(6, "whole.sqlite"));
    ASSERT_EQ(whole_code, 0) << whole_out;
    auto [stopped_code, stopped_out] = run(native(6, "part.sqlite"), "Finished game 3 ");
    EXPECT_NE(stopped_code, 0) << stopped_out;
    const std::size_t before = stored("part.sqlite").size();
    EXPECT_GE(before, 3u);
    EXPECT_LT(before, stored("whole.sqlite").size());
    auto [resumed_code, resumed_out] = run(native(6, "part.sqlite"));
    ASSERT_EQ(resumed_code, 0) << resumed_out;
    EXPECT_NE(resumed_out.find("(" + std::to_string(before) + " were already in the database)"),
              std::string::npos)
        << resumed_out;
    // The same encounters, games and results as the run that was not interrupted (the engines
    // are deterministic): only the game numbers may differ, by a game lost to the interrupt.
    auto key = [](std::vector<StoredGame> games) {
        std::vector<std::tuple<int, int, std::string, std::string, std::string>> k;
        for (const StoredGame& g : games)
            k.emplace_back(g.round, g.encounter, g.white, g.black, g.result);
        std::sort(k.begin(), k.end());
        return k;
    };
    EXPECT_EQ(key(stored("part.sqlite")), key(stored("whole.sqlite")));
    const std::string last_bracket = whole_out.substr(whole_out.rfind("Bracket:\n"));
    EXPECT_NE(resumed_out.find(last_bracket.substr(0, last_bracket.find("\n\n"))),
              std::string::npos)
        << resumed_out;
}

TEST_F(KnockoutEndToEnd, PyramidPlaysCutechessOrderInTheDialect) {
    std::string command = std::string(ARBITER_PATH) +
                          " -tournament pyramid -games 2 -repeat -concurrency 1 -each tc=inf "
                          "nodes=1000 -openings file=" +
                          SOURCE_DIR + "/openings/arbiter-8ply.epd -db " + path("p.sqlite");
    for (int i = 0; i < 4; ++i)
        command += " -engine name=" + SIX[std::size_t(i)] + " cmd=" + ENGINE_DIR + "/" +
                   SIX[std::size_t(i)];
    auto [code, out] = run(command);
    ASSERT_EQ(code, 0) << out;
    std::vector<std::string> started;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("Started game ", 0) == 0) started.push_back(line);
    std::vector<std::string> expected;
    int number = 0;
    for (int later = 1; later < 4; ++later)
        for (int earlier = 0; earlier < later; ++earlier)
            for (auto [w, b] : {std::pair{later, earlier}, std::pair{earlier, later}})
                expected.push_back("Started game " + std::to_string(++number) + " of 12 (" +
                                   SIX[std::size_t(w)] + " vs " + SIX[std::size_t(b)] + ")");
    EXPECT_EQ(started, expected) << out;
    EXPECT_EQ(stored("p.sqlite").size(), 12u);
    EXPECT_NE(out.find("Rank Name"), std::string::npos) << out;  // a round-robin's table
}

// Side by side with cutechess-cli 1.3.1: testdata/cutechess_NAME.txt holds what it printed for
// `cutechess-cli -engine name=E cmd=E proto=uci ... (the first `engines` of SIX) -each tc=inf
// nodes=3000 -concurrency 1 -openings file=openings/arbiter-8ply.epd format=epd
// order=sequential ARGS` with our engines, each line's trailing blanks dropped: knockout4,
// pyramid4 and knockout6_single whole (the outcome counts per engine after the bracket or the
// table and its SPRT line, "Finished match"), the others up to that end block. arbiter
// speaking the same command line prints the same lines first: every game started and finished
// with its result, the bracket or the table.
class CutechessSideBySide : public KnockoutEndToEnd {
  protected:
    void expect_cutechess_lines(const std::string& name, int engines, const std::string& args) {
        std::ifstream file(std::string(SOURCE_DIR) + "/harness/tournament/testdata/cutechess_" +
                           name + ".txt");
        std::vector<std::string> expected;
        for (std::string line; std::getline(file, line);) expected.push_back(line);
        ASSERT_GT(expected.size(), 20u) << name;
        std::string command = std::string(ARBITER_PATH) + " -each tc=inf nodes=3000 " +
                              "-concurrency 1 -openings file=" + SOURCE_DIR +
                              "/openings/arbiter-8ply.epd format=epd order=sequential " + args +
                              " -db " + path(name + ".sqlite");
        for (int i = 0; i < engines; ++i)
            command += " -engine name=" + SIX[std::size_t(i)] + " cmd=" + ENGINE_DIR + "/" +
                       SIX[std::size_t(i)] + " proto=uci";
        auto [code, out] = run(command);
        ASSERT_EQ(code, 0) << out;
        std::vector<std::string> printed;
        std::istringstream lines(out);
        for (std::string line; std::getline(lines, line);) {
            if (line.rfind("Database: ", 0) == 0) continue;
            line.erase(line.find_last_not_of(' ') + 1);
            printed.push_back(line);
        }
        printed.resize(std::min(printed.size(), expected.size()));
        EXPECT_EQ(printed, expected) << out;
    }
};

TEST_F(CutechessSideBySide, KnockoutOfFour) {
    expect_cutechess_lines("knockout4", 4, "-tournament knockout -games 2 -repeat -srand 7");
}

// Five engines: a bracket of eight, three byes for the best-ranked.
TEST_F(CutechessSideBySide, KnockoutOfFiveWithThreeByes) {
    expect_cutechess_lines("knockout5", 5, "-tournament knockout -games 2 -repeat -srand 7");
}

TEST_F(CutechessSideBySide, KnockoutOfSixWithTwoByes) {
    expect_cutechess_lines("knockout6", 6, "-tournament knockout -games 2 -repeat -srand 11");
}

// One game an encounter: a level one goes on game by game, each on the next opening.
TEST_F(CutechessSideBySide, KnockoutOfSixOneGameAnEncounter) {
    expect_cutechess_lines("knockout6_single", 6, "-tournament knockout -games 1 -srand 3");
}

TEST_F(CutechessSideBySide, PyramidOfFourWithItsTable) {
    expect_cutechess_lines("pyramid4", 4, "-tournament pyramid -games 2 -repeat");
}

// Six engines: the 30 games (the table is left out: cutechess prints "nan" for the error margin
// of an engine without a point where arbiter prints "-nan", a line of the end block).
TEST_F(CutechessSideBySide, PyramidOfSix) {
    expect_cutechess_lines("pyramid6", 6, "-tournament pyramid -games 2 -repeat");
}

// -openings policy=encounter over four engines, two rounds: cutechess's rotation, each encounter
// on the suite's next entry (as cutechess-cli 1.3.1 played it: encounter k on entry k). A run
// stopped by SIGINT and resumed by the same command holds every game on the same opening, with
// the same players and result, as the run that was not stopped.
TEST_F(KnockoutEndToEnd, APolicyRunResumedGivesEachGameItsOpening) {
    auto command = [&](const std::string& db) {
        std::string c = std::string(ARBITER_PATH) +
                        " -each tc=inf nodes=3000 -concurrency 1 -rounds 2 -games 2 -repeat "
                        "-openings file=" +
                        SOURCE_DIR +
                        "/openings/arbiter-8ply.epd format=epd order=sequential "
                        "policy=encounter -db " +
                        path(db);
        for (int i = 0; i < 4; ++i)
            c += " -engine name=" + SIX[std::size_t(i)] + " cmd=" + ENGINE_DIR + "/" +
                 SIX[std::size_t(i)];
        return c;
    };
    // slot -> "white black suite-entry result"
    auto games_of = [&](const std::string& db) {
        sqlite3* connection = nullptr;
        EXPECT_EQ(sqlite3_open_v2(path(db).c_str(), &connection, SQLITE_OPEN_READONLY, nullptr),
                  SQLITE_OK);
        sqlite3_stmt* statement = nullptr;
        sqlite3_prepare_v2(connection,
                           "SELECT g.slot, w.name, b.name, o.suite_index, g.result FROM games g "
                           "JOIN engines w ON w.id = g.white_engine_id JOIN engines b ON b.id = "
                           "g.black_engine_id JOIN openings o ON o.id = g.opening_id",
                           -1, &statement, nullptr);
        std::map<std::int64_t, std::string> games;
        while (sqlite3_step(statement) == SQLITE_ROW) {
            std::string text;
            for (int column = 1; column <= 4; ++column)
                text += std::string(column > 1 ? " " : "") +
                        reinterpret_cast<const char*>(sqlite3_column_text(statement, column));
            games[sqlite3_column_int64(statement, 0)] = text;
        }
        sqlite3_finalize(statement);
        sqlite3_close(connection);
        return games;
    };
    auto [whole_code, whole_out] = run(command("whole.sqlite"));
    ASSERT_EQ(whole_code, 0) << whole_out;
    const std::map<std::int64_t, std::string> whole = games_of("whole.sqlite");
    ASSERT_EQ(whole.size(), 24u);
    const char* const rotation[] = {"alphabeta minimax",
                                    "alphabeta-mvvlva alphabeta-mvvlva-tt",
                                    "alphabeta alphabeta-mvvlva-tt",
                                    "minimax alphabeta-mvvlva",
                                    "alphabeta alphabeta-mvvlva",
                                    "alphabeta-mvvlva-tt minimax"};
    for (const auto& [slot, text] : whole) {
        const std::string first = rotation[slot / 2 % 6];
        const std::string players = slot % 2 == 0 ? first
                                                  : first.substr(first.find(' ') + 1) + " " +
                                                        first.substr(0, first.find(' '));
        EXPECT_EQ(text.rfind(players + " " + std::to_string(slot / 2) + " ", 0), 0u)
            << "slot " << slot << ": " << text;
    }
    auto [stopped_code, stopped_out] = run(command("part.sqlite"), "Finished game 7 ");
    EXPECT_NE(stopped_code, 0) << stopped_out;
    EXPECT_LT(games_of("part.sqlite").size(), 24u);
    auto [resumed_code, resumed_out] = run(command("part.sqlite"));
    ASSERT_EQ(resumed_code, 0) << resumed_out;
    EXPECT_EQ(games_of("part.sqlite"), whole);
}

TEST_F(KnockoutEndToEnd, ShardsAreRefusedWithTheReasonBeforeAnyGame) {
    auto [code, out] = run(native(4, "s.sqlite") + " --shard 1/2");
    EXPECT_EQ(code, 1) << out;
    std::ifstream err_file(path("err"));
    std::string err((std::istreambuf_iterator<char>(err_file)), {});
    EXPECT_NE(err.find("a knockout cannot be split into shards"), std::string::npos) << err;
    EXPECT_NE(err.find("each round is drawn from every result of the round before"),
              std::string::npos)
        << err;
    EXPECT_FALSE(fs::exists(path("s.sqlite")));
}

}  // namespace
