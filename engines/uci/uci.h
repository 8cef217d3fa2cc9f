// The UCI front end every arbiter engine shares. Commands are read on the calling thread; a
// search runs on a worker thread, so `isready`, `stop` and `quit` are answered while it thinks.
// The worker is started once with the engine and sleeps between searches: a `go` wakes it
// instead of creating a thread.
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
#include "engines/search/search.h"
#include "engines/uci/engine.h"
#include "engines/uci/game_setup.h"
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
    // Hands limits to the worker and wakes it.
    void start_search(const SearchLimits& limits);
    // The worker's life: wait for a search, run it, say its bestmove, until the engine ends.
    void work();
    // One search on the worker: info lines, then the bestmove (after `stop` for go infinite).
    void search(const SearchLimits& limits);
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
    // through (changed only when a whole `position` command is valid).
    GameSetup game_;
    // OwnBook and BookFile: the book consulted before searching, and the generator that chooses
    // among its moves by weight (seeded with 0 at start and at every ucinewgame, so the same
    // commands give the same moves).
    bool own_book_ = false;
    std::unique_ptr<PolyglotBook> book_;
    std::mt19937_64 book_random_{0};
    bool chess960_ = false;  // UCI_Chess960: positions are set up as Chess960 ones

    // The worker and what it is told, all guarded by worker_mutex_: a search to run (set by
    // start_search, cleared by the worker once its bestmove is said), `stop` (ends the wait of
    // `go infinite`) and the end of the engine.
    std::mutex worker_mutex_;
    std::condition_variable worker_signal_;
    SearchLimits limits_;
    bool searching_ = false;
    bool stop_received_ = false;
    bool exiting_ = false;
    std::thread worker_;  // last: started once the members it reads exist
};

// The `info` line of a completed iteration.
std::string info_line(const IterationInfo& info);

}  // namespace arbiter
