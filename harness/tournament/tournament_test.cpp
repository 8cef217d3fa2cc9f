#include "harness/tournament/tournament.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "harness/store/sqlite.h"
#include "harness/tournament/tournament_test_fixture.h"

namespace arbiter {
namespace {

using namespace tournament_testing;

namespace fs = std::filesystem;
using std::chrono::milliseconds;

TEST(Schedule, EveryPairMeetsEveryOpeningWithBothColoursOncePerRound) {
    auto schedule = make_schedule(4, 3, 2, false, 1);
    ASSERT_EQ(schedule.size(), 2u * 3 * 6 * 2);
    std::map<std::tuple<int, int, int, int>, int> seen;  // round, opening, white, black
    for (std::size_t i = 0; i < schedule.size(); ++i) {
        const auto& g = schedule[i];
        EXPECT_EQ(g.slot.number, std::int64_t(i));
        EXPECT_NE(g.white, g.black);
        ++seen[{g.slot.round, g.slot.opening_index, g.white, g.black}];
        if (g.slot.game_in_pair == 1) {
            // The second game of a pair reverses the first one's colours on the same opening.
            EXPECT_EQ(schedule[i - 1].white, g.black);
            EXPECT_EQ(schedule[i - 1].slot.opening_index, g.slot.opening_index);
        }
    }
    EXPECT_EQ(seen.size(), schedule.size());
    for (const auto& [key, count] : seen) EXPECT_EQ(count, 1);
}

TEST(Schedule, RandomOrderIsASeededPermutationPerRound) {
    auto a = make_schedule(2, 20, 2, true, 7), b = make_schedule(2, 20, 2, true, 7),
         c = make_schedule(2, 20, 2, true, 8);
    auto openings = [](const std::vector<ScheduledGame>& s, int round) {
        std::vector<int> order;
        for (const auto& g : s)
            if (g.slot.round == round && g.slot.game_in_pair == 0)
                order.push_back(g.slot.opening_index);
        return order;
    };
    EXPECT_EQ(openings(a, 0), openings(b, 0));
    EXPECT_NE(openings(a, 0), openings(c, 0));
    EXPECT_NE(openings(a, 0), openings(a, 1));
    auto sorted = openings(a, 1);
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < 20; ++i) EXPECT_EQ(sorted[std::size_t(i)], i);
}

TEST_F(TournamentTest, PlaysEveryScheduledGameOnceAndResumesToNothing) {
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary first = run_tournament(config, store, recorder);
    EXPECT_EQ(first.scheduled, 2 * 3 * 2);
    EXPECT_EQ(first.played_now, 12);
    EXPECT_EQ(recorder.results.size(), 12u);
    auto games = store.list_games(first.tournament_id);
    std::set<std::int64_t> slots;
    for (const auto& g : games) slots.insert(g.slot.number);
    EXPECT_EQ(slots.size(), 12u);

    // The same configuration again plays nothing; one more round plays only the new slots.
    TournamentSummary again = run_tournament(config, store, recorder);
    EXPECT_EQ(again.tournament_id, first.tournament_id);
    EXPECT_EQ(again.played_now, 0);
    EXPECT_EQ(again.already_played, 12);
    config.rounds = 2;
    TournamentSummary more = run_tournament(config, store, recorder);
    EXPECT_EQ(more.played_now, 12);
    EXPECT_EQ(store.count_games(first.tournament_id), 24);
}

// Each engine's `id name` and `id author` are kept with its engine row and told to the observer;
// the name it was given stays the name of its games.
TEST_F(TournamentTest, KeepsWhatEachEngineSaysOfItselfInTheDatabase) {
    config.engines[0].args = {"--seed", "1", "--name", "Mock Engine 1.0"};
    struct Identified : Recorder {
        void engines_identified(const std::map<EngineId, EngineOwnIdentity>& own) override {
            told = own;
        }
        std::map<EngineId, EngineOwnIdentity> told;
    } recorder;
    Store store = Store::open(config.db_path);
    TournamentSummary summary = run_tournament(config, store, recorder);
    std::vector<StoredEngine> engines = store.list_engines();
    ASSERT_EQ(engines.size(), 3u);
    EXPECT_EQ(engines[0].identity.name, "mock0");
    EXPECT_EQ(engines[0].own, (EngineOwnIdentity{"Mock Engine 1.0", "arbiter tests", ""}));
    EXPECT_EQ(engines[1].own, (EngineOwnIdentity{"mock", "arbiter tests", ""}));
    std::map<EngineId, EngineOwnIdentity> expected;
    for (const StoredEngine& e : engines) expected[e.id] = e.own;
    EXPECT_EQ(recorder.told, expected);
    std::set<std::string> names;
    for (const GameSummary& g : store.list_games(summary.tournament_id)) names.insert(g.white_name);
    EXPECT_EQ(names, (std::set<std::string>{"mock0", "mock1", "mock2"}));
}

// Issue 30: each move's score reaches the database with the bound the engine gave it (`score cp
// 31 lowerbound`, `score mate -2 upperbound`) and comes back with it; an exact score stays exact.
TEST_F(TournamentTest, KeepsEachScoresBoundInTheDatabase) {
    config.engines[0].args = {"--seed", "1", "--score", "cp 31 lowerbound"};
    config.engines[1].args = {"--seed", "2", "--score", "mate -2 upperbound"};
    Store store = Store::open(config.db_path);
    Recorder recorder;
    const TournamentSummary summary = run_tournament(config, store, recorder);
    std::map<EngineId, std::string> names;
    for (const StoredEngine& e : store.list_engines()) names[e.id] = e.identity.name;
    const std::map<std::string, Score> said = {
        {"mock0", Score::from_centipawns(31, Score::Bound::lower)},
        {"mock1", Score::from_mate_moves(-2, Score::Bound::upper)},
        {"mock2", Score::from_centipawns(0)}};
    std::map<std::string, int> moves_of;
    for (const GameSummary& g : store.list_games(summary.tournament_id)) {
        const GameRecord game = store.load_game(g.id);
        const bool white_first = game.start_fen.find(" w ") != std::string::npos;
        for (const MoveRecord& move : game.moves) {
            const bool white = (move.ply % 2 == 1) == white_first;
            const std::string& mover =
                names.at(white ? game.white_engine_id : game.black_engine_id);
            ++moves_of[mover];
            EXPECT_EQ(move.score, said.at(mover)) << mover << " ply " << move.ply;
        }
    }
    ASSERT_EQ(moves_of.size(), 3u);
    sql::Connection raw(config.db_path, SQLITE_OPEN_READONLY);
    EXPECT_EQ(
        raw.query_text("SELECT group_concat(coalesce(score_bound, 'exact') || ' ' || n, ', ') "
                       "FROM (SELECT score_bound, count(*) AS n FROM moves GROUP BY 1 "
                       "ORDER BY 1)",
                       "test"),
        "exact " + std::to_string(moves_of["mock2"]) + ", lowerbound " +
            std::to_string(moves_of["mock0"]) + ", upperbound " +
            std::to_string(moves_of["mock1"]));
}

TEST_F(TournamentTest, ChangingASettingThatDecidesResultsPlaysTheGamesAgain) {
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary first = run_tournament(config, store, recorder);
    EXPECT_EQ(first.played_now, 12);
    EXPECT_EQ(explain_new_tournament(store, config), "");  // the same tournament: nothing to say

    // A stall timeout (like a clock margin or adjudication) can turn a game into a forfeit: a
    // run with another one is another tournament, whose games are all played again.
    config.game.stall_timeout = milliseconds(3000);
    std::string why = explain_new_tournament(store, config);
    EXPECT_NE(why.find("not tournament " + std::to_string(first.tournament_id)), std::string::npos)
        << why;
    EXPECT_NE(why.find("stall_timeout: 2000 -> 3000"), std::string::npos) << why;
    TournamentSummary second = run_tournament(config, store, recorder);
    EXPECT_NE(second.tournament_id, first.tournament_id);
    EXPECT_EQ(second.already_played, 0);
    EXPECT_EQ(second.played_now, 12);

    // The same for the opening file's content under the same name.
    std::ofstream(config.openings_path, std::ios::app)
        << "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1\n";
    why = explain_new_tournament(store, config);
    EXPECT_NE(why.find("the content of the opening file changed"), std::string::npos) << why;
    TournamentSummary third = run_tournament(config, store, recorder);
    EXPECT_NE(third.tournament_id, second.tournament_id);
    EXPECT_EQ(third.played_now, 18);

    // A pause between games changes no result: the same tournament, nothing to play.
    config.wait = milliseconds(1);
    EXPECT_EQ(run_tournament(config, store, recorder).tournament_id, third.tournament_id);
}

TEST_F(TournamentTest, WaitPausesEachWorkerBetweenGames) {
    config.engines.resize(2);
    config.concurrency = 1;
    config.wait = milliseconds(150);
    struct Clock : TournamentObserver {
        void game_finished(const GameRecord&, GameId, const std::string&,
                           const std::string&) override {
            finished.push_back(std::chrono::steady_clock::now());
        }
        std::vector<std::chrono::steady_clock::time_point> finished;
    } clock;
    Store store = Store::open(config.db_path);
    TournamentSummary s = run_tournament(config, store, clock);
    ASSERT_EQ(s.played_now, 4);
    ASSERT_EQ(clock.finished.size(), 4u);
    // With one worker, each game starts at least `wait` after the previous one finished.
    for (std::size_t i = 1; i < clock.finished.size(); ++i)
        EXPECT_GE(clock.finished[i] - clock.finished[i - 1], config.wait) << i;
}

TEST_F(TournamentTest, ValuesThatCannotWorkAreRejectedBeforeAnyGame) {
    config.game.stall_timeout = milliseconds(0);
    EXPECT_EQ(error_of_run(),
              "stall_timeout must be a number of milliseconds from 1 to 1000000000000, the most "
              "the clock can add (got 0)");
    config.game.stall_timeout = milliseconds(2000);
    config.game.time_margin = milliseconds(-1000);
    EXPECT_EQ(error_of_run(),
              "time_margin must be a number of milliseconds from 0 to 1000000000000, the most the "
              "clock can add (got -1000)");
    config.game.time_margin = milliseconds(100);
    config.concurrency = 0;
    EXPECT_EQ(error_of_run(), "concurrency must be a positive integer (got 0)");
}

TEST_F(TournamentTest, MisbehavingEnginesLoseAndTheTournamentGoesOn) {
    config.engines.pop_back();
    add_engine("crasher", {"--crash-at", "3"});
    add_engine("hanger", {"--hang-at", "2", "--every-game"});
    add_engine("cheater", {"--illegal-at", "2", "--every-game"});
    config.game.stall_timeout = milliseconds(1000);  // generous: only the hanger may stall
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary s = run_tournament(config, store, recorder);
    EXPECT_EQ(s.played_now, s.scheduled);
    std::map<std::string, int> terminations;
    for (const auto& g : store.list_games(s.tournament_id)) {
        auto involves = [&](const char* name) {
            return g.white_name == name || g.black_name == name;
        };
        if (g.result.termination == Termination::disconnect) {
            EXPECT_TRUE(involves("crasher"));
        } else if (g.result.termination == Termination::stall) {
            EXPECT_TRUE(involves("hanger"));
        } else if (g.result.termination == Termination::illegal_move) {
            EXPECT_TRUE(involves("cheater"));
        }
        ++terminations[std::string(termination_code(g.result.termination))];
    }
    EXPECT_GE(terminations["disconnect"], 1);
    // Each misbehaving engine has 16 games (four opponents, two openings, both colours); it loses
    // most of them its own way, except when its opponent misbehaves first.
    EXPECT_GE(terminations["stall"], 12);
    EXPECT_GE(terminations["illegal-move"], 10);
    EXPECT_FALSE(recorder.events.empty());  // restarts were reported
    EXPECT_EQ(live_engine_process_count(), 0u);
}

TEST_F(TournamentTest, SlowStartingEngineStillPlays) {
    config.engines.pop_back();
    add_engine("sleepy", {"--slow-start", "300"});
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary s = run_tournament(config, store, recorder);
    EXPECT_EQ(s.played_now, s.scheduled);
    for (const auto& g : store.list_games(s.tournament_id)) {
        EXPECT_NE(g.result.termination, Termination::stall);
        EXPECT_NE(g.result.termination, Termination::disconnect);
    }
}

TEST_F(TournamentTest, SprtStopsAOneSidedMatchEarly) {
    config.engines.resize(1);
    add_engine("loser", {"--illegal-at", "1", "--every-game"});
    config.rounds = 50;
    config.sprt = SprtParameters{};  // elo0 = 0, elo1 = 10, alpha = beta = 0.05
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary s = run_tournament(config, store, recorder);
    EXPECT_TRUE(s.stopped_early);
    ASSERT_TRUE(s.sprt_result);
    EXPECT_NE(s.sprt_result->find("H1 accepted"), std::string::npos) << *s.sprt_result;
    EXPECT_NE(s.sprt_result->find("LLR: "), std::string::npos);
    EXPECT_LT(s.played_now, s.scheduled);
    // A re-run finds the decision in the database and plays nothing more.
    TournamentSummary again = run_tournament(config, store, recorder);
    EXPECT_EQ(again.played_now, 0);
    EXPECT_TRUE(again.sprt_result);
}

TEST_F(TournamentTest, ChangedEngineReplaysOnlyItsGames) {
    fs::copy_file(MOCK_ENGINE_PATH, dir / "engine-copy");
    config.engines[2].command = (dir / "engine-copy").string();
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary first = run_tournament(config, store, recorder);
    EXPECT_EQ(first.played_now, 12);
    // "Rebuild" the third engine: same program, different bytes.
    std::ofstream(dir / "engine-copy", std::ios::app | std::ios::binary) << "rebuilt";
    TournamentSummary second = run_tournament(config, store, recorder);
    EXPECT_EQ(second.tournament_id, first.tournament_id);
    EXPECT_EQ(second.played_now, 8);  // mock2's two pairs on two openings
    EXPECT_NE(second.engine_ids[2], first.engine_ids[2]);
    EXPECT_EQ(store.count_games(first.tournament_id, second.engine_ids), 12);
    // Changing an option is a new identity as well.
    config.engines[0].options.emplace_back("Hash", "32");
    EXPECT_EQ(run_tournament(config, store, recorder).played_now, 8);
}

TEST_F(TournamentTest, ConfigurationErrorsComeBeforeAnyGame) {
    TournamentConfig good = config;
    config.engines[1].command = (dir / "no-such-engine").string();
    EXPECT_NE(error_of_run().find("engine mock1: engine program not found: "), std::string::npos);
    config = good;
    config.engines[1].args = {"--no-uci"};
    config.handshake_timeout = milliseconds(300);
    EXPECT_NE(error_of_run().find("did not answer 'uci' with 'uciok'"), std::string::npos);
    config = good;
    config.engines[0].options.emplace_back("NoSuchOption", "1");
    EXPECT_NE(error_of_run().find("has no option 'NoSuchOption'"), std::string::npos);
    config = good;
    std::ofstream(dir / "bad.epd") << "4k3/8/8/8/8/8/8/4K3 w - -\nnot a fen at all\n";
    config.openings_path = (dir / "bad.epd").string();
    EXPECT_NE(error_of_run().find("bad.epd:2: FEN field 1 (placement): bad piece letter 'o'"),
              std::string::npos);
    config = good;
    config.limits = {};
    EXPECT_NE(error_of_run().find("has no search limit"), std::string::npos);
    config = good;
    config.engines[1].name = config.engines[0].name;
    EXPECT_NE(error_of_run().find("two engines are named mock0"), std::string::npos);
    // Issue 20, item 13: a window past the suite's end, and a book that is a directory.
    config = good;
    config.openings_start = 3;
    EXPECT_EQ(error_of_run(), "openings_start 3 is past the end of the suite: " +
                                  config.openings_path + " holds 2 openings");
    config = good;
    config.engines[0].book_path = dir.string();
    EXPECT_EQ(error_of_run(),
              "engine mock0: " + dir.string() + ": is a directory, not a Polyglot book (.bin)");
}

TEST_F(TournamentTest, EngineNamesNeverLeaveTheLogDirectory) {
    config.engines[0].name = "../../x";
    config.engines[1].name = "a/b";
    config.engines[2].name = "a_b";
    Store store = Store::open(config.db_path);
    Recorder recorder;
    EXPECT_EQ(run_tournament(config, store, recorder).played_now, 12);
    std::set<std::string> logs;
    for (const auto& entry : fs::directory_iterator(dir / "logs"))
        logs.insert(entry.path().filename().string());
    EXPECT_EQ(logs,
              (std::set<std::string>{"_._.._x.stderr.log", "a_b.stderr.log", "a_b-2.stderr.log"}));
    EXPECT_FALSE(fs::exists(dir.parent_path() / "x.stderr.log"));
    EXPECT_FALSE(fs::exists(dir / "x.stderr.log"));
    for (const auto& name : logs) EXPECT_GT(fs::file_size(dir / "logs" / name), 0u) << name;
}

TEST_F(TournamentTest, KilledMidRunLosesOnlyGamesInProgress) {
    for (auto& e : config.engines) e.args.insert(e.args.end(), {"--think", "15"});
    config.rounds = 3;
    // The child tells the parent about each recorded game through a pipe; the parent kills it
    // without warning once three are recorded: a condition, not a guess at how long games take.
    int reports[2];
    ASSERT_EQ(::pipe(reports), 0);
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        ::close(reports[0]);
        struct Reporter : TournamentObserver {
            int fd;
            void game_finished(const GameRecord&, GameId, const std::string&,
                               const std::string&) override {
                ssize_t written = ::write(fd, "g", 1);
                (void)written;
            }
        } reporter;
        reporter.fd = reports[1];
        Store store = Store::open(config.db_path);
        run_tournament(config, store, reporter);
        _exit(0);
    }
    ::close(reports[1]);
    int recorded = 0;
    char byte;
    while (recorded < 3 && ::read(reports[0], &byte, 1) == 1) ++recorded;
    ::close(reports[0]);
    ASSERT_EQ(recorded, 3) << "the tournament ended before three games were recorded";
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status));

    Store store = Store::open(config.db_path);
    EXPECT_EQ(store.integrity_check(), "ok");
    Recorder recorder;
    TournamentSummary resumed = run_tournament(config, store, recorder);
    EXPECT_GE(resumed.already_played, 3);
    EXPECT_LT(resumed.already_played, resumed.scheduled);
    EXPECT_EQ(resumed.already_played + resumed.played_now, resumed.scheduled);
    std::map<std::int64_t, int> per_slot;
    for (const auto& g : store.list_games(resumed.tournament_id)) ++per_slot[g.slot.number];
    EXPECT_EQ(std::int64_t(per_slot.size()), resumed.scheduled);
    for (const auto& [slot, count] : per_slot) EXPECT_EQ(count, 1) << "slot " << slot;
}

