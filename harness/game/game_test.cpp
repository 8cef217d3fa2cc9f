#include "harness/game/game.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engines/core/board.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"
#include "harness/uci/session.h"

namespace arbiter {
namespace {

using std::chrono::milliseconds;

// Two mock engines (harness/testing/mock_engine) with the given extra arguments.
struct Match {
    Match(std::vector<std::string> white_args, std::vector<std::string> black_args) {
        white_args.insert(white_args.begin(), {"--seed", "3"});
        black_args.insert(black_args.begin(), {"--seed", "4"});
        white_engine.start(MOCK_ENGINE_PATH, white_args, {}, {}, milliseconds(10000));
        black_engine.start(MOCK_ENGINE_PATH, black_args, {}, {}, milliseconds(10000));
        white = {&white_engine, "white", {}};
        black = {&black_engine, "black", {}};
        white.limits.depth = black.limits.depth = 1;
        settings.stall_timeout = milliseconds(1500);
    }
    PlayedGame play(const std::string& fen = std::string(START_FEN),
                    std::vector<std::string> moves = {}) {
        Opening opening;
        opening.start_fen = fen;
        opening.moves = std::move(moves);
        return play_game(white, black, opening, settings, clock ? *clock : real_clock());
    }
    // Gives both players the time control `tc` instead of a depth.
    void use_time_control(TimeControl tc) {
        white.limits = black.limits = {};
        white.limits.tc = black.limits.tc = tc;
    }
    UciSession white_engine, black_engine;
    Player white, black;
    GameSettings settings;
    RefereeClock* clock = nullptr;  // the real clock when null
};

// A referee clock that charges each side a fixed time per move, whatever the machine does, and
// counts the moves it timed.
struct ScriptedClock : RefereeClock {
    ScriptedClock(milliseconds white, milliseconds black) : per_move{white, black} {}
    std::int64_t move_time_us(Color side, const SearchReply&) override {
        ++timed[side];
        return std::chrono::duration_cast<std::chrono::microseconds>(per_move[side]).count();
    }
    std::int64_t now_ms() override { return 1700000000000; }
    milliseconds per_move[COLOR_NB];
    int timed[COLOR_NB] = {0, 0};
};

// Replays a record with the core and checks every move is legal and its SAN right.
void expect_replayable(const PlayedGame& record) {
    Board board;
    ASSERT_EQ(board.set(record.start_fen), "");
    for (const MoveRecord& m : record.moves) {
        Move move = move_from_uci(board.position(), m.uci);
        ASSERT_TRUE(move) << "ply " << m.ply << ": " << m.uci;
        EXPECT_EQ(move_to_san(board.position(), move), m.san);
        board.play(move);
    }
    // The referee's final position is the one the moves lead to (the -epdout line).
    EXPECT_EQ(record.final_fen, record.moves.empty() ? record.start_fen : board.fen());
}

TEST(Game, RandomMoversPlayALegalGameToItsEnd) {
    Match match({}, {});
    PlayedGame outcome = match.play();
    const PlayedGame& r = outcome;
    EXPECT_TRUE(r.result.termination == Termination::checkmate ||
                r.result.termination == Termination::stalemate ||
                r.result.termination == Termination::threefold ||
                r.result.termination == Termination::fifty_moves ||
                r.result.termination == Termination::insufficient_material)
        << r.result.description;
    expect_replayable(r);
    EXPECT_FALSE(outcome.white_needs_restart || outcome.black_needs_restart);
    ASSERT_FALSE(r.moves.empty());
    EXPECT_EQ(r.moves[0].depth, 1);
    EXPECT_EQ(r.moves[0].nodes, 20);  // the mock reports its number of legal moves
    EXPECT_EQ(r.moves[0].score, Score::from_centipawns(0));
}

// Collects the go commands sent to the engines.
struct GoLines : EngineIoObserver {
    void engine_line(const std::string&, Direction direction,
                     std::string_view line) noexcept override {
        if (direction == Direction::to_engine && line.starts_with("go ")) lines.emplace_back(line);
    }
    std::vector<std::string> lines;
};

// A node (or depth) limit goes with the clock, as cutechess and fastchess send it
// (`-each tc=10+0.1 nodes=5000`).
TEST(Game, NodeAndDepthLimitsGoWithTheClock) {
    Match match({}, {});
    match.use_time_control(TimeControl{0, 60000, 1000, false});
    match.white.limits.nodes = 5000;
    match.black.limits.depth = 3;
    match.settings.adjudication.max_plies = 2;
    GoLines sent;
    match.white_engine.observe(&sent, "white");
    match.black_engine.observe(&sent, "black");
    match.play();
    ASSERT_EQ(sent.lines.size(), 2u);
    EXPECT_TRUE(sent.lines[0].starts_with("go wtime 61000 btime 61000 winc 1000 binc 1000"))
        << sent.lines[0];
    EXPECT_TRUE(sent.lines[0].ends_with(" binc 1000 nodes 5000")) << sent.lines[0];
    EXPECT_TRUE(sent.lines[1].ends_with(" binc 1000 depth 3")) << sent.lines[1];
}

TEST(Game, BookMovesAreMarkedAndPlayedFirst) {
    Match match({}, {});
    match.settings.adjudication.max_plies = 6;
    PlayedGame outcome = match.play(std::string(START_FEN), {"e2e4", "c7c5"});
    const PlayedGame& r = outcome;
    ASSERT_EQ(r.moves.size(), 6u);
    EXPECT_TRUE(r.moves[0].book);
    EXPECT_EQ(r.moves[1].san, "c5");
    EXPECT_FALSE(r.moves[2].book);
    EXPECT_EQ(r.result.termination, Termination::max_plies);
    EXPECT_EQ(to_pgn(r.result.outcome), "1/2-1/2");
}

TEST(Game, TheGameCarriesItsOpeningsNameAndFinalPosition) {
    Match match({}, {});
    match.settings.adjudication.max_plies = 5;
    Opening opening;
    opening.start_fen = START_FEN;
    opening.moves = {"e2e4", "e7e5"};
    opening.name = "King's Pawn Game";
    PlayedGame game = play_game(match.white, match.black, opening, match.settings);
    EXPECT_EQ(game.opening_name, "King's Pawn Game");
    ASSERT_EQ(game.moves.size(), 5u);
    EXPECT_NE(game.final_fen, game.start_fen);
    expect_replayable(game);
}

struct RuleCase {
    const char* fen;
    std::vector<std::string> moves;
    const char* result;
    Termination termination;
    const char* text;
};

TEST(Game, RefereeEndsGamesByTheRules) {
    const RuleCase cases[] = {
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
         {},
         "0-1",
         Termination::checkmate,
         "Black mates"},
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
         {},
         "1/2-1/2",
         Termination::stalemate,
         "Draw by stalemate"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"},
         "1/2-1/2",
         Termination::threefold,
         "Draw by 3-fold repetition"},
        {"4k3/8/8/8/8/8/8/R3K3 w - - 100 80",
         {},
         "1/2-1/2",
         Termination::fifty_moves,
         "Draw by fifty moves rule"},
        {"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
         {},
         "1/2-1/2",
         Termination::insufficient_material,
         "Draw by insufficient mating material"},
    };
    Match match({}, {});
    for (const auto& c : cases) {
        PlayedGame outcome = match.play(c.fen, c.moves);
        EXPECT_EQ(to_pgn(outcome.result.outcome), c.result) << c.fen;
        EXPECT_EQ(outcome.result.termination, c.termination) << c.fen;
        EXPECT_EQ(outcome.result.description, c.text) << c.fen;
    }
}

