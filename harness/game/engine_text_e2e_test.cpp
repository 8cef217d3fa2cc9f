// Issue 20, item 10, end to end: an engine whose move is a string of control bytes (ESC, NUL,
// 0xFF) plays a tournament; its bytes reach the console, the database, the PGN and the page only
// escaped, so pgn-extract reads every game and the page is valid UTF-8.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "engines/core/reference_program.h"
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

// The first byte of `text` that is a control byte other than a newline or tab, or a byte never in
// UTF-8 (0xFE, 0xFF), as its number; -1 when there is none.
int first_raw_byte(const std::string& text) {
    for (unsigned char c : text)
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F || c == 0xFF || c == 0xFE) return c;
    return -1;
}

TEST(EngineText, ControlBytesFromAnEngineReachNoOutputRaw) {
    const std::string extract = testing::reference_program("pgn-extract");
    if (extract.empty()) GTEST_SKIP() << "pgn-extract is not installed";
    fs::path dir =
        fs::temp_directory_path() / ("arbiter-engine-text-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "evil.sh")
        << "#!/bin/sh\nexec " << MOCK_ENGINE_PATH << " --bestmove 'e2e4\\x1b[2J\\x00\\xff'\n";
    fs::permissions(dir / "evil.sh", fs::perms::owner_all);
    std::ofstream(dir / "start.epd") << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n";
    const std::string d = dir.string();
    std::string run =
        arbiter_test::run_program(
            std::string(ARBITER_PATH) + " tournament --engine name=evil,cmd=" + d +
            "/evil.sh --engine name=good,cmd=" + MOCK_ENGINE_PATH + " --depth 1 --openings " + d +
            "/start.epd --db " + d + "/t.sqlite --pgn " + d + "/live.pgn --html " + d + "/t.html")
            .output;
    EXPECT_EQ(first_raw_byte(run), -1) << run;
    EXPECT_NE(run.find("e2e4\\x1B[2J\\x00\\xFF"), std::string::npos) << run;
    std::string exported = arbiter_test::run_program(std::string(ARBITER_PATH) + " export --db " +
                                                     d + "/t.sqlite --pgn " + d + "/t.pgn")
                               .output;
    for (const char* file : {"live.pgn", "t.pgn"}) {
        std::string pgn = arbiter_test::read_text(dir / file);
        EXPECT_EQ(first_raw_byte(pgn), -1) << file << ": " << exported;
        EXPECT_NE(pgn.find("{White makes an illegal move: e2e4\\x1B[2J\\x00\\xFF}"),
                  std::string::npos)
            << pgn;
        std::string read = arbiter_test::run_program_stdout(extract + " " + (dir / file).string() +
                                                            " 2>&1 >/dev/null")
                               .output;
        EXPECT_NE(read.find("2 games matched out of 2"), std::string::npos) << file << ": " << read;
    }
    std::string page = arbiter_test::read_text(dir / "t.html");
    EXPECT_EQ(first_raw_byte(page), -1);
    EXPECT_NE(page.find("e2e4\\x1B[2J\\x00\\xFF"), std::string::npos);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace arbiter
