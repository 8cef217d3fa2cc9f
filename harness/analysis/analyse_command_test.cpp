// `arbiter analyse --pgn` from outside, with Debian's Stockfish as the reference: the fool's mate
// gets its blunder marked with the move that holds, every move an [%eval], and pgn-extract reads
// the annotated file whole; a bad input is refused naming the file and line.
// `arbiter analyse --db` with the mock engine as the reference (its --ply-log counts every
// position it is asked about): killed mid-run, then run again, every position is asked once in
// all, every game's rows are whole, a third run asks nothing, another limit is another analysis;
// a missing or damaged database is refused by name.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include <thread>

#include "harness/store/store.h"
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

class AnalyseCommand : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("analyse-" + std::to_string(::getpid()));
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }
    fs::path dir;
};

TEST_F(AnalyseCommand, MarksTheBlunderAndWritesPgnThatPgnExtractReads) {
    ASSERT_TRUE(fs::exists("/usr/games/stockfish")) << "scripts/setup installs stockfish";
    std::ofstream(dir / "in.pgn") << "[Event \"fool\"]\n[White \"w\"]\n[Black \"b\"]\n"
                                     "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
                                     "[Event \"open\"]\n[White \"b\"]\n[Black \"w\"]\n"
                                     "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    const auto r = arbiter_test::run_program(
        std::string(ARBITER_PATH) + " analyse --pgn " + (dir / "in.pgn").string() + " --out " +
        (dir / "out.pgn").string() + " --engine cmd=/usr/games/stockfish --depth 10");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("Analysed 2 games (10 positions)"), std::string::npos) << r.output;
    const std::string out = arbiter_test::read_text(dir / "out.pgn");
    EXPECT_TRUE(std::regex_search(out, std::regex(R"(2\. g4\?\?\s+\{\[%eval #-1\] better: \w+)")))
        << out;
    const std::regex eval(R"(\[%eval )");
    EXPECT_EQ(std::distance(std::sregex_iterator(out.begin(), out.end(), eval), {}), 8) << out;
    const auto extract =
        arbiter_test::run_program("pgn-extract -o /dev/null " + (dir / "out.pgn").string());
    EXPECT_NE(extract.output.find("2 games matched out of 2"), std::string::npos) << extract.output;
}

TEST_F(AnalyseCommand, RefusesABadGameNamingItsLine) {
    std::ofstream(dir / "bad.pgn") << "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5\n2. Ke3 *\n";
    const auto r = arbiter_test::run_program(
        std::string(ARBITER_PATH) + " analyse --pgn " + (dir / "bad.pgn").string() + " --out " +
        (dir / "o.pgn").string() + " --engine cmd=/usr/games/stockfish --depth 1");
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.output.find("bad.pgn:5: 'Ke3' is not a legal move"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(dir / "o.pgn"));
    const auto limits = arbiter_test::run_program(
        std::string(ARBITER_PATH) + " analyse --pgn " + (dir / "bad.pgn").string() + " --out " +
        (dir / "o.pgn").string() + " --engine cmd=/usr/games/stockfish");
    EXPECT_NE(limits.output.find("give one search limit"), std::string::npos) << limits.output;
}

