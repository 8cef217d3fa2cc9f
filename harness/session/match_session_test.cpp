#include "harness/session/match_session.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace arbiter {
namespace {

namespace fs = std::filesystem;

// An observer that ignores every game.
class NoObserver : public TournamentObserver {
  public:
    void game_finished(const GameRecord&, GameId, const std::string&, const std::string&) override {
    }
};

// A console that only counts how often the session opened it.
class CountingConsole : public MatchConsole {
  public:
    TournamentObserver& open(Store&) override {
        ++opened;
        return observer_;
    }
    void interrupted(int) override {}
    void finish(Store&, const TournamentSummary&, int) override {}
    int opened = 0;

  private:
    NoObserver observer_;
};

class MatchSessionTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("match_session_test_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        std::ofstream(dir_ / "openings.epd")
            << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
        config_.openings_path = (dir_ / "openings.epd").string();
        config_.db_path = (dir_ / "results" / "match.sqlite").string();
        for (const char* name : {"a", "b"}) {
            EngineConfig engine;
            engine.name = name;
            engine.command = std::string("/nonexistent/engine-") + name;
            config_.engines.push_back(engine);
        }
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path dir_;
    TournamentConfig config_;
    MatchOutputs outputs_{.flags = {"--db", "--pgn", "--engine-log", "--openings"}};
    CountingConsole console_;
};

TEST_F(MatchSessionTest, AnOutputOverAnInputIsRefusedBeforeAnythingIsCreated) {
    config_.pgn_path = config_.openings_path;
    EXPECT_THROW(run_match(config_, outputs_, console_), OutputError);
    EXPECT_FALSE(fs::exists(dir_ / "results"));
    EXPECT_EQ(console_.opened, 0);
}

TEST_F(MatchSessionTest, AnExtraOutputOverAnExtraInputIsRefusedToo) {
    outputs_.extra_inputs = {{(dir_ / "config.json").string(), "--config"}};
    outputs_.extra_outputs = {{(dir_ / "config.json").string(), "--html", OutputKind::replaced}};
    EXPECT_THROW(run_match(config_, outputs_, console_), OutputError);
    EXPECT_FALSE(fs::exists(dir_ / "results"));
    EXPECT_EQ(console_.opened, 0);
}

TEST_F(MatchSessionTest, AMissingEngineIsRefusedBeforeTheDatabaseIsMade) {
    EXPECT_THROW(run_match(config_, outputs_, console_), std::exception);
    EXPECT_FALSE(fs::exists(dir_ / "results"));
    EXPECT_EQ(console_.opened, 0);
}

}  // namespace
}  // namespace arbiter
