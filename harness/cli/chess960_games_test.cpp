// Real Chess960 games: `arbiter tournament --variant chess960` between our top rung (pruning)
// and Debian's Stockfish, then Fairy-Stockfish, both colours, on 20 start positions (the king
// on b or g beside its rook, king and rook adjacent elsewhere, the standard one), half written
// in Shredder-FEN and half in X-FEN. Every game must end without an illegal move, and the
// position after each game's moves, as the core sees it, must be the one Stockfish reports after
// `position fen ... moves ...` (compared by Zobrist key and counters). pgn-extract must accept
// the PGN. Without the programs: skipped, or a failure under CI.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engines/core/board.h"
#include "engines/core/chess960.h"
#include "engines/core/notation.h"
#include "engines/core/reference_program.h"
#include "harness/pgn/pgn_reader.h"

namespace arbiter {
namespace {

std::string run(const std::string& command) {
    std::string output;
    FILE* pipe = popen(command.c_str(), "r");
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    pclose(pipe);
    return output;
}

// Twenty start positions: five with the king on b, five on g, five with king and rook adjacent
// on other files, the standard one and four more.
std::vector<int> start_numbers() {
    std::vector<int> b, g, adjacent, other;
    for (int n = 0; n < CHESS960_POSITIONS; ++n) {
        std::string rank = chess960_back_rank(n);
        std::size_t king = rank.find('K');
        bool beside = rank[king - 1] == 'R' || rank[king + 1] == 'R';
        if (king == 1 && b.size() < 5 && n % 7 == 0)
            b.push_back(n);
        else if (king == 6 && g.size() < 5 && n % 7 == 0)
            g.push_back(n);
        else if (beside && king != 1 && king != 6 && adjacent.size() < 5 && n % 5 == 0)
            adjacent.push_back(n);
        else if (!beside && other.size() < 4 && n % 31 == 0)
            other.push_back(n);
    }
    std::vector<int> all = b;
    all.insert(all.end(), g.begin(), g.end());
    all.insert(all.end(), adjacent.begin(), adjacent.end());
    all.insert(all.end(), other.begin(), other.end());
    all.push_back(CHESS960_STANDARD);
    return all;
}

// The start positions as EPD, every other one with its castling rights as rook files.
std::string write_book(const std::filesystem::path& dir) {
    std::string path = (dir / "chess960-20.epd").string();
    std::ofstream out(path);
    std::vector<int> numbers = start_numbers();
    for (std::size_t i = 0; i < numbers.size(); ++i) {
        std::string fen = chess960_fen(numbers[i]);
        if (i % 2) {
            std::string rank = chess960_back_rank(numbers[i]);
            char outer = char('a' + rank.rfind('R')), inner = char('a' + rank.find('R'));
            std::string rights = {char(std::toupper(outer)), char(std::toupper(inner)), outer,
                                  inner};
            fen.replace(fen.find("KQkq"), 4, rights);
        }
        out << fen << " id \"Chess960 #" << numbers[i] << "\";\n";
    }
    return path;
}

void check_games(const std::string& pgn, const std::string& stockfish, int expected);

// Plays the tournament against the engine `opponent` (the keys of --engine after the name) and
// checks each game of its PGN with Stockfish.
void play_and_check(const std::string& opponent, const std::string& stockfish) {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("arbiter-chess960-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::string book = write_book(dir), pgn = (dir / "games.pgn").string();
    ASSERT_EQ(start_numbers().size(), 20u);
    std::string output =
        run(std::string(ARBITER_PATH) + " tournament --engine name=pruning,cmd=" + PRUNING_PATH +
            " --engine name=opponent," + opponent + " --variant chess960 --openings " + book +
            " --depth 5 --maxplies 300 --concurrency 2 --db " + (dir / "games.sqlite").string() +
            " --pgn " + pgn + " 2>&1");
    ASSERT_NE(output.find("Score of pruning vs opponent"), std::string::npos) << output;
    check_games(pgn, stockfish, 40);
    std::filesystem::remove_all(dir);
}

// Checks every game of `pgn` (`expected` of them) against Stockfish's idea of where its moves
// lead, and that pgn-extract reads them.
void check_games(const std::string& pgn, const std::string& stockfish, int expected) {
    std::filesystem::path dir = std::filesystem::path(pgn).parent_path();
    // Step 1. Every game ended by the rules or adjudication, none by an illegal move.
    std::ifstream in(pgn);
    PgnReader reader(in, pgn, PgnDetail::moves);
    PgnGame game;
    int games = 0, castled = 0;
    std::string script = "setoption name UCI_Chess960 value true\n";
    std::vector<std::pair<Key, std::string>> ours;
    while (reader.next(game)) {
        ++games;
        EXPECT_EQ(game.tag("Variant").value_or(""), "Chess960");
        EXPECT_NE(game.tag("Termination").value_or(""), "rules infraction") << game.line;
        // Step 2. Our position after the game's moves.
        std::string fen(game.tag("FEN").value_or(""));
        Board board;
        EXPECT_EQ(board.set(fen, true), "");
        Position& pos = board.position();
        std::string moves;
        for (const PgnMove& move : game.moves) {
            Move m = move_from_san(pos, move.san);
            ASSERT_TRUE(m) << move.san << " at " << pos.fen();
            castled += m.kind() == Move::CASTLING;
            moves += " " + move_to_uci(m);
            board.play(m);
        }
        std::string counters = pos.fen().substr(pos.fen().rfind(' ', pos.fen().rfind(' ') - 1));
        ours.emplace_back(pos.key(), counters);
        script += "position fen " + fen + " moves" + moves + "\nd\n";
    }
    EXPECT_EQ(games, expected);
    EXPECT_GT(castled, 10);

    // Step 3. Stockfish's position after the same moves.
    std::string script_path = (dir / "script.txt").string();
    std::ofstream(script_path) << script << "quit\n";
    std::istringstream reported(run(stockfish + " < " + script_path));
    std::size_t index = 0;
    for (std::string line; std::getline(reported, line);) {
        if (line.rfind("Fen: ", 0) != 0) continue;
        ASSERT_LT(index, ours.size());
        Board theirs;
        std::string fen = line.substr(5);
        ASSERT_EQ(theirs.set(fen, true), "") << fen;
        EXPECT_EQ(theirs.position().key(), ours[index].first)
            << "game " << index + 1 << ": " << fen;
        EXPECT_EQ(fen.substr(fen.rfind(' ', fen.rfind(' ') - 1)), ours[index].second) << fen;
        ++index;
    }
    EXPECT_EQ(index, ours.size());

    // Step 4. pgn-extract reads every game without a complaint.
    std::string extract = testing::reference_program("pgn-extract");
    if (!extract.empty()) {
        std::string complaints = run(extract + " -s " + pgn + " 2>&1 >/dev/null");
        EXPECT_EQ(complaints, "");
    }
}

TEST(Chess960Games, AgainstStockfishEveryGameIsLegalAndEndsWhereStockfishSaysItDoes) {
    std::string stockfish = testing::reference_program("stockfish");
    if (stockfish.empty()) GTEST_SKIP() << "stockfish is not installed";
    play_and_check("cmd=" + stockfish + ",option.Threads=1,option.Hash=16", stockfish);
}

TEST(Chess960Games, AgainstFairyStockfishTheSame) {
    std::string stockfish = testing::reference_program("stockfish");
    std::string fairy = testing::reference_program("fairy-stockfish");
    if (stockfish.empty() || fairy.empty()) GTEST_SKIP() << "stockfish or fairy-stockfish missing";
    play_and_check("cmd=" + fairy + ",option.Threads=1,option.Hash=16", stockfish);
}

// Debian's polyglot adapter announces feature variants="normal,fischerandom" for Stockfish, so
// Stockfish plays Chess960 over XBoard too (castling sent and read as O-O/O-O-O).
TEST(Chess960Games, AgainstStockfishBehindPolyglotOverXboardTheSame) {
    std::string stockfish = testing::reference_program("stockfish");
    std::string polyglot = testing::reference_program("polyglot");
    if (stockfish.empty() || polyglot.empty()) GTEST_SKIP() << "stockfish or polyglot missing";
    play_and_check("cmd=" + polyglot + ",arg=-noini,arg=-ec,arg=" + stockfish + ",proto=xboard",
                   stockfish);
}

// An engine that cannot play Chess960 is refused by name before any game is played.
TEST(Chess960Games, AnEngineThatCannotPlayItIsRefusedByName) {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("arbiter-refuse-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    auto refusal = [&](const std::string& engine) {
        return run(std::string(ARBITER_PATH) + " tournament --engine name=pruning,cmd=" +
                   PRUNING_PATH + " --engine name=plain," + engine +
                   " --variant chess960 --openings chess960:random:2 --depth 2 --db " +
                   (dir / "refused.sqlite").string() + " --pgn " + (dir / "refused.pgn").string() +
                   " 2>&1");
    };
    EXPECT_NE(refusal(std::string("cmd=") + MOCK_ENGINE_PATH)
                  .find("engine plain: engine 'mock' does not declare the option UCI_Chess960"),
              std::string::npos);
    EXPECT_NE(refusal(std::string("cmd=") + MOCK_XBOARD_ENGINE_PATH + ",proto=xboard")
                  .find("engine plain: engine mock xboard does not list fischerandom"),
              std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(dir / "refused.pgn") &&
                 std::filesystem::file_size(dir / "refused.pgn") > 0);
    std::filesystem::remove_all(dir);
}

// A DFRC book as fishtest and OpenBench use it (EPD, Shredder-FEN castling), through the
// cutechess dialect with -variant fischerandom.
TEST(Chess960Games, DfrcBookThroughTheCutechessDialect) {
    std::string stockfish = testing::reference_program("stockfish");
    if (stockfish.empty()) GTEST_SKIP() << "stockfish is not installed";
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("arbiter-dfrc-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::string book = (dir / "dfrc.epd").string(), pgn = (dir / "games.pgn").string();
    {
        std::ofstream out(book);
        for (int i = 0; i < 10; ++i) {
            int white = (i * 331 + 17) % CHESS960_POSITIONS, black = (i * 577 + 101) % 960;
            std::string fen = dfrc_fen(white, black), w = chess960_back_rank(white),
                        b = chess960_back_rank(black);
            std::string rights = {char('A' + w.rfind('R')), char('A' + w.find('R')),
                                  char('a' + b.rfind('R')), char('a' + b.find('R'))};
            out << fen.replace(fen.find("KQkq"), 4, rights) << "\n";
        }
    }
    std::string output =
        run(std::string(ARBITER_PATH) + " -engine cmd=" + PRUNING_PATH +
            " name=pruning -engine cmd=" + stockfish +
            " name=stockfish option.Threads=1 -each depth=5 proto=uci -variant fischerandom"
            " -openings file=" +
            book +
            " format=epd -repeat -rounds 10 -games 2 -concurrency 2"
            " -pgnout " +
            pgn + " -db " + (dir / "games.sqlite").string() + " 2>&1");
    ASSERT_NE(output.find("Played 20 games"), std::string::npos) << output;
    check_games(pgn, stockfish, 20);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace arbiter
