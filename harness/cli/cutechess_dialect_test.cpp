// `arbiter -engine ...` end to end: real runs in the cutechess-cli and fastchess dialect, read by
// small parsers written from what fishtest, OpenBench and tuners document about those lines, and
// compared with what the database holds.
#include "harness/cli/cutechess_dialect_fixture.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace arbiter_test;

// W/L/D and pentanomial counts of the first engine, as the frameworks rebuild them.
struct Counts {
    int wins = 0, losses = 0, draws = 0;
    std::array<int, 5> pentanomial{};
    bool operator==(const Counts&) const = default;
};

// Points of `engine` in one game.
double points_of(const std::string& engine, const std::string& white, const std::string& result) {
    double white_points = result == "1-0" ? 1 : result == "0-1" ? 0 : 0.5;
    return engine == white ? white_points : 1 - white_points;
}

// Counts from (number, white, result) triples: games 2k-1 and 2k are one pair (OpenBench).
Counts count(const std::string& engine,
             const std::vector<std::tuple<std::int64_t, std::string, std::string>>& games) {
    Counts c;
    std::map<std::int64_t, std::vector<double>> pairs;
    for (const auto& [number, white, result] : games) {
        double p = points_of(engine, white, result);
        (p == 1 ? c.wins : p == 0 ? c.losses : c.draws)++;
        pairs[(number + 1) / 2].push_back(p);
    }
    for (const auto& [pair, points] : pairs)
        if (points.size() == 2) c.pentanomial[std::size_t(2 * (points[0] + points[1]))]++;
    return c;
}

// The cutechess-line parser: "Finished game N (A vs B): R {reason}" lines and the last
// "Score of A vs B: W - L - D  [s] N" line.
struct CutechessParse {
    std::vector<std::tuple<std::int64_t, std::string, std::string>> games;
    std::map<std::int64_t, std::string> reasons;
    Counts score;  // from the last Score of line (pentanomial unused)
    std::int64_t score_games = 0;
};

CutechessParse parse_cutechess(const std::string& out) {
    CutechessParse parse;
    std::regex finished(R"(^Finished game (\d+) \((\S+) vs (\S+)\): (1-0|0-1|1/2-1/2) \{(.*)\}$)");
    std::regex score(R"(^Score of (\S+) vs (\S+): (\d+) - (\d+) - (\d+)  \[(\d\.\d{3})\] (\d+)$)");
    std::istringstream lines(out);
    std::string line;
    std::smatch m;
    while (std::getline(lines, line)) {
        if (std::regex_match(line, m, finished)) {
            parse.games.emplace_back(std::stoll(m[1]), m[2], m[4]);
            parse.reasons[std::stoll(m[1])] = m[5];
        } else if (std::regex_match(line, m, score)) {
            parse.score.wins = std::stoi(m[3]);
            parse.score.losses = std::stoi(m[4]);
            parse.score.draws = std::stoi(m[5]);
            parse.score_games = std::stoll(m[7]);
        }
    }
    return parse;
}

std::vector<std::tuple<std::int64_t, std::string, std::string>> as_triples(
    const std::vector<StoredGame>& games) {
    std::vector<std::tuple<std::int64_t, std::string, std::string>> triples;
    for (const auto& g : games) triples.emplace_back(g.number, g.white, g.result);
    return triples;
}

TEST_F(CutechessDialect, CutechessLinesRebuildTheDatabaseCounts) {
    RunResult r = run(match("a.sqlite") + " -rounds 8 -ratinginterval 4");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    std::vector<StoredGame> games = stored_games(path("a.sqlite"));
    ASSERT_EQ(games.size(), 16u);
    CutechessParse parse = parse_cutechess(r.out);
    ASSERT_EQ(parse.games.size(), 16u) << r.out;
    Counts from_lines = count("alpha", parse.games);
    Counts from_db = count("alpha", as_triples(games));
    EXPECT_EQ(from_lines, from_db);
    EXPECT_EQ(from_lines.pentanomial[0] + from_lines.pentanomial[1] + from_lines.pentanomial[2] +
                  from_lines.pentanomial[3] + from_lines.pentanomial[4],
              8);
    Counts score = parse.score;
    score.pentanomial = from_db.pentanomial;
    EXPECT_EQ(score, from_db);
    EXPECT_EQ(parse.score_games, 16);
    // In odd-numbered games the first engine has White; every game was announced once.
    for (const auto& [number, white, result] : parse.games)
        EXPECT_EQ(white == "alpha", number % 2 == 1) << number;
    for (int n = 1; n <= 16; ++n)
        EXPECT_NE(r.out.find("Started game " + std::to_string(n) + " of 16 ("), std::string::npos);
    // cutechess's one blank line opens its outcome blocks, after the last game's lines (a
    // reader that stops at a blank line has read every game).
    EXPECT_EQ(r.out.find("\n\n"), r.out.find("\n\nPlayer: alpha\n")) << r.out;
    EXPECT_GT(r.out.find("\n\n"), r.out.rfind("Finished game ")) << r.out;
    EXPECT_TRUE(r.out.ends_with("\nFinished match\n")) << r.out;
    EXPECT_TRUE(std::regex_search(
        r.out, std::regex(R"(\nElo difference: -?[0-9.a-z]+ \+/- [0-9.a-z]+, LOS: [0-9.a-z]+ %, )"
                          R"(DrawRatio: [0-9.]+ %\n)")))
        << r.out;
}

