// The outputs the dialect shares with `arbiter tournament`, end to end with our engines at fixed
// nodes: -html with -report-every N (the page rewritten every N games), -shard K/N (each shard
// its own database, together the whole schedule) and -pool DIR (with -sprt, one pooled test).
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "harness/cli/cutechess_dialect_fixture.h"
#include "harness/testing/run_program.h"

namespace {

using namespace arbiter_test;

// The games a database holds, 0 while it does not exist yet.
std::size_t games_in(const std::string& db) {
    return fs::exists(db) ? stored_games(db).size() : 0;
}

// The games the report page counts ("24 games between 2 engines"), or -1 without the line.
long page_games(const std::string& page) {
    std::smatch m;
    const std::string text = read_text(page);
    return std::regex_search(text, m, std::regex(R"((\d+) games between 2 engines)"))
               ? std::stol(m[1])
               : -1;
}

class CutechessDialectShared : public CutechessDialect {
  protected:
    // The random mover against alphabeta-mvvlva at 2000 nodes a move: the random mover loses.
    std::string fixed_nodes(const std::string& openings) const {
        return std::string("-engine name=patch cmd=") + RANDOM_ENGINE_PATH +
               " -engine name=base cmd=" + ALPHABETA_MVVLVA_PATH +
               " -each tc=inf nodes=2000 -openings file=" + openings + " -repeat -games 2 ";
    }