TEST_F(TournamentTest, ConfigJsonRoundTrip) {
    config.sprt = SprtParameters{};
    config.game.adjudication.draw_move_number = 40;
    config.game.adjudication.draw_move_count = 8;
    config.game.adjudication.draw_score = 10;
    TournamentConfig back = tournament_config_from_json(config.to_json(), "test");
    EXPECT_EQ(back.to_json(), config.to_json());
    EXPECT_EQ(tournament_key(back), tournament_key(config));
    EXPECT_THROW(tournament_config_from_json(json::parse(R"({"rounds": "two"})"), "c.json"),
                 ConfigError);
    EXPECT_THROW(tournament_config_from_json(json::parse(R"({"colour": 1})"), "c.json"),
                 ConfigError);
}

// Found by the config_json fuzz target: a negative seed or node count turned into a huge unsigned
// number that the stored configuration could not read back, and an int member wrapped silently.
TEST(TournamentConfigJson, RefusesNumbersItCannotKeep) {
    auto message = [](const char* text) {
        try {
            tournament_config_from_json(json::parse(text), "c.json");
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    // Each refused with the one validation's wording (as from a flag).
    EXPECT_EQ(message(R"({"seed": -1})"),
              "c.json: seed must be a whole number, 0 or more (got -1)");
    EXPECT_EQ(message(R"({"nodes": -5})"), "c.json: nodes must be a positive integer (got -5)");
    EXPECT_EQ(message(R"({"nodes": 9007199254740994})"),
              "c.json: nodes must be a positive integer, at most 9007199254740992 (got "
              "9007199254740994)");
    EXPECT_EQ(message(R"({"rounds": 4294967297})"),
              "c.json: rounds must be a positive integer, at most 2147483647 (got 4294967297)");
    EXPECT_EQ(message(R"({"depth": 0})"), "c.json: depth must be a depth from 1 to 1000 (got 0)");
    EXPECT_EQ(message(R"({"movetime": -20})"),
              "c.json: movetime must be a number of milliseconds from 1 to 1000000000000, the most "
              "the clock can add (got -20)");
    EXPECT_NE(message(R"({"adjudication": {"max_plies": 1e12}})").find("max_plies must be"),
              std::string::npos);
    TournamentConfig kept = tournament_config_from_json(
        json::parse(R"({"seed": 9000000000000000000, "nodes": 1, "depth": 1000})"), "c.json");
    EXPECT_EQ(kept.seed, 9000000000000000000u);
    EXPECT_EQ(tournament_config_from_json(kept.to_json(), "stored").to_json(), kept.to_json());
}

}  // namespace
}  // namespace arbiter
