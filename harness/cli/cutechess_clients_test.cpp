// The frameworks that drive fastchess and cutechess-cli, end to end, with arbiter in their place:
// fishtest's worker and OpenBench's client command lines word for word (with our engines), read
// back the way those clients read them (substrings counted over stdout and stderr together, the
// "Games:"/"Ptnml" block, "Finished game" lines, the CRC32 line, PGN Termination tags), and
// compared with the database; two runners in one folder; a tuner's repeated run; conf= with an
// engines.json; fastchess's -config file=.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "harness/cli/client_run_fixture.h"
#include "harness/text/crc32.h"

namespace arbiter_test {
namespace {

// How often `word` occurs in `text`, counted per line as fishtest counts ("disconnect" in line).
int lines_with(const std::string& text, std::initializer_list<const char*> words) {
    std::istringstream lines(text);
    std::string line;
    int count = 0;
    while (std::getline(lines, line))
        for (const char* word : words)
            if (line.find(word) != std::string::npos) {
                ++count;
                break;
            }
    return count;
}

int games_ending(const std::vector<StoredGame>& games, std::initializer_list<const char*> ends) {
    int count = 0;
    for (const StoredGame& game : games)
        for (const char* end : ends) count += game.termination == end;
    return count;
}

// The last fastchess block's counts, read with fishtest's own patterns.
Counts block_counts(const std::string& out, int& games) {
    std::regex wld("Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), Points");
    std::regex ptnml("Ptnml\\(0-2\\): \\[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\\]");
    Counts counts;
    for (auto it = std::sregex_iterator(out.begin(), out.end(), wld); it != std::sregex_iterator();
         ++it) {
        games = std::stoi((*it)[1]);
        counts.wins = std::stoi((*it)[2]);
        counts.losses = std::stoi((*it)[3]);
        counts.draws = std::stoi((*it)[4]);
    }
    for (auto it = std::sregex_iterator(out.begin(), out.end(), ptnml);
         it != std::sregex_iterator(); ++it)
        for (std::size_t k = 0; k < 5; ++k) counts.pairs[k] = std::stoi((*it)[int(k) + 1]);
    return counts;
}

TEST_F(ClientRun, FishtestWorkersCommandLineCountsEachCrashAndTimeLossOnceAndUploadsItsPgn) {
    link("fastchess");
    engine("new", "--seed 3 --crash-at 70");
    engine("base", "--seed 5 --hang-at 150");
    std::ofstream(dir_ / "results-run-1.pgn") << "an earlier task's games\n";
    // worker/games.py's list, word for word (adjudication on, an EPD book, -srand of 64 bits);
    // option.Threads=1 is left out as fishtest leaves it out when the options name Threads,
    // because mock_engine has no Threads option.
    RunResult run = run_here(
        "./fastchess -testEnv -recover -repeat -games 2 -rounds 15 -ratinginterval 1 "
        "-scoreinterval 1 -autosaveinterval 0 -report penta=true -pgnout file=results-run-1.pgn "
        "append=false -crc32 pgn=true -site https://tests.stockfishchess.org/tests/view/abc "
        "-event 'Batch 1: new vs base' -srand 12345678901234567890 -resign movecount=3 "
        "score=600 -draw movenumber=34 movecount=8 score=20 -variant standard -concurrency 2 "
        "-openings file=book.epd format=epd order=random plies=16 start=1 -check-mate-pvs "
        "-engine name=New-0123456789abcdef tc=0.5+0.01 cmd=new dir=. -engine "
        "name=Base-fedcba9876543210 tc=0.5+0.01 cmd=base dir=. -each proto=uci option.Hash=8");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::vector<StoredGame> games = stored_games(database_of(run));
    ASSERT_EQ(games.size(), 30u);
    const std::string both = run.out + run.err;
    // fishtest: "disconnect" or "stall" in a line is a crash, "on time" or "timeout" a time loss.
    EXPECT_EQ(lines_with(both, {"disconnect", "stall"}),
              games_ending(games, {"disconnect", "stall"}));
    EXPECT_EQ(lines_with(both, {"on time", "timeout"}), games_ending(games, {"time-forfeit"}));
    EXPECT_GT(games_ending(games, {"disconnect"}), 0);
    EXPECT_GT(games_ending(games, {"time-forfeit"}), 0);
    // Its block: the last one covers every game, as the database has them.
    int played = 0;
    Counts printed = block_counts(run.out, played);
    Counts stored = counts_of(games, "New-0123456789abcdef");
    EXPECT_EQ(played, 30);
    EXPECT_EQ(printed.wins, stored.wins);
    EXPECT_EQ(printed.losses, stored.losses);
    EXPECT_EQ(printed.draws, stored.draws);
    EXPECT_EQ(printed.pairs, stored.pairs);
    // The upload: the last CRC line equals the PGN as it stands (started empty: append=false).
    std::smatch crc;
    std::regex crc_line("File results-run-1.pgn has CRC32: (0x[0-9a-f]+)\n(?![\\s\\S]*has CRC32)");
    ASSERT_TRUE(std::regex_search(run.out, crc, crc_line)) << run.out;
    EXPECT_EQ(crc[1].str(),
              arbiter::crc32_hex(arbiter::file_crc32(path("results-run-1.pgn")).value()));
    EXPECT_EQ(read("results-run-1.pgn").find("an earlier task"), std::string::npos);
    EXPECT_NE(run.out.rfind("Finished match"), std::string::npos);
}

TEST_F(ClientRun, OpenBenchClientsCommandLineResolvesCmdInsideDirAndReportsByItsGameLines) {
    link("fastchess-ob");
    fs::create_directories(dir_ / "Engines");
    fs::create_directories(dir_ / "PGNs");
    engine("Engines/dev", "--seed 3 --crash-at 60");
    engine("Engines/base", "--seed 4");
    // OpenBench's version probe: the first number of `--version`.
    RunResult version = run_here("./fastchess-ob --version");
    EXPECT_EQ(version.out, "arbiter 0.3.0, speaking fastchess's command line\n");
    // Client/worker.py's build_runner_command, word for word (no tablebases on this worker).
    RunResult run = run_here(
        "./fastchess-ob -recover -variant standard -testEnv -concurrency 2 -rounds 10 -games 2 "
        "-resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10  -engine "
        "dir=Engines/ cmd=./dev proto=uci tc=1.0+0.01 name=dev-dev -engine dir=Engines/ "
        "cmd=./base proto=uci tc=1.0+0.01 name=base-base -openings file=book.epd format=epd "
        "order=random start=1 -srand 99 -pgnout file=PGNs/7.3.1234.0.pgn seldepth=true "
        "nodes=true match_line='^info string pgncomment .*'");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::vector<StoredGame> games = stored_games(database_of(run));
    ASSERT_EQ(games.size(), 20u);
    // Its parser: stdout only, "Finished game N (A vs B): RESULT {reason}", tokens 2 and 6; it
    // stops at the first empty line.
    std::istringstream lines(run.out);
    std::string line;
    std::map<int, std::string> results;
    std::array<int, 5> pentanomial{};
    int crashes = 0;
    while (std::getline(lines, line) && !line.empty()) {
        if (line.find("Finished game") == std::string::npos) continue;
        std::string reason = line.substr(line.find(':') + 1);
        crashes += reason.find("disconnect") != std::string::npos ||
                   reason.find("stalls") != std::string::npos;
        std::istringstream tokens(line);
        std::vector<std::string> words{std::istream_iterator<std::string>(tokens), {}};
        int game = std::stoi(words[2]);
        results[game] = words[6];
        int first = game % 2 ? game : game - 1;
        if (!results.count(first) || !results.count(first + 1)) continue;
        std::map<std::string, int> points{{"0-1", 0}, {"1/2-1/2", 1}, {"1-0", 2}};
        ++pentanomial[std::size_t(points[results[first]] + 2 - points[results[first + 1]])];
    }
    EXPECT_EQ(pentanomial, counts_of(games, "dev-dev").pairs);
    EXPECT_EQ(crashes, games_ending(games, {"disconnect", "stall"}));
    EXPECT_GT(crashes, 0);
    // Its PGN error scan: Termination "abandoned" is a disconnect; n= and sd= in the comments.
    std::string pgn = read("PGNs/7.3.1234.0.pgn");
    EXPECT_EQ(lines_with(pgn, {"[Termination \"abandoned\"]"}), crashes);
    EXPECT_TRUE(
        std::regex_search(pgn, std::regex("\\{[-+]?[0-9.]+/[0-9]+ [0-9.]+s, n=[0-9]+, sd=[0-9]+")));
}

TEST_F(ClientRun, TwoRunnersInOneFolderPlayTheirOwnMatches) {
    link("fastchess-ob");
    engine("a", "--seed 1");
    engine("b", "--seed 2");
    const std::string line =
        "./fastchess-ob -recover -variant standard -testEnv -concurrency 1 -rounds 4 -games 2 "
        "-engine cmd=./a name=a tc=2+0.02 -engine cmd=./b name=b tc=2+0.02 -openings "
        "file=book.epd format=epd order=random start=";
    RunResult runs[2];
    std::thread other([&] { runs[1] = run_here(line + "5 -srand 7 -pgnout file=two.pgn"); });
    runs[0] = run_here(line + "1 -srand 7 -pgnout file=one.pgn");
    other.join();
    for (const RunResult& run : runs) {
        ASSERT_EQ(run.exit_code, 0) << run.err;
        EXPECT_EQ(stored_games(database_of(run)).size(), 8u);
        EXPECT_NE(run.out.find("Games: 8,"), std::string::npos) << run.out;
    }
    EXPECT_NE(database_of(runs[0]), database_of(runs[1]));
}

TEST_F(ClientRun, ATunersRepeatedRunPlaysNewGamesFromANewSeed) {
    link("cutechess-cli");
    engine("a", "--seed 1");
    engine("b", "--seed 2");
    const std::string line =
        "./cutechess-cli -engine cmd=./a name=a -engine cmd=./b name=b -each tc=2+0.02 "
        "proto=uci -rounds 2 -games 2 -repeat -openings file=book.epd order=random";
    RunResult first = run_here(line), second = run_here(line);
    for (const RunResult* run : {&first, &second}) {
        ASSERT_EQ(run->exit_code, 0) << run->err;
        EXPECT_NE(run->out.find("Score of a vs b: "), std::string::npos);
        EXPECT_EQ(stored_games(database_of(*run)).size(), 4u);
        EXPECT_EQ(lines_with(run->out, {"Finished game"}), 4);
    }
    std::regex seed("Seed: ([0-9]+)");
    std::smatch a, b;
    ASSERT_TRUE(std::regex_search(first.err, a, seed));
    ASSERT_TRUE(std::regex_search(second.err, b, seed));
    EXPECT_NE(a[1].str(), b[1].str());
    EXPECT_NE(database_of(first), database_of(second));
    // With the printed seed the openings come again.
    RunResult again = run_here(line + " -srand " + a[1].str());
    ASSERT_EQ(again.exit_code, 0) << again.err;
    auto starts = [](const std::vector<StoredGame>& games) {
        std::vector<std::string> fens;
        for (const StoredGame& game : games) fens.push_back(game.start_fen);
        return fens;
    };
    EXPECT_EQ(starts(stored_games(database_of(again))), starts(stored_games(database_of(first))));
}

TEST_F(ClientRun, ConfWithEnginesJsonSendsItsInitStringsAndOptions) {
    link("cutechess-cli");
    fs::create_directories(dir_ / "bin");
    engine("bin/mock", "--seed 1");
    std::ofstream(dir_ / "tuned.json") << R"([
  {"name": "tuned", "command": "./mock", "workingDirectory": "bin", "protocol": "uci",
   "initStrings": ["setoption name Hash value 32", "setoption name Style value Solid"],
   "options": [{"name": "Move Overhead", "value": 25}]},
  {"name": "plain", "command": ")" + std::string(MOCK_ENGINE_PATH) +
                                              R"(", "protocol": "uci"}
])";
    RunResult run = run_here(
        "./cutechess-cli -engines tuned.json -engine conf=tuned -engine conf=plain -each "
        "tc=2+0.02 -rounds 2 -games 2 -repeat -openings file=book.epd -log file=engines.log");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(stored_games(database_of(run)).size(), 4u);
    EXPECT_NE(run.out.find("Score of tuned vs plain: "), std::string::npos);
    // The engine echoes each setoption it receives: the lines as cutechess writes them.
    std::string log = read("engines.log");
    for (const char* line :
         {"received: setoption name Hash value 32", "received: setoption name Style value Solid",
          "received: setoption name Move Overhead value 25"})
        EXPECT_NE(log.find(line), std::string::npos) << line;
    // An init string arbiter would not compose is refused by name.
    std::ofstream(dir_ / "bad.json")
        << R"([{"name": "x", "command": "./mock", "initStrings": ["debug on"]}])";
    RunResult bad = run_here(
        "./cutechess-cli -engines bad.json -engine conf=x -engine conf=x "
        "-each tc=1 -openings file=book.epd");
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("initstr line 'debug on' is not supported"), std::string::npos)
        << bad.err;
}

