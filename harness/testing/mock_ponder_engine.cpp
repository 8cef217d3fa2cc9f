// mock_ponder_engine: a UCI engine for the tests of pondering. It plays by a fixed rule and checks
// the order of the commands a pondering GUI sends, failing loudly otherwise: it prints
// "info string ORDER VIOLATION: <why>" to stdout and stderr and exits with code 3, so the game
// that sent the wrong command ends in a disconnection and the test sees why in the engine log.
//
//   --name TEXT          its `id name` (default "ponder-mock")
//   --pick first|last    its move: the first or last legal move in UCI text order (default first)
//   --expect first|last  the ponder move of its bestmove: the first or last legal reply
//                        (default first); two engines that pick and expect alike always hit
//   --think MS           sleep MS before answering `go`, or `ponderhit` when the ponder search
//                        has not finished
//   --ponder-finishes    on `go ponder` the search finishes at once (its info line is sent) and
//                        the bestmove is held until `ponderhit` or `stop`, as UCI requires
//   --no-ponder-option   does not declare the option Ponder
//
// The rules it checks: `go ponder` comes only after `setoption name Ponder value true`, on a
// position whose last move is the ponder move of its previous bestmove; `ponderhit` only while it
// ponders; while it searches or ponders, nothing but `stop`, `ponderhit`, `isready` and `quit`
// (a new position, go, ucinewgame or quit while pondering is a violation: the GUI must stop the
// ponder search and take its bestmove first). At exit it writes "ponderhits N stops M" to stderr.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engines/core/board.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"

namespace {

using namespace arbiter;

struct Settings {
    std::string name = "ponder-mock";
    bool pick_last = false;
    bool expect_last = false;
    int think_ms = 0;
    bool ponder_finishes = false;
    bool ponder_option = true;
};

[[noreturn]] void usage(const std::string& why) {
    std::cerr << "mock_ponder_engine: " << why << "\n";
    std::exit(2);
}

Settings read_settings(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        std::string flag = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage(flag + " needs a value");
            return argv[++i];
        };
        auto first_or_last = [&]() {
            std::string v = value();
            if (v != "first" && v != "last") usage(flag + " takes first or last");
            return v == "last";
        };
        if (flag == "--name")
            s.name = value();
        else if (flag == "--pick")
            s.pick_last = first_or_last();
        else if (flag == "--expect")
            s.expect_last = first_or_last();
        else if (flag == "--think")
            s.think_ms = std::atoi(value().c_str());
        else if (flag == "--ponder-finishes")
            s.ponder_finishes = true;
        else if (flag == "--no-ponder-option")
            s.ponder_option = false;
        else
            usage("unknown flag " + flag);
    }
    return s;
}

std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) ++i;
        std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\r') ++i;
        if (i > start) words.push_back(text.substr(start, i - start));
    }
    return words;
}

// The legal moves of `board`'s position, first or last in UCI text order; empty when none.
std::string choose(Board& board, bool last) {
    MoveList moves;
    generate_legal(board.position(), moves);
    std::string chosen;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        std::string text = move_to_uci(moves[i]);
        if (chosen.empty() || (last ? text > chosen : text < chosen)) chosen = text;
    }
    return chosen;
}

class Engine {
  public:
    explicit Engine(Settings settings) : s_(std::move(settings)) {}

    // Reads commands until quit or the end of input.
    void run() {
        std::string line;
        while (std::getline(std::cin, line)) {
            std::vector<std::string> words = split(line);
            if (words.empty()) continue;
            if (!command(words)) break;
        }
        std::cerr << "ponderhits " << ponderhits_ << " stops " << stops_ << std::endl;
    }

  private:
    enum class State { idle, pondering, pondering_finished };

    [[noreturn]] void violation(const std::string& why) {
        std::cout << "info string ORDER VIOLATION: " << why << std::endl;
        std::cerr << "ORDER VIOLATION: " << why << std::endl;
        std::exit(3);
    }

