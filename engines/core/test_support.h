// Helpers shared by the core's tests: the EPD perft suite, a position that owns its history
// and walks over the suite's positions and those a few plies below them.
#pragma once

#include <deque>
#include <fstream>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "engines/core/chess960.h"
#include "engines/core/epd.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"

namespace arbiter::testing {

constexpr const char* PERFT_SUITE = "engines/core/testdata/perft-suite.epd";
// chessprogramming's Chess960 perft results: 960 positions with counts to depth 6.
constexpr const char* CHESS960_PERFT_SUITE = "engines/core/testdata/chess960-perft.epd";

// One line of a perft suite (EPD): a FEN, its perft counts by depth, a name.
struct SuiteEntry {
    std::string fen;
    std::vector<std::uint64_t> counts;  // counts[d-1] = perft(d)
    std::string name;
};

inline std::vector<SuiteEntry> load_perft_suite(const char* path = PERFT_SUITE) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(std::string("cannot open ") + path);
    std::vector<SuiteEntry> suite;
    for (std::string text; std::getline(in, text);) {
        if (epd_line_is_blank(text)) continue;
        EpdLine line;
        if (std::string error = parse_epd_line(text, line); !error.empty())
            throw std::runtime_error(error);
        SuiteEntry entry{line.fen, {}, line.find("id") ? *line.find("id") : line.fen};
        for (int depth = 1;
             const std::string* count = line.find(std::string("D").append(std::to_string(depth)));
             ++depth)
            entry.counts.push_back(std::stoull(*count));
        suite.push_back(entry);
    }
    return suite;
}

// A position together with the states of its history, so moves can be played freely.
class Game {
  public:
    explicit Game(const std::string& fen, bool chess960 = false) {
        std::string error = pos.set(fen, states.emplace_back(), chess960);
        if (!error.empty()) throw std::runtime_error(error + " in " + fen);
    }
    // Plays moves given in UCI or SAN; throws if one is not legal.
    Game& play(std::initializer_list<const char*> moves) {
        for (const char* text : moves) {
            Move m = move_from_uci(pos, text);
            if (!m) m = move_from_san(pos, text);
            if (!m) throw std::runtime_error(std::string("illegal move ") + text);
            pos.do_move(m, states.emplace_back());
        }
        return *this;
    }
    Position pos;
    std::deque<StateInfo> states;
};

// Calls visit on pos and on every position up to `plies` plies below it (pos is restored).
inline void visit_tree(Position& pos, int plies, const std::function<void(Position&)>& visit) {
    visit(pos);
    if (plies == 0) return;
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
        StateInfo st;
        pos.do_move(m, st);
        visit_tree(pos, plies - 1, visit);
        pos.undo_move(m);
    }
}

// Calls visit on every position of the perft suite and every position `plies` plies below it.
inline void visit_suite(int plies, const std::function<void(Position&)>& visit) {
    for (const auto& entry : load_perft_suite()) {
        Game game(entry.fen);
        visit_tree(game.pos, plies, visit);
    }
}

// Plays random legal games from the suite's positions in turn (each to its end, or 400 plies)
// and calls visit on every position reached, `positions` in all; the same seed gives the same
// positions.
inline void visit_random_playouts(std::uint64_t seed, std::uint64_t positions,
                                  const std::function<void(Position&)>& visit,
                                  const std::vector<std::string>& starts, bool chess960) {
    std::mt19937_64 rng(seed);
    for (std::uint64_t seen = 0, game = 0; seen < positions; ++game) {
        Game start(starts[game % starts.size()], chess960);
        Position& pos = start.pos;
        for (int ply = 0; ply < 400 && seen < positions; ++ply) {
            visit(pos);
            ++seen;
            MoveList moves;
            generate_legal(pos, moves);
            if (moves.empty() || pos.rule50() >= 100) break;
            pos.do_move(moves[rng() % moves.size()], start.states.emplace_back());
        }
    }
}

inline void visit_random_playouts(std::uint64_t seed, std::uint64_t positions,
                                  const std::function<void(Position&)>& visit) {
    std::vector<std::string> starts;
    for (const auto& entry : load_perft_suite()) starts.push_back(entry.fen);
    visit_random_playouts(seed, positions, visit, starts, false);
}

// The Chess960 start positions in Scharnagl's order, then DFRC starts (white's back rank from
// one number, black's from another) drawn with `seed`: starts for Chess960 playouts.
inline std::vector<std::string> chess960_starts(std::uint64_t seed, int dfrc_count) {
    std::vector<std::string> starts;
    for (int n = 0; n < CHESS960_POSITIONS; ++n) starts.push_back(chess960_fen(n));
    std::mt19937_64 rng(seed);
    for (int i = 0; i < dfrc_count; ++i)
        starts.push_back(
            dfrc_fen(int(rng() % CHESS960_POSITIONS), int(rng() % CHESS960_POSITIONS)));
    return starts;
}

}  // namespace arbiter::testing
