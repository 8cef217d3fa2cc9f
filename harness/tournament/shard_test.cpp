#include "harness/tournament/shard.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "harness/store/merge.h"

namespace arbiter {
namespace {

TEST(Shards, PartitionTheScheduleIntoWholeColourReversedPairs) {
    const Schedule schedule({6, 5, 2, true, 3});
    for (int count = 1; count <= 7; ++count) {
        std::map<std::int64_t, int> shard_of_slot;
        for (int k = 1; k <= count; ++k) {
            for (const auto& game : shard_schedule(schedule, {k, count})) {
                EXPECT_TRUE(shard_of_slot.emplace(game.slot.number, k).second)
                    << "slot " << game.slot.number << " in two shards of " << count;
            }
        }
        ASSERT_EQ(std::int64_t(shard_of_slot.size()), schedule.size()) << count << " shards";
        // Both games of a pair are in the same shard.
        for (const auto& [slot, shard] : shard_of_slot) {
            if (slot % 2 == 1) {
                EXPECT_EQ(shard, shard_of_slot.at(slot - 1)) << "slot " << slot;
            }
        }
    }
}

// Every shard of `schedule` (its `count` shards) gets the same number of games, each of its
// engine pairs on `per_pair` games and each opening on `per_opening` (either of two values).
void expect_equal_mix(const Schedule& schedule, int count, std::set<int> per_pair,
                      std::set<int> per_opening) {
    std::set<std::int64_t> seen;
    for (int k = 1; k <= count; ++k) {
        const auto games = shard_schedule(schedule, {k, count});
        EXPECT_EQ(std::int64_t(games.size()), schedule.size() / count) << "shard " << k;
        EXPECT_EQ(shard_size(schedule, {k, count}), std::int64_t(games.size())) << "shard " << k;
        std::map<int, int> of_pair, of_opening;
        for (const auto& g : games) {
            EXPECT_TRUE(seen.insert(g.slot.number).second) << "slot " << g.slot.number;
            ++of_pair[g.slot.pair_index];
            ++of_opening[g.slot.opening_index];
        }
        EXPECT_EQ(int(of_pair.size()), schedule.engine_pairs()) << "shard " << k;
        for (const auto& [pair, games_of_pair] : of_pair)
            EXPECT_TRUE(per_pair.count(games_of_pair)) << "shard " << k << " pair " << pair;
        EXPECT_EQ(std::int64_t(of_opening.size()), schedule.shape().openings) << "shard " << k;
        for (const auto& [opening, games_of_opening] : of_opening)
            EXPECT_TRUE(per_opening.count(games_of_opening))
                << "shard " << k << " opening " << opening << ": " << games_of_opening;
    }
    EXPECT_EQ(std::int64_t(seen.size()), schedule.size()) << "every slot in exactly one shard";
}

// 15 engine pairs over 5 shards is where dealing pair i to shard i mod 5 would give each shard
// three engine pairs only (shard 1: pairs 0, 5, 10 on every opening). Every engine pair plays 8
// openings, 1 or 2 of them (2 or 4 games) in each shard; every opening is in every shard, 3
// pairs (6 games) each.
TEST(Shards, EveryShardGetsTheSameMixOfEnginePairsAndOpenings) {
    expect_equal_mix(Schedule({6, 8, 1, false, 1}), 5, {2, 4}, {6});
}

// A gauntlet of 2 seeds against 4 engines meets in 8 pairs, not the 15 of a round-robin of 6:
// dealt on the round-robin's rows, 4 shards got 12 to 20 games each of its 96.
TEST(Shards, AGauntletIsDealtOnItsOwnRows) {
    const Schedule gauntlet({6, 6, 1, false, 1, 2});
    ASSERT_EQ(gauntlet.engine_pairs(), 8);
    // Every engine pair plays 6 openings, 1 or 2 of them in each shard; each opening 2 pairs.
    expect_equal_mix(gauntlet, 4, {2, 4}, {4});
    expect_equal_mix(Schedule({5, 9, 2, false, 3, 1}), 3, {12}, {4, 8});
}

TEST(Shards, ShardSizesAreCountedWithoutVisitingTheSlots) {
    for (std::int64_t cap : {0, 1, 7, 13, 50}) {
        for (int count : {1, 2, 3, 7}) {
            const Schedule schedule({4, 5, 3, false, 1, 0, Colours::alternate, cap});
            std::int64_t total = 0;
            for (int k = 1; k <= count; ++k) {
                const std::int64_t size = shard_size(schedule, {k, count});
                EXPECT_EQ(size, std::int64_t(shard_schedule(schedule, {k, count}).size()))
                    << "cap " << cap << " shard " << k << "/" << count;
                total += size;
            }
            EXPECT_EQ(total, schedule.size());
        }
    }
    const Schedule huge({2, 123, 100'000'000, false, 1});
    EXPECT_EQ(shard_size(huge, {1, 3}) + shard_size(huge, {2, 3}) + shard_size(huge, {3, 3}),
              huge.size());
}

TEST(Shards, TwoEnginesSpreadTheirOpeningsOverTheShards) {
    const Schedule schedule({2, 9, 1, false, 1});
    for (int k = 1; k <= 3; ++k) {
        std::set<int> openings;
        for (const auto& g : shard_schedule(schedule, {k, 3}))
            openings.insert(g.slot.opening_index);
        EXPECT_EQ(openings.size(), 3u) << "shard " << k;
    }
}

using Environment = std::map<std::string, std::string>;

ShardNumber parse_with(const std::string& text, std::optional<int> count, const Environment& env) {
    return parse_shard(text, count, [&env](const char* name) -> const char* {
        auto it = env.find(name);
        return it == env.end() ? nullptr : it->second.c_str();
    });
}

TEST(ShardOption, ExplicitShardIsKOfN) {
    EXPECT_EQ(parse_with("2/4", std::nullopt, {}), (ShardNumber{2, 4}));
    EXPECT_EQ(parse_with("1/1", std::nullopt, {}), (ShardNumber{1, 1}));
    for (const char* bad : {"0/4", "5/4", "2", "2/", "/4", "a/b", "2/4x", "-1/4"})
        EXPECT_THROW(parse_with(bad, std::nullopt, {}), ConfigError) << bad;
    EXPECT_THROW(parse_with("2/4", 5, {}), ConfigError);
}

TEST(ShardOption, AutoReadsSlurmArraysNumberedFromZeroOrOne) {
    EXPECT_EQ(parse_with("auto", std::nullopt,
                         {{"SLURM_ARRAY_TASK_ID", "0"},
                          {"SLURM_ARRAY_TASK_MIN", "0"},
                          {"SLURM_ARRAY_TASK_COUNT", "4"}}),
              (ShardNumber{1, 4}));
    EXPECT_EQ(parse_with("auto", std::nullopt,
                         {{"SLURM_ARRAY_TASK_ID", "4"},
                          {"SLURM_ARRAY_TASK_MIN", "1"},
                          {"SLURM_ARRAY_TASK_COUNT", "4"}}),
              (ShardNumber{4, 4}));
    EXPECT_EQ(parse_with("auto", std::nullopt,
                         {{"SLURM_ARRAY_TASK_ID", "3"},
                          {"SLURM_ARRAY_TASK_MIN", "0"},
                          {"SLURM_ARRAY_TASK_COUNT", "4"}}),
              (ShardNumber{4, 4}));
    EXPECT_THROW(parse_with("auto", std::nullopt,
                            {{"SLURM_ARRAY_TASK_ID", "5"},
                             {"SLURM_ARRAY_TASK_MIN", "1"},
                             {"SLURM_ARRAY_TASK_COUNT", "4"}}),
                 ConfigError);
}

TEST(ShardOption, AutoReadsKubernetesIndexedJobsWithAShardCount) {
    EXPECT_EQ(parse_with("auto", 3, {{"JOB_COMPLETION_INDEX", "0"}}), (ShardNumber{1, 3}));
    EXPECT_EQ(parse_with("auto", 3, {{"JOB_COMPLETION_INDEX", "2"}}), (ShardNumber{3, 3}));
    try {
        parse_with("auto", std::nullopt, {{"JOB_COMPLETION_INDEX", "2"}});
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("--shard-count"), std::string::npos) << e.what();
    }
    try {
        parse_with("auto", std::nullopt, {});
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("SLURM_ARRAY_TASK_ID"), std::string::npos) << e.what();
    }
}