TEST(Game, CrashingEngineDisconnectsAndLoses) {
    Match match({"--crash-at", "3"}, {});
    PlayedGame outcome = match.play();
    EXPECT_EQ(to_pgn(outcome.result.outcome), "0-1");
    EXPECT_EQ(outcome.result.termination, Termination::disconnect);
    EXPECT_EQ(outcome.result.description, "White disconnects");
    EXPECT_EQ(outcome.moves.size(), 4u);
    EXPECT_TRUE(outcome.white_needs_restart);
    EXPECT_FALSE(outcome.black_needs_restart);
}

TEST(Game, HangingEngineStallsIsKilledAndLoses) {
    Match match({}, {"--hang-at", "2"});
    match.settings.stall_timeout = milliseconds(1000);  // the other engine answers well within it
    PlayedGame outcome = match.play();
    EXPECT_EQ(to_pgn(outcome.result.outcome), "1-0");
    EXPECT_EQ(outcome.result.termination, Termination::stall);
    EXPECT_EQ(outcome.result.description, "Black's connection stalls");
    EXPECT_TRUE(outcome.black_needs_restart);
    EXPECT_FALSE(match.black_engine.alive());
}

TEST(Game, IllegalAndMalformedMovesLose) {
    Match illegal({"--illegal-at", "2"}, {});
    PlayedGame a = illegal.play();
    EXPECT_EQ(to_pgn(a.result.outcome), "0-1");
    EXPECT_EQ(a.result.termination, Termination::illegal_move);
    EXPECT_EQ(a.result.description.rfind("White makes an illegal move: ", 0), 0u)
        << a.result.description;
    EXPECT_FALSE(a.white_needs_restart);

    Match malformed({}, {"--malformed-at", "1"});
    PlayedGame b = malformed.play();
    EXPECT_EQ(to_pgn(b.result.outcome), "1-0");
    EXPECT_EQ(b.result.termination, Termination::illegal_move);
}

