// mock_engine: a tiny UCI engine for the harness's tests. It plays uniformly random legal moves
// from a seeded generator and misbehaves on request:
//
//   --seed N            random seed (default 1)
//   --name TEXT         its `id name` (default "mock")
//   --think MS          sleep MS before each bestmove
//   --crash-at N        abort() (SIGABRT) on its Nth go
//   --exit-at N         exit with code 1, silently, on its Nth go
//   --terminated-at N   die of SIGTERM on its Nth go, as when a scheduler cancels the job
//   --hang-at N         stop answering for good on its Nth go (it must be killed)
//   --illegal-at N      answer its Nth go with a well-formed illegal move (its king jumps away)
//   --garbage-at N      answer its Nth go with a line of garbage and no bestmove
//   --malformed-at N    answer its Nth go with "bestmove" followed by text that is no move
//   --slow-start MS     sleep MS after `uci` before answering it
//   --no-uci            never answer `uci` (still reads input; quits on `quit`)
//   --exit-after-uciok  exit with code 0 right after sending uciok
//   --ignore-isready    never answer `isready`
//   --every-game        count goes per game (reset by ucinewgame) instead of per process
//   --info-flood N      send N lines "info string flood K" (K from 0) before each bestmove
//   --long-line N       send one line "info string " and N bytes 'x' before each bestmove
//   --info-text TEXT    send "info depth 2 score cp 5 nodes 10 pv TEXT" and "info string TEXT"
//                       before each bestmove (a hostile PV and info string for the pages' tests)
//   --score TEXT        the score of its info line ("cp -2147483648"; default "cp 0")
//   --bestmove TEXT     answer every go with "bestmove TEXT" instead of a random move
//   --orphan-stdout     leave a helper process (a grandchild) holding its stdout for 60 s
//   --mate-in-one       when a move mates at once, play it and report "score mate 1 pv <it>"
//   --report-affinity   answer `uci` with "info string Cpus_allowed_list: <its CPUs>" first
//   --ply-log DIR       append to DIR/<pid>.log a line "<ns> go <key>" as each go is read and
//                       "<ns> bm <key>" as each random bestmove is written (CLOCK_MONOTONIC
//                       nanoseconds): a bestmove's key is the go's key of the position it leads
//                       to, so that scripts/bench-harness pairs them into the harness's delay
//
// In --name and --bestmove, "\xHH" stands for the byte HH (control bytes for the tests).
//
// Each go first sends "info depth 1 seldepth 1 multipv 1 score cp 0 nodes <number of legal
// moves> time 0 pv <move>"; `go infinite` waits for `stop`. A setoption line is echoed back as
// "info string received: <line>". One line goes to stderr at startup.
#include <unistd.h>
#include <csignal>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <iostream>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"

namespace {

using namespace arbiter;

struct Settings {
    std::uint64_t seed = 1;
    std::string name = "mock";
    int think_ms = 0;
    long crash_at = 0, exit_at = 0, hang_at = 0, illegal_at = 0, garbage_at = 0, malformed_at = 0,
         terminated_at = 0;
    int slow_start_ms = 0;
    bool no_uci = false, exit_after_uciok = false, ignore_isready = false, every_game = false;
    long info_flood = 0;
    long long_line = 0;
    std::string info_text;
    std::string score = "cp 0";
    std::string bestmove;  // empty: a random legal move
    bool orphan_stdout = false;
    bool mate_in_one = false, report_affinity = false;
    std::string ply_log;
};

// "\xHH" as the byte HH; everything else as it is.
std::string decode_bytes(std::string_view text) {
    std::string bytes;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 3 < text.size() && text[i + 1] == 'x') {
            bytes += static_cast<char>(std::stoi(std::string(text.substr(i + 2, 2)), nullptr, 16));
            i += 3;
        } else {
            bytes += text[i];
        }
    }
    return bytes;
}

[[noreturn]] void usage(const std::string& problem) {
    std::cerr << "mock_engine: " << problem << "\n";
    std::exit(2);
}

