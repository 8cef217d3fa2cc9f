// End-to-end: no output flag of any command may name a file the command reads (issue 20, item
// 1). Each refusal comes before anything is opened for writing, so the database, the opening
// suite and every other file are left byte for byte.
#include <string>
#include <vector>

#include "harness/cli/database_commands_fixture.h"
#include "harness/store/store.h"

namespace arbiter {
namespace {

class OutputRefusals : public DatabaseCommands {
  protected:
    // A database of four games and the suite they were played from.
    void SetUp() override {
        DatabaseCommands::SetUp();
        openings_ = short_suite(2);
        db_ = dir_ / "games.sqlite";
        const CommandOutcome played = run_arbiter("tournament" + engines() + " --openings " +
                                                  openings_.string() + " --db " + db_.string());
        ASSERT_EQ(played.exit_code, 0) << played.output;
    }
    // Runs `arguments` and expects a refusal naming `output` that changed no file.
    void expect_refused(const std::string& arguments, const std::string& output) {
        const std::string db_before = file_bytes(db_), suite_before = file_bytes(openings_);
        const auto entries_before = entries();
        const CommandOutcome outcome = run_arbiter(arguments);
        EXPECT_EQ(outcome.exit_code, 1) << arguments << "\n" << outcome.output;
        EXPECT_NE(outcome.output.find(output + ": is the same file as "), std::string::npos)
            << arguments << "\n"
            << outcome.output;
        EXPECT_NE(outcome.output.find("nothing was written"), std::string::npos) << outcome.output;
        EXPECT_EQ(file_bytes(db_), db_before) << arguments;
        EXPECT_EQ(file_bytes(openings_), suite_before) << arguments;
        EXPECT_EQ(entries(), entries_before) << arguments;
        Store store = Store::open(db_, Store::Access::read_only);
        EXPECT_EQ(store.count_games(store.list_tournaments().at(0).id), 4) << arguments;
    }
    std::vector<std::string> entries() const {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(dir_))
            names.push_back(entry.path().filename().string());
        std::sort(names.begin(), names.end());
        return names;
    }
    std::string tournament(const std::string& extra) const {
        return "tournament" + engines() + " --openings " + openings_.string() + " --db " +
               db_.string() + " " + extra;
    }
    std::string dialect(const std::string& extra) const {
        const std::string engine = std::string(" cmd=") + MOCK_ENGINE_PATH;
        return "-engine name=a" + engine + " -engine name=b" + engine +
               " -each depth=1 -games 2 -repeat -openings file=" + openings_.string() + " -db " +
               db_.string() + " " + extra;
    }
    fs::path openings_, db_;
};

TEST_F(OutputRefusals, ExportAndReportRefuseTheDatabaseHoweverItIsSpelled) {
    const fs::path hard_link = dir_ / "hard.sqlite", symbolic_link = dir_ / "soft.sqlite";
    fs::create_hard_link(db_, hard_link);
    fs::create_symlink(db_.filename(), symbolic_link);
    const std::string dotted = (dir_ / "." / db_.filename()).string();
    for (const std::string& output : {db_.string(), dotted, hard_link.string(),
                                      symbolic_link.string(), db_.string() + "-wal"}) {
        expect_refused("export --db " + db_.string() + " --pgn " + output, "--pgn " + output);
        expect_refused("report --db " + db_.string() + " --out " + output, "--out " + output);
    }
}

TEST_F(OutputRefusals, TournamentRefusesEveryOutputOverAnInput) {
    const std::string db = db_.string(), suite = openings_.string();
    expect_refused(tournament("--html " + db), "--html " + db);
    expect_refused(tournament("--pgn " + db), "--pgn " + db);
    expect_refused(tournament("--pgn " + suite), "--pgn " + suite);
    expect_refused(tournament("--engine-log " + db + "-shm"), "--engine-log " + db + "-shm");
    const fs::path config = dir_ / "config.json";
    std::ofstream(config) << "{}";
    expect_refused(tournament("--config " + config.string() + " --pgn " + config.string()),
                   "--pgn " + config.string());
    const std::string page = (dir_ / "page.html").string();
    expect_refused(tournament("--pgn " + page + " --html " + page), "--html " + page);
    EXPECT_FALSE(fs::exists(page));
}

// Issue 46: an output named like arbiter's own folder of the engines' stderr logs beside the
// database is refused before any file or folder is made, and a run that fails after making that
// folder, before any engine wrote to it, takes it away again.
TEST_F(OutputRefusals, AnOutputOnTheEnginesLogsFolderIsRefusedAndNoEmptyFolderIsLeft) {
    const fs::path fresh = dir_ / "fresh";
    const std::string db = (fresh / "x.sqlite").string(), logs = (fresh / "logs").string();
    const std::string run =
        "tournament" + engines() + " --openings " + openings_.string() + " --db " + db + " ";
    for (const std::string flag : {"--engine-log", "--pgn", "--html"}) {
        const CommandOutcome outcome = run_arbiter(run + flag + " " + logs);
        EXPECT_EQ(outcome.exit_code, 1) << outcome.output;
        EXPECT_NE(
            outcome.output.find(flag + " " + logs +
                                ": is the same file as the engines' stderr logs folder "
                                "that arbiter makes beside --db " +
                                db + ", at " + logs + " (another output); nothing was written"),
            std::string::npos)
            << outcome.output;
        EXPECT_FALSE(fs::exists(fresh)) << flag;
    }
    // The engine log named as the database's own folder, which the database's creation makes.
    const CommandOutcome failed = run_arbiter(run + "--engine-log " + fresh.string());
    EXPECT_EQ(failed.exit_code, 1) << failed.output;
    EXPECT_NE(failed.output.find("the engine log " + fresh.string() + ": Is a directory"),
              std::string::npos)
        << failed.output;
    EXPECT_FALSE(fs::exists(fresh / "logs"));
}

TEST_F(OutputRefusals, TheCutechessDialectRefusesItsOutputsOverItsInputs) {
    const std::string db = db_.string(), suite = openings_.string();
    expect_refused(dialect("-pgnout " + db), "-pgnout " + db);
    expect_refused(dialect("-pgnout " + suite), "-pgnout " + suite);
    expect_refused(dialect("-epdout " + suite), "-epdout " + suite);
    expect_refused(dialect("-epdout " + db + "-wal"), "-epdout " + db + "-wal");
}

TEST_F(OutputRefusals, NodesRefusesItsOutputsOverTheDatabase) {
    const std::string db = db_.string();
    const std::string nodes = std::string("nodes --engine name=a,cmd=") + MOCK_ENGINE_PATH +
                              " --fen startpos --depth 1 --db " + db;
    expect_refused(nodes + " --out " + db, "--out " + db);
    expect_refused(nodes + " --write csv:" + db, "--write " + db);
}

TEST_F(OutputRefusals, ExportReplacesAnOlderFileWhole) {
    const fs::path pgn = dir_ / "games.pgn";
    std::ofstream(pgn) << "old\n";
    fs::create_symlink(pgn.filename(), dir_ / "link.pgn");
    const CommandOutcome outcome =
        run_arbiter("export --db " + db_.string() + " --pgn " + (dir_ / "link.pgn").string());
    ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
    EXPECT_TRUE(fs::is_symlink(dir_ / "link.pgn"));
    const std::string text = file_bytes(pgn);
    EXPECT_EQ(text.find("old"), std::string::npos);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n') > 40, true);
    int headers = 0;
    for (std::size_t at = text.find("[Event "); at != std::string::npos;
         at = text.find("[Event ", at + 1))
        ++headers;
    EXPECT_EQ(headers, 4);
}

}  // namespace
}  // namespace arbiter
