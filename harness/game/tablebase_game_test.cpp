// Tablebase adjudication in real games: the `arbiter` program (its own command line and the
// cutechess-cli dialect) runs our alphabeta engine from positions one move before the Syzygy
// tables in testdata/syzygy hold them, and the PGN, the database and the dialect's lines must
// carry the table's result, Termination "adjudication" and cutechess's reason.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "harness/store/store.h"
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

const std::string TABLES = std::string(SOURCE_DIR) + "/harness/game/testdata/syzygy";

using arbiter_test::ProgramRun;

ProgramRun run(const std::string& arguments) {
    return arbiter_test::run_program(std::string(ARBITER_PATH) + " " + arguments);
}

// One game of the PGN: its Result and Termination tags, its last comment (the reason) and its
// number of plies.
struct PgnGame {
    std::string result, termination, reason;
    int plies = 0;
};

std::vector<PgnGame> pgn_games(const std::string& text) {
    static const std::regex result_tag(R"re(\[Result "([^"]*)"\])re"),
        termination_tag(R"re(\[Termination "([^"]*)"\])re"),
        plies_tag(R"re(\[PlyCount "(\d+)"\])re"),
        reason(R"re(\{([^}]*)\}\s+(1-0|0-1|1/2-1/2)\s*$)re");
    std::vector<PgnGame> games;
    for (std::size_t start = text.find("[Event "); start != std::string::npos;) {
        std::size_t next = text.find("[Event ", start + 1);
        std::string game = text.substr(start, next == std::string::npos ? next : next - start);
        start = next;
        PgnGame g;
        std::smatch m;
        if (std::regex_search(game, m, result_tag)) g.result = m[1];
        if (std::regex_search(game, m, termination_tag)) g.termination = m[1];
        if (std::regex_search(game, m, plies_tag)) g.plies = std::stoi(m[1]);
        if (std::regex_search(game, m, reason)) g.reason = m[1];
        games.push_back(g);
    }
    return games;
}

// Both games of the pair ended after one ply with `result`, the PGN `termination` and the
// reason `reason` as cutechess words it.
void expect_adjudicated_at_once(const std::vector<PgnGame>& games, const std::string& result,
                                const std::string& reason,
                                const std::string& termination = "adjudication") {
    ASSERT_EQ(games.size(), 2u) << result;
    for (const PgnGame& g : games) {
        EXPECT_EQ(g.result, result);
        EXPECT_EQ(g.termination, termination);
        EXPECT_EQ(g.reason, reason);
        EXPECT_EQ(g.plies, 1);
    }
}

class TablebaseGames : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("arbiter_tablebase_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Writes a one-position suite and plays its game pair between two alphabeta engines at
    // depth 4 with `flags`; returns the games of the PGN.
    std::vector<PgnGame> play(const std::string& fen, const std::string& flags) {
        std::ofstream(path("start.epd")) << fen << "\n";
        std::string engine = std::string(",cmd=") + ALPHABETA_PATH + ",depth=4";
        last_ = run("tournament --engine name=a" + engine + " --engine name=b" + engine +
                    " --openings " + path("start.epd") + " --concurrency 1 --db " +
                    path("t.sqlite") + " --pgn " + path("t.pgn") + " " + flags);
        EXPECT_EQ(last_.exit_code, 0) << last_.output;
        return pgn_games(arbiter_test::read_text(path("t.pgn")));
    }

    // The terminations the database holds, game by game.
    std::vector<std::string> stored_terminations() {
        Store store = Store::open(path("t.sqlite"), Store::Access::read_only);
        std::vector<std::string> codes;
        for (const auto& game : store.list_games(store.list_tournaments().back().id))
            codes.push_back(std::string(termination_code(game.result.termination)));
        return codes;
    }

    fs::path dir_;
    ProgramRun last_;
};

// White must take the checking queen (1. Kxb2 or 1. Qxb2): KQvKR with the rook's side to move,
// lost for it.
const std::string QUEEN_TAKES = "7Q/8/4k1r1/8/8/8/1q6/K7 w - - 0 1";

TEST_F(TablebaseGames, ACaptureIntoKQvKRWinsByAdjudication) {
    std::vector<PgnGame> games = play(QUEEN_TAKES, "--tb " + TABLES);
    expect_adjudicated_at_once(games, "1-0", "White wins by adjudication: SyzygyTB");
    EXPECT_EQ(stored_terminations(), (std::vector<std::string>{"tablebase", "tablebase"}));
}

// The same with colours reversed: KRvKQ with White to move, won for Black.
TEST_F(TablebaseGames, BlackWinsTheMirroredPosition) {
    std::vector<PgnGame> games = play("7q/8/4K1R1/8/8/8/1Q6/k7 b - - 0 1", "--tb " + TABLES);
    expect_adjudicated_at_once(games, "0-1", "Black wins by adjudication: SyzygyTB");
}

// White must take the checking queen (1. Kxb2 or 1. Rxb2): KRvKB, a draw.
TEST_F(TablebaseGames, ACaptureIntoKRvKBDrawsByAdjudication) {
    std::vector<PgnGame> games = play("1R6/8/2b5/3k4/8/8/1q6/K7 w - - 0 1", "--tb " + TABLES);
    expect_adjudicated_at_once(games, "1/2-1/2", "Draw by adjudication: SyzygyTB");
}

// The other positions whose values theory knows, each reached by White's forced capture of the
// checking queen on b2; KBvK is a draw by the rules (insufficient material), which come first.
TEST_F(TablebaseGames, KnownEndingsInRealGames) {
    struct Case {
        const char* start;
        const char* result;
        const char* termination;
        const char* reason;
    };
    for (const Case& c : {
             Case{"7Q/8/4k3/8/8/8/1q6/K7 w - - 0 1", "1-0", "adjudication",
                  "White wins by adjudication: SyzygyTB"},  // KQvK
             Case{"8/6P1/8/k7/8/8/1q6/K7 w - - 0 1", "1-0", "adjudication",
                  "White wins by adjudication: SyzygyTB"},  // KPvK, the pawn queens
             Case{"k7/8/8/8/8/8/Pq6/K7 w - - 0 1", "1/2-1/2", "adjudication",
                  "Draw by adjudication: SyzygyTB"},  // KPvK, a rook's pawn and the corner
             Case{"7B/8/4k3/8/8/8/1q6/K7 w - - 0 1", "1/2-1/2", "normal",
                  "Draw by insufficient mating material"},  // KBvK
         }) {
        fs::remove(path("t.pgn"));
        SCOPED_TRACE(c.start);
        expect_adjudicated_at_once(play(c.start, "--tb " + TABLES), c.result, c.reason,
                                   c.termination);
    }
}

// Without --tb the same game goes on past the capture.
TEST_F(TablebaseGames, WithoutTbTheGameIsPlayedOn) {
    std::vector<PgnGame> games = play(QUEEN_TAKES, "--maxplies 6");
    ASSERT_EQ(games.size(), 2u) << last_.output;
    for (const PgnGame& g : games) EXPECT_GT(g.plies, 1);
}

// KRvK with White's castling right is never probed; White's first move gives it up, and with the
// fifty-move counter at 91 the rook cannot mate before the 100th ply (DTZ 28): a blessed loss
// for Black, which is a draw, unless --tb-ignore-50 counts it as White's win.
TEST_F(TablebaseGames, AWinTheFiftyMoveRuleSpoilsIsADrawUnlessIgnored) {
    const std::string fen = "4k3/8/8/8/8/8/8/4K2R w K - 90 1";
    std::vector<PgnGame> drawn = play(fen, "--tb " + TABLES);
    expect_adjudicated_at_once(drawn, "1/2-1/2", "Draw by adjudication: SyzygyTB");
    fs::remove(path("t.pgn"));
    std::vector<PgnGame> won = play(fen, "--tb " + TABLES + " --tb-ignore-50");
    EXPECT_NE(last_.output.find("new tournament"), std::string::npos) << last_.output;
    expect_adjudicated_at_once(won, "1-0", "White wins by adjudication: SyzygyTB");
}

TEST(TablebaseHelp, EveryTablebaseFlagIsListedWithItsHelp) {
    ProgramRun help = run("tournament --help");
    EXPECT_EQ(help.exit_code, 0) << help.output;
    for (const char* line : {"--tb PATH[:PATH...]", "--tb-pieces N", "--tb-adjudicate RESULTS",
                             "--tb-ignore-50              Tablebase adjudication: cursed wins"})
        EXPECT_NE(help.output.find(line), std::string::npos) << line << "\n" << help.output;
}

TEST_F(TablebaseGames, ADirectoryWithoutTablesIsRefusedBeforeAnyGame) {
    std::ofstream(path("start.epd")) << QUEEN_TAKES << "\n";
    ProgramRun r = run("tournament --engine name=a,cmd=" + std::string(ALPHABETA_PATH) +
                       ",depth=1 --engine name=b,cmd=" + ALPHABETA_PATH + ",depth=1 --openings " +
                       path("start.epd") + " --db " + path("t.sqlite") + " --tb " + dir_.string());
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("tb: no Syzygy WDL table (.rtbw file) in " + dir_.string()),
              std::string::npos)
        << r.output;
    EXPECT_FALSE(fs::exists(path("t.sqlite")));
}

// The cutechess-cli dialect: -tb, -tbpieces, -tbignore50; its lines carry cutechess's reason.
TEST_F(TablebaseGames, TheCutechessDialectAdjudicatesWithTb) {
    std::ofstream(path("start.epd")) << QUEEN_TAKES << "\n";
    std::string engine = std::string("-engine cmd=") + ALPHABETA_PATH;
    std::string common = engine + " name=a " + engine + " name=b -each tc=inf depth=4" +
                         " -openings file=" + path("start.epd") + " format=epd -games 2 -repeat";
    ProgramRun r =
        run(common + " -db " + path("c.sqlite") + " -tb " + TABLES + " -tbpieces 4 -tbignore50");
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("Finished game 1 (a vs b): 1-0 {White wins by adjudication: SyzygyTB}"),
              std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("Finished game 2 (b vs a): 1-0 {White wins by adjudication: SyzygyTB}"),
              std::string::npos)
        << r.output;
    // -tbpieces 3 leaves KQvKR to the engines: the games go on past the capture.
    ProgramRun limited = run(common + " -db " + path("d.sqlite") + " -pgnout " + path("d.pgn") +
                             " -tb " + TABLES + " -tbpieces 3 -maxmoves 3");
    EXPECT_EQ(limited.exit_code, 0) << limited.output;
    std::vector<PgnGame> games = pgn_games(arbiter_test::read_text(path("d.pgn")));
    ASSERT_EQ(games.size(), 2u) << limited.output;
    for (const PgnGame& g : games) EXPECT_GT(g.plies, 1);
}

}  // namespace
}  // namespace arbiter