// A draw claimed in arbiter's claim line before `bestmove 0000` (arbiter-python's answer when an
// entrant raises the family tournament's ThreeFoldRepetition): checked, the default, the claim
// decides nothing and 0000 loses as an illegal move; trusted, the claim draws the game unchecked,
// named with FIDE's verdict. With a legal move instead: checked, the move is played and the game
// goes on; trusted, the game ends before the move.
TEST(Game, ADrawClaimDrawsOnlyWhenClaimsAreTrusted) {
    const std::vector<std::string> claim = {"--info-text", "draw-claim threefold MockClaim"};
    std::vector<std::string> claim_0000 = claim;
    claim_0000.insert(claim_0000.end(), {"--bestmove", "0000"});
    const std::vector<std::string> repeat = {"g1f3", "g8f6", "f3g1", "f6g8"};
    Match checked(claim_0000, {});
    PlayedGame lost = checked.play(std::string(START_FEN), repeat);
    EXPECT_EQ(to_pgn(lost.result.outcome), "0-1");
    EXPECT_EQ(lost.result.termination, Termination::illegal_move);
    EXPECT_EQ(lost.result.description, "White makes an illegal move: 0000");

    Match trusted(claim_0000, {});
    trusted.settings.draw_claims = DrawClaims::trusted;
    PlayedGame drawn = trusted.play(std::string(START_FEN), repeat);
    EXPECT_EQ(drawn.result, Result::draw(Termination::unchecked_claim,
                                         "Draw claimed (unchecked): White claims threefold "
                                         "repetition (MockClaim), false under FIDE's rules: the "
                                         "position has occurred 2 times"));
    EXPECT_EQ(drawn.moves.size(), 4u);  // the book's: the claim played none

    Match goes_on(claim, {});
    PlayedGame played = goes_on.play();
    EXPECT_NE(played.result.termination, Termination::unchecked_claim);
    EXPECT_NE(played.result.termination, Termination::illegal_move);
    EXPECT_GT(played.moves.size(), 1u);
    expect_replayable(played);

    Match ends(claim, {});
    ends.settings.draw_claims = DrawClaims::trusted;
    PlayedGame ended = ends.play();
    EXPECT_EQ(ended.result.termination, Termination::unchecked_claim);
    EXPECT_TRUE(ended.moves.empty());
}