// A database of 12 games between two mock engines, and the mock as the reference engine logging
// each `go` to a folder.
class AnalyseDatabase : public AnalyseCommand {
  protected:
    void SetUp() override {
        AnalyseCommand::SetUp();
        db = (dir / "t.sqlite").string();
        const auto played = arbiter_test::run_program(
            std::string(ARBITER_PATH) + " tournament " + player("m1", "1") + " " +
            player("m2", "9") +
            " --depth 1 --openings openings/startpos.epd --rounds 6 --maxplies 40 --db " + db);
        ASSERT_EQ(played.exit_code, 0) << played.output;
        Store store = Store::open(db, Store::Access::read_only);
        for (const GameSummary& game : store.list_games(store.list_tournaments().at(0).id)) {
            ++games;
            positions += game.ply_count + 1;
            plies[game.id] = game.ply_count;
        }
    }
    static std::string player(const std::string& name, const std::string& seed) {
        return "--engine name=" + name + ",cmd=" + MOCK_ENGINE_PATH + ",arg=--seed,arg=" + seed;
    }
    // The command line analysing the database with the mock, each search `think` ms long (an
    // argument of the engine, so of its identity: the same in every run of one analysis), its
    // `go` logged in `log`, emptied first.
    std::string analyse(const fs::path& log, const std::string& limit, int think = 0) const {
        fs::remove_all(log);
        fs::create_directories(log);
        return std::string(ARBITER_PATH) + " analyse --db " + db +
               " --engine name=ref,cmd=" + MOCK_ENGINE_PATH +
               ",arg=--think,arg=" + std::to_string(think) + ",arg=--ply-log,arg=" + log.string() +
               " " + limit + " --concurrency 2";
    }
    // How many `go` the reference engines logged in `log`.
    static int goes(const fs::path& log) {
        int count = 0;
        for (const auto& file : fs::directory_iterator(log))
            count += arbiter_test::count_of(arbiter_test::read_text(file.path()), " go ");
        return count;
    }
    // Rows of the analysis `index` (0 first), each game's rows checked whole.
    std::int64_t rows(std::size_t index) const {
        Store store = Store::open(db, Store::Access::read_only);
        const auto analyses = store.list_analyses();
        if (analyses.size() <= index) return 0;
        std::int64_t count = 0;
        for (GameId game : store.analysed_games(analyses[index].id)) {
            const auto verdicts = store.load_game_analysis(analyses[index].id, game);
            EXPECT_EQ(std::int64_t(verdicts.size()), plies.at(game) + 1) << "game " << game;
            count += std::int64_t(verdicts.size());
        }
        return count;
    }
    std::string db;
    std::int64_t games = 0, positions = 0;
    std::map<GameId, std::int64_t> plies;
};

TEST_F(AnalyseDatabase, KilledMidRunResumesAskingEachPositionOnceInAll) {
    ASSERT_EQ(games, 12);
    // Step 1. Killed (SIGKILL) once it has stored a game: the games it finished stay whole.
    const auto started = arbiter_test::run_program_stdout(analyse(dir / "log", "--depth 3", 20) +
                                                          " >/dev/null 2>&1 & echo $!");
    const std::string pid = started.output.substr(0, started.output.find('\n'));
    std::int64_t before = 0;
    for (int i = 0; i < 3000 && before == 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (fs::exists(db)) before = rows(0);
    }
    ASSERT_EQ(arbiter_test::run_program("kill -9 " + pid).exit_code, 0);
    before = rows(0);
    ASSERT_GT(before, 0);
    ASSERT_LT(before, positions) << "the run ended before it was killed: slow it down";

    // Step 2. Run again: exactly the positions of the games not stored are asked.
    const auto second = arbiter_test::run_program(analyse(dir / "log", "--depth 3", 20));
    ASSERT_EQ(second.exit_code, 0) << second.output;
    EXPECT_EQ(goes(dir / "log"), positions - before);
    EXPECT_EQ(rows(0), positions);

    // Step 3. A third run asks nothing; another depth is another analysis of every position.
    const auto third = arbiter_test::run_program(analyse(dir / "log", "--depth 3", 20));
    ASSERT_EQ(third.exit_code, 0) << third.output;
    EXPECT_NE(third.output.find("12 games, 12 analysed before, 0 now (0 positions"),
              std::string::npos)
        << third.output;
    EXPECT_EQ(goes(dir / "log"), 0);
    const auto other = arbiter_test::run_program(analyse(dir / "log", "--depth 4", 20));
    ASSERT_EQ(other.exit_code, 0) << other.output;
    EXPECT_EQ(goes(dir / "log"), positions);
    EXPECT_EQ(rows(1), positions);
    EXPECT_EQ(rows(0), positions);
}

// Whitespace runs as one space: PGN wraps lines by length, which annotations change.
std::string one_line(const std::string& text) {
    return std::regex_replace(text, std::regex(R"(\s+)"), " ");
}

