// What the Swiss end-to-end tests share: a Swiss's stored games read back from its database, and
// the check that they make whole rounds of game pairs whose boards are the ones the Dutch system
// gives (harness/swiss recomputes them) from the stored results before each round, for players in
// a given initial ranking.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "harness/swiss/dutch.h"
#include "harness/tournament/interrupted_run_test.h"

namespace swiss_e2e {

// One stored game of a Swiss: its slot, round, board and game in the pair, engines and result.
struct StoredGame {
    std::int64_t slot;
    int round, board, game_in_pair;
    std::string white, black, result;
    bool operator==(const StoredGame&) const = default;
};

// The games of tournament `tournament` of the database at `db`, by slot.
inline std::vector<StoredGame> stored_games(const std::string& db, int tournament = 1) {
    std::vector<StoredGame> games;
    for (const auto& row :
         query_rows(db,
                    "SELECT g.slot, g.round, g.pair_index, g.game_in_pair, w.name, b.name, "
                    "g.result FROM games g JOIN engines w ON w.id = g.white_engine_id "
                    "JOIN engines b ON b.id = g.black_engine_id WHERE g.tournament_id = " +
                        std::to_string(tournament) + " ORDER BY g.slot"))
        games.push_back({std::stoll(row[0]), std::stoi(row[1]), std::stoi(row[2]),
                         std::stoi(row[3]), row[4], row[5], row[6]});
    return games;
}

// A test with a folder of its own for databases and outputs, removed afterwards.
class SwissTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("arbiter_swiss_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Runs `command` (its standard error to the file "err"); SIGINT once `interrupt_after` appears.
    std::pair<int, std::string> run(const std::string& command,
                                    const std::string& interrupt_after = "") const {
        return run_interrupted(command, path("err"), interrupt_after);
    }
    // The games of the Swiss (tournament `tournament`) in the database `db` of the folder.
    std::vector<StoredGame> stored(const std::string& db, int tournament = 1) const {
        return stored_games(path(db), tournament);
    }

    std::filesystem::path dir_;
};

// Checks the stored games round by round against the Dutch pairing of the results before, the
// players (`ranking`, in initial-ranking order) paired as game pairs, every round complete.
inline void expect_dutch_rounds(const std::vector<StoredGame>& games, int rounds,
                                const std::vector<std::string>& ranking) {
    using namespace arbiter::swiss;
    SwissTournament t;
    for (const std::string& name : ranking) t.players.push_back({name, 0});
    t.planned_rounds = rounds;
    const std::size_t boards = ranking.size() / 2;
    ASSERT_EQ(games.size(), std::size_t(rounds) * boards * 2);  // boards of 2 games a round
    std::set<std::pair<int, int>> met;
    for (int r = 0; r < rounds; ++r) {
        RoundPairing pairing = pair_dutch(t);
        ASSERT_EQ(pairing.boards.size(), boards);
        SwissRound round;
        round.bye = pairing.bye;
        for (std::size_t b = 0; b < boards; ++b) {
            auto [white, black] = pairing.boards[b];
            const StoredGame& first = games[std::size_t(r) * boards * 2 + 2 * b];
            const StoredGame& second = games[std::size_t(r) * boards * 2 + 2 * b + 1];
            EXPECT_EQ(first.round, r);
            EXPECT_EQ(first.board, int(b));
            EXPECT_EQ(first.white, t.players[std::size_t(white)].name);
            EXPECT_EQ(first.black, t.players[std::size_t(black)].name);
            EXPECT_EQ(second.white, first.black);
            EXPECT_EQ(second.black, first.white);
            EXPECT_TRUE(met.insert(std::minmax(white, black)).second) << "a second meeting";
            auto points = [](const std::string& result) {
                return result == "1-0" ? 2 : result == "0-1" ? 0 : 1;
            };
            int white_points = points(first.result) + 2 - points(second.result);
            round.games.push_back({white, black,
                                   white_points > 2   ? GameResult::white_wins
                                   : white_points < 2 ? GameResult::black_wins
                                                      : GameResult::draw});
        }
        t.rounds.push_back(round);
    }
}

}  // namespace swiss_e2e
