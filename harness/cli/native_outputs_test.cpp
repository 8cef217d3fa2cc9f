// End-to-end tests of the outputs `arbiter tournament` names by the same settings as the
// cutechess-cli/fastchess dialect (harness/config/output_plan.h): --epd, --crc32,
// --check-mate-pvs, --affinity and --console, with fixed-node games of our own engines (and the
// mock engine where a test needs an engine that lies or reports its CPUs).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "engines/core/board.h"
#include "harness/store/store.h"
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

struct NativeRun {
    int exit_code;
    std::string out, err;
};

using arbiter_test::read_text;

// CRC-32 (IEEE 802.3, reflected, as zlib and fastchess compute it), bit by bit: written here
// apart from harness/report/crc32 so that the test checks it.
std::uint32_t crc32_of(const std::string& bytes) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (unsigned char byte : bytes) {
        crc ^= byte;
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xFFFFFFFFu;
}

class NativeOutputs : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("arbiter-native-outputs-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        std::ifstream suite("openings/arbiter-8ply.epd");
        std::ofstream three(dir / "three.epd");
        std::string line;
        for (int i = 0; i < 3 && std::getline(suite, line); ++i) three << line << '\n';
    }
    void TearDown() override { fs::remove_all(dir); }

    std::string path(const std::string& name) const { return (dir / name).string(); }

    // Runs arbiter with `arguments`, its standard output and error apart.
    NativeRun run(const std::string& arguments) const {
        std::string command = std::string(ARBITER_PATH) + " " + arguments + " 2>" + path("err");
        FILE* pipe = popen(command.c_str(), "r");
        std::string out;
        char buffer[4096];
        while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
        int status = pclose(pipe);
        return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out,
                read_text(path("err"))};
    }

    // alphabeta against alphabeta-mvvlva at 2000 nodes a move on the three openings: six games.
    std::string match(const std::string& db) const {
        return std::string("tournament --engine name=ab,cmd=") + ALPHABETA_PATH +
               " --engine name=mv,cmd=" + MVVLVA_PATH + " --nodes 2000 --openings " +
               path("three.epd") + " --rounds 1 --concurrency 1 --db " + path(db);
    }

    // The recorded games of the database's one tournament, by schedule slot.
    std::vector<GameRecord> recorded(const std::string& db) const {
        Store store = Store::open(path(db), Store::Access::read_only);
        std::vector<GameRecord> games;
        for (const auto& tournament : store.list_tournaments())
            for (const GameSummary& game : store.list_games(tournament.id))
                games.push_back(store.load_game(game.id));
        std::sort(games.begin(), games.end(), [](const GameRecord& a, const GameRecord& b) {
            return a.slot.number < b.slot.number;
        });
        return games;
    }

    fs::path dir;
};

// --epd: one line per game, in the order they finished, each the position the database's moves
// reach from the game's start, every move legal.
TEST_F(NativeOutputs, EpdHoldsEachGamesFinalPositionAsTheDatabaseReplaysIt) {
    NativeRun r = run(match("e.sqlite") + " --epd " + path("end.epd"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    std::vector<std::string> lines;
    std::istringstream epd(read_text(path("end.epd")));
    for (std::string line; std::getline(epd, line);) lines.push_back(line);
    std::vector<GameRecord> games = recorded("e.sqlite");
    ASSERT_EQ(games.size(), 6u);
    ASSERT_EQ(lines.size(), games.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
        Board board;
        ASSERT_EQ(board.set(games[i].start_fen), "") << games[i].start_fen;
        for (const MoveRecord& move : games[i].moves)
            ASSERT_NE(board.play_uci(move.uci), Move::none()) << move.uci << " in game " << i + 1;
        EXPECT_EQ(lines[i], board.fen()) << "game " << i + 1;
    }
    // An empty name is refused.
    NativeRun bad = run(match("b.sqlite") + " --epd ''");
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("epd must name a file"), std::string::npos) << bad.err;
}

// --crc32: after each game, the --pgn file's CRC32 as it stands then, as fastchess prints it.
TEST_F(NativeOutputs, Crc32AfterEachGameIsThePgnFilesCrc32UpToThatGame) {
    NativeRun r = run(match("c.sqlite") + " --pgn " + path("g.pgn") + " --crc32");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const std::string pgn = read_text(path("g.pgn"));
    std::vector<std::size_t> ends;  // where each game's text ends: the next [Event, or the end
    for (std::size_t at = 1; (at = pgn.find("\n[Event ", at)) != std::string::npos; ++at)
        ends.push_back(at + 1);
    ends.push_back(pgn.size());
    ASSERT_EQ(ends.size(), 6u);
    std::regex line("File " + path("g.pgn") + " has CRC32: 0x([0-9a-f]+)\n");
    std::vector<std::uint32_t> printed;
    for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), line);
         it != std::sregex_iterator(); ++it)
        printed.push_back(std::uint32_t(std::stoul((*it)[1].str(), nullptr, 16)));
    ASSERT_EQ(printed.size(), 6u) << r.out;
    for (std::size_t i = 0; i < printed.size(); ++i)
        EXPECT_EQ(printed[i], crc32_of(pgn.substr(0, ends[i]))) << "after game " << i + 1;
    // Each CRC line comes before its game's line.
    EXPECT_LT(r.out.find("has CRC32"), r.out.find("Finished game 1 "));
    NativeRun without_pgn = run(match("n.sqlite") + " --crc32");
    EXPECT_EQ(without_pgn.exit_code, 1);
    EXPECT_NE(without_pgn.err.find("--crc32 prints the CRC32 of the --pgn file: add --pgn FILE"),
              std::string::npos)
        << without_pgn.err;
}

