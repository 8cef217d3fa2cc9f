// The PGN writer (issue 21: PGN reading and writing in one room): tags, moves and comments in
// cutechess's and fastchess's forms, games from a FEN, tournament tags, and pgn-extract reading it.
#include "harness/pgn/pgn_writer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engines/core/reference_program.h"
#include "harness/pgn/fools_mate_game.h"
#include "harness/pgn/pgn_results.h"

namespace arbiter {
namespace {

TEST(Pgn, WritesTagsMovesAndComments) {
    PgnHeader header;
    header.white = "minimax";
    header.black = "alpha \"beta\"";
    header.round = "3";
    EXPECT_EQ(
        format_pgn(testing::fools_mate_game(), header),
        "[Event \"arbiter tournament\"]\n[Site \"?\"]\n[Date \"2025.11.30\"]\n[Round \"3\"]\n"
        "[White \"minimax\"]\n[Black \"alpha \\\"beta\\\"\"]\n[Result \"0-1\"]\n[PlyCount \"4\"]\n"
        "[Termination \"normal\"]\n\n"
        "1. f3 {book} e5 {book} 2. g4 {-0.25/3 0.120s} Qh4# {+M1/3 0.120s} {Black mates}\n0-1\n\n");
}

// Issue 39: why an engine's fault happened is a comment of its own after the result's (braces in
// the engine's words cannot end it); fastchess's form has no place for it.
TEST(Pgn, AFaultsDetailIsACommentAfterTheResults) {
    GameRecord game = testing::fools_mate_game();
    game.result = Result::illegal(WHITE, "0000");
    game.result.fault_detail = "no legal move gives the returned board {a1 c1}; its log: x.log";
    const std::string text = format_pgn(game, PgnHeader{});
    const std::size_t reason = text.find("{White makes an illegal move: 0000}");
    const std::size_t detail =
        text.find("{no legal move gives the returned board  a1 c1 ; its log: x.log} 0-1");
    ASSERT_NE(detail, std::string::npos) << text;
    EXPECT_LT(reason, detail);
    PgnMoveFields fastchess;
    fastchess.fastchess = true;
    EXPECT_EQ(format_pgn(game, PgnHeader{}, fastchess).find("its log"), std::string::npos);
}

// fastchess's form: the fields asked for after the time, a mate in plies, a zero score unsigned,
// the reason closing the last comment, fastchess's Termination words.
TEST(Pgn, FastchessFormCarriesTheFieldsAskedFor) {
    GameRecord g = testing::fools_mate_game();
    g.moves[2].score = Score::from_centipawns(0);
    g.moves[2].nodes = 5000;
    g.moves[2].seldepth = 7;
    g.moves[2].pv = "g4 d8h4";
    g.moves[3].score = Score::from_mate_moves(2);
    PgnMoveFields fields;
    fields.nodes = fields.seldepth = fields.nps = fields.pv = fields.fastchess = true;
    std::string text = format_pgn(g, PgnHeader{}, fields);
    EXPECT_NE(text.find("2. g4\n{0.00/3 0.120s, n=5000, sd=7, nps=41666, pv=\"g4 d8h4\"}"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("Qh4#\n{+M3/3 0.120s, n=0, sd=0, nps=0, pv=\"\", Black mates} 0-1\n"),
              std::string::npos)
        << text;
    g.result.termination = Termination::illegal_move;
    EXPECT_NE(format_pgn(g, PgnHeader{}, fields).find("[Termination \"illegal move\"]"),
              std::string::npos);
    EXPECT_NE(format_pgn(g, PgnHeader{}).find("[Termination \"rules infraction\"]"),
              std::string::npos);
}

// Every field fastchess's -pgnout can ask for, in its order and words: the clock after the move
// as tl=, latency=, n=, sd=, nps=, hashfull=, tbhits=, pv=, then one line="..." per kept line;
// each field alone; a move that lacks a value shows 0 as fastchess does.
TEST(Pgn, FastchessFormCarriesClockLatencyHashfullTbhitsAndKeptLines) {
    GameRecord g = testing::fools_mate_game();
    MoveRecord& m = g.moves[2];
    m.nodes = 5000;
    m.seldepth = 7;
    m.pv = "g4 d8h4";
    m.clock_ms = 1000;
    m.clock_left_ms = 980;
    m.latency_ms = 4;
    m.hashfull = 12;
    m.tbhits = 3;
    m.info_lines = {"info string pgncomment a=1", "info string b"};
    PgnMoveFields all;
    all.nodes = all.seldepth = all.nps = all.pv = all.fastchess = true;
    all.timeleft = all.latency = all.hashfull = all.tbhits = all.match_line = true;
    std::string text = format_pgn(g, PgnHeader{}, all);
    EXPECT_NE(text.find("{-0.25/3 0.120s, tl=0.980s, latency=0.004s, n=5000, sd=7, nps=41666, "
                        "hashfull=12, tbhits=3, pv=\"g4 d8h4\", line=\"info string pgncomment "
                        "a=1\", line=\"info string b\"}"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("{+M1/3 0.120s, tl=0.000s, latency=0.000s, n=0, sd=0, nps=0, hashfull=0, "
                        "tbhits=0, pv=\"\", Black mates}"),
              std::string::npos)
        << text;
    const std::pair<bool PgnMoveFields::*, const char*> alone[] = {
        {&PgnMoveFields::timeleft, "{-0.25/3 0.120s, tl=0.980s}"},
        {&PgnMoveFields::latency, "{-0.25/3 0.120s, latency=0.004s}"},
        {&PgnMoveFields::hashfull, "{-0.25/3 0.120s, hashfull=12}"},
        {&PgnMoveFields::tbhits, "{-0.25/3 0.120s, tbhits=3}"},
        {&PgnMoveFields::match_line,
         "{-0.25/3 0.120s, line=\"info string pgncomment a=1\", line=\"info string b\"}"},
    };
    for (const auto& [field, comment] : alone) {
        PgnMoveFields one;
        one.fastchess = true;
        one.*field = true;
        EXPECT_NE(format_pgn(g, PgnHeader{}, one).find(comment), std::string::npos) << comment;
    }
    // Not asked for: nothing of it, as before.
    EXPECT_NE(format_pgn(g, PgnHeader{}).find("g4 {-0.25/3 0.120s} Qh4#"), std::string::npos);
}

TEST(Pgn, StartsFromAFenWithBlackToMove) {
    GameRecord g;
    g.start_fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7";
    g.result.outcome = Outcome::draw;
    g.result.termination = Termination::max_plies;
    MoveRecord m;
    m.ply = 1;
    m.uci = "e8d7";
    m.san = "Kd7";
    g.moves.push_back(m);
    std::string text = format_pgn(g, PgnHeader{});
    EXPECT_NE(text.find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]"),
              std::string::npos);
    EXPECT_NE(text.find("7... Kd7 {0.000s} 1/2-1/2"), std::string::npos);
    EXPECT_NE(text.find("[Termination \"adjudication\"]"), std::string::npos);
}

// A tournament's games carry the same tags whoever writes them: the opening's name from the
// store and the time control each player had.
TEST(Pgn, TournamentTagsComeFromTheConfigurationAndTheGame) {
    Store store = Store::open(":memory:");
    TournamentId t = store.get_or_create_tournament("k", "{}");
    EngineId a = store.get_or_create_engine({"a", "a", {}, "", {}, std::string(64, 'a')});
    EngineId b = store.get_or_create_engine({"b", "b", {}, "", {}, std::string(64, 'b')});
    Opening opening;
    opening.name = "Ruy Lopez";
    opening.start_fen = testing::fools_mate_game().start_fen;
    GameRecord game = testing::fools_mate_game();
    game.tournament_id = t;
    game.white_engine_id = a;
    game.black_engine_id = b;
    game.slot = {4, 1, 0, 2, 0};
    game.opening_id = store.get_or_create_opening(opening);
    store.record_game(game);
    game.opening_name = opening.name;  // the referee's, from the suite: no store lookup

    TournamentConfig config;
    config.event = "ladder";
    config.limits.tc = parse_time_control("40/60+0.5");
    config.engines.resize(2);
    config.engines[0].name = config.engines[0].command = "a";
    config.engines[1].name = config.engines[1].command = "b";
    TournamentPgn pgn(config);
    std::string text = pgn.game_text(game, "a", "b");
    EXPECT_NE(text.find("[Event \"ladder\"]\n"), std::string::npos) << text;
    EXPECT_NE(text.find("[Round \"2.5\"]\n"), std::string::npos) << text;
    EXPECT_NE(text.find("[Opening \"Ruy Lopez\"]\n[TimeControl \"40/60+0.5\"]\n"),
              std::string::npos)
        << text;

    // One player on its own clock: a tag per side.
    config.engines[1].limits.tc = parse_time_control("10+0.1");
    text = TournamentPgn(config).game_text(game, "a", "b");
    EXPECT_NE(text.find("[WhiteTimeControl \"40/60+0.5\"]\n[BlackTimeControl \"10+0.1\"]\n"),
              std::string::npos)
        << text;

    // Issue 41: several periods in the standard's form; an hourglass as its sandclock.
    config.engines[0].limits.tc = parse_time_control("40/5400+30:1800+30");
    config.engines[1].limits.tc = parse_time_control("hg60");
    text = TournamentPgn(config).game_text(game, "a", "b");
    EXPECT_NE(text.find("[WhiteTimeControl \"40/5400+30:1800+30\"]\n[BlackTimeControl \"*60\"]\n"),
              std::string::npos)
        << text;

    // What the engines said of themselves: arbiter's own tags; White and Black keep the given
    // names.
    TournamentPgn own(config);
    own.set_own_identities(
        {{a, {"Stockfish 15.1", "the Stockfish developers", ""}}, {b, {"Mock", "", ""}}});
    text = own.game_text(game, "a", "b");
    EXPECT_NE(text.find("[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n"
                        "[WhiteEngineName \"Stockfish 15.1\"]\n"
                        "[WhiteEngineAuthor \"the Stockfish developers\"]\n"
                        "[BlackEngineName \"Mock\"]\n[Opening"),
              std::string::npos)
        << text;

    // Export reads the configuration back from the stored JSON.
    StoredTournament stored{t, "k", config.to_json().dump(), 0};
    EXPECT_EQ(stored_tournament_config(stored).event, "ladder");
    EXPECT_EQ(stored_tournament_config({t, "k", "{\"event\": \"old\", \"unknown\": 1}", 0}).event,
              "old");
}

// Two games, the second with the engines' own names in arbiter's tags.
std::string two_games() {
    PgnHeader header;
    header.white = "a";
    header.black = "b";
    std::string text = format_pgn(testing::fools_mate_game(), header);
    header.white_engine = {"Stockfish 15.1", "the \"Stockfish\" developers", ""};
    header.black_engine = {"Mock", "", ""};
    return text + format_pgn(testing::fools_mate_game(), header);
}

std::string output_of(const std::string& command) {
    FILE* pipe = popen(command.c_str(), "r");
    std::string output;
    char buffer[512];
    while (fgets(buffer, sizeof buffer, pipe)) output += buffer;
    pclose(pipe);
    return output;
}

TEST(Pgn, PgnExtractAcceptsTheOutputAndKeepsTheEnginesTags) {
    const std::string tool = testing::reference_program("pgn-extract");
    if (tool.empty()) GTEST_SKIP() << "pgn-extract is not installed";
    auto path = std::filesystem::temp_directory_path() /
                ("arbiter-pgn-" + std::to_string(getpid()) + ".pgn");
    std::ofstream(path) << two_games();
    std::string errors = output_of(tool + " " + path.string() + " 2>&1 >/dev/null");
    std::string games = output_of(tool + " " + path.string() + " 2>/dev/null");
    std::filesystem::remove(path);
    EXPECT_NE(errors.find("2 games matched out of 2"), std::string::npos) << errors;
    EXPECT_NE(games.find("[WhiteEngineName \"Stockfish 15.1\"]"), std::string::npos) << games;
    EXPECT_NE(games.find("[WhiteEngineAuthor \"the \\\"Stockfish\\\" developers\"]"),
              std::string::npos)
        << games;
}

// `arbiter ratings --pgn` rates the given names, whatever the engines called themselves.
TEST(Pgn, ArbitersReaderRatesTheGivenNamesBesideTheEnginesTags) {
    std::istringstream in(two_games());
    GameRecords records;
    SkippedGames skipped;
    read_pgn_results(in, "two.pgn", records, skipped);
    EXPECT_EQ(records.players, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(records.games.size(), 2u);
    EXPECT_EQ(skipped.total(), 0);
}

}  // namespace
}  // namespace arbiter