TEST_F(CutechessDialect, AResumedMatchScoresEveryRecordedGame) {
    ASSERT_EQ(run(match("r.sqlite") + " -rounds 3").exit_code, 0);
    RunResult r = run(match("r.sqlite") + " -rounds 6");  // three more rounds: six more games
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    CutechessParse parse = parse_cutechess(r.out);
    EXPECT_EQ(parse.games.size(), 6u) << r.out;
    auto games = stored_games(path("r.sqlite"));
    ASSERT_EQ(games.size(), 12u);
    Counts score = parse.score;
    Counts from_db = count("alpha", as_triples(games));
    score.pentanomial = from_db.pentanomial;
    EXPECT_EQ(score, from_db);
    EXPECT_EQ(parse.score_games, 12);
}

TEST_F(CutechessDialect, FastchessBlocksAppearOnlyAtCompletedPairs) {
    RunResult r = run(match("f.sqlite") + " -rounds 10 -output format=fastchess -ratinginterval 3");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    std::regex games_line(
        R"(^Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+), Points: [0-9.]+ \([0-9.]+ %\)$)");
    std::regex ptnml_line(
        R"(^Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\], WL/DD Ratio: ([-0-9.a-z]+)$)");
    std::istringstream lines(r.out);
    std::string line;
    std::smatch m;
    int blocks = 0, games = 0;
    Counts last;
    while (std::getline(lines, line)) {
        if (std::regex_match(line, m, games_line)) {
            games = std::stoi(m[1]);
            last.wins = std::stoi(m[2]);
            last.losses = std::stoi(m[3]);
            last.draws = std::stoi(m[4]);
        } else if (std::regex_match(line, m, ptnml_line)) {
            int pairs = 0;
            for (int k = 0; k < 5; ++k)
                pairs += (last.pentanomial[std::size_t(k)] = std::stoi(m[k + 1]));
            EXPECT_EQ(games, 2 * pairs) << "a block between the two games of a pair";
            ++blocks;
        }
    }
    // A block when pairs 3, 6 and 9 complete, and the closing one unless the last pair to complete
    // was one of those (under load pair 10 can finish before pair 9: its block then holds all).
    EXPECT_GE(blocks, 3);
    EXPECT_LE(blocks, 4);
    std::string dashes(50, '-');
    EXPECT_EQ(r.out.find(dashes + "\n" + dashes), std::string::npos) << "a block printed twice";
    EXPECT_EQ(last, count("alpha", as_triples(stored_games(path("f.sqlite")))));
    EXPECT_TRUE(std::regex_search(r.out, std::regex("\nFinished match\nTotal Time: [0-9:]+ "
                                                    "\\(hours:minutes:seconds\\)\n\n$")))
        << r.out;
}

TEST_F(CutechessDialect, NoswapReverseSiteAndEpdoutAndTheirResume) {
    std::string options = " -noswap -reverse -site Lab -epdout " + path("end.epd") + " -pgnout " +
                          path("g.pgn") + " -maxmoves 30";
    RunResult r = run(match("n.sqlite") + " -rounds 4" + options);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    auto games = stored_games(path("n.sqlite"));
    ASSERT_EQ(games.size(), 8u);
    for (const auto& g : games) EXPECT_EQ(g.white, "beta") << g.number;  // never swapped
    std::ifstream epd(path("end.epd"));
    std::vector<std::string> positions;
    for (std::string line; std::getline(epd, line);) positions.push_back(line);
    ASSERT_EQ(positions.size(), 8u);  // one final position per game, as cutechess writes them
    for (const auto& fen : positions) {
        EXPECT_EQ(std::count(fen.begin(), fen.end(), ' '), 5) << fen;
        EXPECT_EQ(std::count(fen.begin(), fen.end(), '/'), 7) << fen;
    }
    std::ifstream pgn(path("g.pgn"));
    std::string text((std::istreambuf_iterator<char>(pgn)), {});
    std::size_t sites = 0;
    for (std::size_t at = 0; (at = text.find("[Site \"Lab\"]\n", at)) != std::string::npos; ++at)
        ++sites;
    EXPECT_EQ(sites, 8u);
    // The colours are part of the tournament: the same command resumes, a swapped one does not.
    RunResult more = run(match("n.sqlite") + " -rounds 5" + options);
    ASSERT_EQ(more.exit_code, 0) << more.err;
    EXPECT_NE(more.err.find("Resuming: 8 of 10 games"), std::string::npos) << more.err;
    RunResult swapped = run(match("n.sqlite") + " -rounds 5 -maxmoves 30");
    ASSERT_EQ(swapped.exit_code, 0) << swapped.err;
    EXPECT_EQ(swapped.err.find("Resuming"), std::string::npos) << swapped.err;
}

