#include "harness/tournament/chess960_openings.h"

#include <charconv>
#include <random>

#include "engines/core/chess960.h"
#include "harness/tournament/openings.h"

namespace arbiter {

namespace {

[[noreturn]] void bad_spec(std::string_view spec) {
    throw OpeningError("--openings " + std::string(spec) +
                       ": a generated suite is chess960:all, chess960:random:N or dfrc:random:N "
                       "(N from 1 to 100000)");
}

Opening generated(std::string_view spec, int index, std::string fen, std::string name) {
    Opening opening;
    opening.suite_index = index;
    opening.source_file = std::string(spec);
    opening.start_fen = std::move(fen);
    opening.name = std::move(name);
    return opening;
}

}  // namespace

bool is_generated_suite(std::string_view spec) {
    return spec.starts_with("chess960:") || spec.starts_with("dfrc:");
}

std::vector<Opening> generate_openings(std::string_view spec, std::uint64_t seed) {
    std::vector<Opening> openings;
    if (spec == "chess960:all") {
        for (int n = 0; n < CHESS960_POSITIONS; ++n)
            openings.push_back(
                generated(spec, n, chess960_fen(n), "Chess960 #" + std::to_string(n)));
        return openings;
    }
    bool dfrc = spec.starts_with("dfrc:random:");
    if (!dfrc && !spec.starts_with("chess960:random:")) bad_spec(spec);
    std::string_view count_text = spec.substr(spec.rfind(':') + 1);
    int count = 0;
    auto [end, error] =
        std::from_chars(count_text.data(), count_text.data() + count_text.size(), count);
    if (error != std::errc() || end != count_text.data() + count_text.size() || count < 1 ||
        count > 100000)
        bad_spec(spec);
    std::mt19937_64 random(seed);
    for (int i = 0; i < count; ++i) {
        int white = int(random() % CHESS960_POSITIONS);
        int black = dfrc ? int(random() % CHESS960_POSITIONS) : white;
        std::string name = dfrc ? "DFRC #" + std::to_string(white) + "/#" + std::to_string(black)
                                : "Chess960 #" + std::to_string(white);
        openings.push_back(generated(spec, i, dfrc_fen(white, black), name));
    }
    return openings;
}

}  // namespace arbiter
