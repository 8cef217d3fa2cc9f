// What the frameworks' command lines set, read by the dialect: the tool spoken by the program's
// name, fishtest's and OpenBench's options, cmd inside dir=, tc=inf/T+I, initstr, conf= with
// an engines.json and fastchess's -config file=.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "harness/dialect/command_line/cutechess_args.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string word; in >> word;) out.push_back(word);
    return out;
}

std::string error_of(const std::string& line) {
    try {
        read_cutechess_args(words(line));
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(CutechessClients, SpokenToolIsTheProgramsNameAndTheVersionSaysWhoseLineItSpeaks) {
    EXPECT_EQ(tool_called_as("/home/ob/Client/fastchess-ob"), SpokenTool::fastchess);
    EXPECT_EQ(tool_called_as("./fastchess"), SpokenTool::fastchess);
    EXPECT_EQ(tool_called_as("cutechess-cli"), SpokenTool::cutechess);
    EXPECT_EQ(tool_called_as("build/bin/arbiter"), SpokenTool::arbiter);
    EXPECT_EQ(tool_called_as("/opt/fastchess/arbiter"), SpokenTool::arbiter);
    EXPECT_EQ(version_text(SpokenTool::fastchess),
              "arbiter 0.3.0, speaking fastchess's command line");
    EXPECT_EQ(version_text(SpokenTool::cutechess),
              "arbiter 0.3.0, speaking cutechess-cli's command line");
    EXPECT_EQ(version_text(SpokenTool::arbiter), "arbiter 0.3.0, speaking its own command line");
    // Spoken as fastchess, it prints fastchess's lines by default; arbiter cutechess's.
    const auto line = words(
        "-engine cmd=/bin/a -engine cmd=/bin/b -each depth=1 -openings "
        "file=x.epd -games 2");
    EXPECT_EQ(read_cutechess_args(line, SpokenTool::fastchess).config.output.format,
              ConsoleFormat::fastchess);
    EXPECT_EQ(read_cutechess_args(line).config.output.format, ConsoleFormat::cutechess);
}

TEST(CutechessClients, FishtestsOptionsAreHonoured) {
    CutechessCommand c = read_cutechess_args(
        words("-testEnv -recover -repeat -games 2 -rounds 8 -ratinginterval 1 -scoreinterval 1 "
              "-autosaveinterval 0 -report penta=true -pgnout file=r.pgn append=false -crc32 "
              "pgn=true -srand 12345678901234567890 -variant standard -concurrency 2 -openings "
              "file=b.epd format=epd order=random plies=16 start=5 -check-mate-pvs -engine "
              "name=New-ab tc=40/10.000+0.100 cmd=/bin/sf dir=. -engine name=Base-cd "
              "tc=10.000 cmd=./sf dir=/opt -each proto=uci option.Threads=1"),
        SpokenTool::fastchess);
    EXPECT_FALSE(c.config.output.pgn_append);
    EXPECT_TRUE(c.config.output.crc32);
    EXPECT_TRUE(c.seed_given);
    EXPECT_FALSE(c.db_given);
    EXPECT_EQ(c.config.seed, 12345678901234567890ull);
    EXPECT_EQ(c.config.games_per_encounter, 16);
    ASSERT_EQ(c.config.engines.size(), 2u);
    EXPECT_EQ(c.config.engines[0].limits.tc->first().moves, 40);
    EXPECT_EQ(c.config.engines[0].command, "/bin/sf");  // absolute: as given
    EXPECT_EQ(c.config.engines[1].command, "/opt/sf");  // ./sf inside dir=/opt
    EXPECT_EQ(c.config.engines[1].limits.tc->first().base_ms, 10000);
    EXPECT_EQ(error_of("-variant crazyhouse"),
              "-variant crazyhouse is not supported: arbiter plays standard and fischerandom");
}

TEST(CutechessClients, OpenBenchsOptionsAreHonoured) {
    CutechessCommand c = read_cutechess_args(
        words("-recover -variant standard -testEnv -concurrency 1 -rounds 4 -games 2 -engine "
              "dir=Engines/ cmd=./Dev proto=uci tc=inf/8.0+0.08 name=dev-dev -engine dir=Engines/ "
              "cmd=./Base proto=uci st=0.5 name=base-base -openings file=b.epd format=epd "
              "order=random start=3 -srand 9 -pgnout file=PGNs/1.pgn seldepth=true nodes=true "
              "nps=true pv=true match_line=^info.*"),
        SpokenTool::fastchess);
    EXPECT_EQ(c.config.engines[0].command, "Engines/Dev");
    EXPECT_EQ(c.config.engines[0].limits.tc->first().moves, 0);
    EXPECT_EQ(c.config.engines[0].limits.tc->first().base_ms, 8000);
    EXPECT_EQ(c.config.engines[1].limits.movetime_ms, 500);
    PgnMoveFields expected;
    expected.nodes = expected.seldepth = expected.nps = expected.pv = true;
    expected.match_line = expected.fastchess = true;
    EXPECT_EQ(c.config.output.pgn_fields, expected);
    EXPECT_EQ(c.config.game.kept_info_lines, std::vector<std::string>{"^info.*"});
    EXPECT_NE(
        error_of("-engine cmd=a -pgnout file=x match_line=(").find("not a regular expression"),
        std::string::npos);
}

// fastchess's -pgnout keys for the engines' reports and the clock are honoured without a warning;
// each match_line= is kept for the referee, in order.
TEST(CutechessClients, PgnoutHashfullTbhitsTimeleftLatencyAndMatchLinesAreHonoured) {
    CutechessCommand c = read_cutechess_args(
        words("-engine cmd=/bin/a -engine cmd=/bin/b -each tc=1+0.01 -openings file=b.epd "
              "-pgnout file=x.pgn hashfull=true tbhits=true timeleft=true latency=true "
              "match_line=^info.string.a match_line=b$"),
        SpokenTool::fastchess);
    PgnMoveFields expected;
    expected.hashfull = expected.tbhits = expected.timeleft = expected.latency = true;
    expected.match_line = expected.fastchess = true;
    EXPECT_EQ(c.config.output.pgn_fields, expected);
    EXPECT_EQ(c.config.game.kept_info_lines, (std::vector<std::string>{"^info.string.a", "b$"}));
    for (const std::string& warning : c.warnings)
        EXPECT_EQ(warning.find("-pgnout"), std::string::npos) << warning;
    CutechessCommand off = read_cutechess_args(
        words("-engine cmd=/bin/a -engine cmd=/bin/b -each tc=1+0.01 -openings file=b.epd "
              "-pgnout file=x.pgn hashfull=false latency=false"),
        SpokenTool::fastchess);
    EXPECT_FALSE(off.config.output.pgn_fields.hashfull);
    EXPECT_FALSE(off.config.output.pgn_fields.latency);
    EXPECT_TRUE(off.config.game.kept_info_lines.empty());
}

TEST(CutechessClients, InitStringsBecomeTheOptionsTheyCarry) {
    CutechessCommand c = read_cutechess_args(
        {"-engine", "cmd=/bin/a",
         "initstr=setoption name Hash value 64\\nsetoption name A B value 1", "-engine",
         "cmd=/bin/b", "-each", "depth=1", "-openings", "file=x.epd", "-games", "2"});
    using Options = std::vector<std::pair<std::string, std::string>>;
    EXPECT_EQ(c.config.engines[0].options, (Options{{"Hash", "64"}, {"A B", "1"}}));
    EXPECT_NE(error_of("-engine cmd=/bin/a initstr=debug")
                  .find("initstr line 'debug' is not "
                        "supported"),
              std::string::npos);
}

// chess-tuning-tools' engines.json starts every engine's initStrings with "uci", the handshake
// cutechess sends anyway: it is the handshake arbiter sends, not a line to send again.
TEST(CutechessClients, AnInitStringUciIsTheHandshake) {
    CutechessCommand c = read_cutechess_args(
        {"-engine", "cmd=/bin/a", "initstr=uci\\nsetoption name Threads value 1", "-engine",
         "cmd=/bin/b", "-each", "depth=1", "-openings", "file=x.epd", "-games", "2"});
    using Options = std::vector<std::pair<std::string, std::string>>;
    EXPECT_EQ(c.config.engines[0].options, (Options{{"Threads", "1"}}));
    EXPECT_NE(error_of("-engine cmd=/bin/a initstr=ucinewgame")
                  .find("initstr line 'ucinewgame' is not supported"),
              std::string::npos);
}

class CutechessFiles : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("arbiter_clients_args_" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string write(const std::string& name, const std::string& text) {
        std::ofstream(dir_ / name) << text;
        return (dir_ / name).string();
    }
    fs::path dir_;
};

TEST_F(CutechessFiles, EnginesJsonEntryIsTheStartOfItsBlock) {
    std::string file = write("engines.json", R"([
  {"name": "sf", "command": "./stockfish", "workingDirectory": "/opt/sf", "protocol": "uci",
   "ponder": true, "initStrings": ["setoption name Threads value 1"],
   "options": [{"name": "Hash", "value": 16}, {"name": "Ponder", "value": false}]}])");
    CutechessCommand c =
        read_cutechess_args(words("-engines " + file +
                                  " -engine conf=sf tc=1+0.01 name=tuned -engine cmd=/bin/b "
                                  "-each depth=3 -openings file=x.epd -games 2"));
    const EngineConfig& e = c.config.engines[0];
    EXPECT_EQ(e.name, "tuned");  // the block's own key comes after the entry's
    EXPECT_EQ(e.command, "/opt/sf/stockfish");
    EXPECT_EQ(e.limits.tc->first().base_ms, 1000);
    EXPECT_EQ(e.limits.depth, 3);
    EXPECT_TRUE(e.ponder);
    EXPECT_FALSE(c.config.engines[1].ponder);
    using Options = std::vector<std::pair<std::string, std::string>>;
    EXPECT_EQ(e.options, (Options{{"Threads", "1"}, {"Hash", "16"}, {"Ponder", "false"}}));
    EXPECT_NE(error_of("-engines " + file +
                       " -engine conf=nobody -engine cmd=b -each depth=1 "
                       "-openings file=x.epd")
                  .find("conf=nobody: no engine of that name in " + file),
              std::string::npos);
}

TEST_F(CutechessFiles, FastchessConfigIsTheCommandLineItStandsFor) {
    std::string file = write("config.json", R"({
  "engines": [{"name": "a", "cmd": "/bin/a", "dir": "", "args": "-x", "restart": true,
               "options": [["Hash", "16"]],
               "limit": {"tc": {"time": 10000, "increment": 100, "moves": 40, "fixed_time": 0,
                                "timemargin": 50}, "nodes": 0, "plies": 0}},
              {"name": "b", "cmd": "/bin/b", "limit": {"nodes": 5000, "plies": 7}}],
  "opening": {"file": "x.epd", "format": 0, "order": 0, "plies": 8, "start": 2},
  "pgn": {"file": "o.pgn", "append_file": false, "track_seldepth": true, "crc": true},
  "sprt": {"enabled": true, "elo0": 0, "elo1": 5, "alpha": 0.05, "beta": 0.05,
           "model": "normalized"},
  "draw": {"enabled": true, "move_number": 30, "move_count": 8, "score": 10},
  "seed": 7, "games": 2, "rounds": 10, "concurrency": 3, "output": 1, "type": 0,
  "affinity": true, "check_mate_pvs": true})");
    CutechessCommand c = read_cutechess_args(words("-config file=" + file));
    const TournamentConfig& t = c.config;
    ASSERT_EQ(t.engines.size(), 2u);
    EXPECT_EQ(t.engines[0].args, std::vector<std::string>{"-x"});
    EXPECT_TRUE(t.engines[0].restart_each_game);
    EXPECT_EQ(t.engines[0].limits.tc->first().moves, 40);
    EXPECT_EQ(t.engines[0].limits.tc->first().increment_ms, 100);
    EXPECT_EQ(t.engines[1].limits.nodes, 5000u);
    EXPECT_EQ(t.engines[1].limits.depth, 7);
    EXPECT_EQ(t.openings_path, "x.epd");
    EXPECT_EQ(t.openings_start, 2);
    EXPECT_EQ(t.plies, 8);
    EXPECT_FALSE(c.config.output.pgn_append);
    EXPECT_TRUE(c.config.output.pgn_fields.seldepth);
    EXPECT_TRUE(c.config.output.crc32);
    EXPECT_TRUE(t.sprt.has_value());
    EXPECT_EQ(t.seed, 7u);
    EXPECT_EQ(c.config.games_per_encounter, 20);
    EXPECT_EQ(c.config.output.format, ConsoleFormat::cutechess);
    EXPECT_TRUE(c.config.output.affinity.has_value());
    EXPECT_TRUE(c.config.output.check_mate_pvs);
    EXPECT_EQ(error_of("-config file=" + write("bad.json", R"({"engines": {}})")),
              "-config: " + (dir_ / "bad.json").string() +
                  ": no \"engines\" list (fastchess's saved config has one)");
}

