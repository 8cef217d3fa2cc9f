#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "engines/core/reference_program.h"
#include "harness/pgn/pgn_writer.h"
#include "harness/report/crc32.h"
#include "harness/report/progress.h"
#include "harness/report/standings.h"
#include "harness/report/text_table.h"

namespace arbiter {
namespace {

GameRecord sample_game() {
    GameRecord g;
    g.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.result = Outcome::black_win;
    g.termination = Termination::checkmate;
    g.termination_text = "Black mates";
    g.started_at_ms = 1764460800000;  // 2025-11-30
    const char* moves[][2] = {{"f2f3", "f3"}, {"e7e5", "e5"}, {"g2g4", "g4"}, {"d8h4", "Qh4#"}};
    int ply = 0;
    for (auto [uci, san] : moves) {
        MoveRecord m;
        m.ply = ++ply;
        m.uci = uci;
        m.san = san;
        m.time_ms = 120;
        m.depth = 3;
        m.score_cp = -25;
        m.book = ply <= 2;
        g.moves.push_back(m);
    }
    g.moves[3].score_cp.reset();
    g.moves[3].score_mate = 1;
    return g;
}

TEST(Pgn, WritesTagsMovesAndComments) {
    PgnHeader header;
    header.white = "minimax";
    header.black = "alpha \"beta\"";
    header.round = "3";
    EXPECT_EQ(
        format_pgn(sample_game(), header),
        "[Event \"arbiter tournament\"]\n[Site \"?\"]\n[Date \"2025.11.30\"]\n[Round \"3\"]\n"
        "[White \"minimax\"]\n[Black \"alpha \\\"beta\\\"\"]\n[Result \"0-1\"]\n[PlyCount \"4\"]\n"
        "[Termination \"normal\"]\n\n"
        "1. f3 {book} e5 {book} 2. g4 {-0.25/3 0.120s} Qh4# {+M1/3 0.120s} {Black mates}\n0-1\n\n");
}

// fastchess's form: the fields asked for after the time, a mate in plies, a zero score unsigned,
// the reason closing the last comment, fastchess's Termination words.
TEST(Pgn, FastchessFormCarriesTheFieldsAskedFor) {
    GameRecord g = sample_game();
    g.moves[2].score_cp = 0;
    g.moves[2].nodes = 5000;
    g.moves[2].seldepth = 7;
    g.moves[2].pv = "g4 d8h4";
    g.moves[3].score_mate = 2;
    PgnMoveFields fields;
    fields.nodes = fields.seldepth = fields.nps = fields.pv = fields.fastchess = true;
    std::string text = format_pgn(g, PgnHeader{}, fields);
    EXPECT_NE(text.find("2. g4\n{0.00/3 0.120s, n=5000, sd=7, nps=41666, pv=\"g4 d8h4\"}"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("Qh4#\n{+M3/3 0.120s, n=0, sd=0, nps=0, pv=\"\", Black mates} 0-1\n"),
              std::string::npos)
        << text;
    g.termination = Termination::illegal_move;
    EXPECT_NE(format_pgn(g, PgnHeader{}, fields).find("[Termination \"illegal move\"]"),
              std::string::npos);
    EXPECT_NE(format_pgn(g, PgnHeader{}).find("[Termination \"rules infraction\"]"),
              std::string::npos);
}

// Every field fastchess's -pgnout can ask for, in its order and words: the clock after the move
// as tl=, latency=, n=, sd=, nps=, hashfull=, tbhits=, pv=, then one line="..." per kept line;
// each field alone; a move that lacks a value shows 0 as fastchess does.
TEST(Pgn, FastchessFormCarriesClockLatencyHashfullTbhitsAndKeptLines) {
    GameRecord g = sample_game();
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

// The check value of CRC-32 (zlib's crc32 of "123456789"), whole and piece by piece, and as
// Python's hex() writes it.
TEST(Crc32, MatchesZlibsCheckValue) {
    Crc32 whole, pieces;
    whole.update("123456789");
    pieces.update("1234");
    pieces.update("56789");
    EXPECT_EQ(whole.value(), 0xCBF43926u);
    EXPECT_EQ(pieces.value(), 0xCBF43926u);
    EXPECT_EQ(Crc32().value(), 0u);
    EXPECT_EQ(crc32_hex(0xCBF43926u), "0xcbf43926");
    EXPECT_EQ(crc32_hex(0x0000abcdu), "0xabcd");
    std::string path = ::testing::TempDir() + "crc32_" + std::to_string(::getpid()) + ".txt";
    std::ofstream(path) << "123456789";
    EXPECT_EQ(file_crc32(path).value(), 0xCBF43926u);
    std::remove(path.c_str());
    EXPECT_EQ(file_crc32(path).value(), 0u);
}

TEST(Pgn, StartsFromAFenWithBlackToMove) {
    GameRecord g;
    g.start_fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7";
    g.result = Outcome::draw;
    g.termination = Termination::max_plies;
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
    opening.start_fen = sample_game().start_fen;
    GameRecord game = sample_game();
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

    // Export reads the configuration back from the stored JSON.
    StoredTournament stored{t, "k", config.to_json().dump(), 0};
    EXPECT_EQ(stored_tournament_config(stored).event, "ladder");
    EXPECT_EQ(stored_tournament_config({t, "k", "{\"event\": \"old\", \"unknown\": 1}", 0}).event,
              "old");
}

TEST(Pgn, PgnExtractAcceptsTheOutput) {
    const std::string tool = testing::reference_program("pgn-extract");
    if (tool.empty()) GTEST_SKIP() << "pgn-extract is not installed";
    auto path = std::filesystem::temp_directory_path() /
                ("arbiter-pgn-" + std::to_string(getpid()) + ".pgn");
    {
        std::ofstream file(path);
        PgnHeader header;
        header.white = "a";
        header.black = "b";
        file << format_pgn(sample_game(), header) << format_pgn(sample_game(), header);
    }
    std::string command = tool + " " + path.string() + " 2>&1 >/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    std::string output;
    char buffer[512];
    while (fgets(buffer, sizeof buffer, pipe)) output += buffer;
    pclose(pipe);
    std::filesystem::remove(path);
    EXPECT_NE(output.find("2 games matched out of 2"), std::string::npos) << output;
}

// A store with a two-engine match of W=7, D=4, L=3 for "A".
TEST(Standings, TwoEngineMatchInCutechessWords) {
    Store store = Store::open(":memory:");
    TournamentId t = store.get_or_create_tournament("k", "{}");
    EngineIdentity a{"A", "a", {}, "", {}, std::string(64, 'a')},
        b{"B", "b", {}, "", {}, std::string(64, 'b')};
    EngineId ia = store.get_or_create_engine(a), ib = store.get_or_create_engine(b);
    const char* results[] = {"1-0",     "0-1",     "1-0", "0-1", "1-0",     "0-1",     "1-0",
                             "1/2-1/2", "1/2-1/2", "1-0", "0-1", "1/2-1/2", "1/2-1/2", "1-0"};
    // Even slots: A has White. A wins: slots 0,2,4,6 (white) + 1,3,5 (as black "0-1") = 7 wins.
    for (int i = 0; i < 14; ++i) {
        GameRecord g = sample_game();
        g.tournament_id = t;
        g.slot = {i, 0, 0, i / 2, i % 2};
        g.white_engine_id = i % 2 == 0 ? ia : ib;
        g.black_engine_id = i % 2 == 0 ? ib : ia;
        g.result = *parse_outcome(results[i]);
        store.record_game(g);
    }
    std::string text = format_standings(store, t, {ia, ib}, {"A", "B"}, {200, 1});
    EXPECT_NE(text.find("Score of A vs B: 7 - 3 - 4  [0.643] 14\n"), std::string::npos) << text;
    EXPECT_NE(text.find("Elo difference: 102.1 +/- 174.3, LOS: 89.7 %, DrawRatio: 28.6 %"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("DrawRatio: 28.6 %"), std::string::npos) << text;
    EXPECT_NE(text.find("Ptnml(0-2): ["), std::string::npos) << text;
    EXPECT_NE(text.find("Rank Name"), std::string::npos) << text;
    EXPECT_EQ(format_standings(store, t, {}, {}), "");
}

// Three engines named by `names`: `first_pair` games between the first two, two games in each
// other pair; White wins two games in three, the third is drawn.
struct ThreeEngines {
    Store store = Store::open(":memory:");
    TournamentId tournament = 0;
    std::vector<EngineId> ids;
};

void play_three(ThreeEngines& t, const std::vector<std::string>& names, int first_pair) {
    t.tournament = t.store.get_or_create_tournament("k", "{}");
    for (std::size_t i = 0; i < names.size(); ++i)
        t.ids.push_back(t.store.get_or_create_engine(
            {names[i], names[i], {}, "", {}, std::string(64, char('a' + i))}));
    int slot = 0;
    for (int pair = 0; pair < 3; ++pair) {
        for (int i = 0; i < (pair == 0 ? first_pair : 2); ++i, ++slot) {
            GameRecord g = sample_game();
            g.tournament_id = t.tournament;
            g.slot = {slot, 0, 0, slot / 2, slot % 2};
            std::size_t a = std::size_t(pair), b = std::size_t((pair + 1) % 3);
            g.white_engine_id = i % 2 ? t.ids[a] : t.ids[b];
            g.black_engine_id = i % 2 ? t.ids[b] : t.ids[a];
            g.result = i % 3 == 0 ? Outcome::draw : Outcome::white_win;
            t.store.record_game(g);
        }
    }
}

// The lines of `text` from the one starting with `first` up to the next blank line.
std::vector<std::string> block(const std::string& text, const std::string& first) {
    std::vector<std::string> lines;
    std::istringstream in(text.substr(text.find("\n" + first) + 1));
    for (std::string line; std::getline(in, line) && !line.empty();) lines.push_back(line);
    return lines;
}

// Every line of each table ends in a right-aligned number column, so aligned tables have lines
// of one display width.
void expect_aligned(const std::vector<std::string>& lines, const std::string& text) {
    ASSERT_GT(lines.size(), 1u) << text;
    for (const auto& line : lines)
        EXPECT_EQ(display_width(line), display_width(lines[0])) << line << "\n" << text;
}

TEST(Standings, LongAndUnicodeNamesStayAligned) {
    ThreeEngines t;
    play_three(t, {"Ströhmer 象棋", "a-very-long-engine-name-here-x", "plain"}, 4);
    std::string text =
        format_standings(t.store, t.tournament, t.ids,
                         {"Ströhmer 象棋", "a-very-long-engine-name-here-x", "plain"}, {50, 1});
    std::vector<std::string> ratings = block("\n" + text, "Rank");
    ratings.pop_back();  // the legend line
    expect_aligned(ratings, text);
    expect_aligned(block(text, "Name"), text);
    expect_aligned(block(text, "Crosstable"), text);
    EXPECT_NE(text.find("a-very-long-engine-name-here-x "), std::string::npos) << text;
}

// Short names keep the layout arbiter has always printed (scripts/tournament's standings).
TEST(Standings, ShortNamesKeepTheFixedLayout) {
    ThreeEngines t;
    play_three(t, {"greedy", "random", "minimax"}, 4);
    std::string text =
        format_standings(t.store, t.tournament, t.ids, {"greedy", "random", "minimax"}, {10, 1});
    EXPECT_EQ(text.find("Rank Name                          Elo     +/-   Games   Score    Draw\n"),
              0u)
        << text;
    EXPECT_NE(text.find("\nName                       Depth         Nodes   Time ms    Moves\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("\nCrosstable                         1           2           3\n"),
              std::string::npos)
        << text;
    // The first crosstable row: the name in 24 columns, then its own cell "-" in the next 12.
    std::vector<std::string> cross = block(text, "Crosstable");
    ASSERT_GT(cross.size(), 1u) << text;
    EXPECT_EQ(cross[1].substr(24, 12), std::string(11, ' ') + "-") << text;
}

TEST(Standings, CrosstableColumnsAreSizedByTheirCells) {
    ThreeEngines t;
    play_three(t, {"a", "b", "c"}, 10000);
    std::string text = format_standings(t.store, t.tournament, t.ids, {"a", "b", "c"}, {10, 1});
    std::vector<std::string> cross = block(text, "Crosstable");
    expect_aligned(cross, text);
    // Each cell stands apart ("5000.5/10000" is wider than the 11 columns a cell starts from):
    // a row holds its rank, name and three cells.
    for (std::size_t r = 1; r < cross.size(); ++r) {
        std::istringstream words(cross[r]);
        std::vector<std::string> tokens{std::istream_iterator<std::string>(words), {}};
        EXPECT_EQ(tokens.size(), 5u) << text;
    }
}

TEST(Progress, OneLinePerGameWhenNotATerminal) {
    std::ostringstream out;
    ProgressDisplay display(out, false);
    display.started(1, {}, 4, 1);
    GameRecord g = sample_game();
    g.slot.number = 11;
    display.game_finished(g, 1, "alphabeta", "minimax");
    display.finish();
    EXPECT_EQ(out.str(),
              "Resuming: 1 of 4 games already played\n"
              "Finished game 12 (alphabeta vs minimax): 0-1 {Black mates}\n");
}

TEST(Progress, TerminalLineShowsBarEtaAndLeader) {
    std::ostringstream out;
    ProgressDisplay display(out, true);
    display.started(1, {}, 2, 0);
    display.game_finished(sample_game(), 1, "w", "b");
    EXPECT_NE(out.str().find("[###############...............] 1/2  ETA "), std::string::npos)
        << out.str();
    EXPECT_NE(out.str().find("leader: b 1.0/1"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace arbiter