// --check-mate-pvs: fastchess's warning for an engine that claims a mate its PV does not give,
// none for the one whose mate is real, and none without the flag.
TEST_F(NativeOutputs, CheckMatePvsWarnsOfAFalseMateOnly) {
    std::string fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";  // Ra8 mates
    std::ofstream(path("mate.epd")) << fen << '\n';
    std::string mock = MOCK_ENGINE_PATH;
    std::string command = "tournament --engine name=honest,cmd=" + mock +
                          ",arg=--mate-in-one --engine 'name=liar,cmd=" + mock +
                          ",arg=--score,arg=mate 1' --depth 1 --openings " + path("mate.epd") +
                          " --single-games --rounds 2 --maxplies 20 --concurrency 1";
    NativeRun r = run(command + " --check-mate-pvs --db " + path("m.sqlite"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("Warning; Mating PV does not end with checkmate - from liar\n"
                         "Info; info depth 1 seldepth 1 score mate 1 nodes "),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\nPosition; fen " + fen + "\nMoves; \n"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("from honest"), std::string::npos) << r.out;
    NativeRun unchecked = run(command + " --db " + path("u.sqlite"));
    ASSERT_EQ(unchecked.exit_code, 0) << unchecked.err;
    EXPECT_EQ(unchecked.out.find("Warning; "), std::string::npos) << unchecked.out;
}

// --affinity with --concurrency 1: the engines run on one CPU, as their own /proc/self/status
// says (the mock reports its Cpus_allowed_list on `uci`, seen in the engine log on stdout);
// --affinity 1 pins them to CPU 1; a bad list is refused naming it.
TEST_F(NativeOutputs, AffinityPinsTheEnginesToOneCpu) {
    std::string mock = MOCK_ENGINE_PATH;
    std::string command = "tournament --engine name=a,cmd=" + mock +
                          ",arg=--report-affinity --engine name=b,cmd=" + mock +
                          ",arg=--report-affinity --depth 1 --openings " + path("three.epd") +
                          " --max-games 2 --maxplies 10 --engine-log -";
    std::regex report("Cpus_allowed_list: (\\S+)");
    auto lists = [&](const std::string& out) {
        std::set<std::string> seen;
        for (auto it = std::sregex_iterator(out.begin(), out.end(), report);
             it != std::sregex_iterator(); ++it)
            seen.insert((*it)[1].str());
        return seen;
    };
    NativeRun free = run(command + " --db " + path("free.sqlite"));
    ASSERT_EQ(free.exit_code, 0) << free.err;
    std::set<std::string> unpinned = lists(free.out);
    ASSERT_EQ(unpinned.size(), 1u) << free.out;
    if (std::regex_match(*unpinned.begin(), std::regex("\\d+")))
        GTEST_SKIP() << "arbiter runs on one CPU here: pinning cannot be told apart";
    NativeRun pinned = run(command + " --affinity --concurrency 1 --db " + path("p.sqlite"));
    ASSERT_EQ(pinned.exit_code, 0) << pinned.err;
    std::set<std::string> cpus = lists(pinned.out);
    ASSERT_EQ(cpus.size(), 1u) << pinned.out;  // both engines, every start: the same CPU
    EXPECT_TRUE(std::regex_match(*cpus.begin(), std::regex("\\d+"))) << *cpus.begin();
    NativeRun listed = run(command + " --affinity 1 --concurrency 1 --db " + path("l.sqlite"));
    EXPECT_EQ(lists(listed.out), std::set<std::string>{"1"}) << listed.out << listed.err;
    NativeRun bad = run(command + " --affinity 3-1 --db " + path("b.sqlite"));
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("affinity: bad CPU range '3-1'"), std::string::npos) << bad.err;
}

// --console cutechess|fastchess: the native run prints, line for line, what the dialect prints
// for the same games (fastchess's total time masked); --console arbiter is today's output; an
// unknown form is refused naming the three.
TEST_F(NativeOutputs, ConsoleFormsPrintTheDialectsLinesForTheSameGames) {
    auto masked = [](const std::string& text) {
        return std::regex_replace(text, std::regex("Total Time: [0-9:]+"), "Total Time: T");
    };
    for (const std::string form : {"cutechess", "fastchess"}) {
        NativeRun native = run(match("n-" + form + ".sqlite") + " --console " + form);
        ASSERT_EQ(native.exit_code, 0) << native.err;
        NativeRun dialect =
            run(std::string("-engine name=ab cmd=") + ALPHABETA_PATH +
                " -engine name=mv cmd=" + MVVLVA_PATH +
                " -each proto=uci tc=inf nodes=2000 -openings file=" + path("three.epd") +
                " format=epd -rounds 3 -games 2 -repeat -concurrency 1 -output " +
                "format=" + form + " -db " + path("d-" + form + ".sqlite"));
        ASSERT_EQ(dialect.exit_code, 0) << dialect.err;
        EXPECT_EQ(masked(native.out), masked(dialect.out)) << form;
        EXPECT_NE(native.out.find("Finished game 6 (mv vs ab): "), std::string::npos) << native.out;
        EXPECT_TRUE(native.out.ends_with(form == "cutechess" ? "Finished match\n"
                                                             : "(hours:minutes:seconds)\n\n"))
            << native.out;
    }
    NativeRun arbiter = run(match("a.sqlite") + " --console arbiter");
    ASSERT_EQ(arbiter.exit_code, 0) << arbiter.err;
    EXPECT_NE(arbiter.out.find("\nResults: " + path("a.sqlite") + "\n"), std::string::npos)
        << arbiter.out;
    EXPECT_EQ(arbiter.out.find("Finished match"), std::string::npos) << arbiter.out;
    NativeRun bad = run(match("x.sqlite") + " --console xboard");
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("console must be arbiter, cutechess or fastchess (got xboard)"),
              std::string::npos)
        << bad.err;
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// The console settings of the output plan through both doors: `arbiter tournament --console
// cutechess` with --score-interval, --rating-interval, --outcome-interval and --pentanomial prints
// the lines the dialect prints for -scoreinterval, -ratinginterval, -outcomeinterval and -report
// penta=true, byte for byte, for the same six games.
TEST_F(NativeOutputs, TheConsoleIntervalsAndPentanomialPrintAlikeThroughBothDoors) {
    NativeRun native = run(match("n.sqlite") +
                           " --console cutechess --score-interval 2 --rating-interval 3 "
                           "--outcome-interval 4 --pentanomial");
    ASSERT_EQ(native.exit_code, 0) << native.out << native.err;
    NativeRun dialect =
        run(std::string("-engine name=ab cmd=") + ALPHABETA_PATH + " -engine name=mv cmd=" +
            MVVLVA_PATH + " -each nodes=2000 -openings file=" + path("three.epd") +
            " order=sequential -rounds 3 -games 2 -repeat -concurrency 1 -db " + path("d.sqlite") +
            " -scoreinterval 2 -ratinginterval 3 -outcomeinterval 4 -report penta=true");
    ASSERT_EQ(dialect.exit_code, 0) << dialect.out << dialect.err;
    EXPECT_EQ(native.out, dialect.out);
    auto count = [](const std::string& text, const std::string& line_start) {
        int n = 0;
        for (std::size_t at = 0; (at = text.find("\n" + line_start, at)) != std::string::npos; ++at)
            ++n;
        return n;
    };
    EXPECT_EQ(count(native.out, "Score of ab vs mv"), 3) << native.out;  // games 2, 4, 6
    EXPECT_EQ(count(native.out, "Elo difference: "), 2) << native.out;   // games 3, 6
    EXPECT_EQ(count(native.out, "Ptnml(0-2): "), 2) << native.out;       // with the Elo
    EXPECT_EQ(count(native.out, "Player: ab\n"), 2) << native.out;       // game 4 and the end
}

}  // namespace
}  // namespace arbiter