// Under trusted claims the referee leaves a threefold repetition to the engines, as the family's
// runner did, and draws by itself only at a fivefold one (FIDE 9.6.1); checked, it draws at three.
TEST(Game, UnderTrustedClaimsOnlyAFivefoldRepetitionDrawsUnclaimed) {
    const std::vector<std::string> knights = {"g1f3", "g8f6", "f3g1", "f6g8"};
    auto repeated = [&](int times) {
        std::vector<std::string> line;
        for (int i = 0; i < times; ++i) line.insert(line.end(), knights.begin(), knights.end());
        return line;
    };
    Match checked({}, {});
    PlayedGame three = checked.play(std::string(START_FEN), repeated(2));
    EXPECT_EQ(three.result, Result::draw(Termination::threefold, "Draw by 3-fold repetition"));
    EXPECT_EQ(three.moves.size(), 8u);

    Match trusted({}, {});
    trusted.settings.draw_claims = DrawClaims::trusted;
    trusted.settings.adjudication.max_plies = 12;
    PlayedGame goes_on = trusted.play(std::string(START_FEN), repeated(2));
    EXPECT_EQ(goes_on.result.termination, Termination::max_plies) << goes_on.result.description;
    EXPECT_EQ(goes_on.moves.size(), 12u);
    expect_replayable(goes_on);

    trusted.settings.adjudication.max_plies = 0;
    PlayedGame five = trusted.play(std::string(START_FEN), repeated(4));
    EXPECT_EQ(five.result, Result::draw(Termination::threefold, "Draw by 5-fold repetition"));
    EXPECT_EQ(five.moves.size(), 16u);
}

// The same for the fifty-move rule: trusted, the referee draws only after 75 moves (FIDE 9.6.2).
TEST(Game, UnderTrustedClaimsOnlySeventyFiveMovesDrawUnclaimed) {
    const std::string fifty = "7k/8/8/8/8/8/8/R3K3 w - - 100 90";
    Match checked({}, {});
    PlayedGame at_once = checked.play(fifty);
    EXPECT_EQ(at_once.result, Result::draw(Termination::fifty_moves, "Draw by fifty moves rule"));
    EXPECT_TRUE(at_once.moves.empty());

    Match trusted({}, {});
    trusted.settings.draw_claims = DrawClaims::trusted;
    PlayedGame later = trusted.play("7k/8/8/8/8/8/8/R3K3 w - - 149 90");
    ASSERT_EQ(later.moves.size(), 1u) << later.result.description;
    EXPECT_EQ(later.result, Result::draw(Termination::fifty_moves, "Draw by 75 moves rule"));
}

TEST(Game, GarbageInsteadOfBestmoveStalls) {
    Match match({"--garbage-at", "1"}, {});
    match.settings.stall_timeout = milliseconds(1000);  // the other engine answers well within it
    PlayedGame outcome = match.play();
    EXPECT_EQ(outcome.result.termination, Termination::stall);
    EXPECT_EQ(to_pgn(outcome.result.outcome), "0-1");
}

TEST(Game, EngineIgnoringIsreadyStallsBeforeTheFirstMove) {
    Match match({}, {"--ignore-isready"});
    match.settings.stall_timeout = milliseconds(1000);  // the other engine answers well within it
    PlayedGame outcome = match.play();
    EXPECT_EQ(outcome.result.termination, Termination::stall);
    EXPECT_EQ(to_pgn(outcome.result.outcome), "1-0");
    EXPECT_TRUE(outcome.moves.empty());
}

TEST(Game, ClockRunsOutAndFlagFallLoses) {
    // Instant engines and a scripted clock: White is charged 25 s a move from 60 s with a 5 s
    // margin, so its third move is late (10 s left); Black's 1 s moves are never late. Only the
    // referee's own waits are real, and instant answers never reach them.
    Match match({}, {});
    ScriptedClock clock(milliseconds(25000), milliseconds(1000));
    match.clock = &clock;
    match.use_time_control(TimeControl{0, 60000, 0});
    match.settings.time_margin = milliseconds(5000);
    PlayedGame outcome = match.play();
    EXPECT_EQ(outcome.result.termination, Termination::time_forfeit);
    EXPECT_EQ(to_pgn(outcome.result.outcome), "0-1");
    EXPECT_EQ(outcome.result.description, "White loses on time");
    ASSERT_EQ(outcome.moves.size(), 4u);
    EXPECT_EQ(outcome.moves[0].time_ms, 25000);
    EXPECT_EQ(outcome.moves[1].time_ms, 1000);
    EXPECT_EQ(clock.timed[WHITE], 3);
    EXPECT_EQ(outcome.started_at_ms, 1700000000000);
    EXPECT_EQ(outcome.finished_at_ms, 1700000000000);
}

