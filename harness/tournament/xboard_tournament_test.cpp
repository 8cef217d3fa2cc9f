// Tournaments with XBoard engines and Polyglot books: mock and real XBoard engines beside UCI
// ones, openings drawn from a book, and engines' own books.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "harness/tournament/tournament.h"
#include "harness/tournament/tournament_test_fixture.h"

namespace arbiter {
namespace {

using namespace tournament_testing;

// Skips the test when a file it needs is missing, or fails it under CI, where scripts/setup has
// installed them all. The caller returns if the test is skipped or failed.
void require_files(const std::vector<const char*>& needed) {
    for (const char* path : needed) {
        if (fs::exists(path)) continue;
        if (std::getenv("CI")) FAIL() << path << " is missing (scripts/setup installs it)";
        GTEST_SKIP() << path << " is missing";
    }
}

TEST_F(TournamentTest, AnXboardEngineMeetsUciEnginesRefereedAndStoredAlike) {
    add_engine("xb", {});
    config.engines.back().command = MOCK_XBOARD_ENGINE_PATH;
    config.engines.back().protocol = EngineProtocol::xboard;
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary s = run_tournament(config, store, recorder);
    EXPECT_EQ(s.played_now, 2 * 6 * 2);  // four engines, six pairs, two openings, both colours
    int xboard_games = 0;
    for (const auto& g : store.list_games(s.tournament_id)) {
        EXPECT_NE(g.result.termination, Termination::disconnect) << g.result.description;
        EXPECT_NE(g.result.termination, Termination::stall) << g.result.description;
        EXPECT_NE(g.result.termination, Termination::illegal_move) << g.result.description;
        if (g.white_name != "xb" && g.black_name != "xb") continue;
        ++xboard_games;
        GameRecord game = store.load_game(g.id);
        bool thought = false;  // the engine's thinking output reached the moves table
        for (std::size_t i = 0; i < game.moves.size(); ++i)
            if (game.moves[i].depth && (g.white_name == "xb") == (i % 2 == 1)) thought = true;
        EXPECT_TRUE(thought) << g.white_name << " - " << g.black_name;
    }
    EXPECT_EQ(xboard_games, 12);
    // Its `myname` is kept with its engine row, as a UCI engine's `id name` is.
    std::map<std::string, EngineOwnIdentity> own;
    for (const StoredEngine& e : store.list_engines()) own[e.identity.name] = e.own;
    EXPECT_EQ(own["xb"], (EngineOwnIdentity{"mock xboard", "", ""}));
    EXPECT_EQ(own["mock0"], (EngineOwnIdentity{"mock", "arbiter tests", ""}));
}

TEST_F(TournamentTest, AnXboardEngineUnderANodeLimitIsAConfigurationError) {
    add_engine("xb", {});
    config.engines.back().command = MOCK_XBOARD_ENGINE_PATH;
    config.engines.back().protocol = EngineProtocol::xboard;
    config.limits = {};
    config.limits.nodes = 1000;
    EXPECT_EQ(error_of_run(),
              "engine xb speaks XBoard, whose protocol has no node limit: give --depth, "
              "--movetime or --tc");
}

TEST_F(TournamentTest, OpeningsDrawnFromAPolyglotBookBySeed) {
    const char* book = "/usr/share/games/gnuchess/book.bin";
    require_files({book});
    if (IsSkipped() || HasFailure()) return;
    config.engines.pop_back();
    config.openings_path = book;
    config.plies = 4;
    config.book_lines = 3;
    config.seed = 7;
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary s = run_tournament(config, store, recorder);
    EXPECT_EQ(s.played_now, 3 * 1 * 2);
    std::set<std::vector<std::string>> lines;
    for (const auto& g : store.list_games(s.tournament_id)) {
        GameRecord game = store.load_game(g.id);
        ASSERT_GE(game.moves.size(), 4u);
        std::vector<std::string> line;
        for (int i = 0; i < 4; ++i) {
            EXPECT_TRUE(game.moves[std::size_t(i)].book);
            line.push_back(game.moves[std::size_t(i)].uci);
        }
        EXPECT_FALSE(game.moves[4].book);
        lines.insert(line);
    }
    EXPECT_EQ(lines.size(), 3u);  // three distinct lines, each played with both colours
    // The same seed draws the same lines: a re-run plays nothing.
    EXPECT_EQ(run_tournament(config, store, recorder).played_now, 0);
}

TEST_F(TournamentTest, AnEnginesOwnBookIsReadBeforeAnyGame) {
    config.engines[0].book_path = (dir / "missing.bin").string();
    EXPECT_NE(error_of_run().find("engine mock0: "), std::string::npos);
    std::ofstream(dir / "odd.bin") << "not sixteen";
    config.engines[0].book_path = (dir / "odd.bin").string();
    EXPECT_NE(error_of_run().find("odd.bin"), std::string::npos);
}

TEST_F(TournamentTest, AnEnginesOwnBookMovesForIt) {
    const char* book = "/usr/share/games/gnuchess/book.bin";
    require_files({book});
    if (IsSkipped() || HasFailure()) return;
    config.engines.pop_back();
    config.engines[0].book_path = book;
    config.engines[0].book_depth = 2;
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary s = run_tournament(config, store, recorder);
    int book_moves = 0;
    for (const auto& g : store.list_games(s.tournament_id)) {
        GameRecord game = store.load_game(g.id);
        // The openings are positions with Black to move: Black's moves are the even ones.
        std::size_t mine = g.white_name == "mock0" ? 1 : 0;
        // GNU Chess's book answers 1.e4 and 1.d4: as Black, mock0's first move is the book's.
        if (mine == 0) {
            EXPECT_TRUE(game.moves[0].book);
        }
        for (std::size_t i = mine; i < game.moves.size(); i += 2) {
            if (!game.moves[i].book) continue;
            ++book_moves;
            EXPECT_LE(i, mine + 2) << "bookdepth=2";
        }
        for (std::size_t i = 1 - mine; i < game.moves.size(); i += 2)
            EXPECT_FALSE(game.moves[i].book) << "the other engine has no book";
    }
    EXPECT_GE(book_moves, 2);
}

// No game of a real engine ended by its misbehaviour, each engine's thinking output reached the
// moves table after `book_plies` book moves, and no engine had to be restarted.
void expect_clean_games(Store& store, TournamentId id, const Recorder& recorder,
                        std::size_t book_plies) {
    for (const auto& g : store.list_games(id)) {
        EXPECT_TRUE(g.result.termination != Termination::disconnect &&
                    g.result.termination != Termination::stall &&
                    g.result.termination != Termination::illegal_move &&
                    g.result.termination != Termination::false_claim)
            << g.white_name << " - " << g.black_name << ": " << g.result.description;
        GameRecord game = store.load_game(g.id);
        ASSERT_GT(game.moves.size(), book_plies + 1);
        EXPECT_TRUE(game.moves[book_plies].depth) << g.white_name << " - " << g.black_name;
        EXPECT_TRUE(game.moves[book_plies + 1].depth) << g.white_name << " - " << g.black_name;
    }
    for (const std::string& event : recorder.events)
        EXPECT_EQ(event.find("restarted"), std::string::npos) << event;
}

// Debian's XBoard engines against one of ours, from GNU Chess's book, every game refereed and
// stored. Skipped (failing under CI) when the packages are missing.
TEST_F(TournamentTest, FairyMaxAndPhalanxMeetOurEngine) {
    const char* book = "/usr/share/games/gnuchess/book.bin";
    require_files({"/usr/games/fairymax", "/usr/games/phalanx", book});
    if (IsSkipped() || HasFailure()) return;
    config.engines.clear();
    add_engine("fairymax", {}, "/usr/games/fairymax");
    add_engine("phalanx", {}, "/usr/games/phalanx");
    for (auto& e : config.engines) e.protocol = EngineProtocol::xboard;
    add_engine("alphabeta", {}, OUR_ENGINE_PATH);
    config.openings_path = book;
    config.plies = 4;
    config.book_lines = 1;
    config.limits = {};
    config.limits.movetime_ms = 50;  // XBoard's `st` is whole seconds: 1 s for the XBoard engines
    config.game.adjudication.max_plies = 30;
    config.game.stall_timeout = milliseconds(5000);  // room for a loaded machine
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary s = run_tournament(config, store, recorder);
    EXPECT_EQ(s.played_now, 6);
    expect_clean_games(store, s.tournament_id, recorder, 4);
}

// Stockfish made an XBoard engine by Debian's polyglot adapter, which reads an .ini naming the UCI
// engine, against one of ours: one opening, both colours, every game refereed and stored, and
// each game's result told to the adapter (its log shows what it received).
TEST_F(TournamentTest, StockfishThroughPolyglotIsAnXboardEngine) {
    require_files({"/usr/games/polyglot", "/usr/games/stockfish"});
    if (IsSkipped() || HasFailure()) return;
    fs::path ini = dir / "stockfish.ini", log = dir / "polyglot.log";
    // LogFile before Log: the adapter opens its log as soon as it reads `Log = true`.
    std::ofstream(ini) << "[PolyGlot]\nEngineDir = " << dir.string()
                       << "\nEngineCommand = /usr/games/stockfish\nLogFile = " << log.string()
                       << "\nLog = true\n[Engine]\nThreads = 1\nHash = 16\n";
    std::ofstream(dir / "one.epd")
        << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
    config.openings_path = (dir / "one.epd").string();
    config.engines.clear();
    add_engine("stockfish-polyglot", {ini.string()}, "/usr/games/polyglot");
    config.engines.back().protocol = EngineProtocol::xboard;
    config.engines.back().working_dir = dir.string();  // whatever else it writes goes there
    add_engine("alphabeta", {}, OUR_ENGINE_PATH);
    config.limits = {};
    config.limits.depth = 4;
    config.concurrency = 1;
    config.game.adjudication.max_plies = 60;
    config.game.stall_timeout = milliseconds(10000);  // room for a loaded machine
    Store store = Store::open(config.db_path);
    Recorder recorder;
    TournamentSummary s = run_tournament(config, store, recorder);
    EXPECT_EQ(s.played_now, 2);
    expect_clean_games(store, s.tournament_id, recorder, 0);
    // The adapter logs "<time> GUI->Adapter: result 1-0 {White mates}" for each game.
    std::multiset<std::string> told, expected;
    std::ifstream in(log);
    const std::string received = "GUI->Adapter: ";
    for (std::string line; std::getline(in, line);)
        if (auto at = line.find(received + "result "); at != std::string::npos)
            told.insert(line.substr(at + received.size()));
    for (const auto& g : store.list_games(s.tournament_id))
        expected.insert("result " + std::string(to_pgn(g.result.outcome)) + " {" +
                        g.result.description + "}");
    EXPECT_EQ(told, expected);
}

}  // namespace
}  // namespace arbiter