Settings parse_arguments(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        std::string flag = argv[i];
        auto number = [&]() -> long {
            if (i + 1 >= argc) usage(flag + " needs a number");
            char* end = nullptr;
            long value = std::strtol(argv[++i], &end, 10);
            if (*end != '\0' || value < 0) usage(flag + " needs a non-negative number");
            return value;
        };
        if (flag == "--seed")
            s.seed = static_cast<std::uint64_t>(number());
        else if (flag == "--name" && i + 1 < argc)
            s.name = decode_bytes(argv[++i]);
        else if (flag == "--bestmove" && i + 1 < argc)
            s.bestmove = decode_bytes(argv[++i]);
        else if (flag == "--ply-log" && i + 1 < argc)
            s.ply_log = argv[++i];
        else if (flag == "--score" && i + 1 < argc)
            s.score = argv[++i];
        else if (flag == "--info-flood")
            s.info_flood = number();
        else if (flag == "--long-line")
            s.long_line = number();
        else if (flag == "--info-text" && i + 1 < argc)
            s.info_text = argv[++i];
        else if (flag == "--orphan-stdout")
            s.orphan_stdout = true;
        else if (flag == "--think")
            s.think_ms = static_cast<int>(number());
        else if (flag == "--crash-at")
            s.crash_at = number();
        else if (flag == "--terminated-at")
            s.terminated_at = number();
        else if (flag == "--exit-at")
            s.exit_at = number();
        else if (flag == "--hang-at")
            s.hang_at = number();
        else if (flag == "--illegal-at")
            s.illegal_at = number();
        else if (flag == "--garbage-at")
            s.garbage_at = number();
        else if (flag == "--malformed-at")
            s.malformed_at = number();
        else if (flag == "--slow-start")
            s.slow_start_ms = static_cast<int>(number());
        else if (flag == "--no-uci")
            s.no_uci = true;
        else if (flag == "--exit-after-uciok")
            s.exit_after_uciok = true;
        else if (flag == "--ignore-isready")
            s.ignore_isready = true;
        else if (flag == "--every-game")
            s.every_game = true;
        else if (flag == "--mate-in-one")
            s.mate_in_one = true;
        else if (flag == "--report-affinity")
            s.report_affinity = true;
        else
            usage("unknown argument " + flag);
    }
    return s;
}

void sleep_ms(int ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

std::vector<std::string> words_of(std::string_view text) {
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) ++i;
        std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\r') ++i;
        if (i > start) words.emplace_back(text.substr(start, i - start));
    }
    return words;
}

// --ply-log: when each go was read and each bestmove written, keyed by the position's text.
class PlyLog {
  public:
    explicit PlyLog(const std::string& dir) {
        if (!dir.empty()) out_.open(dir + "/" + std::to_string(::getpid()) + ".log");
    }
    explicit operator bool() const { return out_.is_open(); }
    void write(const char* what, const std::string& position) {
        timespec now{};
        ::clock_gettime(CLOCK_MONOTONIC, &now);
        out_ << std::int64_t(now.tv_sec) * 1000000000 + now.tv_nsec << ' ' << what << ' '
             << std::hash<std::string>{}(position) << '\n';
    }

  private:
    std::ofstream out_;
};

// The game the engine was last told about: root position plus the moves, each with its state.
class Game {
  public:
    Game() { set_position({"position", "startpos"}); }

    void set_position(const std::vector<std::string>& words) {
        std::string fen(START_FEN);
        std::size_t i = 1;
        if (i < words.size() && words[i] == "fen") {
            fen.clear();
            for (++i; i < words.size() && words[i] != "moves"; ++i)
                fen += (fen.empty() ? "" : " ") + words[i];
        } else {
            ++i;  // "startpos"
        }
        std::vector<std::string> moves;
        if (i < words.size() && words[i] == "moves")
            moves.assign(words.begin() + i + 1, words.end());
        states_.assign(moves.size() + 1, StateInfo{});
        if (std::string error = position_.set(fen, states_[0]); !error.empty()) {
            std::cout << "info string bad fen: " << error << std::endl;
        }
        for (std::size_t m = 0; m < moves.size(); ++m) {
            Move move = move_from_uci(position_, moves[m]);
            if (!move) {
                std::cout << "info string illegal move in position command: " << moves[m]
                          << std::endl;
                break;
            }
            position_.do_move(move, states_[m + 1]);
        }
    }

    Position& position() { return position_; }

  private:
    Position position_;
    std::vector<StateInfo> states_;  // sized once per command: do_move() keeps pointers into it
};

// A move in UCI form that is never legal: the king of the side to move jumps along its file to
// the farthest rank.
std::string illegal_move(const Position& pos) {
    Square king = pos.king_square(pos.side_to_move());
    Square target = make_square(file_of(king), rank_of(king) < 4 ? 7 : 0);
    return square_name(king) + square_name(target);
}

// A move of `moves` that mates at once, in UCI form, or empty.
std::string mating_move(Position& pos, const MoveList& moves) {
    for (Move move : moves) {
        StateInfo state;
        pos.do_move(move, state);
        MoveList replies;
        generate_legal(pos, replies);
        bool mate = replies.empty() && pos.in_check();
        pos.undo_move(move);
        if (mate) return move_to_uci(move);
    }
    return "";
}

// The Cpus_allowed_list line of its own /proc/self/status, as an info string.
void report_affinity() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("Cpus_allowed_list:", 0) == 0) {
            std::string cpus = line.substr(line.find_last_of("\t ") + 1);
            std::cout << "info string Cpus_allowed_list: " << cpus << std::endl;
        }
}

}  // namespace

