// The fixture of the tournament tests: a temporary directory with a two-opening suite, three mock
// engines at depth 1, and an observer that records what the tournament reports.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "harness/tournament/tournament.h"

namespace arbiter::tournament_testing {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

// Counts what the tournament reports.
struct Recorder : TournamentObserver {
    void game_finished(const GameRecord& game, GameId, const std::string&,
                       const std::string&) override {
        results.push_back(game.result.description);
    }
    void engine_event(const std::string& message) override { events.push_back(message); }
    std::vector<std::string> results, events;
};

class TournamentTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("arbiter-tournament-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        std::ofstream(dir / "openings.epd")
            << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
               "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n";
        config.openings_path = (dir / "openings.epd").string();
        config.db_path = (dir / "t.sqlite").string();
        config.limits.depth = 1;
        config.game.adjudication.max_plies = 40;
        config.game.stall_timeout = milliseconds(2000);
        config.concurrency = 2;
        for (int i = 0; i < 3; ++i)
            add_engine("mock" + std::to_string(i), {"--seed", std::to_string(i + 1)});
    }
    void TearDown() override { fs::remove_all(dir); }

    void add_engine(const std::string& name, std::vector<std::string> args,
                    std::string command = MOCK_ENGINE_PATH) {
        EngineConfig e;
        e.name = name;
        e.command = std::move(command);
        e.args = std::move(args);
        config.engines.push_back(e);
    }

    std::string error_of_run() {
        Store store = Store::open(config.db_path);
        Recorder recorder;
        try {
            run_tournament(config, store, recorder);
        } catch (const std::exception& e) {
            EXPECT_EQ(store.list_tournaments().empty()
                          ? 0
                          : store.count_games(store.list_tournaments()[0].id),
                      0)
                << "no game may be recorded before a configuration error";
            return e.what();
        }
        return "no error";
    }

    fs::path dir;
    TournamentConfig config;
};

}  // namespace arbiter::tournament_testing
