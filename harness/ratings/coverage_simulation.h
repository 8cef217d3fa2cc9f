// The pieces the coverage simulation (ratings_coverage) shares between its tables: the simulated
// game's outcome, the games of one simulation (with their PGN when asked for), how often the
// interval held the truth, and the paired simulation's entry. Not installed; a tool's header.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/sampling.h"

namespace arbiter::coverage {

// Win and draw probabilities of the stronger side at `elo` Elo.
inline std::pair<double, double> outcome_probabilities(double elo) {
    const double expected = 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
    // 30% draws, or where the weaker side's expected score is lower, that score (9% at 400 Elo).
    const double draw = std::min(0.3, std::min(expected, 1.0 - expected));
    return {expected - draw / 2.0, draw};
}

// One game's outcome, from the side `elo` Elo stronger as White.
inline Outcome play(RandomStream& stream, double elo) {
    const auto [win, draw] = outcome_probabilities(elo);
    const double u = stream.uniform();
    return u < win ? Outcome::white_win : u < win + draw ? Outcome::draw : Outcome::black_win;
}

// The games of one simulated match or tournament: the matrix that is rated and, when asked
// for, the same games as PGN.
struct Games {
    ResultMatrix matrix;
    const std::vector<std::string>& names;
    bool keep_pgn = false;
    std::string pgn;

    // Records one game of white against black ending in `outcome`; a non-empty `opening` is its
    // PGN's Opening tag, which the two games of a pair share (a PGN's pairs are found by it).
    void add(int white, int black, Outcome outcome, const std::string& opening = "") {
        matrix.add(white, black, outcome);
        if (!keep_pgn) return;
        const char* result = outcome == Outcome::white_win   ? "1-0"
                             : outcome == Outcome::black_win ? "0-1"
                                                             : "1/2-1/2";
        pgn += "[White \"" + names[white] + "\"]\n[Black \"" + names[black] + "\"]\n[Result \"" +
               result + "\"]\n";
        if (!opening.empty()) pgn += "[Opening \"" + opening + "\"]\n";
        pgn += std::string("\n") + result + "\n\n";
    }

    // Writes the PGN to `path` (when kept).
    void write(const std::string& path) const {
        if (!keep_pgn) return;
        std::ofstream out(path);
        out << pgn;
        if (!out) {
            std::fprintf(stderr, "ratings_coverage: cannot write %s\n", path.c_str());
            std::exit(1);
        }
    }
};

// How often an interval held the truth: below it, inside, above it.
struct Tally {
    int held = 0;
    int below = 0;  // the truth fell below the low end
    int above = 0;
    int total = 0;
    void count(double truth, const RatingInterval& interval) {
        ++total;
        if (truth < interval.low) {
            ++below;
        } else if (truth > interval.high) {
            ++above;
        } else {
            ++held;
        }
    }
    std::string text() const {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.1f%% (%d/%d/%d)", 100.0 * held / total, below, held,
                      above);
        return buffer;
    }
};

// Which rows and columns of the paired tables to simulate (empty: all) and where to write their
// games as PGN ("" for nowhere).
struct PairedSelection {
    std::vector<int> games;
    std::vector<double> spreads;
    bool two_players = true;
    bool round_robin = true;
    std::string pgn_folder;
};

// README's paired tables: two-player matches (A 50 Elo stronger) and a six-player round robin
// (-250..250), 100 to 3,000 games, spreads 0, 100 and 300 Elo, `matches` simulations a cell, each
// rated with its games alone and as pairs; `average` rates relative to the pool's average. With a
// PGN folder every simulation is written as DIR/pairs-FORM-GAMES-sSPREAD-SIM.pgn (the two games
// of a pair one after the other under one Opening tag) and each cell's truth, the book's ratings
// (README), as DIR/pairs-FORM-GAMES-sSPREAD-truth.csv (player,elo), FORM being two or rr.
void paired_tables(int matches, bool average, const PairedSelection& selection);

}  // namespace arbiter::coverage