TEST(Game, MarginIsToleratedBeforeTheFlagFalls) {
    // 60 s + 5 s margin: a 64 s first move is within the margin, and leaves White -4 s.
    Match match({}, {});
    ScriptedClock clock(milliseconds(64000), milliseconds(1000));
    match.clock = &clock;
    match.use_time_control(TimeControl{0, 60000, 0});
    match.settings.time_margin = milliseconds(5000);
    PlayedGame outcome = match.play();
    EXPECT_EQ(outcome.result.termination, Termination::time_forfeit);
    EXPECT_EQ(outcome.moves.size(), 2u);  // White's first move stands; its second is late
}

TEST(Game, FlagFallAgainstALoneKingIsADraw) {
    // Real time on purpose: the engine overruns its clock, the referee stops it and still gets
    // a move. A busy machine only makes the engine later, never earlier.
    Match match({"--think", "300"}, {});
    match.use_time_control(TimeControl{0, 200, 0});
    match.settings.time_margin = milliseconds(20);
    PlayedGame outcome = match.play("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_EQ(outcome.result.termination, Termination::time_forfeit);
    EXPECT_EQ(to_pgn(outcome.result.outcome), "1/2-1/2");
    EXPECT_EQ(outcome.result.description, "Draw: White loses on time, but Black cannot mate");
    EXPECT_FALSE(outcome.white_needs_restart);  // it answered the stop: kept for the next game
}

TEST(Game, IncrementAndMovesToGoKeepAFastEngineAlive) {
    // 5 moves of 20 s fit in 150 s plus 10 s increments; the clock is refilled every 5 moves.
    Match match({}, {});
    ScriptedClock clock(milliseconds(20000), milliseconds(20000));
    match.clock = &clock;
    match.use_time_control(TimeControl{5, 150000, 10000});
    match.settings.adjudication.max_plies = 30;
    PlayedGame outcome = match.play();
    EXPECT_EQ(outcome.result.termination, Termination::max_plies) << outcome.result.description;
    EXPECT_EQ(clock.timed[WHITE] + clock.timed[BLACK], 30);
}

TEST(Game, WithoutTheRefillTheSameMovesLoseOnTime) {
    // The counterpart of the test above: with one period for the whole game (no refill) the
    // same moves run out of time.
    Match match({}, {});
    ScriptedClock clock(milliseconds(20000), milliseconds(20000));
    match.clock = &clock;
    match.use_time_control(TimeControl{0, 150000, 10000});
    match.settings.time_margin = milliseconds(0);
    match.settings.adjudication.max_plies = 60;
    PlayedGame outcome = match.play();
    // White starts with 150 s and its first increment; each move costs 10 s net: after 15 moves
    // White has 10 s left, and its 16th move is late.
    EXPECT_EQ(outcome.result.termination, Termination::time_forfeit) << outcome.result.description;
    EXPECT_EQ(outcome.result.description, "White loses on time");
    EXPECT_EQ(outcome.moves.size(), 30u);
}

// Issue 41: a control of two periods through the referee. Each `go` carries both clocks, the
// increments of each side's current period and the mover's moves to go in its period
// (harness/game/chess_clock_test.cpp has the tables these lines come from).
TEST(Game, EachGoSaysTheClocksOfEachSidesPeriod) {
    Match match({}, {});
    ScriptedClock clock(milliseconds(1000), milliseconds(2000));
    match.clock = &clock;
    match.use_time_control(parse_time_control("2/10+1:5+2"));
    match.settings.adjudication.max_plies = 10;
    GoLines white_lines, black_lines;
    match.white_engine.observe(&white_lines, "white");
    match.black_engine.observe(&black_lines, "black");
    PlayedGame outcome = match.play();
    EXPECT_EQ(outcome.result.termination, Termination::max_plies) << outcome.result.description;
    EXPECT_EQ(white_lines.lines, (std::vector<std::string>{
                                     "go wtime 11000 btime 11000 winc 1000 binc 1000 movestogo 2",
                                     "go wtime 11000 btime 10000 winc 1000 binc 1000 movestogo 1",
                                     "go wtime 17000 btime 15000 winc 2000 binc 2000",
                                     "go wtime 18000 btime 15000 winc 2000 binc 2000",
                                     "go wtime 19000 btime 15000 winc 2000 binc 2000"}));
    EXPECT_EQ(black_lines.lines, (std::vector<std::string>{
                                     "go wtime 11000 btime 11000 winc 1000 binc 1000 movestogo 2",
                                     "go wtime 17000 btime 10000 winc 2000 binc 1000 movestogo 1",
                                     "go wtime 18000 btime 15000 winc 2000 binc 2000",
                                     "go wtime 19000 btime 15000 winc 2000 binc 2000",
                                     "go wtime 20000 btime 15000 winc 2000 binc 2000"}));
    // The clock stored with each move is the mover's before and after it.
    ASSERT_EQ(outcome.moves.size(), 10u);
    EXPECT_EQ(outcome.moves[2].clock_ms, 11000);       // White's second move
    EXPECT_EQ(outcome.moves[2].clock_left_ms, 17000);  // with the second period's 5 s and 2 s
    EXPECT_EQ(outcome.moves[3].clock_left_ms, 15000);  // Black's second move: 10 - 2 + 5 + 2
}

TEST(Game, DrawAndResignAdjudication) {
    Match draw({}, {});
    draw.settings.adjudication.draw_move_number = 3;
    draw.settings.adjudication.draw_move_count = 2;
    draw.settings.adjudication.draw_score = 10;
    PlayedGame a = draw.play();
    EXPECT_EQ(a.result.termination, Termination::adjudication_draw);
    EXPECT_EQ(a.result.description, "Draw by adjudication");
    EXPECT_EQ(a.moves.size(), 6u);  // after black's third move, in move 4

    Match resign({}, {});
    resign.settings.adjudication.resign_move_count = 3;
    resign.settings.adjudication.resign_score = 0;  // the mocks report 0: "at least 0 below zero"
    PlayedGame b = resign.play();
    EXPECT_EQ(b.result.termination, Termination::adjudication_resign);
    EXPECT_EQ(to_pgn(b.result.outcome), "0-1");
    EXPECT_EQ(b.result.description, "Black wins by adjudication");
    EXPECT_EQ(b.moves.size(), 5u);
}

TEST(Game, TwoSidedResignWaitsForTheWinnersOwnScore) {
    // cutechess's twosided=true: the loser's score <= -score for movecount of its moves AND the
    // winner's >= +score for movecount of its own. The mocks report cp 0, which meets both at
    // score 0: White reaches 3 low scores at ply 5, when Black has scored only twice, so the
    // one-sided rule ends the game there (above) and the two-sided one a ply later, against Black.
    Match resign({}, {});
    resign.settings.adjudication.resign_move_count = 3;
    resign.settings.adjudication.resign_score = 0;
    resign.settings.adjudication.resign_two_sided = true;
    PlayedGame game = resign.play();
    EXPECT_EQ(game.result.termination, Termination::adjudication_resign);
    EXPECT_EQ(to_pgn(game.result.outcome), "1-0");
    EXPECT_EQ(game.result.description, "White wins by adjudication");
    EXPECT_EQ(game.moves.size(), 6u);

    Match never({}, {});
    never.settings.adjudication.resign_move_count = 3;
    never.settings.adjudication.resign_score = 1;  // cp 0 is neither <= -1 nor >= +1
    never.settings.adjudication.resign_two_sided = true;
    never.settings.adjudication.max_plies = 12;
    EXPECT_EQ(never.play().result.termination, Termination::max_plies);
}

TEST(Game, MateScoresCountAsHugeScores) {
    MoveRecord m;
    m.score = Score::from_mate_moves(3);
    EXPECT_EQ(adjudication_score(m), 99997);
    m.score = Score::from_mate_moves(-2);
    EXPECT_EQ(adjudication_score(m), -99998);
    EXPECT_EQ(adjudication_score(MoveRecord{}), std::nullopt);
}

// A Polyglot move: to file, to rank, from file, from rank, three bits each.
std::uint16_t book_move(const char* uci) {
    return std::uint16_t((uci[2] - 'a') | (uci[3] - '1') << 3 | (uci[0] - 'a') << 6 |
                         (uci[1] - '1') << 9);
}

// A book of 1.e4 e5 2.Nf3, one move per position.
PolyglotBook small_book() {
    std::vector<BookEntry> entries;
    Board board;
    for (const char* uci : {"e2e4", "e7e5", "g1f3"}) {
        entries.push_back({polyglot_key(board.position()), book_move(uci), 1, 0});
        board.play_uci(uci);
    }
    std::sort(entries.begin(), entries.end(),
              [](const BookEntry& a, const BookEntry& b) { return a.key < b.key; });
    return PolyglotBook::from_entries(std::move(entries), "small.bin");
}

TEST(Game, EachPlayersBookMovesForItUpToItsBookDepth) {
    PolyglotBook book = small_book();
    Match match({}, {});
    match.white.book = match.black.book = &book;
    match.white.book_depth = 1;  // e4 from the book; then White thinks
    match.black.book_depth = 5;  // e5 from the book; then its book has nothing: Black thinks
    match.settings.adjudication.max_plies = 6;
    PlayedGame r = match.play();
    ASSERT_GE(r.moves.size(), 4u);
    EXPECT_EQ(r.moves[0].uci, "e2e4");
    EXPECT_TRUE(r.moves[0].book);
    EXPECT_EQ(r.moves[1].uci, "e7e5");
    EXPECT_TRUE(r.moves[1].book);
    EXPECT_FALSE(r.moves[2].book);
    EXPECT_FALSE(r.moves[3].book);
    expect_replayable(r);

    // Without a depth limit White's book also gives 2.Nf3.
    Match deeper({}, {});
    deeper.white.book = deeper.black.book = &book;
    deeper.white.book_depth = deeper.black.book_depth = 5;
    deeper.settings.adjudication.max_plies = 4;
    PlayedGame d = deeper.play();
    ASSERT_GE(d.moves.size(), 3u);
    EXPECT_EQ(d.moves[2].uci, "g1f3");
    EXPECT_TRUE(d.moves[2].book);
    EXPECT_FALSE(d.moves[3].book);
}

// The clock each move records is the referee's: the mover's before the move and after it, the
// period refilled after the engine's own book moves and engine moves, not after the opening's.
TEST(Game, EachTimedMoveRecordsTheMoversClockBeforeAndAfterIt) {
    PolyglotBook book = small_book();
    Match match({}, {});
    ScriptedClock clock(milliseconds(100), milliseconds(100));
    match.clock = &clock;
    match.white.limits = {};
    match.black.limits = {};
    match.white.limits.tc = TimeControl{2, 1000, 0};  // 2 moves in 1 s
    match.black.limits.tc = TimeControl{0, 5000, 50};
    match.white.book = &book;
    match.white.book_depth = 1;  // 1.e4 from White's own book: a move of White's first period
    match.settings.adjudication.max_plies = 8;
    PlayedGame own_book = match.play();
    ASSERT_EQ(own_book.moves.size(), 8u);
    EXPECT_TRUE(own_book.moves[0].book);
    EXPECT_FALSE(own_book.moves[0].clock_ms);  // a book move uses no clock
    const std::vector<std::pair<std::int64_t, std::int64_t>> white = {
        {1000, 900 + 1000}, {1900, 1800}, {1800, 1700 + 1000}};
    const std::vector<std::pair<std::int64_t, std::int64_t>> black = {
        {5050, 5000}, {5000, 4950}, {4950, 4900}, {4900, 4850}};  // from 5000 + 50
    for (std::size_t i = 0; i < white.size(); ++i) {
        EXPECT_EQ(own_book.moves[2 * i + 2].clock_ms, white[i].first) << "ply " << 2 * i + 3;
        EXPECT_EQ(own_book.moves[2 * i + 2].clock_left_ms, white[i].second) << "ply " << 2 * i + 3;
    }
    for (std::size_t i = 0; i < black.size(); ++i) {
        EXPECT_EQ(own_book.moves[2 * i + 1].clock_ms, black[i].first) << "ply " << 2 * i + 2;
        EXPECT_EQ(own_book.moves[2 * i + 1].clock_left_ms, black[i].second) << "ply " << 2 * i + 2;
    }

    // The opening's moves are no one's: White's period starts with its first engine move.
    match.white.book = nullptr;
    PlayedGame opening = match.play(std::string(START_FEN), {"e2e4", "e7e5"});
    ASSERT_EQ(opening.moves.size(), 8u);
    EXPECT_FALSE(opening.moves[0].clock_ms);
    EXPECT_EQ(opening.moves[2].clock_ms, 1000);
    EXPECT_EQ(opening.moves[2].clock_left_ms, 900);
    EXPECT_EQ(opening.moves[4].clock_ms, 900);
    EXPECT_EQ(opening.moves[4].clock_left_ms, 800 + 1000);
    EXPECT_EQ(opening.moves[6].clock_ms, 1800);
}

// Issue 31: cutechess's hourglass (tc=hg2): the time a side uses runs into its opponent's clock.
TEST(Game, AnHourglassMovesTheTimeUsedToTheOpponent) {
    Match match({}, {});
    ScriptedClock clock(milliseconds(300), milliseconds(100));
    match.clock = &clock;
    match.use_time_control(TimeControl{0, 2000, 0, true});
    match.settings.adjudication.max_plies = 6;
    PlayedGame game = match.play();
    ASSERT_EQ(game.moves.size(), 6u);
    const std::vector<std::pair<std::int64_t, std::int64_t>> expected = {
        {2000, 1700}, {2300, 2200}, {1800, 1500}, {2500, 2400}, {1600, 1300}, {2700, 2600}};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(game.moves[i].clock_ms, expected[i].first) << "ply " << i + 1;
        EXPECT_EQ(game.moves[i].clock_left_ms, expected[i].second) << "ply " << i + 1;
    }
    // Only when both clocks are hourglasses: against a plain clock nothing moves.
    match.black.limits.tc = TimeControl{0, 2000, 0};
    PlayedGame mixed = match.play();
    EXPECT_EQ(mixed.moves[1].clock_ms, 2000);
    EXPECT_EQ(mixed.moves[2].clock_ms, 1700);
}