int main(int argc, char** argv) {
    Settings settings = parse_arguments(argc, argv);
    std::ios::sync_with_stdio(false);
    std::cerr << "mock_engine: started with seed " << settings.seed << std::endl;
    if (settings.orphan_stdout && ::fork() == 0) {
        ::close(0);
        sleep_ms(60000);  // holds the inherited stdout open after its parent has gone
        ::_exit(0);
    }
    std::mt19937_64 random(settings.seed);
    Game game;
    long goes = 0;
    PlyLog ply_log(settings.ply_log);
    std::string position_line;

    std::string line;
    while (std::getline(std::cin, line)) {
        std::vector<std::string> words = words_of(line);
        if (words.empty()) continue;
        const std::string& command = words[0];
        if (command == "quit") {
            return 0;
        } else if (command == "uci") {
            if (settings.no_uci) continue;
            sleep_ms(settings.slow_start_ms);
            if (settings.report_affinity) report_affinity();
            std::cout << "id name " << settings.name << "\n"
                      << "id author arbiter tests\n"
                      << "option name Hash type spin default 16 min 1 max 1024\n"
                      << "option name Move Overhead type spin default 10 min 0 max 5000\n"
                      << "option name Ponder type check default false\n"
                      << "option name Style type combo default Normal var Solid var Normal var "
                         "Risky Play\n"
                      << "option name Clear Hash type button\n"
                      << "option name Book File type string default <empty>\n"
                      << "uciok" << std::endl;
            if (settings.exit_after_uciok) return 0;
        } else if (command == "isready") {
            if (!settings.ignore_isready) std::cout << "readyok" << std::endl;
        } else if (command == "setoption") {
            std::cout << "info string received: " << line << std::endl;
        } else if (command == "ucinewgame") {
            if (settings.every_game) goes = 0;
        } else if (command == "position") {
            game.set_position(words);
            if (ply_log) position_line = line;
        } else if (command == "go") {
            if (ply_log) ply_log.write("go", position_line);
            ++goes;
            if (goes == settings.crash_at) std::abort();
            if (goes == settings.exit_at) ::_exit(1);
            if (goes == settings.terminated_at) ::raise(SIGTERM);
            if (goes == settings.hang_at) {
                while (true) ::pause();
            }
            bool infinite = false;
            for (const std::string& word : words) infinite = infinite || word == "infinite";
            if (infinite) {
                while (std::getline(std::cin, line) &&
                       words_of(line) != std::vector<std::string>{"stop"}) {
                    if (line == "quit") return 0;
                }
            }
            sleep_ms(settings.think_ms);
            for (long k = 0; k < settings.info_flood; ++k)
                std::cout << "info string flood " << k << '\n';
            if (!settings.info_text.empty())
                std::cout << "info depth 2 score cp 5 nodes 10 pv " << settings.info_text
                          << "\ninfo string " << settings.info_text << '\n';
            if (settings.long_line > 0)
                std::cout << "info string " << std::string(std::size_t(settings.long_line), 'x')
                          << '\n';
            if (!settings.bestmove.empty()) {
                std::cout << "info depth 1 score " << settings.score << "\nbestmove "
                          << settings.bestmove << std::endl;
                continue;
            }
            if (goes == settings.garbage_at) {
                std::cout << "%$# bestmov e2e4 ;; \x7f garbage" << std::endl;
                continue;
            }
            if (goes == settings.malformed_at) {
                std::cout << "bestmove e9z1" << std::endl;
                continue;
            }
            if (goes == settings.illegal_at) {
                std::cout << "bestmove " << illegal_move(game.position()) << std::endl;
                continue;
            }
            MoveList moves;
            generate_legal(game.position(), moves);
            if (moves.empty()) {
                std::cout << "info depth 0 score "
                          << (game.position().in_check() ? "mate 0" : "cp 0") << "\nbestmove (none)"
                          << std::endl;
                continue;
            }
            std::string move = move_to_uci(moves[random() % moves.size()]);
            if (settings.mate_in_one) {
                if (std::string mate = mating_move(game.position(), moves); !mate.empty()) {
                    std::cout << "info depth 1 seldepth 1 score mate 1 nodes 1 time 0 pv " << mate
                              << "\nbestmove " << mate << std::endl;
                    continue;
                }
            }
            std::cout << "info depth 1 seldepth 1 multipv 1 score " << settings.score << " nodes "
                      << moves.size() << " time 0 pv " << move << "\nbestmove " << move
                      << std::endl;
            if (ply_log) {
                const bool has_moves = position_line.find(" moves") != std::string::npos;
                ply_log.write("bm", position_line + (has_moves ? " " : " moves ") + move);
            }
        }
        // Anything else (debug, register, ponderhit, stop outside a search) is ignored.
    }
    return 0;
}
