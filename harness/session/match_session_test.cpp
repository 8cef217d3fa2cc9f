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

// A console that counts how often the session opened and finished it, and keeps the summary.
class CountingConsole : public MatchConsole {
  public:
    TournamentObserver& open(Store&) override {
        ++opened;
        return observer_;
    }
    void finish(Store&, const TournamentSummary& done, int signal, const PageStep& page) override {
        ++finished;
        summary = done;
        last_signal = signal;
        page_line = page.line;
    }
    int opened = 0, finished = 0, last_signal = -1;
    TournamentSummary summary;
    std::string page_line;

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

// The output plan's files (--epd, --html; -epdout, -html) are refused as the door names them.
TEST_F(MatchSessionTest, ThePlansFilesAreRefusedByTheDoorsFlags) {
    config_.output.epd_path = config_.openings_path;
    outputs_.flags = DIALECT_FLAGS;
    std::string message;
    try {
        run_match(config_, outputs_, console_);
    } catch (const OutputError& e) {
        message = e.what();
    }
    EXPECT_NE(message.find("-epdout"), std::string::npos) << message;
    config_.output.epd_path.clear();
    config_.output.html_path = config_.openings_path;
    outputs_.flags = TOURNAMENT_FLAGS;
    message.clear();
    try {
        run_match(config_, outputs_, console_);
    } catch (const OutputError& e) {
        message = e.what();
    }
    EXPECT_NE(message.find("--html"), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(dir_ / "results"));
    EXPECT_EQ(console_.opened, 0);
}

TEST_F(MatchSessionTest, AMissingEngineIsRefusedBeforeTheDatabaseIsMade) {
    EXPECT_THROW(run_match(config_, outputs_, console_), std::exception);
    EXPECT_FALSE(fs::exists(dir_ / "results"));
    EXPECT_EQ(console_.opened, 0);
}

// The dialect's schedule is fitted to the suite the check read: three openings, five games of
// the one encounter in single games, so two rounds capped at five games.
TEST_F(MatchSessionTest, TheScheduleIsFittedToTheSuiteTheCheckRead) {
    std::ofstream(config_.openings_path)
        << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
           "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
           "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1\n";
    for (std::size_t i = 0; i < config_.engines.size(); ++i) {
        config_.engines[i].command = MOCK_ENGINE_PATH;
        config_.engines[i].args = {"--seed", std::to_string(i + 1)};
    }
    config_.limits.depth = 1;
    config_.game.adjudication.max_plies = 20;
    config_.single_games = true;
    config_.games_per_encounter = 5;  // fit_schedule(): ceil(5 / 3) = 2 rounds, 5 games
    EXPECT_EQ(run_match(config_, outputs_, console_), 0);
    EXPECT_EQ(console_.opened, 1);
    EXPECT_EQ(console_.finished, 1);
    EXPECT_EQ(console_.last_signal, 0);
    EXPECT_EQ(console_.summary.scheduled, 5);
    EXPECT_EQ(console_.summary.played_now, 5);
    EXPECT_TRUE(fs::exists(dir_ / "results" / "match.sqlite"));
}

// A page that cannot be written at the end (its folder made a file during the run) is said on the
// page's line; the saved config and the checkpoint still follow, and the status is 1.
TEST_F(MatchSessionTest, APageThatCannotBeWrittenLeavesTheOtherClosingStepsDone) {
    for (std::size_t i = 0; i < config_.engines.size(); ++i) {
        config_.engines[i].command = MOCK_ENGINE_PATH;
        config_.engines[i].args = {"--seed", std::to_string(i + 1)};
    }
    config_.limits.depth = 1;
    config_.game.adjudication.max_plies = 10;
    config_.rounds = 1;
    fs::create_directories(dir_ / "page");
    config_.output.html_path = (dir_ / "page" / "t.html").string();
    bool saved = false;
    outputs_.save_config = [&](Store& store, const TournamentSummary& summary) {
        saved = store.list_games(summary.tournament_id).size() == 2;
    };
    class FolderRemovingConsole : public CountingConsole {
      public:
        explicit FolderRemovingConsole(fs::path folder) : folder_(std::move(folder)) {}
        TournamentObserver& open(Store& store) override {
            fs::remove_all(folder_);
            std::ofstream(folder_) << "not a folder\n";
            return CountingConsole::open(store);
        }

      private:
        fs::path folder_;
    } console(dir_ / "page");
    EXPECT_EQ(run_match(config_, outputs_, console), 1);
    EXPECT_EQ(console.finished, 1);
    EXPECT_NE(console.page_line.find("arbiter: the page " + config_.output.html_path +
                                     " was not written: "),
              std::string::npos)
        << console.page_line;
    EXPECT_TRUE(saved);
    EXPECT_FALSE(fs::exists(config_.db_path + "-wal") && fs::file_size(config_.db_path + "-wal"));
}

}  // namespace
}  // namespace arbiter
