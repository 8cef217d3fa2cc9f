// End-to-end: commands that only read a database never change it, and a tournament that fails
// its configuration leaves no new database behind.
#include "harness/cli/database_commands_fixture.h"
#include "harness/store/store.h"

#include <cstdint>
#include <cstdlib>
#include <regex>

namespace arbiter {
namespace {

TEST_F(DatabaseCommands, RatingsAndExportRefuseAnEmptyFileAndLeaveItEmpty) {
    const fs::path empty = dir_ / "empty.sqlite";
    { std::ofstream touch(empty); }
    for (const std::string& command :
         {"ratings --db " + empty.string(),
          "export --db " + empty.string() + " --pgn " + (dir_ / "x.pgn").string()}) {
        const CommandOutcome outcome = run_arbiter(command);
        EXPECT_NE(outcome.exit_code, 0) << command;
        EXPECT_NE(outcome.output.find(empty.string() + ": is empty, not an arbiter database"),
                  std::string::npos)
            << outcome.output;
        EXPECT_EQ(fs::file_size(empty), 0u) << command;
        EXPECT_FALSE(fs::exists(empty.string() + "-wal")) << command;
    }
}

TEST_F(DatabaseCommands, RatingsLeavesAnotherApplicationsDatabaseByteForByte) {
    const fs::path foreign = dir_ / "foreign.sqlite";
    ASSERT_EQ(std::system(("sqlite3 " + foreign.string() +
                           " 'CREATE TABLE customers (name); INSERT INTO customers VALUES (1)'")
                              .c_str()),
              0);
    const std::string before = file_bytes(foreign);
    const CommandOutcome outcome = run_arbiter("ratings --db " + foreign.string());
    EXPECT_NE(outcome.exit_code, 0);
    EXPECT_NE(outcome.output.find("is not an arbiter database"), std::string::npos)
        << outcome.output;
    EXPECT_EQ(file_bytes(foreign), before);
}

TEST_F(DatabaseCommands, TournamentThatFailsValidationLeavesNoDatabase) {
    const fs::path bad_openings = dir_ / "bad.epd";
    std::ofstream(bad_openings) << "garbage line\n";
    const fs::path one_engine_db = dir_ / "one.sqlite";
    const CommandOutcome one = run_arbiter(
        "tournament --engine name=a,cmd=" + std::string(MOCK_ENGINE_PATH) +
        " --depth 1 --openings " + bad_openings.string() + " --db " + one_engine_db.string());
    EXPECT_NE(one.exit_code, 0) << one.output;
    EXPECT_FALSE(fs::exists(one_engine_db)) << one.output;

    const fs::path bad_openings_db = dir_ / "bad.sqlite";
    const CommandOutcome bad =
        run_arbiter("tournament" + engines() + " --rounds 1 --openings " + bad_openings.string() +
                    " --db " + bad_openings_db.string());
    EXPECT_NE(bad.exit_code, 0) << bad.output;
    EXPECT_NE(bad.output.find("bad.epd:1"), std::string::npos) << bad.output;
    EXPECT_FALSE(fs::exists(bad_openings_db)) << bad.output;
    EXPECT_FALSE(fs::exists(bad_openings_db.string() + "-wal"));
}

TEST_F(DatabaseCommands, TournamentThatFailsKeepsADatabaseThatExistedBefore) {
    const fs::path db = dir_ / "kept.sqlite";
    { Store store = Store::open(db); }
    const fs::path bad_openings = dir_ / "bad.epd";
    std::ofstream(bad_openings) << "garbage line\n";
    const CommandOutcome bad = run_arbiter("tournament" + engines() + " --rounds 1 --openings " +
                                           bad_openings.string() + " --db " + db.string());
    EXPECT_NE(bad.exit_code, 0) << bad.output;
    EXPECT_TRUE(fs::exists(db));
}

TEST_F(DatabaseCommands, TwoTournamentsStartedAtOnceOnANewDatabase) {
    const fs::path openings = short_suite(4);
    const fs::path db = dir_ / "shared.sqlite";
    const std::string command = std::string(ARBITER_PATH) + " tournament" + engines() +
                                " --rounds 10 --openings " + openings.string() + " --db " +
                                db.string();
    const fs::path first = dir_ / "first.txt", second = dir_ / "second.txt";
    const std::string both = "bash -c '" + command + " >" + first.string() + " 2>&1 & a=$!; " +
                             command + " >" + second.string() + " 2>&1 & b=$!; wait $a; " +
                             "echo $? >>" + first.string() + "; wait $b; echo $? >>" +
                             second.string() + "'";
    ASSERT_EQ(std::system(both.c_str()), 0);
    const std::string outputs[] = {file_bytes(first), file_bytes(second)};
    int succeeded = 0, refused = 0;
    for (const std::string& output : outputs) {
        if (output.ends_with("\n0\n")) ++succeeded;
        if (output.find(db.string() + ": is in use by another arbiter (pid ") !=
                std::string::npos &&
            output.ends_with("\n1\n")) {
            ++refused;
        }
        EXPECT_EQ(output.find("another application"), std::string::npos) << output;
        EXPECT_EQ(output.find("already recorded"), std::string::npos) << output;
    }
    EXPECT_EQ(succeeded, 1) << outputs[0] << "\n----\n" << outputs[1];
    EXPECT_EQ(refused, 1) << outputs[0] << "\n----\n" << outputs[1];
    Store store = Store::open(db, Store::Access::read_only);
    ASSERT_EQ(store.list_tournaments().size(), 1u);
    const TournamentId tournament = store.list_tournaments()[0].id;
    EXPECT_EQ(store.count_games(tournament), 80);
    EXPECT_EQ(store.finished_slots(tournament, std::vector<EngineId>{1, 2}).size(), 80u);
}

TEST_F(DatabaseCommands, ExportHoldsTheGamesTheStandingsCountAfterAnEngineIsRebuilt) {
    const fs::path engine = dir_ / "engine", db = dir_ / "rebuilt.sqlite";
    fs::copy_file(MOCK_ENGINE_PATH, engine);
    const std::string tournament = "tournament --engine name=a,cmd=" + engine.string() +
                                   " --engine name=b,cmd=" + MOCK_ENGINE_PATH +
                                   " --depth 1 --openings " + short_suite(2).string() + " --db " +
                                   db.string();
    ASSERT_EQ(run_arbiter(tournament).exit_code, 0);
    std::ofstream(engine, std::ios::app) << "rebuilt";  // a new binary: its games are re-played
    const CommandOutcome replayed = run_arbiter(tournament);
    ASSERT_EQ(replayed.exit_code, 0) << replayed.output;
    ASSERT_NE(replayed.output.find("Played 4 games"), std::string::npos) << replayed.output;

    const fs::path pgn = dir_ / "export.pgn";
    const CommandOutcome exported =
        run_arbiter("export --db " + db.string() + " --pgn " + pgn.string());
    EXPECT_NE(exported.output.find("Wrote 4 games"), std::string::npos) << exported.output;
    const CommandOutcome from_db = run_arbiter("ratings --bootstrap 0 --db " + db.string());
    const CommandOutcome from_pgn = run_arbiter("ratings --bootstrap 0 --pgn " + pgn.string());
    EXPECT_EQ(from_db.exit_code, 0) << from_db.output;
    EXPECT_EQ(from_pgn.output, from_db.output);
    // Each player has the 4 current games, not 8 (the mock's results may vary from run to run;
    // what must not vary is that the export and the database agree).
    std::size_t rows = 0;
    for (std::size_t at = 0; (at = from_db.output.find("      4  ", at)) != std::string::npos; ++at)
        ++rows;
    EXPECT_EQ(rows, 2u) << from_db.output;
}

// The per-move fields are one setting of both writers: `tournament --pgn-fields` writes them to
// the live PGN, `export --pgn-fields` from the database, move for move the same fields.
TEST_F(DatabaseCommands, ExportWritesThePerMoveFieldsTheLivePgnWrites) {
    const fs::path db = dir_ / "fields.sqlite", live = dir_ / "live.pgn", pgn = dir_ / "export.pgn";
    const CommandOutcome played =
        run_arbiter(std::string("tournament --engine name=a,cmd=") + MOCK_ENGINE_PATH +
                    " --engine name=b,cmd=" + MOCK_ENGINE_PATH + " --depth 1 --openings " +
                    short_suite(1).string() + " --db " + db.string() + " --pgn " + live.string() +
                    " --pgn-fields nodes,seldepth");
    ASSERT_EQ(played.exit_code, 0) << played.output;
    const CommandOutcome exported = run_arbiter("export --db " + db.string() + " --pgn " +
                                                pgn.string() + " --pgn-fields nodes,seldepth");
    ASSERT_EQ(exported.exit_code, 0) << exported.output;
    auto comments = [](const std::string& text) {
        std::vector<std::string> found;
        for (std::size_t at = 0; (at = text.find('{', at)) != std::string::npos; ++at)
            if (std::size_t fields = text.find(", n=", at); fields < text.find('}', at))
                found.push_back(text.substr(fields, text.find('}', at) - fields));
        return found;
    };
    const std::vector<std::string> from_live = comments(file_bytes(live));
    ASSERT_GT(from_live.size(), 2u);
    EXPECT_NE(from_live.front().find(", n="), std::string::npos) << from_live.front();
    EXPECT_NE(from_live.front().find(", sd="), std::string::npos) << from_live.front();
    EXPECT_EQ(comments(file_bytes(pgn)), from_live);
    // Without the setting, none; an unknown field is refused naming it.
    ASSERT_EQ(run_arbiter("export --db " + db.string() + " --pgn " + pgn.string()).exit_code, 0);
    EXPECT_EQ(file_bytes(pgn).find(", n="), std::string::npos);
    const CommandOutcome refused = run_arbiter("export --db " + db.string() + " --pgn " +
                                               pgn.string() + " --pgn-fields nodes,clock");
    EXPECT_NE(refused.exit_code, 0);
    EXPECT_NE(refused.output.find("--pgn-fields: unknown field 'clock'"), std::string::npos)
        << refused.output;
}

// Each move's time is the referee's one measure (MoveRecord::time_ms, whole milliseconds), stored
// as it is: the live PGN and `export` of the same games are the same bytes, the comments' times
// (not all zero: the engines think 6 ms a move) and fields included, in cutechess's form and in
// fastchess's (--pgn-form, --pgn-fields).
TEST_F(DatabaseCommands, ExportWritesTheLivePgnByteForByte) {
    const std::string thinking = std::string(" --engine name=a,cmd=") + MOCK_ENGINE_PATH +
                                 ",arg=--think,arg=6 --engine name=b,cmd=" + MOCK_ENGINE_PATH +
                                 ",arg=--think,arg=6 --tc 5+0.05 --maxplies 16 --concurrency 1";
    const std::vector<std::string> forms = {"", " --pgn-form fastchess",
                                            " --pgn-fields timeleft,latency,nodes,nps"};
    for (std::size_t i = 0; i < forms.size(); ++i) {
        const fs::path db = dir_ / ("t" + std::to_string(i) + ".sqlite");
        const fs::path live = dir_ / ("live" + std::to_string(i) + ".pgn");
        const fs::path exported = dir_ / ("export" + std::to_string(i) + ".pgn");
        const CommandOutcome played =
            run_arbiter("tournament" + thinking + " --openings " + short_suite(2).string() +
                        " --db " + db.string() + " --pgn " + live.string() + forms[i]);
        ASSERT_EQ(played.exit_code, 0) << played.output;
        const CommandOutcome written =
            run_arbiter("export --db " + db.string() + " --pgn " + exported.string() + forms[i]);
        ASSERT_EQ(written.exit_code, 0) << written.output;
        const std::string text = file_bytes(live);
        EXPECT_EQ(file_bytes(exported), text) << forms[i];
        EXPECT_TRUE(std::regex_search(text, std::regex(R"(\{[^}]* 0\.0(0[1-9]|[1-9]\d)s)")))
            << text;
    }
}

// What an engine calls itself (`id name`, `id author`) is kept in the database, listed by
// `ratings --verbose` and written to the live and exported PGN in arbiter's own tags, while the
// games stay rated under the given names.
TEST_F(DatabaseCommands, EnginesOwnNamesReachRatingsAndThePgn) {
    const fs::path db = dir_ / "own.sqlite", live = dir_ / "live.pgn", pgn = dir_ / "export.pgn";
    const CommandOutcome played =
        run_arbiter(std::string("tournament --engine 'name=a,cmd=") + MOCK_ENGINE_PATH +
                    ",arg=--name,arg=Mock Engine 1.0' --engine name=b,cmd=" + MOCK_ENGINE_PATH +
                    " --depth 1 --openings " + short_suite(1).string() + " --db " + db.string() +
                    " --pgn " + live.string());
    ASSERT_EQ(played.exit_code, 0) << played.output;
    const CommandOutcome verbose =
        run_arbiter("ratings --bootstrap 0 --verbose --db " + db.string());
    EXPECT_EQ(verbose.exit_code, 0) << verbose.output;
    EXPECT_NE(verbose.output.find("(UCI id name and id author, XBoard myname):\n"),
              std::string::npos)
        << verbose.output;
    EXPECT_NE(verbose.output.find("  a: Mock Engine 1.0, by arbiter tests\n"), std::string::npos)
        << verbose.output;
    EXPECT_NE(verbose.output.find("  b: mock, by arbiter tests\n"), std::string::npos)
        << verbose.output;
    ASSERT_EQ(run_arbiter("export --db " + db.string() + " --pgn " + pgn.string()).exit_code, 0);
    for (const fs::path& file : {live, pgn}) {
        const std::string text = file_bytes(file);
        EXPECT_NE(text.find("[White \"a\"]\n[Black \"b\"]\n"), std::string::npos) << text;
        EXPECT_NE(text.find("[WhiteEngineName \"Mock Engine 1.0\"]\n"
                            "[WhiteEngineAuthor \"arbiter tests\"]\n"
                            "[BlackEngineName \"mock\"]\n[BlackEngineAuthor \"arbiter tests\"]\n"),
                  std::string::npos)
            << file << "\n"
            << text;
    }
    EXPECT_EQ(run_arbiter("ratings --bootstrap 0 --pgn " + pgn.string()).output,
              run_arbiter("ratings --bootstrap 0 --db " + db.string()).output);
}

// Read-only files only stop a user who is not root: as root, the commands run as nobody, who
// owns the folder.
TEST_F(DatabaseCommands, ReadOnlyDatabasesAreReadAndLeaveNothingThatStopsTheNextWriter) {
    const fs::path folder = dir_ / "kept", db = folder / "games.sqlite";
    const std::string tournament = "tournament" + engines() + " --openings " +
                                   short_suite(2).string() + " --db " + db.string();
    ASSERT_EQ(run_arbiter(tournament).exit_code, 0);
    fs::remove(db.string() + "-wal");  // as a cleanly closed database leaves it
    fs::remove(db.string() + "-shm");
    std::string user;
    if (::geteuid() == 0) {
        user = "setpriv --reuid=nobody --regid=nogroup --clear-groups ";
        ASSERT_EQ(std::system(("chown -R nobody " + folder.string()).c_str()), 0);
        fs::permissions(dir_, fs::perms::all);
    }
    auto as_user = [&](const std::string& arguments) {
        return run_shell(user + ARBITER_PATH + " " + arguments);
    };
    auto companions = [&] {
        return fs::exists(db.string() + "-wal") || fs::exists(db.string() + "-shm");
    };

    // A read-only folder: ratings and export read the database.
    fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec);
    const CommandOutcome ratings = as_user("ratings --bootstrap 0 --db " + db.string());
    EXPECT_EQ(ratings.exit_code, 0) << ratings.output;
    EXPECT_NE(ratings.output.find("Games  Score"), std::string::npos) << ratings.output;
    EXPECT_NE(ratings.output.find("      4  "), std::string::npos) << ratings.output;
    const CommandOutcome exported =
        as_user("export --db " + db.string() + " --pgn " + (dir_ / "games.pgn").string());
    EXPECT_EQ(exported.exit_code, 0) << exported.output;
    EXPECT_NE(exported.output.find("Wrote 4 games"), std::string::npos) << exported.output;