TEST_F(ClientRun, FastchessConfigFileIsReadOntoTheSameMatch) {
    link("fastchess");
    engine("a", "--seed 1");
    engine("b", "--seed 2");
    // fastchess's saved config: enums as indices, times in milliseconds.
    std::ofstream(dir_ / "config.json") << R"({
  "engines": [
    {"name": "a", "dir": "", "cmd": "./a", "args": "", "restart": false,
     "options": [["Hash", "8"]], "limit": {"tc": {"increment": 20, "fixed_time": 0,
     "time": 2000, "moves": 0, "timemargin": 0}, "nodes": 0, "plies": 0}, "variant": 0},
    {"name": "b", "dir": "", "cmd": "./b", "args": "", "restart": false, "options": [],
     "limit": {"tc": {"increment": 20, "fixed_time": 0, "time": 2000, "moves": 0,
     "timemargin": 0}, "nodes": 0, "plies": 0}, "variant": 0}],
  "opening": {"file": "book.epd", "format": 0, "order": 1, "plies": -1, "start": 3},
  "pgn": {"file": "config.pgn", "append_file": false, "track_nodes": true, "crc": true,
          "event_name": "Tuning", "site": "?"},
  "sprt": {"enabled": false}, "draw": {"enabled": false}, "resign": {"enabled": false},
  "maxmoves": {"enabled": false}, "tb_adjudication": {"enabled": false},
  "seed": 42, "games": 2, "rounds": 3, "concurrency": 2, "output": 0, "report_penta": true,
  "ratinginterval": 10, "scoreinterval": 1, "autosaveinterval": 20, "variant": 0, "type": 0
})";
    RunResult run = run_here("./fastchess -config file=config.json");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::vector<StoredGame> games = stored_games(database_of(run));
    ASSERT_EQ(games.size(), 6u);
    EXPECT_NE(run.out.find("Games: 6, "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("File config.pgn has CRC32: 0x"), std::string::npos);
    std::string pgn = read("config.pgn");
    EXPECT_NE(pgn.find("[Event \"Tuning\"]"), std::string::npos);
    EXPECT_NE(pgn.find(", n="), std::string::npos);
    // order=sequential start=3: the third opening of the book first.
    std::ifstream book(dir_ / "book.epd");
    std::string line;
    for (int i = 0; i < 3; ++i) std::getline(book, line);
    EXPECT_EQ(games[0].start_fen.substr(0, 20), line.substr(0, 20));
    // A field of the wrong type is named with its file.
    std::ofstream(dir_ / "broken.json") << R"({"engines": [{"name": 5}]})";
    RunResult broken = run_here("./fastchess -config file=broken.json");
    EXPECT_EQ(broken.exit_code, 1);
    EXPECT_NE(broken.err.find("broken.json.engines[0].name"), std::string::npos) << broken.err;
}

