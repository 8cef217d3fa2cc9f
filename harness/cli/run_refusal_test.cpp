// End-to-end: a run that is refused leaves nothing behind (issue 29). Every check that can refuse
// a run (a missing, unexecutable or silent engine, a bad opening suite, an output over an input,
// an output under a regular file, in a missing or read-only folder, or in /proc, a bad engine
// name) comes before any file or folder is made and before `Database:` is printed, through both
// front doors (`arbiter tournament` and the cutechess-cli/fastchess dialect, the fastchess link
// too); the message names the flag and the whole path. Runs start in an empty folder, where the
// default database (results/...) would go.
#include <unistd.h>

#include <set>
#include <string>

#include "harness/cli/database_commands_fixture.h"

namespace arbiter {
namespace {

class RunRefusals : public DatabaseCommands {
  protected:
    void SetUp() override {
        DatabaseCommands::SetUp();
        work_ = dir_ / "work";
        inputs_ = dir_ / "inputs";
        fs::create_directories(work_);
        fs::create_directories(inputs_);
        std::ofstream(inputs_ / "suite.epd")
            << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
        std::ofstream(inputs_ / "bad.epd") << "not a position\n";
        std::ofstream(inputs_ / "plain") << "#!/bin/sh\n";  // not executable
        fs::create_symlink(ARBITER_PATH, inputs_ / "fastchess");
    }
    std::string suite() const { return (inputs_ / "suite.epd").string(); }
    std::string mock(const std::string& name, const std::string& extra = "") const {
        return " --engine name=" + name + ",cmd=" + MOCK_ENGINE_PATH + extra;
    }
    // `arbiter tournament` with two mock engines at depth 1 on the one-opening suite.
    std::string tournament(const std::string& extra) const {
        return "tournament" + mock("a") + mock("b") + " --depth 1 --openings " + suite() + " " +
               extra;
    }
    // The dialect with two mock engines, as `arbiter -engine ...` or through the fastchess link.
    std::string dialect(const std::string& extra, bool fastchess = false) const {
        const std::string engine = std::string(" cmd=") + MOCK_ENGINE_PATH;
        return std::string(fastchess ? "@fastchess" : "") + "-engine name=a" + engine +
               " -engine name=b" + engine + " -each depth=1 -rounds 1 -openings file=" + suite() +
               " " + extra;
    }
    // Every path under the working folder.
    std::set<std::string> entries() const {
        std::set<std::string> names;
        for (const auto& entry : fs::recursive_directory_iterator(work_))
            names.insert(fs::relative(entry.path(), work_).string());
        return names;
    }
    // Runs `arguments` in the working folder ("@fastchess" first: through the fastchess link)
    // and expects a refusal saying `message`, with the working folder exactly as before.
    void expect_refused(const std::string& arguments, const std::string& message) {
        const std::set<std::string> before = entries();
        std::string program = ARBITER_PATH, rest = arguments;
        if (rest.rfind("@fastchess", 0) == 0) {
            program = (inputs_ / "fastchess").string();
            rest = rest.substr(10);
        }
        const CommandOutcome outcome =
            run_shell("cd " + work_.string() + " && " + as_user_ + program + " " + rest);
        EXPECT_EQ(outcome.exit_code, 1) << arguments << "\n" << outcome.output;
        EXPECT_NE(outcome.output.find("arbiter: " + message), std::string::npos)
            << arguments << "\n"
            << outcome.output;
        EXPECT_EQ(outcome.output.find("Database:"), std::string::npos) << outcome.output;
        EXPECT_EQ(entries(), before) << arguments << "\n" << outcome.output;
    }
    fs::path work_, inputs_;
    std::string as_user_;  // a prefix that runs arbiter as another user
};

TEST_F(RunRefusals, EnginesThatCannotPlayLeaveNothing) {
    const std::string missing = (inputs_ / "missing").string();
    const std::string plain = (inputs_ / "plain").string();
    const std::string silent = std::string(MOCK_ENGINE_PATH) + " did not answer 'uci' with " +
                               "'uciok' within 300 ms; its stderr ends: mock_engine: started " +
                               "with seed 1";
    expect_refused(tournament("--engine name=c,cmd=" + missing),
                   "engine c: engine program not found: " + missing);
    expect_refused(tournament("--engine name=c,cmd=" + plain),
                   "engine c: engine program is not executable: " + plain);
    expect_refused(tournament(mock("c", ",arg=--no-uci") + " --handshake-timeout 300"),
                   "engine c: engine " + silent);
    expect_refused(dialect("-engine name=c cmd=" + missing),
                   "engine c: engine program not found: " + missing);
    expect_refused(dialect("-engine name=c cmd=" + plain, true),
                   "engine c: engine program is not executable: " + plain);
    expect_refused(
        dialect("-engine name=c cmd=" + std::string(MOCK_ENGINE_PATH) + " arg=--no-uci"),
        "engine c: engine " + std::string(MOCK_ENGINE_PATH) +
            " did not answer 'uci' with 'uciok' within 10000 ms; its stderr ends: mock_engine: "
            "started with seed 1");
}

TEST_F(RunRefusals, BadInputsAndNamesLeaveNothing) {
    const std::string bad = (inputs_ / "bad.epd").string();
    const std::string openings_error = bad + ":1: expected a FEN (4 fields), got 'not a position'";
    expect_refused("tournament" + mock("a") + mock("b") + " --depth 1 --openings " + bad,
                   openings_error);
    const std::string engine = std::string(" cmd=") + MOCK_ENGINE_PATH;
    expect_refused("-engine name=a" + engine + " -engine name=b" + engine +
                       " -each depth=1 -rounds 1 -openings file=" + bad,
                   openings_error);
    expect_refused(tournament("--pgn " + suite()),
                   "--pgn " + suite() + ": is the same file as --openings " + suite());
    expect_refused(dialect("-epdout " + suite(), true),
                   "-epdout " + suite() + ": is the same file as -openings file=" + suite());
    // Issue 38: -config outname= in a missing folder is refused before play, as -pgnout is.
    expect_refused(dialect("-config discard=true outname=nodir/x.json", true),
                   "-config outname=nodir/x.json: the folder nodir does not exist");
    expect_refused(dialect("-pgnout nodir/x.pgn", true),
                   "-pgnout nodir/x.pgn: the folder nodir does not exist");
    // Issue 28: names that fail later or read alike are refused first.
    const std::string long_name(245, 'n');
    expect_refused(tournament(mock(long_name)),
                   "engine name '" + long_name.substr(0, 40) + "...' is 245 bytes long");
    const std::string cmd = std::string(",cmd=") + MOCK_ENGINE_PATH + "'";
    expect_refused(tournament("--engine 'name= " + cmd), "engine name ' ' is blank");
    expect_refused(tournament("--engine 'name=x " + cmd),
                   "engine name 'x ' begins or ends with a space");
}

TEST_F(RunRefusals, OutputsUnderARegularFileLeaveNothing) {
    std::ofstream(work_ / "f") << "a regular file\n";
    const std::string under = "f is a file, not a folder; nothing was written";
    expect_refused(tournament("--db f/t.sqlite"), "--db f/t.sqlite: " + under);
    expect_refused(tournament("--pgn f/x/g.pgn"), "--pgn f/x/g.pgn: " + under);
    expect_refused(tournament("--html f/page.html"), "--html f/page.html: " + under);
    expect_refused(tournament("--engine-log f/e.log"), "--engine-log f/e.log: " + under);
    expect_refused(tournament(mock("c", ",stderr=f/c.log")), "engine c's stderr=f/c.log: " + under);
    std::ofstream(work_ / "logs") << "where the engines' stderr folder goes\n";
    expect_refused(tournament("--db t.sqlite"),
                   "the engines' logs folder beside --db logs: is a file, not a folder");
    expect_refused(dialect("-db f/t.sqlite"), "-db f/t.sqlite: " + under);
    expect_refused(dialect("-pgnout f/g.pgn"), "-pgnout f/g.pgn: " + under);
    expect_refused(dialect("-epdout f/e.epd", true), "-epdout f/e.epd: " + under);
    expect_refused(dialect("-log file=f/e.log", true), "-log file=f/e.log: " + under);
}

TEST_F(RunRefusals, OutputsInMissingOrKernelFoldersLeaveNothing) {
    expect_refused(tournament("--pgn new/g.pgn"),
                   "--pgn new/g.pgn: the folder new does not exist; nothing was written");
    expect_refused(dialect("-pgnout new/g.pgn"),
                   "-pgnout new/g.pgn: the folder new does not exist; nothing was written");
    const std::string kernel_file = "is a file of the kernel (/proc, /sys), not one to write to";
    expect_refused(tournament("--pgn /proc/version"), "--pgn /proc/version: " + kernel_file);
    expect_refused(tournament("--html /proc/version"), "--html /proc/version: " + kernel_file);
    expect_refused(tournament("--engine-log /proc/version"),
                   "--engine-log /proc/version: " + kernel_file);
    expect_refused(dialect("-pgnout /proc/version", true), "-pgnout /proc/version: " + kernel_file);
    expect_refused(dialect("-epdout /proc/version"), "-epdout /proc/version: " + kernel_file);
    expect_refused(tournament("--db /proc/t.sqlite"),
                   "--db /proc/t.sqlite: /proc is a folder of the kernel (/proc, /sys), not one "
                   "to write to");
}

TEST_F(RunRefusals, OutputsInAReadOnlyFolderLeaveNothing) {
    // Root writes into any folder: then arbiter runs as nobody (setpriv, util-linux).
    if (::geteuid() == 0) {
        if (run_shell("setpriv --version").exit_code != 0) GTEST_SKIP() << "root, and no setpriv";
        as_user_ = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
        fs::permissions(work_, fs::perms::all);
    }
    fs::create_directories(work_ / "locked");
    fs::permissions(work_ / "locked", fs::perms::owner_read | fs::perms::owner_exec |
                                          fs::perms::others_read | fs::perms::others_exec);
    const std::string denied = "cannot create files in locked: Permission denied";
    expect_refused(tournament("--pgn locked/g.pgn"), "--pgn locked/g.pgn: " + denied);
    expect_refused(tournament("--db locked/t.sqlite"), "--db locked/t.sqlite: " + denied);
    expect_refused(tournament("--html locked/new/page.html"),
                   "--html locked/new/page.html: " + denied);
    expect_refused(dialect("-pgnout locked/g.pgn"), "-pgnout locked/g.pgn: " + denied);
    expect_refused(dialect("-db locked/t.sqlite", true), "-db locked/t.sqlite: " + denied);
    fs::permissions(work_ / "locked", fs::perms::owner_all);
}

// The same commands without the fault play: what was refused was the fault, not the run.
TEST_F(RunRefusals, TheSameRunsWithoutTheFaultPlay) {
    CommandOutcome outcome =
        run_shell("cd " + work_.string() + " && " + ARBITER_PATH + " " +
                  tournament("--pgn g.pgn --engine-log e.log --html page.html"));
    ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
    // Without --db, a file of the tournament's own (issue 38): results/a-vs-b-HASH.sqlite.
    const std::size_t named = outcome.output.find("Database: results/a-vs-b-");
    ASSERT_NE(named, std::string::npos) << outcome.output;
    const std::size_t begin = named + std::string("Database: ").size();
    const std::string db = outcome.output.substr(begin, outcome.output.find('\n', begin) - begin);
    EXPECT_TRUE(db.ends_with(".sqlite")) << db;
    EXPECT_NE(outcome.output.find("Results: " + db), std::string::npos) << outcome.output;
    EXPECT_FALSE(fs::exists(work_ / "results/tournament.sqlite"));
    for (const std::string made : {"g.pgn", "e.log", "page.html", db.c_str(),
                                   "results/logs/a.stderr.log", "results/logs/b.stderr.log"})
        EXPECT_TRUE(fs::exists(work_ / made)) << made;
    // The same command resumes its own file; another match writes a file of its own.
    const std::string in_work = "cd " + work_.string() + " && " + ARBITER_PATH + " ";
    outcome = run_shell(in_work + tournament(""));
    ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
    EXPECT_NE(outcome.output.find("Database: " + db + "\n"), std::string::npos) << outcome.output;
    EXPECT_NE(outcome.output.find("(2 were already in the database)"), std::string::npos)
        << outcome.output;
    outcome = run_shell(in_work + "tournament" + mock("a") + mock("c") + " --depth 1 --openings " +
                        suite());
    ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
    EXPECT_NE(outcome.output.find("Database: results/a-vs-c-"), std::string::npos)
        << outcome.output;
    EXPECT_NE(outcome.output.find("Played 2 games"), std::string::npos) << outcome.output;
    // The check of every engine (worker 0) comes first in the engine log, then the games.
    const std::string log = file_bytes(work_ / "e.log");
    EXPECT_NE(log.find("] a(0) > uci\n"), std::string::npos) << log.substr(0, 400);
    EXPECT_LT(log.find("] a(0) > uci\n"), log.find("(1) > "));
    outcome = run_shell("cd " + work_.string() + " && " + (inputs_ / "fastchess").string() + " " +
                        dialect("-pgnout d.pgn -db d.sqlite"));
    ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
    EXPECT_TRUE(fs::exists(work_ / "d.pgn"));
}

}  // namespace
}  // namespace arbiter