    // A read-only file: read without leaving a read-only -wal or -shm, so that after chmod 644
    // the tournament resumes.
    fs::permissions(folder, fs::perms::owner_all);
    fs::permissions(db, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    EXPECT_EQ(as_user("ratings --bootstrap 0 --db " + db.string()).exit_code, 0);
    EXPECT_FALSE(companions());
    fs::permissions(db, fs::perms::owner_write, fs::perm_options::add);
    const CommandOutcome resumed = as_user(tournament + " --rounds 2");
    EXPECT_EQ(resumed.exit_code, 0) << resumed.output;
    EXPECT_NE(resumed.output.find("Played 4 games"), std::string::npos) << resumed.output;
}

// Issue 29: the commands that only read a database open it read-only and leave nothing beside it.
TEST_F(DatabaseCommands, ReadingCommandsLeaveNoWalOrShmAndNotAByteChanged) {
    const fs::path db = dir_ / "shard.sqlite";
    const CommandOutcome played =
        run_arbiter("tournament" + engines() + " --openings " + short_suite(2).string() +
                    " --shard 1/2 --db " + db.string());
    ASSERT_EQ(played.exit_code, 0) << played.output;
    const auto companions = [&] {
        return fs::exists(db.string() + "-wal") || fs::exists(db.string() + "-shm");
    };
    EXPECT_FALSE(companions());  // the tournament's own read-only checks leave none either
    const std::string before = file_bytes(db);
    for (const std::string& command :
         {"ratings --bootstrap 0 --db " + db.string(),
          "export --db " + db.string() + " --pgn " + (dir_ / "games.pgn").string(),
          "report --db " + db.string() + " --out " + (dir_ / "report.html").string(),
          "status " + db.string(),
          "merge --into " + (dir_ / "all.sqlite").string() + " " + db.string()}) {
        const CommandOutcome outcome = run_arbiter(command);
        EXPECT_EQ(outcome.exit_code, 0) << command << "\n" << outcome.output;
        EXPECT_FALSE(companions()) << command;
        EXPECT_TRUE(file_bytes(db) == before) << command;
    }
}

// Issue 28: a real shard database with 64 bytes overwritten mid-file is refused by the run that
// would resume it and by every command that reads it, and none of them changes a byte.
TEST_F(DatabaseCommands, ADamagedDatabaseIsRefusedByEveryCommandAndLeftAsItWas) {
    const fs::path db = dir_ / "shard.sqlite";
    const std::string tournament = "tournament" + engines() + " --openings " +
                                   short_suite(8).string() + " --shard 1/2 --db " + db.string();
    ASSERT_EQ(run_arbiter(tournament + " --rounds 2").exit_code, 0);
    const std::string healthy = file_bytes(db);
    const std::size_t page =
        std::size_t(std::uint8_t(healthy[16])) << 8 | std::size_t(std::uint8_t(healthy[17]));
    ASSERT_GE(healthy.size() / page, 6u);
    {
        std::fstream file(db, std::ios::in | std::ios::out | std::ios::binary);
        file.seekp(std::streamoff(healthy.size() / page / 2 * page));
        file.write(std::string(64, '\xff').data(), 64);
    }
    const std::string damaged = file_bytes(db);
    const std::string refusal =
        db.string() + ": the database file is damaged (SQLite's quick_check: ";
    const fs::path merged = dir_ / "all.sqlite";
    for (const std::string& command :
         {tournament + " --rounds 4", "status " + db.string(),
          "ratings --bootstrap 0 --db " + db.string(),
          "export --db " + db.string() + " --pgn " + (dir_ / "games.pgn").string(),
          "report --db " + db.string() + " --out " + (dir_ / "report.html").string(),
          "merge --into " + merged.string() + " " + db.string()}) {
        const CommandOutcome outcome = run_arbiter(command);
        EXPECT_NE(outcome.exit_code, 0) << command;
        EXPECT_NE(outcome.output.find(refusal), std::string::npos) << command << "\n"
                                                                   << outcome.output;
        EXPECT_EQ(outcome.output.find("Played"), std::string::npos) << outcome.output;
        EXPECT_TRUE(file_bytes(db) == damaged) << command;
    }
    EXPECT_NE(run_arbiter(tournament + " --rounds 4").output.find("); nothing was written to it"),
              std::string::npos);
    EXPECT_FALSE(fs::exists(merged));
}

// Read-only shards are read by status and merge; a read-only target is named with the reason.
// As root, the commands run as nobody (see above).
TEST_F(DatabaseCommands, ReadOnlyShardsAreMergedAndAReadOnlyTargetIsNamed) {
    const fs::path shards = dir_ / "shards", out = dir_ / "out", db = shards / "shard-1.sqlite";
    fs::create_directories(out);
    ASSERT_EQ(run_arbiter("tournament" + engines() + " --openings " + short_suite(2).string() +
                          " --shard 1/2 --db " + db.string())
                  .exit_code,
              0);
    std::string user;
    if (::geteuid() == 0) {
        user = "setpriv --reuid=nobody --regid=nogroup --clear-groups ";
        ASSERT_EQ(std::system(("chown -R nobody " + dir_.string()).c_str()), 0);
    }
    const auto as_user = [&](const std::string& arguments) {
        return run_shell(user + ARBITER_PATH + " " + arguments);
    };
    const fs::perms read_only =
        fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read;
    fs::permissions(db, read_only);
    fs::permissions(shards, read_only | fs::perms::owner_exec | fs::perms::others_exec);
    const CommandOutcome status = as_user("status " + db.string());
    EXPECT_EQ(status.exit_code, 0) << status.output;
    EXPECT_NE(status.output.find("1/2"), std::string::npos) << status.output;
    const fs::path target = out / "all.sqlite";
    const CommandOutcome merged = as_user("merge --into " + target.string() + " " + db.string());
    EXPECT_EQ(merged.exit_code, 0) << merged.output;
    EXPECT_NE(merged.output.find("games added"), std::string::npos) << merged.output;

    fs::permissions(target, read_only);
    const CommandOutcome refused = as_user("merge --into " + target.string() + " " + db.string());
    EXPECT_NE(refused.exit_code, 0);
    EXPECT_NE(refused.output.find(target.string() + ": cannot be written (Permission denied)"),
              std::string::npos)
        << refused.output;
    fs::permissions(shards, fs::perms::owner_all);
}

// Issue 38: `ratings --db` on a file of several tournaments says which one it rates and how to
// choose another; --list lists them; --tournament N rates N.
TEST_F(DatabaseCommands, RatingsSaysWhichOfSeveralTournamentsItShows) {
    const std::string db = (dir_ / "two.sqlite").string();
    const std::string mock = std::string(",cmd=") + MOCK_ENGINE_PATH;
    const std::string rest =
        " --depth 1 --rounds 1 --openings " + short_suite(1).string() + " --db " + db;
    ASSERT_EQ(run_arbiter("tournament --engine name=a" + mock + " --engine name=b" + mock + rest)
                  .exit_code,
              0);
    ASSERT_EQ(run_arbiter("tournament --engine name=a" + mock + " --engine name=c" + mock + rest)
                  .exit_code,
              0);
    const CommandOutcome newest = run_arbiter("ratings --db " + db + " --bootstrap 0");
    ASSERT_EQ(newest.exit_code, 0) << newest.output;
    EXPECT_NE(newest.output.find(db + " holds 2 tournaments; showing 2: a, c; 2 games; begun "),
              std::string::npos)
        << newest.output;
    EXPECT_NE(newest.output.find("(choose one with --tournament N; --list lists them)"),
              std::string::npos);
    EXPECT_NE(newest.output.find(" c "), std::string::npos) << newest.output;
    const CommandOutcome list = run_arbiter("ratings --db " + db + " --list");
    ASSERT_EQ(list.exit_code, 0) << list.output;
    EXPECT_NE(list.output.find("  1: a, b; 2 games; begun "), std::string::npos) << list.output;
    EXPECT_NE(list.output.find("  2: a, c; 2 games; begun "), std::string::npos) << list.output;
    const CommandOutcome first =
        run_arbiter("ratings --db " + db + " --tournament 1 --bootstrap 0");
    ASSERT_EQ(first.exit_code, 0) << first.output;
    EXPECT_EQ(first.output.find("holds 2 tournaments"), std::string::npos) << first.output;
    EXPECT_NE(first.output.find(" b "), std::string::npos) << first.output;
    EXPECT_EQ(first.output.find(" c "), std::string::npos) << first.output;
}

}  // namespace
}  // namespace arbiter
