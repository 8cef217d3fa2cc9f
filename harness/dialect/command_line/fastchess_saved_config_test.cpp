// fastchess's saved configuration (-config outname=FILE), issue 31: what arbiter writes reads back
// through -config file=FILE as the command line it was written from.
#include "harness/dialect/command_line/fastchess_saved_config.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/config/config_error_of.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> saved_words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

class SavedConfig : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("arbiter_saved_config_" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    // The command read back from what `command` saves.
    CutechessCommand round_trip(const CutechessCommand& command) {
        std::string path = (dir_ / "saved.json").string();
        std::ofstream(path) << fastchess_saved_config(command.config, {}).dump(4);
        return read_cutechess_args({"-config", "file=" + path}, SpokenTool::fastchess);
    }
    fs::path dir_;
};

// weather-factory's command line, word for word but for the engine and book paths, plus the
// settings a saved configuration carries beyond it.
TEST_F(SavedConfig, WhatIsSavedReadsBackAsTheCommandLine) {
    const std::string line =
        "-config discard=true outname=tuner/fastchess_config.json -output format=cutechess "
        "-engine cmd=/bin/sf name=sf-1 proto=uci option.Hash=8 option.Param=60 "
        "-engine cmd=/bin/sf name=sf-2 proto=uci option.Hash=8 option.Param=40 "
        "-resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10 -recover "
        "-concurrency 2 -each tc=5+0.05 -openings file=tuner/book.epd format=epd order=random "
        "plies=16 -repeat 2 -games 2 -rounds 8 -pgnout tuner/games.pgn -srand "
        "18446744073709551557 -maxmoves 150 -sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 "
        "-pgnout file=tuner/games.pgn nodes=true seldepth=true -epdout file=end.epd";
    CutechessCommand given = read_cutechess_args(saved_words(line), SpokenTool::fastchess);
    EXPECT_EQ(given.config.output.saved_config_path, "tuner/fastchess_config.json");
    CutechessCommand back = round_trip(given);
    EXPECT_EQ(back.config.engines, given.config.engines);
    EXPECT_EQ(back.config.openings_path, given.config.openings_path);
    EXPECT_EQ(back.config.plies, given.config.plies);
    EXPECT_EQ(back.config.random_order, given.config.random_order);
    EXPECT_EQ(back.config.seed, 18446744073709551557ULL);
    EXPECT_EQ(back.config.game.adjudication, given.config.game.adjudication);
    EXPECT_EQ(back.config.game.time_margin, given.config.game.time_margin);
    EXPECT_EQ(back.config.sprt, given.config.sprt);
    EXPECT_EQ(back.config.concurrency, given.config.concurrency);
    EXPECT_EQ(back.config.pgn_path, given.config.pgn_path);
    EXPECT_EQ(back.config.single_games, given.config.single_games);
    EXPECT_EQ(back.config.games_per_encounter, 16);
    EXPECT_EQ(back.config.output.format, ConsoleFormat::cutechess);
    EXPECT_EQ(back.config.output.pgn_fields, given.config.output.pgn_fields);
    EXPECT_EQ(back.config.output.epd_path, "end.epd");
}

// OpenBench's -games 1 (one game per opening, no reversed partner) keeps its meaning.
TEST_F(SavedConfig, SingleGamesStaySingle) {
    CutechessCommand given = read_cutechess_args(
        saved_words("-engine cmd=/bin/a -engine cmd=/bin/b -each nodes=1000 -games 1 -rounds 7 "
                    "-openings file=x.epd -config outname=c.json"),
        SpokenTool::fastchess);
    CutechessCommand back = round_trip(given);
    EXPECT_TRUE(back.config.single_games);
    EXPECT_EQ(back.config.games_per_encounter, 7);
    EXPECT_EQ(back.config.engines, given.config.engines);
}

// Issue 41: fastchess's clock holds one period; arbiter's own "periods" key keeps them all, and
// fastchess's fields say the first.
TEST_F(SavedConfig, SeveralPeriodsReadBack) {
    CutechessCommand given = read_cutechess_args(
        saved_words("-engine cmd=/bin/a -engine cmd=/bin/b -each tc=40/5400+30:1800+30 -rounds 2 "
                    "-openings file=x.epd -config outname=c.json"),
        SpokenTool::fastchess);
    const std::string saved = fastchess_saved_config(given.config, {}).dump();
    EXPECT_NE(saved.find(R"("time":5400000,"moves":40)"), std::string::npos) << saved;
    EXPECT_NE(saved.find(R"("periods":"40/5400+30:1800+30")"), std::string::npos) << saved;
    EXPECT_EQ(round_trip(given).config.engines, given.config.engines);
}

// "stats" as fastchess saves them: "A vs B" with games and pairs from A's side.
TEST(SavedConfigStats, EachPairUnderItsNames) {
    CutechessCommand given = read_cutechess_args(
        saved_words("-engine cmd=/bin/a name=a -engine cmd=/bin/b name=b -each depth=2 -rounds 2 "
                    "-games 2 -openings file=x.epd"),
        SpokenTool::fastchess);
    FastchessPairStats stats{"a", "b", 2, 1, 1, {1, 0, 1, 0, 0, 0}};
    json::Value saved = fastchess_saved_config(given.config, {stats});
    const json::Value* entry = saved.find("stats")->find("a vs b");
    ASSERT_NE(entry, nullptr);
    EXPECT_EQ(entry->find("wins")->as_integer(), 2);
    EXPECT_EQ(entry->find("losses")->as_integer(), 1);
    EXPECT_EQ(entry->find("penta_WW")->as_integer(), 1);
    EXPECT_EQ(entry->find("penta_WL")->as_integer(), 1);
    EXPECT_EQ(entry->find("penta_LL")->as_integer(), 0);
}

// discard=true reads nothing of file=; -config without keys says what it takes.
TEST_F(SavedConfig, DiscardStartsFromTheCommandLine) {
    std::string path = (dir_ / "other.json").string();
    std::ofstream(path) << R"({"engines": [{"name": "x", "cmd": "/bin/x"}], "rounds": 50})";
    CutechessCommand fresh = read_cutechess_args(
        saved_words("-config file=" + path +
                    " discard=true -engine cmd=/bin/a -engine cmd=/bin/b -each depth=1 "
                    "-openings file=x.epd -rounds 3 -games 2"),
        SpokenTool::fastchess);
    ASSERT_EQ(fresh.config.engines.size(), 2u);
    EXPECT_EQ(fresh.config.games_per_encounter, 6);
    EXPECT_NE(testing::error_of([] { read_cutechess_args({"-config"}); }).find("-config needs"),
              std::string::npos);
}

}  // namespace
}  // namespace arbiter