    // Starts arbiter with `arguments` (split on spaces) in the background, its output in files.
    pid_t start(const std::string& arguments) const {
        std::vector<std::string> words{ARBITER_PATH};
        std::istringstream in(arguments);
        for (std::string word; in >> word;) words.push_back(word);
        const std::string out = path("bg.out"), err = path("bg.err");
        pid_t pid = ::fork();
        if (pid == 0) {
            if (!std::freopen(out.c_str(), "w", stdout) || !std::freopen(err.c_str(), "w", stderr))
                ::_exit(127);
            std::vector<char*> argv;
            for (std::string& word : words) argv.push_back(word.data());
            argv.push_back(nullptr);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        return pid;
    }
};

// -report-every 3 rewrites the -html page after every third game: killed mid-run (no page at
// the end), the page holds the games up to the last multiple of 3 recorded.
TEST_F(CutechessDialectShared, ReportEveryRewritesThePageEveryNGames) {
    RunResult refused = run(fixed_nodes(path("book.epd")) + "-rounds 2 -report-every 3");
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("-report-every 3 rewrites the -html page every N games: give -html "
                               "FILE as well"),
              std::string::npos)
        << refused.err;
    // -wait 200 between games (one worker): 200 games would take 40 s; it is killed long before.
    const std::string db = path("paged.sqlite"), page = path("paged.html");
    pid_t pid = start(fixed_nodes(path("book.epd")) + "-rounds 200 -concurrency 1 -wait 200 -db " +
                      db + " -srand 5 -html " + page + " -report-every 3");
    ASSERT_GT(pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (games_in(db) < 4 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status))
        << "the run ended before it was killed: " << read_text(path("bg.err"));
    const long recorded = long(games_in(db)), shown = page_games(page);
    ASSERT_GE(recorded, 4) << read_text(path("bg.err"));
    // The page of game 3 (or 6, ...): a multiple of 3, and at most one rewrite behind.
    EXPECT_EQ(shown % 3, 0) << shown;
    EXPECT_GE(shown, 3);
    EXPECT_LE(shown, recorded);
    EXPECT_LT(recorded - shown, 6) << recorded << " recorded, " << shown << " on the page";
    EXPECT_EQ(read_text(path("bg.out")).find("Report:"), std::string::npos);
}

// -shard 1/2 and 2/2 with their own -db play the whole schedule between them, each game once,
// each in the slot, colours and opening of the unsharded run with the same -srand.
TEST_F(CutechessDialectShared, ShardsPlayTheWholeScheduleOnce) {
    const std::string match = fixed_nodes(path("book.epd")) + "-rounds 6 -concurrency 2 -srand 11";
    RunResult unseeded = run(match.substr(0, match.find(" -srand")) + " -shard 1/2");
    EXPECT_EQ(unseeded.exit_code, 1);
    EXPECT_NE(unseeded.err.find("-shard 1/2 needs -srand N"), std::string::npos) << unseeded.err;
    RunResult whole = run(match + " -db " + path("whole.sqlite"));
    ASSERT_EQ(whole.exit_code, 0) << whole.err;
    std::map<std::int64_t, std::tuple<std::string, std::string, std::string>> expected;
    for (const StoredGame& g : stored_games(path("whole.sqlite")))
        expected[g.number] = {g.white, g.black, g.start_fen};
    ASSERT_EQ(expected.size(), 12u);
    std::set<std::int64_t> played;
    for (int k = 1; k <= 2; ++k) {
        const std::string db = path("shard" + std::to_string(k) + ".sqlite");
        RunResult shard = run(match + " -shard " + std::to_string(k) + "/2 -db " + db);
        ASSERT_EQ(shard.exit_code, 0) << shard.err;
        const std::vector<StoredGame> games = stored_games(db);
        EXPECT_EQ(games.size(), 6u) << "shard " << k;
        for (const StoredGame& g : games) {
            EXPECT_TRUE(played.insert(g.number).second) << "game " << g.number << " twice";
            ASSERT_TRUE(expected.count(g.number)) << g.number;
            EXPECT_EQ(std::make_tuple(g.white, g.black, g.start_fen), expected[g.number])
                << "game " << g.number;
        }
    }
    EXPECT_EQ(played.size(), 12u);
}

// -sprt with -shard and -pool: one test pooled in DIR. Shard 1 plays until the pool's verdict (the
// random mover loses every pair: H0); shard 2, started after it, plays nothing.
TEST_F(CutechessDialectShared, PoolDecidesOneTestForEveryShard) {
    const std::string match = fixed_nodes(SOURCE_DIR "/openings/arbiter-8ply.epd") +
                              "-rounds 200 -concurrency 2 -srand 3 -sprt elo0=0 elo1=10";
    RunResult unpooled = run(match + " -shard 1/2 -db " + path("alone.sqlite"));
    EXPECT_EQ(unpooled.exit_code, 1);
    EXPECT_NE(unpooled.err.find("needs --pool DIR"), std::string::npos) << unpooled.err;
    const std::string pool = path("pool");
    RunResult first = run(match + " -shard 1/2 -pool " + pool + " -db " + path("s1.sqlite"));
    ASSERT_EQ(first.exit_code, 0) << first.err;
    EXPECT_NE(first.out.find("\nPool: this shard stopped on the pool's verdict\n"),
              std::string::npos)
        << first.out;
    EXPECT_NE(first.out.find(" H0 accepted (pooled over 1 shards, decided by shard 1)\n"),
              std::string::npos)
        << first.out;
    const std::string verdict = read_text(pool + "/verdict.json");
    EXPECT_NE(verdict.find("\"verdict\": \"H0 accepted\""), std::string::npos) << verdict;
    // The pool counted shard 1's pairs as its database holds them, up to the decision: the games
    // of the batch in play when it came (4 pairs at most, by default) are recorded too.
    std::smatch pairs;
    const std::string counts = read_text(pool + "/counts/shard-1.json");
    ASSERT_TRUE(std::regex_search(counts, pairs, std::regex(R"("pairs": (\d+))"))) << counts;
    const long counted = std::stol(pairs[1]);
    const std::vector<StoredGame> games = stored_games(path("s1.sqlite"));
    EXPECT_GE(long(games.size()), 2 * counted);
    EXPECT_LE(long(games.size()), 2 * (counted + 4));
    EXPECT_NE(verdict.find("\"pairs\": " + std::to_string(counted)), std::string::npos) << verdict;
    for (const StoredGame& g : games)
        EXPECT_EQ(g.result, g.white == "patch" ? "0-1" : "1-0") << "game " << g.number;
    RunResult second = run(match + " -shard 2/2 -pool " + pool + " -db " + path("s2.sqlite"));
    ASSERT_EQ(second.exit_code, 0) << second.err;
    EXPECT_NE(second.err.find("Played 0 games"), std::string::npos) << second.err;
    EXPECT_EQ(games_in(path("s2.sqlite")), 0u);
    EXPECT_EQ(read_text(pool + "/verdict.json"), verdict);
}

}  // namespace