TEST(Game, UntimedMovesRecordNoClockButTheirLatency) {
    // The mock reports `time 0`, so all of the real wait is latency: at least its 30 ms sleep.
    Match match({"--think", "30"}, {});
    match.settings.adjudication.max_plies = 2;
    PlayedGame r = match.play();
    ASSERT_EQ(r.moves.size(), 2u);
    EXPECT_FALSE(r.moves[0].clock_ms);
    EXPECT_FALSE(r.moves[0].clock_left_ms);
    ASSERT_TRUE(r.moves[0].latency_ms);
    EXPECT_GE(*r.moves[0].latency_ms, 30);
    ASSERT_TRUE(r.moves[1].latency_ms);
    EXPECT_GE(*r.moves[1].latency_ms, 0);
}

TEST(Game, MatchedInfoStringsAreKeptWithTheMoveOnlyWhenAsked) {
    Match match({"--info-flood", "3"}, {"--info-flood", "3"});
    match.settings.adjudication.max_plies = 2;
    PlayedGame plain = match.play();
    ASSERT_EQ(plain.moves.size(), 2u);
    EXPECT_TRUE(plain.moves[0].info_lines.empty());
    // Per pattern, in the patterns' order, the last line of the search that matches it.
    match.settings.kept_info_lines = {"^info string flood [01]$", "flood 2", "no such line"};
    PlayedGame kept = match.play();
    ASSERT_EQ(kept.moves.size(), 2u);
    EXPECT_EQ(kept.moves[0].info_lines,
              (std::vector<std::string>{"info string flood 1", "info string flood 2"}));
    EXPECT_EQ(kept.moves[1].info_lines, kept.moves[0].info_lines);
}

}  // namespace
}  // namespace arbiter