TEST_F(CutechessDialect, RestartOnGivesEveryGameAFreshProcess) {
    // The mock crashes on the 12th search of its process; -maxmoves 10 leaves it at most 10
    // searches a game. Kept between games it crashes in a later game; restarted, never.
    std::string mock = MOCK_ENGINE_PATH;
    auto command = [&](const std::string& restart, const std::string& db) {
        return "-engine name=fragile cmd=" + mock + " arg=--crash-at arg=12" + restart +
               " -engine name=steady cmd=" + mock +
               " arg=--seed arg=3 -each depth=1 -openings file=" + path("book.epd") +
               " -rounds 6 -repeat -maxmoves 10 -concurrency 1 -db " + path(db);
    };
    auto disconnects = [&](const std::string& db) {
        int n = 0;
        for (const auto& g : stored_games(path(db))) n += g.termination == "disconnect";
        return n;
    };
    ASSERT_EQ(run(command("", "kept.sqlite")).exit_code, 0);
    EXPECT_GT(disconnects("kept.sqlite"), 0);
    RunResult fresh = run(command(" restart=on", "fresh.sqlite"));
    ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
    EXPECT_EQ(stored_games(path("fresh.sqlite")).size(), 12u);
    EXPECT_EQ(disconnects("fresh.sqlite"), 0) << fresh.out;
}

TEST_F(CutechessDialect, EachCrashAppearsOnExactlyOneLine) {
    std::string crasher = std::string(MOCK_ENGINE_PATH);
    RunResult r = run("-engine name=crasher cmd=" + crasher +
                      " arg=--crash-at arg=4 -engine name=steady cmd=" + crasher +
                      " arg=--seed arg=3 -each depth=1 -openings file=" + path("book.epd") +
                      " -rounds 3 -repeat -concurrency 1 -recover -db " + path("c.sqlite"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    // Each on its game's line; the closing outcome blocks count them again, by colour.
    std::int64_t lines = 0, stored = 0, white = 0, black = 0;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);)
        lines +=
            line.find("disconnects") != std::string::npos && line.rfind("Finished game ", 0) == 0;
    for (const auto& g : stored_games(path("c.sqlite"))) {
        stored += g.termination == "disconnect";
        (g.white == "crasher" ? white : black) += g.termination == "disconnect";
    }
    EXPECT_GT(stored, 0);
    EXPECT_EQ(lines, stored) << r.out;
    EXPECT_NE(
        r.out.find("\nPlayer: crasher\n   \"Loss: Black disconnects\": " + std::to_string(black) +
                   "\n   \"Loss: White disconnects\": " + std::to_string(white) + "\n"),
        std::string::npos)
        << r.out;
}

