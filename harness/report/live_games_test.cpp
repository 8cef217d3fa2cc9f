// Issue 21, item 5: one observer writes the live PGN and EPD for `arbiter tournament` and the
// dialect, with one error policy.
#include "harness/report/live_games.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace arbiter {
namespace {

namespace fs = std::filesystem;

// What the display would show: the games in the order they were finished.
struct ShownGames : TournamentObserver {
    void game_finished(const GameRecord& game, GameId, const std::string&,
                       const std::string&) override {
        slots.push_back(game.slot.number);
    }
    std::vector<std::int64_t> slots;
};

GameRecord finished_game(std::int64_t slot) {
    GameRecord game;
    game.slot.number = slot;
    game.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (const char* uci : {"e2e4", "e7e5"}) {
        MoveRecord move;
        move.ply = int(game.moves.size()) + 1;
        move.uci = uci;
        move.san = std::string(uci).substr(2, 2);
        game.moves.push_back(move);
    }
    game.final_fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    game.opening_name = "King's Pawn Game";
    game.result.outcome = Outcome::draw;
    game.result.termination = Termination::adjudication_draw;
    game.result.description = "Draw by adjudication";
    return game;
}

std::string read(const fs::path& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), {}};
}

struct LiveGames : ::testing::Test {
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("arbiter_live_games_" + std::to_string(::getpid()) + "_" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        config.db_path = (dir / "t.sqlite").string();
    }
    void TearDown() override { fs::remove_all(dir); }
    fs::path dir;
    TournamentConfig config;
    ShownGames shown;
};

TEST_F(LiveGames, EachGameGoesToThePgnAndItsFinalPositionToTheEpd) {
    std::vector<std::string> lines;
    LiveGameFiles files(shown, config,
                        {.pgn_path = (dir / "g.pgn").string(),
                         .pgn_crc32 = true,
                         .epd_path = (dir / "g.epd").string()},
                        [&](const std::string& line) { lines.push_back(line); });
    files.game_finished(finished_game(0), 1, "a", "b");
    files.game_finished(finished_game(1), 2, "b", "a");
    files.close();
    EXPECT_EQ(shown.slots, (std::vector<std::int64_t>{0, 1}));
    // The referee's final position, no replay of the moves.
    EXPECT_EQ(read(dir / "g.epd"),
              finished_game(0).final_fen + "\n" + finished_game(1).final_fen + "\n");
    const std::string pgn = read(dir / "g.pgn");
    // The opening's name comes with the game: there is no store to look it up in.
    EXPECT_NE(pgn.find("[Opening \"King's Pawn Game\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[White \"b\"]\n[Black \"a\"]"), std::string::npos) << pgn;
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[1], "File " + (dir / "g.pgn").string() + " has CRC32: " +
                            crc32_hex(file_crc32((dir / "g.pgn").string()).value()));
}

// A file that cannot be written: the game is still shown, then the run is told to stop with a
// message that says where the games are; the games still finishing are shown, not written.
TEST_F(LiveGames, AFailedWriteShowsTheGameStopsTheRunAndNamesTheDatabase) {
    ASSERT_TRUE(fs::exists("/dev/full"));
    LiveGameFiles files(shown, config, {.pgn_path = "/dev/full"});
    try {
        files.game_finished(finished_game(0), 1, "a", "b");
        FAIL() << "no OutputError for a full disk";
    } catch (const OutputError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("/dev/full"), std::string::npos) << what;
        EXPECT_NE(what.find("the tournament stopped"), std::string::npos) << what;
        EXPECT_NE(what.find("arbiter export --db " + config.db_path), std::string::npos) << what;
    }
    EXPECT_NO_THROW(files.game_finished(finished_game(1), 2, "b", "a"));
    EXPECT_EQ(shown.slots, (std::vector<std::int64_t>{0, 1}));
    EXPECT_NO_THROW(files.close());
}

}  // namespace
}  // namespace arbiter