namespace fs = std::filesystem;

struct Quiet : TournamentObserver {
    void game_finished(const GameRecord&, GameId, const std::string&, const std::string&) override {
    }
};

// Three mock engines on two openings: 12 games in 6 pairs.
class ShardRunTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("arbiter-shard-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        std::ofstream(dir / "openings.epd")
            << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
               "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n";
        config.openings_path = (dir / "openings.epd").string();
        config.limits.depth = 1;
        config.game.adjudication.max_plies = 30;
        config.concurrency = 2;
        for (int i = 0; i < 3; ++i) {
            EngineConfig e;
            e.name = "mock" + std::to_string(i);
            e.command = MOCK_ENGINE_PATH;
            e.args = {"--seed", std::to_string(i + 1)};
            config.engines.push_back(e);
        }
    }
    void TearDown() override { fs::remove_all(dir); }

    TournamentSummary run(const std::string& db, std::optional<ShardNumber> shard) {
        TournamentConfig c = config;
        c.db_path = (dir / db).string();
        set_shard(c, shard);
        Store store = Store::open(c.db_path);
        Quiet quiet;
        return run_tournament(c, store, quiet);
    }

    // slot -> "white black opening" over the database's games. (The mock engines' moves depend on
    // the games their process played before, so only our own engines give equal moves; the Slurm
    // test compares those.)
    std::map<std::int64_t, std::string> games_of(const std::string& db) {
        Store store = Store::open(dir / db);
        std::map<std::int64_t, std::string> games;
        for (const auto& t : store.list_tournaments()) {
            for (const auto& g : store.list_games(t.id)) {
                std::string text = g.white_name + " " + g.black_name + " opening " +
                                   std::to_string(g.slot.opening_index) + " pair " +
                                   std::to_string(g.slot.pair_index);
                EXPECT_TRUE(games.emplace(g.slot.number, text).second) << "slot " << g.slot.number;
            }
        }
        return games;
    }

    fs::path dir;
    TournamentConfig config;
};