TEST_F(CutechessDialect, GauntletSeedsMeetOnlyOthers) {
    std::string random = RANDOM_ENGINE_PATH;
    RunResult r = run("-engine name=seed cmd=" + random + " -engine name=b cmd=" + random +
                      " -engine name=c cmd=" + random + " -each depth=1 -tournament gauntlet " +
                      "-seeds 1 -games 2 -rounds 2 -repeat -openings file=" + path("book.epd") +
                      " -db " + path("g.sqlite"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    auto games = stored_games(path("g.sqlite"));
    ASSERT_EQ(games.size(), 8u);
    for (const auto& g : games) EXPECT_TRUE(g.white == "seed" || g.black == "seed");
    EXPECT_EQ(parse_cutechess(r.out).games.size(), 8u);
}

// A -srand of all 64 bits is stored exactly (2^64 - 59 has no double and is above the signed
// range), and the same command resumes the same tournament: the identity is the same.
TEST_F(CutechessDialect, SixtyFourBitSrandIsStoredExactlyAndResumes) {
    const std::string command = match("big.sqlite") + " -rounds 2 -srand 18446744073709551557";
    RunResult first = run(command);
    ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
    sqlite3* connection = nullptr;
    ASSERT_EQ(
        sqlite3_open_v2(path("big.sqlite").c_str(), &connection, SQLITE_OPEN_READONLY, nullptr),
        SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    sqlite3_prepare_v2(connection, "SELECT config_json FROM tournaments", -1, &statement, nullptr);
    ASSERT_EQ(sqlite3_step(statement), SQLITE_ROW);
    std::string stored(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)));
    sqlite3_finalize(statement);
    sqlite3_close(connection);
    EXPECT_NE(stored.find("\"seed\":18446744073709551557"), std::string::npos) << stored;
    RunResult again = run(command);
    ASSERT_EQ(again.exit_code, 0) << again.out << again.err;
    EXPECT_EQ(parse_cutechess(again.out).games.size(), 0u) << again.out;
    EXPECT_EQ(stored_games(path("big.sqlite")).size(), 4u);
}

TEST_F(CutechessDialect, StartWindowsPartitionTheSuiteAcrossTwoRuns) {
    std::set<std::string> first, second;
    for (auto [start, db] : {std::pair{"1", "w1.sqlite"}, std::pair{"7", "w2.sqlite"}}) {
        RunResult r = run(match(db) + " -rounds 6 -srand 99 -openings file=" + path("book.epd") +
                          " order=random start=" + start);
        ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
        for (const auto& g : stored_games(path(db)))
            (std::string(start) == "1" ? first : second).insert(g.start_fen);
    }
    EXPECT_EQ(first.size(), 6u);
    EXPECT_EQ(second.size(), 6u);
    std::set<std::string> all(first);
    all.insert(second.begin(), second.end());
    EXPECT_EQ(all.size(), 12u) << "the two windows overlap";
}

TEST_F(CutechessDialect, ErrorsNameTheOption) {
    RunResult live = run(match("e.sqlite") + " -rounds 2 -livepgnout live.pgn");
    EXPECT_EQ(live.exit_code, 1);
    EXPECT_NE(live.err.find("-livepgnout is not supported"), std::string::npos) << live.err;
    RunResult spaced = run("-engine \"name=Big Engine\" cmd=x -engine cmd=y -each depth=1");
    EXPECT_EQ(spaced.exit_code, 1);
    EXPECT_NE(spaced.err.find("space or a colon"), std::string::npos) << spaced.err;
    RunResult version = run("-version");
    EXPECT_EQ(version.exit_code, 0);
    EXPECT_NE(version.out.find("arbiter"), std::string::npos);
    EXPECT_FALSE(fs::exists(path("e.sqlite")));
}

TEST_F(CutechessDialect, SigintStopsPromptlyKeepsGamesAndPrintsTheSummary) {
    std::string slow = std::string(MOCK_ENGINE_PATH) + " arg=--think arg=10";
    std::string command = std::string(ARBITER_PATH) + " -engine name=a cmd=" + slow +
                          " -engine name=b cmd=" + slow +
                          " -each depth=1 -openings file=" + path("book.epd") +
                          " -rounds 40 -repeat -concurrency 2 -db " + path("s.sqlite") + " >" +
                          path("out") + " 2>" + path("err");
    pid_t child = fork();
    if (child == 0) {
        ::execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), nullptr);
        ::_exit(127);
    }
    // Once the first game is finished (at most 60 s on a loaded machine), interrupt the match.
    for (int waited = 0; waited < 600; ++waited) {
        std::ifstream so_far(path("out"));
        std::string text((std::istreambuf_iterator<char>(so_far)), {});
        if (text.find("Finished game") != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    auto sent = std::chrono::steady_clock::now();
    ::kill(child, SIGINT);
    int status = 0;
    ::waitpid(child, &status, 0);
    // Prompt, not timed: the games in progress are abandoned, not finished. The whole match
    // takes minutes; the bound is loose so that a loaded machine cannot fail it.
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
    EXPECT_LT(seconds, 15.0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_NE(WEXITSTATUS(status), 0);
    std::ifstream out_file(path("out"));
    std::string out((std::istreambuf_iterator<char>(out_file)), {});
    EXPECT_TRUE(out.ends_with("Finished match\n")) << out;
    auto games = stored_games(path("s.sqlite"));
    EXPECT_GT(games.size(), 0u);
    EXPECT_LT(games.size(), 80u);
    EXPECT_EQ(parse_cutechess(out).games.size(), games.size()) << out;
}

}  // namespace
