// The store's games and node counts: exact round trips, malformed records, resume, per-engine
// statistics, concurrent writers, node-count history.
#include <gtest/gtest.h>

#include <thread>

#include "harness/store/sqlite.h"
#include "harness/store/store.h"
#include "harness/store/store_test_fixture.h"

namespace arbiter {
namespace {

using store_test::contains_both;
using store_test::sample_engine;
using store_test::sample_game;
using store_test::StoreTest;

using store_test::RAW_FLAGS;

// Step 3. Games.

class GameStoreTest : public StoreTest {
  protected:
    void SetUp() override {
        StoreTest::SetUp();
        store_.emplace(Store::open(path_));
        tournament_ = store_->get_or_create_tournament("t", R"({"name":"t"})");
        a_ = store_->get_or_create_engine(sample_engine("alpha", "alpha-1"));
        b_ = store_->get_or_create_engine(sample_engine("beta", "beta-1"));
        c_ = store_->get_or_create_engine(sample_engine("gamma", "gamma-1"));
        opening_ = store_->get_or_create_opening(
            {3, "openings/x.epd", std::string(store_test::START_FEN), {"e2e4"}, "King's Pawn"});
    }
    void TearDown() override {
        store_.reset();
        StoreTest::TearDown();
    }
    std::optional<Store> store_;
    TournamentId tournament_ = 0;
    EngineId a_ = 0, b_ = 0, c_ = 0;
    OpeningId opening_ = 0;
};

TEST_F(GameStoreTest, GameReloadsExactlyWithEveryField) {
    GameRecord game = sample_game(tournament_, 41, a_, b_, opening_, 120);
    game.moves[5].score = Score::from_mate_moves(-1);
    game.moves[6].nodes = 9'007'199'254'740'993LL;  // above 2^53: must not pass through a double
    game.moves[7].time_ms = 0;
    game.moves[8].depth = 0;
    game.moves[9].score = Score::from_centipawns(0);
    game.moves[10].comment = "ünïcödé {braces} ; semicolon";
    game.result.description = "White disconnects";
    const GameId id = store_->record_game(game);
    EXPECT_EQ(store_->load_game(id), game);

    GameRecord no_moves = sample_game(tournament_, 42, b_, a_, std::nullopt, 0);
    no_moves.start_fen = "8/8/8/4k3/8/8/4P3/4K3 b - - 3 40";
    EXPECT_EQ(store_->load_game(store_->record_game(no_moves)), no_moves);

    const std::vector<GameSummary> games = store_->list_games(tournament_);
    ASSERT_EQ(games.size(), 2u);
    const GameSummary expected{id,
                               tournament_,
                               game.slot,
                               a_,
                               b_,
                               "alpha",
                               "beta",
                               opening_,
                               Result{game.result.outcome, game.result.termination,
                                      game.result.description, "", ""},  // no illegal move stored
                               120,
                               game.started_at_ms,
                               game.finished_at_ms};
    EXPECT_EQ(games[0], expected);
    EXPECT_EQ(games[1].slot.number, 42);
    EXPECT_EQ(games[1].opening_id, std::nullopt);
    EXPECT_EQ(store_error_of([&] { store_->load_game(1234); }), path_ + ": no game with id 1234");
}

// Issue 39: a fault's detail is stored with its game (fault_detail, version 9) and read back by
// both readers; a game without one leaves the column NULL and reads an empty detail.
TEST_F(GameStoreTest, AFaultsDetailIsStoredAndReadBack) {
    GameRecord game = sample_game(tournament_, 44, a_, b_, opening_, 4);
    game.result = Result::illegal(BLACK, "0000");
    game.result.fault_detail = "no legal move gives the returned board (changed squares: d1 d5)";
    const GameId id = store_->record_game(game);
    EXPECT_EQ(store_->load_game(id).result.fault_detail, game.result.fault_detail);
    const GameId plain = store_->record_game(sample_game(tournament_, 45, a_, b_, opening_, 4));
    EXPECT_EQ(store_->load_game(plain).result.fault_detail, "");
    for (const GameSummary& summary : store_->list_games(tournament_))
        EXPECT_EQ(summary.result.fault_detail, summary.id == id ? game.result.fault_detail : "");
}

// Issue 30: a fail-high or -low keeps its bound through the table (score_bound, version 8), for
// centipawns and mates alike; an exact score and a missing one leave the column NULL.
TEST_F(GameStoreTest, AScoresBoundIsStoredAndReadBack) {
    GameRecord game = sample_game(tournament_, 43, a_, b_, opening_, 8);
    game.moves[2].score = Score::from_centipawns(31, Score::Bound::lower);
    game.moves[3].score = Score::from_mate_moves(-2, Score::Bound::upper);
    game.moves[4].score = Score::from_mate_moves(3, Score::Bound::lower);
    game.moves[5].score = Score::from_centipawns(-17, Score::Bound::upper);
    game.moves[6].score = Score::from_centipawns(0);
    game.moves[7].score.reset();
    const GameId id = store_->record_game(game);
    const GameRecord loaded = store_->load_game(id);
    EXPECT_EQ(loaded, game);
    EXPECT_EQ(loaded.moves[3].score, Score::from_mate_plies(-4, Score::Bound::upper));
    store_.reset();
    sql::Connection raw(path_, RAW_FLAGS);
    EXPECT_EQ(raw.query_text("SELECT group_concat(ply || ':' || coalesce(score_cp, 'm' || "
                             "score_mate, '-') || ':' || coalesce(score_bound, 'exact'), ' ') "
                             "FROM (SELECT * FROM moves WHERE ply > 2 ORDER BY ply)",
                             "test"),
              "3:31:lowerbound 4:m-2:upperbound 5:m3:lowerbound 6:-17:upperbound 7:0:exact "
              "8:-:exact");
}

// A bound that the table's CHECK would refuse, written past it, is named as damage with the file.
TEST_F(GameStoreTest, AnUnknownScoreBoundIsNamedAsDamage) {
    const GameId id = store_->record_game(sample_game(tournament_, 44, a_, b_, opening_, 4));
    {
        sql::Connection raw(path_, RAW_FLAGS);
        raw.execute(
            "PRAGMA ignore_check_constraints = ON; UPDATE moves SET score_bound = "
            "'sideways' WHERE ply = 3",
            "test");
    }
    EXPECT_EQ(store_error_of([&] { store_->load_game(id); }),
              path_ +
                  ": the database file is damaged (a move's score_bound is 'sideways', not "
                  "lowerbound, upperbound or NULL) in game " +
                  std::to_string(id));
}

TEST_F(GameStoreTest, EveryTerminationCodeIsStoredAsItsText) {
    for (std::size_t i = 0; i < TERMINATION_CODES.size(); ++i) {
        GameRecord game = sample_game(tournament_, 100 + i, a_, b_, std::nullopt, 3);
        game.result.termination = TERMINATION_CODES[i].first;
        EXPECT_EQ(store_->load_game(store_->record_game(game)).result.termination,
                  game.result.termination);
    }
    sql::Connection raw(path_, RAW_FLAGS);
    sql::Statement codes(raw, "SELECT termination FROM games ORDER BY slot");
    for (const auto& [termination, code] : TERMINATION_CODES) {
        ASSERT_TRUE(codes.step());
        EXPECT_EQ(codes.text(0), code);
        EXPECT_EQ(parse_termination(code), termination);
    }
    EXPECT_FALSE(codes.step());
    EXPECT_EQ(parse_termination("resign"), std::nullopt);
}

TEST_F(GameStoreTest, GameListViewShowsNames) {
    store_->record_game(sample_game(tournament_, 0, a_, c_, std::nullopt, 4));
    sql::Connection raw(path_, RAW_FLAGS);
    sql::Statement view(raw, "SELECT white, black, result, ply_count FROM game_list");
    ASSERT_TRUE(view.step());
    EXPECT_EQ(view.text(0), "alpha");
    EXPECT_EQ(view.text(1), "gamma");
    EXPECT_EQ(view.text(2), "1-0");
    EXPECT_EQ(view.integer(3), 4);
}

TEST_F(GameStoreTest, DuplicateSlotIsRejected) {
    const GameId first = store_->record_game(sample_game(tournament_, 5, a_, b_, opening_, 30));
    GameRecord again = sample_game(tournament_, 5, a_, b_, opening_, 12);
    try {
        store_->record_game(again);
        FAIL() << "expected DuplicateGameError";
    } catch (const DuplicateGameError& error) {
        EXPECT_EQ(std::string(error.what()),
                  path_ + ": a game is already recorded for tournament " +
                      std::to_string(tournament_) + ", slot 5, white engine " + std::to_string(a_) +
                      ", black engine " + std::to_string(b_) + " (game id " +
                      std::to_string(first) + ")");
    }
    EXPECT_EQ(store_->count_games(tournament_), 1);
    EXPECT_EQ(store_->load_game(first).moves.size(), 30u);  // the rejected game left no moves
    sql::Connection raw(path_, RAW_FLAGS);
    EXPECT_EQ(raw.query_integer("SELECT count(*) FROM moves", "test"), 30);

    // The same slot with another engine identity (a rebuilt engine) is a different game.
    const EngineId b_rebuilt = store_->get_or_create_engine(sample_engine("beta", "beta-2"));
    store_->record_game(sample_game(tournament_, 5, a_, b_rebuilt, opening_, 12));
    // And the same slot in another tournament too.
    const TournamentId other = store_->get_or_create_tournament("t2", "{}");
    store_->record_game(sample_game(other, 5, a_, b_, opening_, 12));
    EXPECT_EQ(store_->count_games(tournament_), 2);
    EXPECT_EQ(store_->count_games(other), 1);
}

TEST_F(GameStoreTest, MalformedGamesAreRejectedBeforeWriting) {
    const auto rejects = [&](GameRecord game, const std::string& why) {
        try {
            store_->record_game(game);
            ADD_FAILURE() << "expected invalid_argument: " << why;
        } catch (const std::invalid_argument& error) {
            EXPECT_EQ(std::string(error.what()), "cannot record game in slot 1: " + why);
        }
    };
    const GameRecord good = sample_game(tournament_, 1, a_, b_, std::nullopt, 20);
    GameRecord game = good;
    game.result.termination = static_cast<Termination>(99);
    rejects(game, "termination 99 is not a known code");
    game = good;
    game.moves.erase(game.moves.begin() + 4);
    rejects(game, "moves[4] has ply 6, expected 5");
    game = good;
    game.start_fen = "8/8/8/8/8/8/8/8";
    rejects(game,
            "start FEN \"8/8/8/8/8/8/8/8\": FEN has 1 fields; at least 4 are needed "
            "(placement, side, castling, en passant)");
    game = good;
    game.start_fen = "8/8/8/8/8/8/8/8 w - - 0 1";  // a side to move, but no position
    rejects(game,
            "start FEN \"8/8/8/8/8/8/8/8 w - - 0 1\": FEN field 1 (placement): missing "
            "white king");
    game = good;
    game.slot.game_in_pair = 2;
    rejects(game, "game_in_pair is 2, not 0 or 1");
    game = good;
    game.moves[0].uci.clear();
    rejects(game, "ply 1 has no UCI move");
    EXPECT_EQ(store_->count_games(tournament_), 0);
}

TEST_F(GameStoreTest, UnknownIdsAreRejected) {
    const std::string message = store_error_of(
        [&] { store_->record_game(sample_game(tournament_, 1, a_, 999, std::nullopt, 5)); });
    EXPECT_EQ(message, path_ + ": cannot record the game of tournament " +
                           std::to_string(tournament_) + ", slot 1, white engine " +
                           std::to_string(a_) +
                           ", black engine 999: it refers to a tournament, engine or opening not "
                           "in the database");
    EXPECT_THROW(store_->record_game(sample_game(77, 1, a_, b_, std::nullopt, 5)), StoreError);
    EXPECT_THROW(store_->record_game(sample_game(tournament_, 1, a_, b_, 555, 5)), StoreError);
    EXPECT_EQ(store_->count_games(tournament_), 0);
}

// A three-engine round robin of one opening: 3 pairs x 2 colours = slots 0..5. Rebuilding beta
// must leave exactly the alpha-gamma games finished.
TEST_F(GameStoreTest, ResumeReplaysOnlyGamesOfAChangedEngine) {
    const std::vector<std::pair<EngineId, EngineId>> schedule = {{a_, b_}, {b_, a_}, {a_, c_},
                                                                 {c_, a_}, {b_, c_}, {c_, b_}};
    const auto play_all = [&](const std::vector<std::pair<EngineId, EngineId>>& pairs,
                              const std::set<std::int64_t>& finished) {
        for (std::size_t slot = 0; slot < pairs.size(); ++slot) {
            if (finished.contains(slot)) continue;
            store_->record_game(sample_game(tournament_, slot, pairs[slot].first,
                                            pairs[slot].second, opening_, 10));
        }
    };
    const std::vector<EngineId> engines = {a_, b_, c_};
    EXPECT_TRUE(store_->finished_slots(tournament_, engines).empty());
    play_all(schedule, {});
    EXPECT_EQ(store_->finished_slots(tournament_, engines),
              (std::set<std::int64_t>{0, 1, 2, 3, 4, 5}));

    const EngineId b2 = store_->get_or_create_engine(sample_engine("beta", "beta-rebuilt"));
    ASSERT_NE(b2, b_);
    const std::vector<EngineId> current = {a_, b2, c_};
    const std::set<std::int64_t> finished = store_->finished_slots(tournament_, current);
    EXPECT_EQ(finished, (std::set<std::int64_t>{2, 3}));
    EXPECT_EQ(store_->count_games(tournament_, current), 2);

    std::vector<std::pair<EngineId, EngineId>> rebuilt_schedule = {{a_, b2}, {b2, a_}, {a_, c_},
                                                                   {c_, a_}, {b2, c_}, {c_, b2}};
    play_all(rebuilt_schedule, finished);
    EXPECT_EQ(store_->finished_slots(tournament_, current),
              (std::set<std::int64_t>{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(store_->count_games(tournament_, current), 6);
    EXPECT_EQ(store_->count_games(tournament_), 10);  // the old beta's games stay as history

    const std::vector<GameSummary> games = store_->list_games(tournament_, current);
    ASSERT_EQ(games.size(), 6u);
    for (std::size_t slot = 0; slot < games.size(); ++slot) {
        EXPECT_EQ(games[slot].slot.number, static_cast<std::int64_t>(slot));
        EXPECT_EQ(games[slot].white_engine_id, rebuilt_schedule[slot].first);
        EXPECT_EQ(games[slot].black_engine_id, rebuilt_schedule[slot].second);
    }
    EXPECT_EQ(store_->list_games(tournament_).size(), 10u);
    EXPECT_TRUE(store_->finished_slots(tournament_, std::vector<EngineId>{}).empty());
}

// Hand-computed averages. Game 1 starts with white to move, game 2 with black to move, so
// alpha plays the odd plies of game 1 and the even plies of game 2.
TEST_F(GameStoreTest, EngineMoveStatisticsAreExact) {
    const auto move = [](int ply, std::int64_t time_ms, std::optional<int> depth,
                         std::optional<std::int64_t> nodes, bool book = false) {
        MoveRecord record;
        record.ply = ply;
        record.uci = "a2a3";
        record.time_ms = time_ms;
        record.depth = depth;
        record.seldepth = depth ? std::optional<int>(*depth + 2) : std::nullopt;
        record.nodes = nodes;
        record.book = book;
        return record;
    };
    GameRecord first = sample_game(tournament_, 0, a_, b_, std::nullopt, 0);
    first.moves = {move(1, 0, std::nullopt, std::nullopt, true),  // book: ignored
                   move(2, 0, std::nullopt, std::nullopt, true),  // book: ignored
                   move(3, 10, 4, 100),                           // alpha
                   move(4, 20, 6, 300),                           // beta
                   move(5, 30, std::nullopt, std::nullopt),       // alpha, no info
                   move(6, 40, 8, 500)};                          // beta
    GameRecord second = sample_game(tournament_, 1, b_, a_, std::nullopt, 0);
    second.start_fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
    second.moves = {move(1, 5, 3, 50),   // black = alpha
                    move(2, 7, 2, 70),   // white = beta
                    move(3, 9, 5, 90)};  // alpha
    store_->record_game(first);
    store_->record_game(second);
    // A game between other engines that the filter must exclude.
    store_->record_game(sample_game(tournament_, 2, a_, c_, std::nullopt, 30));

    const std::vector<EngineId> alpha_and_beta = {a_, b_};
    const std::vector<EngineMoveStatistics> statistics =
        store_->engine_move_statistics(tournament_, alpha_and_beta);
    ASSERT_EQ(statistics.size(), 2u);
    // alpha: times 10, 30, 5, 9; depths 4, 3, 5; seldepths 6, 5, 7; nodes 100, 50, 90.
    EXPECT_EQ(statistics[0],
              (EngineMoveStatistics{a_, "alpha", 4, 3, 4.0, 6.0, 80.0, 13.5, 240, 54}));
    // beta: times 20, 40, 7; depths 6, 8, 2; seldepths 8, 10, 4; nodes 300, 500, 70.
    EXPECT_EQ(statistics[1], (EngineMoveStatistics{b_, "beta", 3, 3, 16.0 / 3, 22.0 / 3, 290.0,
                                                   67.0 / 3, 870, 67}));
    const auto all = store_->engine_move_statistics(tournament_);
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[2].engine_id, c_);
    EXPECT_EQ(all[2].moves, 14);  // plies 4, 6, ..., 30 of a 30-ply game (plies 1-2 are book)
}

TEST_F(GameStoreTest, EngineWithoutInfoHasNoAverages) {
    GameRecord game = sample_game(tournament_, 0, a_, b_, std::nullopt, 0);
    for (int ply = 1; ply <= 4; ++ply) {
        MoveRecord move;
        move.ply = ply;
        move.uci = "h2h3";
        move.time_ms = ply;
        game.moves.push_back(move);
    }
    store_->record_game(game);
    const auto statistics = store_->engine_move_statistics(tournament_);
    ASSERT_EQ(statistics.size(), 2u);
    EXPECT_EQ(statistics[0], (EngineMoveStatistics{a_, "alpha", 2, 0, std::nullopt, std::nullopt,
                                                   std::nullopt, 2.0, 0, 4}));
}

TEST_F(GameStoreTest, ThreadsMayRecordConcurrently) {
    std::vector<std::thread> workers;
    for (int worker = 0; worker < 4; ++worker) {
        workers.emplace_back([&, worker] {
            for (int i = 0; i < 25; ++i) {
                const int slot = worker * 25 + i;
                store_->record_game(sample_game(tournament_, slot, a_, b_, std::nullopt, 20));
            }
        });
    }
    for (std::thread& worker : workers) worker.join();
    EXPECT_EQ(store_->count_games(tournament_), 100);
    const std::vector<EngineId> engines = {a_, b_};
    EXPECT_EQ(store_->finished_slots(tournament_, engines).size(), 100u);
}

TEST_F(GameStoreTest, TwoConnectionsShareTheFile) {
    Store second = Store::open(path_);
    store_->record_game(sample_game(tournament_, 0, a_, b_, std::nullopt, 20));
    second.record_game(sample_game(tournament_, 1, a_, b_, std::nullopt, 20));
    EXPECT_EQ(store_->count_games(tournament_), 2);
    EXPECT_EQ(second.count_games(tournament_), 2);
}

// Step 4. Node counts.

TEST_F(GameStoreTest, NodeCountsKeepHistoryAndTheLatestRunWins) {
    NodeCountRecord e4{a_,
                       std::string(store_test::START_FEN),
                       {"e2e4"},
                       6,
                       1'175'609,
                       812,
                       Score::from_centipawns(33),
                       "e7e5",
                       "e7e5 g1f3 b8c6",
                       957'001,
                       6};
    // A mate found early: depth 3 asked, depth 1 completed; no leaf count (not our engine).
    NodeCountRecord startpos{a_,
                             std::string(store_test::START_FEN),
                             {},
                             3,
                             9'000,
                             std::nullopt,
                             Score::from_mate_moves(2),
                             "e2e4",
                             "",
                             std::nullopt,
                             1};
    NodeCountRecord other_engine = e4;
    other_engine.engine_id = b_;
    other_engine.nodes = 3'000'909;

    const NodeRunId first = store_->begin_node_run("arbiter nodes --depth 6");
    store_->record_node_count(first, e4);
    store_->record_node_count(first, startpos);
    store_->record_node_count(first, other_engine);
    const std::string duplicate = store_error_of([&] { store_->record_node_count(first, e4); });
    EXPECT_EQ(contains_both(duplicate, path_, "is already recorded"), "");

    NodeCountRecord e4_again = e4;
    e4_again.nodes = 1'000'000;
    e4_again.score = Score::from_centipawns(30);
    e4_again.leaves = 0;
    e4_again.reached_depth.reset();
    const NodeRunId second = store_->begin_node_run("after a change");
    store_->record_node_count(second, e4_again);

    EXPECT_EQ(store_->node_counts_of_run(first),
              (std::vector<NodeCountRecord>{e4, startpos, other_engine}));
    EXPECT_EQ(store_->node_counts_of_run(second), std::vector<NodeCountRecord>{e4_again});
    EXPECT_EQ(store_->latest_node_count(a_, store_test::START_FEN, e4.moves, 6),
              (StoredNodeCount{second, e4_again}));
    EXPECT_EQ(store_->latest_node_count(b_, store_test::START_FEN, e4.moves, 6),
              (StoredNodeCount{first, other_engine}));
    EXPECT_EQ(store_->latest_node_count(a_, store_test::START_FEN, std::vector<std::string>{}, 3),
              (StoredNodeCount{first, startpos}));
    EXPECT_EQ(store_->latest_node_count(a_, store_test::START_FEN, e4.moves, 5), std::nullopt);

    const std::vector<NodeRun> runs = store_->list_node_runs();
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].id, first);
    EXPECT_EQ(runs[0].description, "arbiter nodes --depth 6");
    EXPECT_EQ(runs[1].description, "after a change");

    NodeCountRecord unknown_engine = e4;
    unknown_engine.engine_id = 404;
    EXPECT_EQ(
        contains_both(store_error_of([&] { store_->record_node_count(second, unknown_engine); }),
                      path_, "not in the database"),
        "");
    NodeCountRecord bad_depth = e4;
    bad_depth.depth = 0;
    EXPECT_THROW(store_->record_node_count(second, bad_depth), std::invalid_argument);
}

// Each engine's latency over the moves it chose, whichever colour it had and whoever moved first.
TEST_F(GameStoreTest, EngineLatenciesAreSummedOverTheMovesEachEngineChose) {
    GameRecord first = sample_game(tournament_, 0, a_, b_, std::nullopt, 9);
    GameRecord second = sample_game(tournament_, 1, b_, a_, std::nullopt, 6);
    second.start_fen = "8/8/8/4k3/8/8/4P3/4K3 b - - 3 40";  // black (alpha) moves first
    second.moves[5].latency_ms = 50;
    store_->record_game(first);
    store_->record_game(second);
    // sample_game: book moves at plies 1-2, then latency = ply % 4.
    // alpha: first plies 3, 5, 7, 9 -> 3, 1, 3, 1; second plies 3, 5 -> 3, 1.
    // beta: first plies 4, 6, 8 -> 0, 2, 0; second plies 4, 6 -> 0, 50.
    const std::vector<EngineLatency> expected = {{a_, "alpha", 6, 12.0 / 6, 3},
                                                 {b_, "beta", 5, 52.0 / 5, 50}};
    EXPECT_EQ(store_->engine_latencies(tournament_), expected);
    EXPECT_TRUE(store_->engine_latencies(tournament_ + 1).empty());
}

}  // namespace
}  // namespace arbiter