TEST_F(ClientRun, AnIllegalMoveIsWarnedOnceInFastchessWordsAndTaggedAsFastchessTagsIt) {
    link("fastchess");
    engine("bad", "--seed 1 --illegal-at 3");
    engine("good", "--seed 2");
    RunResult run = run_here(
        "./fastchess -engine cmd=./bad name=bad -engine cmd=./good name=good -each tc=2+0.02 "
        "-rounds 1 -games 2 -repeat -openings file=book.epd -pgnout file=g.pgn -db x.sqlite");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::vector<StoredGame> games = stored_games(path("x.sqlite"));
    int illegal = games_ending(games, {"illegal-move"});
    EXPECT_GT(illegal, 0);
    EXPECT_EQ(lines_with(run.out + run.err, {"Warning; Illegal move"}), illegal);
    EXPECT_TRUE(
        std::regex_search(run.out, std::regex("Warning; Illegal move \\S+ played by bad\n")));
    EXPECT_EQ(lines_with(run.out + run.err, {"illegal move"}), illegal);  // "makes an illegal move"
    EXPECT_EQ(lines_with(read("g.pgn"), {"[Termination \"illegal move\"]"}), illegal);
    // An option the engine lacks: fastchess's warning, which the frameworks stop on.
    RunResult missing = run_here(
        "./fastchess -engine cmd=./good name=good option.Threads=1 "
        "-engine cmd=./bad name=bad -each tc=1 -openings file=book.epd");
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.out.find("Warning; good doesn't have option Threads\n"), std::string::npos)
        << missing.out << missing.err;
}

}  // namespace
}  // namespace arbiter_test