// `export` writes the analysis held: with the annotations taken out again (NAGs, [%eval], better
// moves) the PGN is the one exported before the analysis, and `--no-annotations` writes that one.
TEST_F(AnalyseDatabase, ExportWritesTheAnalysisIntoThePgn) {
    ASSERT_TRUE(fs::exists("/usr/games/stockfish")) << "scripts/setup installs stockfish";
    const std::string arbiter = ARBITER_PATH;
    const auto plain = arbiter_test::run_program(arbiter + " export --db " + db + " --pgn " +
                                                 (dir / "plain.pgn").string());
    ASSERT_EQ(plain.exit_code, 0) << plain.output;
    const auto analysed = arbiter_test::run_program(arbiter + " analyse --db " + db +
                                                    " --engine cmd=/usr/games/stockfish --depth 4");
    ASSERT_EQ(analysed.exit_code, 0) << analysed.output;
    for (const char* extra : {"", " --no-annotations"}) {
        const auto r = arbiter_test::run_program(arbiter + " export --db " + db + " --pgn " +
                                                 (dir / "out.pgn").string() + extra);
        ASSERT_EQ(r.exit_code, 0) << r.output;
        const std::string text = arbiter_test::read_text(dir / "out.pgn");
        if (*extra) {
            EXPECT_EQ(text, arbiter_test::read_text(dir / "plain.pgn"));
            continue;
        }
        // Every move whose position after it has a score holds an [%eval]; every NAG a better
        // move; some moves of random players are marked.
        Store store = Store::open(db, Store::Access::read_only);
        const AnalysisId analysis = store.list_analyses().at(0).id;
        int scored = 0;
        for (const auto& [game, count] : plies)
            for (const PositionVerdict& v : store.load_game_analysis(analysis, game))
                scored += v.score.has_value();
        scored -= int(games);  // the start positions
        EXPECT_EQ(arbiter_test::count_of(text, "[%eval "), scored);
        const std::regex nag(R"([A-Za-z0-9+#=](\?\?|\?!|\?)\s)");
        const auto nags = std::distance(std::sregex_iterator(text.begin(), text.end(), nag), {});
        EXPECT_EQ(arbiter_test::count_of(text, "better: "), nags);
        EXPECT_GT(nags, 12);
        std::string stripped = std::regex_replace(text, std::regex(R"( ?\[%eval [^\]]*\])"), "");
        stripped = std::regex_replace(stripped, std::regex(R"( better: [^ }]+)"), "");
        stripped = std::regex_replace(stripped, std::regex(R"((\?\?|\?!|\?)(\s))"), "$2");
        EXPECT_TRUE(one_line(stripped) == one_line(arbiter_test::read_text(dir / "plain.pgn")))
            << stripped;
        if (fs::exists("/usr/games/pgn-extract")) {
            const auto extract = arbiter_test::run_program("/usr/games/pgn-extract -o /dev/null " +
                                                           (dir / "out.pgn").string());
            EXPECT_NE(extract.output.find("12 games matched out of 12"), std::string::npos)
                << extract.output;
        }
    }
}

TEST_F(AnalyseDatabase, AMissingOrDamagedDatabaseIsRefusedByName) {
    const std::string engine = " --engine cmd=" + std::string(MOCK_ENGINE_PATH) + " --depth 1";
    const auto missing = arbiter_test::run_program(std::string(ARBITER_PATH) + " analyse --db " +
                                                   (dir / "none.sqlite").string() + engine);
    EXPECT_NE(missing.exit_code, 0);
    EXPECT_NE(missing.output.find((dir / "none.sqlite").string() + ": no such database"),
              std::string::npos)
        << missing.output;
    EXPECT_FALSE(fs::exists(dir / "none.sqlite"));
    // Thresholds are the reader's: a database keeps verdicts, not marks.
    const auto thresholds = arbiter_test::run_program(std::string(ARBITER_PATH) + " analyse --db " +
                                                      db + engine + " --blunder 200");
    EXPECT_NE(thresholds.exit_code, 0);
    EXPECT_NE(thresholds.output.find("--inaccuracy, --mistake and --blunder go with --pgn"),
              std::string::npos)
        << thresholds.output;
    std::ofstream(dir / "junk.sqlite") << "these are not the bytes of a database, not at all....";
    const auto junk = arbiter_test::run_program(std::string(ARBITER_PATH) + " analyse --db " +
                                                (dir / "junk.sqlite").string() + engine);
    EXPECT_NE(junk.exit_code, 0);
    EXPECT_NE(junk.output.find((dir / "junk.sqlite").string() +
                               ": is not an SQLite database, or it is damaged"),
              std::string::npos)
        << junk.output;
    // A database cut short: SQLite's own header declares more pages than the file has.
    const std::string bytes = arbiter_test::read_text(db);
    std::ofstream(dir / "cut.sqlite", std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    const auto cut = arbiter_test::run_program(std::string(ARBITER_PATH) + " analyse --db " +
                                               (dir / "cut.sqlite").string() + engine);
    EXPECT_NE(cut.exit_code, 0);
    EXPECT_NE(cut.output.find((dir / "cut.sqlite").string() + ": the database file is damaged"),
              std::string::npos)
        << cut.output;
}

}  // namespace
}  // namespace arbiter