TEST_F(ShardRunTest, ShardsMergedHoldTheSlotsOfOneRun) {
    TournamentSummary first = run("1.sqlite", ShardNumber{1, 2});
    TournamentSummary second = run("2.sqlite", ShardNumber{2, 2});
    EXPECT_EQ(first.scheduled + second.scheduled, 12);
    EXPECT_EQ(first.played_now, first.scheduled);
    run("whole.sqlite", std::nullopt);

    const std::vector<fs::path> shards = {dir / "1.sqlite", dir / "2.sqlite"};
    MergeSummary merged = merge_shards(dir / "all.sqlite", shards);
    EXPECT_EQ(merged.games_added, 12);
    EXPECT_EQ(games_of("all.sqlite"), games_of("whole.sqlite"));

    // Each game says which shard and which machine played it.
    Store store = Store::open(dir / "2.sqlite");
    for (const auto& g : store.list_games(second.tournament_id)) {
        GameRecord record = store.load_game(g.id);
        EXPECT_EQ(record.shard, (ShardNumber{2, 2}));
        EXPECT_FALSE(record.host.empty());
    }
}

// A gauntlet of one seed against three engines: 3 pairs on 2 openings, 12 games. Each of two
// shards plays 6 games and every engine pair (on the round-robin's 6 pairs of 4 engines, shard 1
// got 8 games of pairs 0 and 2 only).
TEST_F(ShardRunTest, GauntletShardsPlayAnEqualMixOfTheirPairs) {
    EngineConfig fourth = config.engines[0];
    fourth.name = "mock3";
    fourth.args = {"--seed", "4"};
    config.engines.push_back(fourth);
    config.gauntlet = true;
    config.seeds = 1;
    std::set<std::int64_t> slots;
    for (int k = 1; k <= 2; ++k) {
        const std::string db = std::to_string(k) + ".sqlite";
        TournamentSummary summary = run(db, ShardNumber{k, 2});
        EXPECT_EQ(summary.scheduled, 6) << "shard " << k;
        EXPECT_EQ(summary.played_now, 6) << "shard " << k;
        std::set<int> pairs;
        for (const auto& [slot, text] : games_of(db)) {
            EXPECT_TRUE(slots.insert(slot).second) << "slot " << slot;
            pairs.insert(int(text.back() - '0'));
        }
        EXPECT_EQ(pairs, (std::set<int>{0, 1, 2})) << "shard " << k;
        EXPECT_EQ(shard_progress(dir / db).at(0).scheduled, 6);
    }
    EXPECT_EQ(slots.size(), 12u);
}