    // Step 1. One command; false on quit.
    bool command(const std::vector<std::string>& words) {
        const std::string& c = words[0];
        bool busy = state_ != State::idle;
        if (c == "uci") {
            std::cout << "id name " << s_.name << "\nid author arbiter\n";
            if (s_.ponder_option) std::cout << "option name Ponder type check default false\n";
            std::cout << "uciok" << std::endl;
        } else if (c == "isready") {
            std::cout << "readyok" << std::endl;
        } else if (c == "quit") {
            if (busy) violation("quit while pondering, without stop");
            return false;
        } else if (c == "setoption") {
            if (words.size() == 5 && words[2] == "Ponder" && words[3] == "value")
                ponder_allowed_ = words[4] == "true";
        } else if (busy && (c == "ucinewgame" || c == "position" || c == "go")) {
            violation(c + " while pondering, before stop or ponderhit");
        } else if (c == "ucinewgame") {
            announced_ponder_.clear();
        } else if (c == "position") {
            position(words);
        } else if (c == "go") {
            go(words);
        } else if (c == "ponderhit") {
            if (!busy) violation("ponderhit while not pondering");
            ++ponderhits_;
            if (state_ == State::pondering) think_and_report();
            answer();
        } else if (c == "stop") {
            if (busy) {
                ++stops_;
                if (state_ == State::pondering) report();
                answer();
            }
        }
        return true;
    }

    // Step 2. `position [startpos | fen FEN] [moves ...]`.
    void position(const std::vector<std::string>& words) {
        std::string fen(START_FEN);
        std::size_t i = 1;
        if (i < words.size() && words[i] == "fen") {
            fen.clear();
            for (++i; i < words.size() && words[i] != "moves"; ++i)
                fen += (fen.empty() ? "" : " ") + words[i];
        } else {
            ++i;
        }
        if (!board_.set(fen).empty()) violation("a position with a bad FEN: " + fen);
        last_move_.clear();
        if (i < words.size() && words[i] == "moves")
            for (++i; i < words.size(); ++i) {
                if (!board_.play_uci(words[i]))
                    violation("an illegal move in position: " + words[i]);
                last_move_ = words[i];
            }
    }

    // Step 3. `go ...` or `go ponder ...`.
    void go(const std::vector<std::string>& words) {
        bool ponder = words.size() > 1 && words[1] == "ponder";
        if (!ponder) {
            think_and_report();
            return answer();
        }
        if (!ponder_allowed_) violation("go ponder before setoption name Ponder value true");
        if (announced_ponder_.empty() || last_move_ != announced_ponder_)
            violation("go ponder on " + (last_move_.empty() ? "(no move)" : last_move_) +
                      ", not on the ponder move " +
                      (announced_ponder_.empty() ? "(none)" : announced_ponder_));
        state_ = State::pondering;
        if (s_.ponder_finishes) {
            report();
            state_ = State::pondering_finished;
        }
    }

    void think_and_report() {
        if (s_.think_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(s_.think_ms));
        report();
    }

    // The search's info line: its move and the reply it expects.
    void report() {
        move_ = choose(board_, s_.pick_last);
        reply_.clear();
        if (!move_.empty() && board_.play_uci(move_)) {
            reply_ = choose(board_, s_.expect_last);
            board_.undo();
        }
        std::cout << "info depth 1 score cp 0 nodes 1 time 0 pv " << move_
                  << (reply_.empty() ? "" : " " + reply_) << std::endl;
    }

    // The bestmove of the search (it was reported): the search is over.
    void answer() {
        state_ = State::idle;
        announced_ponder_ = reply_;
        std::cout << "bestmove " << (move_.empty() ? "(none)" : move_)
                  << (reply_.empty() ? "" : " ponder " + reply_) << std::endl;
    }

    Settings s_;
    State state_ = State::idle;
    Board board_;
    std::string last_move_;         // the last move of the position sent
    std::string move_, reply_;      // the last search's move and expected reply
    std::string announced_ponder_;  // the ponder move of the last bestmove sent
    bool ponder_allowed_ = false;
    int ponderhits_ = 0, stops_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    Engine(read_settings(argc, argv)).run();
    return 0;
}
