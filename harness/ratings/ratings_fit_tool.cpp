// ratings_fit: the joint ratings of harness/ratings for pools read from standard input, one per
// line: "SAMPLES NAME... | WHITE BLACK WINS DRAWS LOSSES | ..." (indices into the names, results
// from White's side; the none draw model, no white advantage, seed 1). Prints one line per pool:
// for each player in the order of the names, "NAME BOUND ELO VALUE LOW HIGH RANK POSITION", where
// VALUE is the estimate or, for a bound, the bound, LOW and HIGH the 95% interval ("-" without a
// bootstrap), RANK the shared rank and POSITION the row. The property test
// ratings_reference_test.py checks them against an independent implementation; not installed.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "harness/ratings/joint_ratings.h"

namespace {

const char* bound_text(arbiter::RatingBound bound) {
    switch (bound) {
        case arbiter::RatingBound::lower:
            return "lower";
        case arbiter::RatingBound::upper:
            return "upper";
        case arbiter::RatingBound::fixed:
            return "fixed";
        case arbiter::RatingBound::none:
            break;
    }
    return "none";
}

// Rates the pool of one line and returns the output line; throws std::invalid_argument naming
// the line when it is malformed.
std::string rate_line(const std::string& line, int number) {
    std::istringstream in(line);
    arbiter::RatingOptions options;
    std::vector<std::string> names;
    std::string word;
    in >> options.bootstrap_samples;
    while (in >> word && word != "|") names.push_back(word);
    if (!in || names.empty()) {
        throw std::invalid_argument("line " + std::to_string(number) +
                                    ": expected \"SAMPLES NAME... | W B WINS DRAWS LOSSES ...\"");
    }
    arbiter::ResultMatrix results(static_cast<int>(names.size()));
    int white = 0;
    int black = 0;
    std::int64_t counts[3] = {0, 0, 0};
    while (in >> white >> black >> counts[0] >> counts[1] >> counts[2]) {
        results.add(white, black, arbiter::Outcome::white_win, counts[0]);
        results.add(white, black, arbiter::Outcome::draw, counts[1]);
        results.add(white, black, arbiter::Outcome::black_win, counts[2]);
        in >> word;  // the "|" between cells, absent after the last
    }
    const arbiter::RatingResult rated = arbiter::compute_ratings(names, results, options);
    std::vector<std::string> rows(names.size(), "- none nan nan - - 0 0");
    for (std::size_t position = 0; position < rated.players.size(); ++position) {
        const arbiter::PlayerRating& p = rated.players[position];
        double value = p.elo;
        if (p.bound == arbiter::RatingBound::lower) value = p.interval_95->low;
        if (p.bound == arbiter::RatingBound::upper) value = p.interval_95->high;
        char text[256];
        std::string low = "-";
        std::string high = "-";
        if (p.interval_95) {
            std::snprintf(text, sizeof text, "%.17g", p.interval_95->low);
            low = text;
            std::snprintf(text, sizeof text, "%.17g", p.interval_95->high);
            high = text;
        }
        std::snprintf(text, sizeof text, "%s %s %.17g %.17g %s %s %d %zu", p.name.c_str(),
                      bound_text(p.bound), p.elo, value, low.c_str(), high.c_str(), p.rank,
                      position + 1);
        rows[static_cast<std::size_t>(p.player)] = text;
    }
    std::string out;
    for (const std::string& row : rows) out += (out.empty() ? "" : " ; ") + row;
    return out;
}

}  // namespace

int main() {
    std::string line;
    int number = 0;
    try {
        while (std::getline(std::cin, line)) {
            ++number;
            if (line.empty()) continue;
            std::printf("%s\n", rate_line(line, number).c_str());
        }
    } catch (const std::exception& error) {
        std::fprintf(stderr, "ratings_fit: %s\n", error.what());
        return 2;
    }
    return 0;
}
