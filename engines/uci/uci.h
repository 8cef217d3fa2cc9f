// The UCI front end every arbiter engine shares. Commands are read on the calling thread; a
// search runs on a worker thread, so `isready`, `stop` and `quit` are answered while it thinks.
#pragma once

#include <condition_variable>
#include <istream>
#include <memory>
#include <mutex>
#include <ostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engines/book/polyglot.h"
#include "engines/core/board.h"
#include "engines/search/search.h"
#include "engines/uci/engine.h"
#include "engines/uci/options.h"

namespace arbiter {

// Speaks UCI for one engine. With OwnBook on and a Polyglot BookFile set, `go` answers from the
// book while it knows the position (an `info string book move` line, then the bestmove), and
// searches otherwise. Commands: uci, isready, ucinewgame, setoption, position, go (depth,
// nodes, movetime, wtime, btime, winc, binc, movestogo, infinite, perft), stop, quit, and `d`
// (prints the current FEN as an info string). Empty lines and unknown commands are ignored;
// malformed arguments are reported in an `info string` and change nothing. Any command that
// changes the engine's state (position, go, setoption, ucinewgame) first stops a running search.
class UciEngine {
  public:
    UciEngine(const EngineSpec& spec, std::ostream& out);
    ~UciEngine();
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    // Reads and executes lines until `quit` or the end of the input (which counts as quit).
    void loop(std::istream& in);
    // Executes one line. Returns false once `quit` has been executed.
    bool execute(const std::string& line);
    // Blocks until a running search ends by itself and has printed its bestmove (never returns
    // during `go infinite` unless another thread sends `stop`).
    void wait_for_search();

  private:
    void uci();
    void set_option(const std::vector<std::string>& words);
    void set_position(const std::vector<std::string>& words);
    void go(const std::vector<std::string>& words);
    void start_search(const SearchLimits& limits);
    // Plays a move from the book at once if OwnBook is on and the book knows the position;
    // returns false (nothing said) otherwise.
    bool play_book_move();
    // Stops a running search (its bestmove is printed) and waits for the worker to finish.
    void stop_search();
    void say(const std::string& line);
    void say_error(const std::string& message) { say("info string error: " + message); }

    EngineSpec spec_;
    std::ostream& out_;
    std::mutex out_mutex_;
    OptionRegistry options_;
    Search search_;
    // The game as `position` set it up, with the history that repetition detection walks back
    // through (a new board replaces it only when a whole `position` command is valid).
    std::unique_ptr<Board> game_;
    // OwnBook and BookFile: the book consulted before searching, and the generator that chooses
    // among its moves by weight (seeded with 0 at start and at every ucinewgame, so the same
    // commands give the same moves).
    bool own_book_ = false;
    std::unique_ptr<PolyglotBook> book_;
    std::mt19937_64 book_random_{0};
    bool chess960_ = false;  // UCI_Chess960: positions are set up as Chess960 ones

    std::thread worker_;
    std::mutex stop_mutex_;
    std::condition_variable stop_signal_;
    bool stop_received_ = false;  // guarded by stop_mutex_; ends the wait of `go infinite`
};

// The `info` line of a completed iteration.
std::string info_line(const IterationInfo& info);

}  // namespace arbiter
