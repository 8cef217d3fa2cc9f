#include "harness/text/text_table.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

#include "harness/text/output_file.h"

namespace arbiter {
namespace {

TEST(DisplayWidth, CountsColumnsNotBytes) {
    EXPECT_EQ(display_width("minimax"), 7u);
    EXPECT_EQ(display_width("±"), 1u);             // two bytes
    EXPECT_EQ(display_width("Stockfish Ü"), 11u);  // precomposed
    EXPECT_EQ(display_width("e\xCC\x81"), 1u);     // e + combining acute accent
    EXPECT_EQ(display_width("象棋"), 4u);          // wide ideographs
    EXPECT_EQ(display_width("\xFF"), 1u);          // an invalid byte still takes a column
}

TEST(TextTable, PadsByDisplayWidth) {
    TextTable table(left_then_right(1, 1));
    table.add_row({"Name", "Elo"});
    table.add_row({"Ströhmer", "12.5"});
    table.add_row({"象棋引擎", "-3.0"});
    table.add_row({"plain", "100.0"});
    EXPECT_EQ(table.render(),
              "Name        Elo\n"
              "Ströhmer   12.5\n"
              "象棋引擎   -3.0\n"
              "plain     100.0\n");
}

TEST(TextTable, ColumnsGrowWithTheirContentAndRulesSpanTheTable) {
    TextTable table({{TextColumn::Align::left, 6}, {TextColumn::Align::right, 4}}, 1);
    table.add_row({"a", "1"});
    table.add_rule();
    table.add_row({"b", "97300.0/172200"});
    EXPECT_EQ(table.render(),
              "a                   1\n"
              "---------------------\n"
              "b      97300.0/172200\n");
}

TEST(TextTable, NoTrailingSpacesAndShortRows) {
    TextTable table(left_then_right(2, 0));
    table.add_row({"x", "long name"});
    table.add_row({"yy"});
    EXPECT_EQ(table.render(), "x   long name\nyy\n");
}

TEST(TextTable, MarkdownHasAnAlignmentRowEscapesBarsAndSkipsRules) {
    TextTable table(left_then_right(1, 2));
    table.add_row({"name", "nodes", "ratio"});
    table.add_rule();
    table.add_row({"a|b", "1,234", ""});
    EXPECT_EQ(table.render_markdown(),
              "| name | nodes | ratio |\n"
              "| --- | ---: | ---: |\n"
              "| a\\|b | 1,234 |  |\n");
}

TEST(OutputFile, ReportsAFullDiskWithTheFileAndReason) {
    ASSERT_TRUE(std::filesystem::exists("/dev/full")) << "this test needs Linux's /dev/full";
    try {
        OutputFile file("/dev/full");
        file.write(std::string(100, 'x'));
        file.close();
        FAIL() << "a write to /dev/full succeeded";
    } catch (const OutputError& e) {
        EXPECT_STREQ(e.what(), "/dev/full: No space left on device");
    }
    EXPECT_THROW(write_output_file("/dev/full", "text"), OutputError);
}

TEST(OutputFile, NamesAFileThatCannotBeOpened) {
    try {
        OutputFile file("/nonexistent-directory/out.csv");
        FAIL() << "opened a file in a missing directory";
    } catch (const OutputError& e) {
        EXPECT_STREQ(e.what(), "/nonexistent-directory/out.csv: No such file or directory");
    }
}

TEST(OutputFile, AppendsAndTruncates) {
    auto path = std::filesystem::temp_directory_path() /
                ("arbiter-output-" + std::to_string(getpid()) + ".txt");
    write_output_file(path.string(), "one\n");
    {
        OutputFile file(path.string(), OutputFile::Mode::append);
        file.write("two\n");
        file.close();
    }
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, "one\ntwo\n");
    write_output_file(path.string(), "three\n");
    std::ifstream again(path);
    std::getline(again, text);
    EXPECT_EQ(text, "three");
    std::filesystem::remove(path);
}

TEST(OutputFile, ReplaceKeepsTheOldFileWholeUntilCloseEvenWhenKilled) {
    const auto folder =
        std::filesystem::temp_directory_path() / ("arbiter-replace-" + std::to_string(getpid()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const std::string path = (folder / "games.pgn").string();
    write_output_file(path, "old\n");
    auto read = [&] {
        std::ifstream in(path);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    // A process killed with SIGKILL halfway through leaves the old file.
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        OutputFile file(path);
        file.write(std::string(1 << 20, 'x'));
        file.flush();
        ::kill(::getpid(), SIGKILL);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(read(), "old\n");
    // Abandoned without close(): the old file, and no temporary left beside it.
    {
        OutputFile file(path);
        file.write("new\n");
        EXPECT_EQ(read(), "old\n");
    }
    EXPECT_EQ(read(), "old\n");
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder))
        ++entries;
    EXPECT_EQ(entries, 2u);  // games.pgn and the killed child's hidden temporary
    OutputFile file(path);
    file.write("new\n");
    file.close();
    EXPECT_EQ(read(), "new\n");
    std::filesystem::remove_all(folder);
}

TEST(OutputFile, RefusesAnOutputThatIsAnInputByIdentity) {
    const auto folder =
        std::filesystem::temp_directory_path() / ("arbiter-identity-" + std::to_string(getpid()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const std::string db = (folder / "a.sqlite").string();
    write_output_file(db, "x");
    std::filesystem::create_hard_link(db, folder / "b");
    const std::vector<NamedFile> inputs = database_files(db, "--db");
    auto refused = [&](const std::string& output) {
        const NamedFile file{output, "--pgn"};
        try {
            refuse_outputs_over_inputs({&file, 1}, inputs);
            return std::string();
        } catch (const OutputError& e) {
            return std::string(e.what());
        }
    };
    EXPECT_EQ(refused((folder / "b").string()),
              "--pgn " + (folder / "b").string() + ": is the same file as --db " + db +
                  " (which this command reads); nothing was written: give another file");
    EXPECT_NE(refused((folder / "sub" / ".." / "a.sqlite-wal").string()), "");  // not there yet
    EXPECT_EQ(refused((folder / "c").string()), "");
    EXPECT_EQ(refused("-"), "");
    std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace arbiter
