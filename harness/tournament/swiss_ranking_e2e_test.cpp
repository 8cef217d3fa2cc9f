// A Swiss's initial ranking end to end (issue 49), with our engines at fixed nodes: a Swiss begun
// in a database that holds an earlier tournament of some of its engines ranks its rating= entrants
// first, then the earlier tournament's players in the order of `arbiter ratings --all` (its own
// JSON, read back here), then the rest by name; the export, the page and the console say so; and
// a Swiss stopped mid-run keeps that ranking and its pairings when it resumes after games that
// reverse the pool's order were added to the earlier tournament; a Swiss of a file older than the
// stored rankings keeps the ranking by rating= and name it was paired by.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "harness/config/json.h"
#include "harness/store/sqlite.h"
#include "harness/store/store.h"
#include "harness/store/test_records.h"
#include "harness/swiss/trf.h"
#include "harness/tournament/swiss_e2e_checks.h"

namespace {

namespace fs = std::filesystem;
using swiss_e2e::StoredGame;

// The earlier tournament's players (name, binary).
const std::vector<std::pair<std::string, std::string>> POOL = {
    {"e1", "alphabeta"}, {"e2", "minimax"}, {"e3", "greedy"}, {"e4", "quiescence"}};

// The Swiss's entrants in configuration order (name, binary, rating=; 0 for none): three of the
// pool unrated, one of the pool with a rating=, two newcomers unrated (u2 before u1, so that name
// order is not the given order) and one newcomer with a rating=.
struct Entrant {
    std::string name, binary;
    int rating;
};
const std::vector<Entrant> ENTRANTS = {{"e2", "minimax", 0},     {"u2", "alphabeta-mvvlva", 0},
                                       {"e1", "alphabeta", 0},   {"e4", "quiescence", 1500},
                                       {"e3", "greedy", 0},      {"u1", "alphabeta-mvvlva-tt", 0},
                                       {"r0", "alphabeta", 1600}};

// One stored entrant of the initial ranking: name, source and rating ("" for none) as text.
struct RankedRow {
    std::string name, source, rating;
    bool operator==(const RankedRow&) const = default;
};

class SwissRankingEndToEnd : public swiss_e2e::SwissTest {
  protected:
    std::string engines_option(const std::string& name, const std::string& binary) const {
        return " --engine name=" + name + ",cmd=" + ENGINE_DIR + "/" + binary;
    }
    std::string common(const std::string& db) const {
        return " --nodes 2000 --concurrency 2 --openings " + std::string(SOURCE_DIR) +
               "/openings/arbiter-8ply.epd --db " + path(db);
    }
    // The earlier tournament: a round robin of the pool's four engines, 24 games.
    void play_earlier(const std::string& db) const {
        std::string c = std::string(ARBITER_PATH) + " tournament --max-games 24" + common(db);
        for (const auto& [name, binary] : POOL) c += engines_option(name, binary);
        auto [code, out] = run(c);
        ASSERT_EQ(code, 0) << out;
    }
    std::string swiss_command(const std::string& db, int rounds) const {
        std::string c = std::string(ARBITER_PATH) + " tournament --format swiss --rounds " +
                        std::to_string(rounds) + common(db);
        for (const Entrant& e : ENTRANTS)
            c += engines_option(e.name, e.binary) +
                 (e.rating > 0 ? ",rating=" + std::to_string(e.rating) : "");
        return c;
    }
    // `ratings --all` of the database: each player's name and Elo (infinite for "+inf"/"-inf"),
    // in the command's order.
    std::vector<std::pair<std::string, double>> pool_order(const std::string& db) const {
        auto [code, out] =
            run(std::string(ARBITER_PATH) + " ratings --all --format json --db " + path(db));
        EXPECT_EQ(code, 0) << out;
        std::vector<std::pair<std::string, double>> order;
        const arbiter::json::Value ratings = arbiter::json::parse(out);
        for (const arbiter::json::Value& player : ratings.find("players")->as_array()) {
            const arbiter::json::Value& elo = *player.find("elo");
            const double inf = std::numeric_limits<double>::infinity();
            order.emplace_back(
                player.find("name")->as_string(),
                elo.is_string() ? (elo.as_string() == "+inf" ? inf : -inf) : elo.as_number());
        }
        return order;
    }
    std::vector<RankedRow> stored_ranking(const std::string& db) const {
        std::vector<RankedRow> rows;
        for (const auto& row : query_rows(path(db),
                                          "SELECT name, source, rating FROM "
                                          "initial_ranking_entrants ORDER BY pairing_number"))
            rows.push_back({row[0], row[1], row[2]});
        return rows;
    }
    std::string read(const std::string& name) const {
        std::ifstream file(path(name));
        std::stringstream text;
        text << file.rdbuf();
        return text.str();
    }
};

// The ranking the rules give from `ratings --all`'s order: rating= first (highest first), then the
// pool's players among the entrants in the command's order, then the rest by name.
std::vector<std::string> expected_ranking(const std::vector<std::pair<std::string, double>>& pool) {
    std::vector<Entrant> rated;
    for (const Entrant& e : ENTRANTS)
        if (e.rating > 0) rated.push_back(e);
    std::sort(rated.begin(), rated.end(),
              [](const Entrant& a, const Entrant& b) { return a.rating > b.rating; });
    std::vector<std::string> ranking;
    for (const Entrant& e : rated) ranking.push_back(e.name);
    for (const auto& [name, elo] : pool)
        for (const Entrant& e : ENTRANTS)
            if (e.name == name && e.rating == 0) ranking.push_back(name);
    std::vector<std::string> unrated;
    for (const Entrant& e : ENTRANTS)
        if (std::find(ranking.begin(), ranking.end(), e.name) == ranking.end())
            unrated.push_back(e.name);
    std::sort(unrated.begin(), unrated.end());
    ranking.insert(ranking.end(), unrated.begin(), unrated.end());
    return ranking;
}

std::vector<std::string> names_of(const std::vector<RankedRow>& rows) {
    std::vector<std::string> names;
    for (const RankedRow& row : rows) names.push_back(row.name);
    return names;
}

TEST_F(SwissRankingEndToEnd, TheEarlierTournamentsEloRanksTheEntrantsWithoutARating) {
    play_earlier("s.sqlite");
    const auto pool = pool_order("s.sqlite");
    ASSERT_EQ(pool.size(), POOL.size());
    auto [code, out] = run(swiss_command("s.sqlite", 2));
    ASSERT_EQ(code, 0) << out;
    const std::vector<RankedRow> rows = stored_ranking("s.sqlite");
    const std::vector<std::string> ranking = expected_ranking(pool);
    EXPECT_EQ(names_of(rows), ranking);
    // Each row's source and rating: rating= as given, the pool's Elo as `ratings --all` prints it
    // (two decimals), none for the unrated.
    for (const RankedRow& row : rows) {
        SCOPED_TRACE(row.name);
        const auto entrant = std::find_if(ENTRANTS.begin(), ENTRANTS.end(),
                                          [&](const Entrant& e) { return e.name == row.name; });
        const auto pooled = std::find_if(pool.begin(), pool.end(),
                                         [&](const auto& p) { return p.first == row.name; });
        if (entrant->rating > 0) {
            EXPECT_EQ(row.source, "rating");
            EXPECT_EQ(std::stod(row.rating), entrant->rating);
        } else if (pooled != pool.end()) {
            EXPECT_EQ(row.source, "pool");
            if (std::isinf(pooled->second))
                EXPECT_TRUE(std::isinf(std::stod(row.rating)) &&
                            (std::stod(row.rating) > 0) == (pooled->second > 0));
            else
                EXPECT_NEAR(std::stod(row.rating), pooled->second, 0.005);
        } else {
            EXPECT_EQ(row.source, "name");
            EXPECT_EQ(row.rating, "");
        }
    }
    // The rounds are the Dutch system's for that ranking.
    swiss_e2e::expect_dutch_rounds(stored("s.sqlite", 2), 2, ranking);
    // The console, the TRF and the page carry it.
    EXPECT_NE(out.find("Initial ranking (by rating=, then the pool's joint Elo over 1 earlier "
                       "tournament (24 games), then name): 1. r0 (rating= 1600), 2. e4 (rating= "
                       "1500), 3. " +
                       ranking[2] + " (pool Elo "),
              std::string::npos)
        << out;
    auto [export_code, export_out] = run(std::string(ARBITER_PATH) + " export --db " +
                                         path("s.sqlite") + " --trf " + path("s.trf"));
    ASSERT_EQ(export_code, 0) << export_out;
    const arbiter::swiss::SwissTournament trf = arbiter::swiss::read_trf(read("s.trf"), "s.trf");
    ASSERT_EQ(trf.players.size(), ranking.size());
    for (std::size_t i = 0; i < ranking.size(); ++i) {
        EXPECT_EQ(trf.players[i].name, ranking[i]);
        const int expected =
            rows[i].source == "rating" ? std::stoi(rows[i].rating)
            : rows[i].source == "name"
                ? 0
                : int(std::lround(std::clamp(std::stod(rows[i].rating) + 2000, 1.0, 9999.0)));
        EXPECT_EQ(trf.players[i].rating, expected) << ranking[i];
    }
    auto [report_code, report_out] = run(std::string(ARBITER_PATH) + " report --db " +
                                         path("s.sqlite") + " --out " + path("s.html"));
    ASSERT_EQ(report_code, 0) << report_out;
    const std::string page = read("s.html");
    EXPECT_NE(page.find("id=\"swiss-initial-ranking\""), std::string::npos);
    EXPECT_NE(page.find("by rating=, then the pool&#39;s joint Elo over 1 earlier tournament (24 "
                        "games), then name"),
              std::string::npos);
}

// Adds `games` won by `winner` (as White and as Black by turns) against each of `losers` to
// tournament 1 of the database, at slots no run uses.
void add_wins(const std::string& db, const std::string& winner,
              const std::vector<std::string>& losers, int games) {
    arbiter::Store store = arbiter::Store::open(db);
    std::map<std::string, arbiter::EngineId> id;
    for (const arbiter::StoredEngine& engine : store.list_engines())
        id[engine.identity.name] = engine.id;
    std::int64_t slot = 1000000;
    for (const std::string& loser : losers)
        for (int g = 0; g < games; ++g, ++slot) {
            const bool white = g % 2 == 0;
            arbiter::GameRecord game =
                arbiter::store_test::sample_game(1, slot, id.at(white ? winner : loser),
                                                 id.at(white ? loser : winner), std::nullopt, 4);
            game.result.outcome = white ? arbiter::Outcome::white_win : arbiter::Outcome::black_win;
            store.record_game(game);
        }
    store.checkpoint();
}

TEST_F(SwissRankingEndToEnd, AResumedSwissKeepsItsRankingAndPairingsWhenThePoolChanges) {
    play_earlier("base.sqlite");
    for (const char* copy : {"whole.sqlite", "resumed.sqlite", "pool.sqlite"})
        fs::copy_file(path("base.sqlite"), path(copy));
    auto [code, out] = run(swiss_command("whole.sqlite", 3));
    ASSERT_EQ(code, 0) << out;
    // Stopped in round 2 (3 boards of 2 games a round).
    run(swiss_command("resumed.sqlite", 3), "Finished game 8 ");
    ASSERT_LT(stored("resumed.sqlite", 2).size(), stored("whole.sqlite", 2).size());
    const std::vector<RankedRow> ranking = stored_ranking("resumed.sqlite");
    EXPECT_EQ(ranking, stored_ranking("whole.sqlite"));
    // The pool's last entrant now beats every other pool player 40 times: `ratings --all` over
    // the earlier tournament alone puts it first.
    std::vector<std::string> pooled;
    for (const RankedRow& row : ranking)
        if (row.source == "pool") pooled.push_back(row.name);
    ASSERT_GE(pooled.size(), 2u);
    std::vector<std::string> others;
    for (const auto& [name, binary] : POOL)
        if (name != pooled.back()) others.push_back(name);
    for (const char* db : {"resumed.sqlite", "pool.sqlite"})
        add_wins(path(db), pooled.back(), others, 40);
    const auto changed = pool_order("pool.sqlite");
    EXPECT_EQ(changed.front().first, pooled.back());
    // The resumed Swiss keeps its ranking and plays the games of the run that was not stopped.
    auto [resumed_code, resumed_out] = run(swiss_command("resumed.sqlite", 3));
    ASSERT_EQ(resumed_code, 0) << resumed_out;
    EXPECT_EQ(stored_ranking("resumed.sqlite"), ranking);
    EXPECT_EQ(stored("resumed.sqlite", 2), stored("whole.sqlite", 2));
    swiss_e2e::expect_dutch_rounds(stored("resumed.sqlite", 2), 3, names_of(ranking));
    // A Swiss begun now on the changed pool ranks by the new order.
    auto [fresh_code, fresh_out] = run(swiss_command("pool.sqlite", 1));
    ASSERT_EQ(fresh_code, 0) << fresh_out;
    EXPECT_EQ(names_of(stored_ranking("pool.sqlite")), expected_ranking(changed));
    EXPECT_NE(names_of(stored_ranking("pool.sqlite")), names_of(ranking));
}

// A Swiss recorded by an arbiter before schema version 12 (the tables dropped, the version set
// back) was ranked by rating= and name: its export reads it so, and a later run, after another
// tournament of its engines went into the file, keeps that ranking (stored now, saying why)
// instead of the pool's, and finds every game in place.
TEST_F(SwissRankingEndToEnd, ASwissOfAnOlderFileKeepsTheRankingItWasPairedBy) {
    auto [code, out] = run(swiss_command("old.sqlite", 2));
    ASSERT_EQ(code, 0) << out;
    const std::vector<std::string> configured = {"r0", "e4", "e1", "e2", "e3", "u1", "u2"};
    ASSERT_EQ(names_of(stored_ranking("old.sqlite")), configured);  // no pool: rating=, name
    auto export_trf = [&](const std::string& name) {
        auto [export_code, export_out] = run(std::string(ARBITER_PATH) + " export --db " +
                                             path("old.sqlite") + " --trf " + path(name));
        EXPECT_EQ(export_code, 0) << export_out;
        return read(name);
    };
    const std::string trf = export_trf("before.trf");
    const std::vector<StoredGame> games = stored("old.sqlite", 1);
    {
        arbiter::sql::Connection raw(path("old.sqlite"), SQLITE_OPEN_READWRITE);
        raw.execute(
            "DROP TABLE initial_ranking_entrants; DROP TABLE initial_rankings; "
            "PRAGMA user_version = 11",
            "test");
    }
    EXPECT_EQ(export_trf("older.trf"), trf);
    EXPECT_EQ(query_rows(path("old.sqlite"), "PRAGMA user_version")[0][0], "11");
    play_earlier("old.sqlite");  // migrates the file; the pool now rates e1, e2 and e3
    auto [again, again_out] = run(swiss_command("old.sqlite", 2));
    ASSERT_EQ(again, 0) << again_out;
    EXPECT_EQ(names_of(stored_ranking("old.sqlite")), configured);
    EXPECT_EQ(query_rows(path("old.sqlite"), "SELECT pool_note FROM initial_rankings")[0][0],
              "the Swiss began before arbiter kept initial rankings");
    EXPECT_EQ(stored("old.sqlite", 1), games);
    EXPECT_EQ(export_trf("after.trf"), trf);
}

}  // namespace