TEST_F(ShardRunTest, ARerunPlaysOnlyTheMissingGamesOfItsShard) {
    config.max_games = 6;  // the first 3 pairs of the schedule
    TournamentSummary first = run("1.sqlite", ShardNumber{1, 2});
    config.max_games = 0;
    TournamentSummary again = run("1.sqlite", ShardNumber{1, 2});
    EXPECT_EQ(again.already_played, first.played_now);
    EXPECT_EQ(again.already_played + again.played_now, again.scheduled);
    EXPECT_EQ(shard_progress(dir / "1.sqlite").at(0).scheduled, again.scheduled);
}

// A cancelled Slurm task signals every process of the job: an engine that dies of SIGTERM before
// arbiter does has not lost its game.
TEST_F(ShardRunTest, AGameWhoseEngineIsTerminatedFromOutsideIsNotRecorded) {
    config.engines[1].args = {"--terminated-at", "3"};
    config.concurrency = 1;
    TournamentSummary summary = run("1.sqlite", ShardNumber{1, 1});
    EXPECT_TRUE(summary.stopped_early);
    EXPECT_LT(summary.played_now, summary.scheduled);
    Store store = Store::open(dir / "1.sqlite");
    for (const auto& g : store.list_games(summary.tournament_id))
        EXPECT_NE(g.result.termination, Termination::disconnect) << "slot " << g.slot.number;
    // The game it was playing is missing, so a re-run plays it.
    EXPECT_EQ(shard_progress(dir / "1.sqlite").at(0).missing_slots.size(),
              std::size_t(summary.scheduled - summary.played_now));
}

// cutechess's policy=encounter over three engines, two rounds: six encounters in its rotation,
// each on the next opening of the two. Two shards merged, and a run stopped after five games and
// resumed, hold each game on the same opening as one run.
TEST_F(ShardRunTest, ACutechessPolicyGivesEachGameItsOpeningInShardsAndOnResume) {
    config.opening_policy = OpeningPolicy::encounter;
    config.rounds = 2;
    run("1.sqlite", ShardNumber{1, 2});
    run("2.sqlite", ShardNumber{2, 2});
    const std::vector<fs::path> shards = {dir / "1.sqlite", dir / "2.sqlite"};
    merge_shards(dir / "all.sqlite", shards);
    run("whole.sqlite", std::nullopt);
    config.max_games = 5;
    EXPECT_EQ(run("resumed.sqlite", std::nullopt).played_now, 5);
    config.max_games = 0;
    EXPECT_EQ(run("resumed.sqlite", std::nullopt).already_played, 5);

    std::map<std::int64_t, std::string> expected;
    const char* const games[] = {"mock1 mock2 opening 0", "mock2 mock1 opening 0",
                                 "mock0 mock2 opening 1", "mock2 mock0 opening 1",
                                 "mock0 mock1 opening 0", "mock1 mock0 opening 0"};
    for (std::int64_t slot = 0; slot < 12; ++slot)
        expected[slot] = std::string(games[slot % 6]) + " pair " + std::to_string(slot / 2 % 3);
    // The second round: the encounters' openings go on where the first left them.
    for (std::int64_t slot = 6; slot < 12; ++slot) {
        std::string& text = expected[slot];
        text[text.find("opening ") + 8] = text[text.find("opening ") + 8] == '0' ? '1' : '0';
    }
    EXPECT_EQ(games_of("whole.sqlite"), expected);
    EXPECT_EQ(games_of("all.sqlite"), expected);
    EXPECT_EQ(games_of("resumed.sqlite"), expected);
}

TEST_F(ShardRunTest, AShardDatabaseRefusesAnotherShardOrAnotherBuild) {
    run("1.sqlite", ShardNumber{1, 2});
    try {
        run("1.sqlite", ShardNumber{2, 2});
        FAIL() << "expected ShardMismatchError";
    } catch (const ShardMismatchError& e) {
        EXPECT_NE(std::string(e.what()).find("holds shard 1/2"), std::string::npos) << e.what();
    }
    config.engines[1].options.push_back({"Hash", "32"});
    try {
        run("1.sqlite", ShardNumber{1, 2});
        FAIL() << "expected ShardMismatchError";
    } catch (const ShardMismatchError& e) {
        EXPECT_NE(std::string(e.what()).find("engine mock1: options: Hash is set here, not there"),
                  std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace arbiter
