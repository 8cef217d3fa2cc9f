// `arbiter check`: its positions against the chess core, its audits on made-up lines, and every
// check against a mock engine built to break exactly it, then against Stockfish.
#include <gtest/gtest.h>

#include <cctype>
#include <set>

#include "engines/core/board.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "harness/check/check_output.h"
#include "harness/check/positions.h"
#include "harness/check/uci_checker.h"
#include "harness/testing/run_program.h"

namespace arbiter {
namespace {

// True if the side to move in `pos` has a move that mates at once.
bool mates_in_one(Position& pos) {
    MoveList moves;
    generate_legal(pos, moves);
    for (Move move : moves) {
        StateInfo state;
        pos.do_move(move, state);
        bool mate = pos.in_check() && !has_legal_move(pos);
        pos.undo_move(move);
        if (mate) return true;
    }
    return false;
}

TEST(CheckPositions, EachReadsAndHasLegalMovesExactlyWhenItShould) {
    for (const CheckPosition& position : legality_positions()) {
        Board board;
        ASSERT_EQ(board.set(position.fen, position.chess960), "") << position.name;
        EXPECT_EQ(has_legal_move(board.position()), !position.no_move) << position.name;
    }
}

TEST(CheckPositions, TheEnPassantCasesAreWhatTheyClaim) {
    Board board;
    ASSERT_EQ(board.set("8/8/8/KPp4r/8/8/8/7k w - c6 0 1"), "");
    EXPECT_EQ(board.play_uci("b5c6"), Move::none()) << "the pinned capture must be illegal";
    ASSERT_EQ(board.set("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"), "");
    EXPECT_NE(board.play_uci("e4d3"), Move::none()) << "the capture of the checker is legal";
    ASSERT_EQ(board.set("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1", true), "");
    EXPECT_NE(board.play_uci("b1a1"), Move::none()) << "Chess960 castling as king takes rook";
}

TEST(CheckPositions, EachMateIsForcedForTheSideItNames) {
    for (const MatePosition& mate : mate_positions()) {
        Board board;
        ASSERT_EQ(board.set(mate.fen), "") << mate.name;
        Position& pos = board.position();
        if (mate.winner_to_move) {
            EXPECT_TRUE(mates_in_one(pos)) << mate.name;
            continue;
        }
        MoveList moves;
        generate_legal(pos, moves);
        ASSERT_FALSE(moves.empty()) << mate.name;
        for (Move move : moves) {
            StateInfo state;
            pos.do_move(move, state);
            EXPECT_TRUE(mates_in_one(pos)) << mate.name << " after " << move_to_uci(move);
            pos.undo_move(move);
        }
    }
}

TEST(CheckAudits, InfoNumbersMustBeIntegers) {
    EXPECT_EQ(info_number_fault("info depth 3 seldepth 5 score cp -21 nodes 100 nps 2000 time 5 "
                                "pv e2e4 e7e5"),
              "");
    EXPECT_EQ(info_number_fault("info string nps 12.5 is free text"), "");
    EXPECT_EQ(info_number_fault("info depth 3 nps 12.5"), "nps 12.5 is not a non-negative integer");
    EXPECT_EQ(info_number_fault("info score cp 1.5"), "score cp 1.5 is not an integer");
    EXPECT_EQ(info_number_fault("info time -3"), "time -3 is not a non-negative integer");
    EXPECT_EQ(info_number_fault("info score mate"), "score mate  is not an integer");
}

TEST(CheckAudits, TheLongGameIsLegalAndLong) {
    std::vector<std::string> moves = long_game(300);
    ASSERT_EQ(moves.size(), 300u);
    Board board;
    for (const std::string& move : moves) ASSERT_NE(board.play_uci(move), Move::none()) << move;
    EXPECT_TRUE(has_legal_move(board.position()));
}

TEST(CheckAudits, NodeToleranceIsOnePercentAndAtLeast64) {
    EXPECT_EQ(node_tolerance(1000), 64);
    EXPECT_EQ(node_tolerance(100000), 1000);
}

EngineCheckReport check_mock(const std::string& fault) {
    EngineConfig engine;
    engine.name = fault.empty() ? "mock-check" : fault;
    engine.command = MOCK_CHECK_ENGINE_PATH;
    if (!fault.empty()) engine.args = {"--fault", fault};
    CheckListener quiet;
    return run_check(engine, quiet);
}

std::set<std::string> failed(const EngineCheckReport& report) {
    std::vector<std::string> names = report.failed_names();
    return {names.begin(), names.end()};
}

TEST(CheckEngines, TheConformantMockPassesEveryCheck) {
    EngineCheckReport report = check_mock("");
    EXPECT_EQ(failed(report), std::set<std::string>{}) << checks_json({report});
    // Every check it can be asked applies to it: only the UCI list, no n/a.
    EXPECT_EQ(report.count(CheckOutcome::not_applicable), 0) << checks_json({report});
    EXPECT_GT(report.count(CheckOutcome::passed), 50);
}

// A mock fault and the one check it must fail. One test each, so that ctest runs them in parallel.
struct FaultCase {
    const char* fault;
    const char* check;
};

class CheckFault : public testing::TestWithParam<FaultCase> {};

TEST_P(CheckFault, FailsExactlyItsCheck) {
    const auto [fault, check] = GetParam();
    EngineCheckReport report = check_mock(fault);
    EXPECT_EQ(failed(report), std::set<std::string>{check}) << fault << "\n"
                                                            << checks_json({report});
    const CheckResult* found = report.find(check);
    ASSERT_NE(found, nullptr);
    EXPECT_FALSE(found->lines.empty()) << fault << ": a failed check shows the engine's lines";
}

// `arbiter check --allow NAME`: that check's failure is shown and said, and does not make the exit
// status 1; a failure of any other check still does.
TEST(CheckCommand, AnAllowedChecksFailureLeavesTheExitStatusZero) {
    const std::string command = std::string(ARBITER_PATH) +
                                " check --engine name=m,cmd=" + MOCK_CHECK_ENGINE_PATH +
                                ",arg=--fault,arg=illegal-pv --allow ";
    arbiter_test::ProgramRun allowed = arbiter_test::run_program(command + "pv-legal");
    EXPECT_EQ(allowed.exit_code, 0) << allowed.output;
    EXPECT_NE(allowed.output.find("[FAIL] pv-legal"), std::string::npos) << allowed.output;
    EXPECT_NE(allowed.output.find("arbiter: m fails pv-legal, allowed by --allow"),
              std::string::npos)
        << allowed.output;
    arbiter_test::ProgramRun other = arbiter_test::run_program(command + "go-nodes");
    EXPECT_EQ(other.exit_code, 1) << other.output;
}

INSTANTIATE_TEST_SUITE_P(
    MockEngine, CheckFault,
    testing::Values(FaultCase{"en-passant-pinned", "legal:en-passant-pinned"},
                    FaultCase{"mate-sign", "mate-sign"}, FaultCase{"ignore-stop", "infinite-stop"},
                    FaultCase{"crash-at-max", "option:Move Overhead"},
                    FaultCase{"illegal-pv", "pv-legal"}, FaultCase{"mate-pv", "mate-pv"},
                    FaultCase{"nodes", "go-nodes"}, FaultCase{"late-movetime", "go-movetime"}),
    [](const testing::TestParamInfo<FaultCase>& info) {
        std::string name;
        for (char c : std::string(info.param.fault))
            if (std::isalnum(static_cast<unsigned char>(c))) name += c;
        return name;
    });

// A check whose subject is time is tried twice when it fails on time alone: one late answer on a
// busy machine is not the engine's fault, an engine late every time fails (the case above).
TEST(CheckEngines, OneLateAnswerIsTriedAgainAndThenPasses) {
    EngineCheckReport report = check_mock("late-movetime-once");
    EXPECT_EQ(failed(report), std::set<std::string>{}) << checks_json({report});
    const CheckResult* movetime = report.find("go-movetime");
    ASSERT_NE(movetime, nullptr);
    // The first try answered 500 ms past its 300 (or later, on a busy machine).
    const std::string first = " (a second try: the first was late, answered after ";
    const std::size_t at = movetime->detail.find(first);
    ASSERT_NE(at, std::string::npos) << movetime->detail;
    EXPECT_GE(std::stoll(movetime->detail.substr(at + first.size())), 800) << movetime->detail;
    EXPECT_NE(movetime->detail.find(" ms, allowed 600 ms)"), std::string::npos) << movetime->detail;
}

TEST(CheckEngines, LateOnBothTriesFailsAndSaysBoth) {
    EngineCheckReport report = check_mock("late-movetime");
    const CheckResult* movetime = report.find("go-movetime");
    ASSERT_NE(movetime, nullptr);
    EXPECT_EQ(movetime->outcome, CheckOutcome::failed);
    EXPECT_NE(movetime->detail.find(", allowed 600 ms (and on a first try: answered after "),
              std::string::npos)
        << movetime->detail;
}

TEST(CheckEngines, StockfishPassesEveryCheck) {
    EngineConfig engine;
    engine.name = "stockfish";
    engine.command = "/usr/games/stockfish";
    CheckListener quiet;
    EngineCheckReport report = run_check(engine, quiet);
    EXPECT_EQ(failed(report), std::set<std::string>{}) << checks_json({report});
}

// Debian's XBoard engine /usr/games/NAME, checked.
EngineCheckReport check_xboard(const std::string& name) {
    EngineConfig engine;
    engine.name = name;
    engine.command = "/usr/games/" + name;
    engine.protocol = EngineProtocol::xboard;
    CheckListener quiet;
    return run_check(engine, quiet);
}

// The XBoard checks, on Debian's Sjeng: its one fault (confirmed by hand, README) is that `new`
// keeps the depth limit of `sd`; everything else the protocol allows it passes.
TEST(CheckEngines, SjengOverXboardFailsOnlyNewClearsDepth) {
    EngineCheckReport report = check_xboard("sjeng");
    EXPECT_EQ(report.protocol, "xboard");
    EXPECT_EQ(failed(report), std::set<std::string>{"new-clears-depth"}) << checks_json({report});
    EXPECT_GT(report.count(CheckOutcome::passed), 30);
}

// Fairy-Max has no setboard: positions go by `edit`, which has no castling field, so a position
// whose king and rooks stand on their first squares without the right to castle cannot be asked.
TEST(CheckEngines, OverEditCastlingRightsCannotBeTakenAway) {
    EngineCheckReport report = check_xboard("fairymax");
    const CheckResult* rights = report.find("legal:castling-no-rights");
    ASSERT_NE(rights, nullptr) << checks_json({report});
    EXPECT_EQ(rights->outcome, CheckOutcome::not_applicable) << rights->detail;
    EXPECT_EQ(rights->detail,
              "the engine has no setboard, and `edit` cannot take castling rights away");
    const CheckResult* castling = report.find("legal:castling");
    ASSERT_NE(castling, nullptr);
    EXPECT_EQ(castling->outcome, CheckOutcome::passed) << castling->detail;
}

}  // namespace
}  // namespace arbiter