// A saved seed is any 64-bit number (fastchess saves the clock's): it reaches the configuration
// exactly, above 2^53 (where a double would round it) and above the signed range; a 16-digit
// node count too (not "9.00719925474099e+15"); the configuration stores the seed as exactly.
TEST_F(CutechessFiles, SeedAndNodesFromASavedConfigKeepAll64Bits) {
    for (const std::string seed : {"9007199254740993", "18446744073709551557"}) {
        std::string file = write("seed.json", R"({
  "engines": [{"name": "a", "cmd": "/bin/a", "limit": {"nodes": 9007199254740991}},
              {"name": "b", "cmd": "/bin/b", "limit": {"nodes": 5000}}],
  "opening": {"file": "x.epd", "format": 0, "order": 0, "start": 1},
  "seed": )" + seed + R"(, "games": 2, "rounds": 1})");
        CutechessCommand c = read_cutechess_args(words("-config file=" + file));
        EXPECT_EQ(c.config.seed, std::stoull(seed));
        EXPECT_EQ(c.config.engines[0].limits.nodes, 9007199254740991u);
        const json::Value stored = c.config.to_json();
        ASSERT_NE(stored.find("seed"), nullptr);
        EXPECT_EQ(stored.find("seed")->as_unsigned(), std::stoull(seed));
        EXPECT_EQ(tournament_config_from_json(json::parse(stored.dump()), "stored").seed,
                  std::stoull(seed));
    }
}

}  // namespace
}  // namespace arbiter
