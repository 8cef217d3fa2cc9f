// `ratings --all` and `report --all` on databases of real short runs: every tournament of every
// file in one list, a rebuilt engine a second player, the files in any order, a copy counted once.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "harness/cli/database_commands_fixture.h"

namespace arbiter {
namespace {

// The rows of the table whose name is `name`, e.g. "x (2)  ...": the text from the name to the
// line's end, or empty.
std::string row_of(const std::string& table, const std::string& name) {
    std::size_t at = 0;
    while ((at = table.find("  " + name + " ", at)) != std::string::npos) {
        const std::size_t start = table.rfind('\n', at) + 1;
        const std::string line = table.substr(start, table.find('\n', at) - start);
        // The rank, then the name: "1     x (2)   ...".
        if (line.find_first_not_of("0123456789 ") == at + 2 - start) return line.substr(at - start);
        at += name.size();
    }
    return "";
}

// Two tournaments in two files, with our cheap engines: x (greedy) against y (random) in
// a.sqlite; then x rebuilt (its program one byte longer), which that tournament plays again, and
// x against z (minimax) in b.sqlite. x's two builds are two players, "x" and "x (2)" in the order
// of their first games; y and z one each.
TEST_F(DatabaseCommands, RatingsAllRatesEveryTournamentOfEveryFileByEngineIdentity) {
    const fs::path bin = fs::path(ARBITER_PATH).parent_path();
    const fs::path program = dir_ / "x-engine";
    fs::copy_file(bin / "greedy", program);
    const std::string a = (dir_ / "a.sqlite").string(), b = (dir_ / "b.sqlite").string();
    const std::string suite = short_suite(2).string();
    auto play = [&](const std::string& opponent, const std::string& engine, const std::string& db) {
        const CommandOutcome run = run_arbiter(
            "tournament --engine name=x,cmd=" + program.string() + " --engine name=" + opponent +
            ",cmd=" + (bin / engine).string() + " --depth 1 --openings " + suite + " --db " + db);
        ASSERT_EQ(run.exit_code, 0) << run.output;
    };
    play("y", "random", a);
    std::ofstream(program, std::ios::app) << '\n';  // rebuilt: another hash, the same engine
    play("y", "random", a);
    play("z", "minimax", b);

    const CommandOutcome both =
        run_arbiter("ratings --all --bootstrap 50 --db " + a + " --db " + b);
    ASSERT_EQ(both.exit_code, 0) << both.output;
    // Each tournament: 2 openings, both colours: 4 games.
    EXPECT_NE(row_of(both.output, "x").find("      4  "), std::string::npos) << both.output;
    EXPECT_NE(row_of(both.output, "x (2)").find("      8  "), std::string::npos) << both.output;
    EXPECT_NE(row_of(both.output, "y").find("      8  "), std::string::npos) << both.output;
    EXPECT_NE(row_of(both.output, "z").find("      4  "), std::string::npos) << both.output;
    EXPECT_NE(both.output.find("\n2 tournaments, 4 players\n"), std::string::npos) << both.output;

    // The files in the other order: the same document, byte for byte.
    EXPECT_EQ(run_arbiter("ratings --all --bootstrap 50 --db " + b + " --db " + a).output,
              both.output);
    // A copy of a file given beside it counts its games once.
    const std::string copy = (dir_ / "a-copy.sqlite").string();
    fs::copy_file(a, copy);
    const CommandOutcome alone = run_arbiter("ratings --all --bootstrap 50 --db " + a);
    const CommandOutcome doubled =
        run_arbiter("ratings --all --bootstrap 50 --db " + a + " --db " + copy);
    ASSERT_EQ(doubled.exit_code, 0) << doubled.output;
    EXPECT_EQ(doubled.output.substr(0, doubled.output.find("\n\n")),
              alone.output.substr(0, alone.output.find("\n\n")));
    EXPECT_NE(doubled.output.find("1 tournament, 3 players; 8 games held by more than one "
                                  "database counted once"),
              std::string::npos)
        << doubled.output;

    // The builds in the JSON and in --verbose: the engine's name, the build's number and hash.
    const CommandOutcome json =
        run_arbiter("ratings --all --bootstrap 0 --format json --db " + a + " --db " + b);
    ASSERT_EQ(json.exit_code, 0) << json.output;
    EXPECT_NE(json.output.find("\"name\": \"x (2)\""), std::string::npos) << json.output;
    EXPECT_NE(json.output.find("\"engine\": \"x\", \"build\": 2, \"sha256\": \""),
              std::string::npos)
        << json.output;
    const CommandOutcome verbose =
        run_arbiter("ratings --all --bootstrap 0 --verbose --db " + a + " --db " + b);
    EXPECT_NE(verbose.output.find("  x: build 1 of x, first game "), std::string::npos)
        << verbose.output;
    EXPECT_NE(verbose.output.find("  x (2): build 2 of x, first game "), std::string::npos)
        << verbose.output;

    // The page over the pool: every tournament of the file, the builds by their labels.
    const fs::path page = dir_ / "all.html";
    const CommandOutcome report =
        run_arbiter("report --all --bootstrap 20 --db " + a + " --out " + page.string());
    ASSERT_EQ(report.exit_code, 0) << report.output;
    const std::string html = file_bytes(page);
    EXPECT_NE(html.find("8 games of 1 tournament between 3 players"), std::string::npos);
    EXPECT_NE(html.find("x (2)"), std::string::npos);
}

// Several files without --all, --all with --tournament or --pgn: refused with a reason.
TEST_F(DatabaseCommands, RatingsAllRefusesWhatItCannotCombine) {
    const std::string a = (dir_ / "a.sqlite").string();
    for (const std::string& arguments :
         {"ratings --db " + a + " --db " + a, "ratings --all --db " + a + " --tournament 1",
          "ratings --all --db " + a + " --pgn x.pgn", std::string("ratings --all")}) {
        const CommandOutcome outcome = run_arbiter(arguments);
        EXPECT_NE(outcome.exit_code, 0) << arguments;
        EXPECT_FALSE(outcome.output.empty()) << arguments;
    }
    const CommandOutcome several = run_arbiter("ratings --db " + a + " --db " + a);
    EXPECT_NE(several.output.find("several --db files are rated together only with --all"),
              std::string::npos)
        << several.output;
    const CommandOutcome missing = run_arbiter("ratings --all --db " + a);
    EXPECT_NE(missing.output.find(a + ": no such database"), std::string::npos) << missing.output;
}

}  // namespace
}  // namespace arbiter
