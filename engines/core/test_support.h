// Helpers shared by the core's tests: the EPD perft suite and a position that owns its history.
#pragma once

#include <deque>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engines/core/notation.h"
#include "engines/core/position.h"

namespace arbiter::testing {

// One line of engines/core/testdata/perft-suite.epd: a FEN, its perft counts by depth, a name.
struct SuiteEntry {
    std::string fen;
    std::vector<std::uint64_t> counts;  // counts[d-1] = perft(d)
    std::string name;
};

inline std::vector<SuiteEntry> load_perft_suite() {
    const char* path = "engines/core/testdata/perft-suite.epd";
    std::ifstream in(path);
    if (!in) throw std::runtime_error(std::string("cannot open ") + path);
    std::vector<SuiteEntry> suite;
    for (std::string line; std::getline(in, line);) {
        if (line.empty()) continue;
        SuiteEntry e;
        std::size_t semi = line.find(';');
        e.fen = line.substr(0, line.find_last_not_of(' ', semi - 1) + 1);
        std::istringstream ops(line.substr(semi));
        for (std::string op; std::getline(ops, op, ';');) {
            std::istringstream words(op);
            std::string key;
            words >> key;
            if (key.size() == 2 && key[0] == 'D') {
                std::uint64_t n;
                words >> n;
                e.counts.push_back(n);
            } else if (key == "id") {
                std::string rest;
                std::getline(words, rest);
                e.name = rest.substr(rest.find('"') + 1, rest.rfind('"') - rest.find('"') - 1);
            }
        }
        suite.push_back(e);
    }
    return suite;
}

// A position together with the states of its history, so moves can be played freely.
class Game {
  public:
    explicit Game(const std::string& fen) {
        std::string error = pos.set(fen, states.emplace_back());
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

}  // namespace arbiter::testing
