// sprt_llr: the log-likelihood ratios of harness/ratings/sprt for count vectors read from
// standard input, one per line: "normalized|logistic ELO0 ELO1 C0 C1 C2 [C3 C4]", with three
// counts (losses, draws, wins) or five (pairs worth 0..4 half-points). Prints each LLR on its
// own line with 17 significant digits. The test sprt_reference_test.py checks them against an
// independent implementation; the tool is not installed.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "harness/ratings/sprt.h"

namespace {

// Returns the LLR the line asks for; throws std::invalid_argument naming the line otherwise.
double llr_of_line(const std::string& line, int number) {
    std::istringstream in(line);
    std::string model;
    double elo0 = 0.0;
    double elo1 = 0.0;
    std::vector<std::int64_t> counts;
    in >> model >> elo0 >> elo1;
    for (std::int64_t count = 0; in >> count;) counts.push_back(count);
    const bool normalized = model == "normalized";
    if (!in.eof() || (!normalized && model != "logistic") ||
        (counts.size() != 3 && counts.size() != 5)) {
        throw std::invalid_argument("line " + std::to_string(number) + ": expected \"normalized|" +
                                    "logistic ELO0 ELO1\" and 3 or 5 counts, got \"" + line + "\"");
    }
    if (counts.size() == 3) {
        const arbiter::WdlCounts wdl{counts[2], counts[1], counts[0]};
        return normalized ? arbiter::llr_normalized(wdl, elo0, elo1)
                          : arbiter::llr_logistic(wdl, elo0, elo1);
    }
    arbiter::PentanomialCounts pairs;
    for (std::size_t i = 0; i < 5; ++i) pairs.pairs[i] = counts[i];
    return normalized ? arbiter::llr_normalized(pairs, elo0, elo1)
                      : arbiter::llr_logistic(pairs, elo0, elo1);
}

}  // namespace

int main() {
    std::string line;
    int number = 0;
    try {
        while (std::getline(std::cin, line)) {
            ++number;
            if (line.empty()) continue;
            std::printf("%.17g\n", llr_of_line(line, number));
        }
    } catch (const std::exception& error) {
        std::fprintf(stderr, "sprt_llr: %s\n", error.what());
        return 2;
    }
    return 0;
}
