// Fuzz target for the commands our engines read: every line of the input goes to one UciEngine
// with the features of alphabeta-mvvlva-tt (so it has the Eval, Hash, Clear Hash and Move
// Overhead options). A search started by `go` runs on the engine's worker thread until the next
// command stops it. Two kinds of line are left out, because they do what was asked at a cost the
// caller chooses: `perft` (a blocking count up to depth 20) and a Hash value (up to 4 GB).
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "engines/uci/uci.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace arbiter;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    EngineSpec spec{.name = "fuzz",
                    .features = {.alpha_beta = true, .mvv_lva = true, .transposition_table = true},
                    .bench_depth = 1};
    std::ostringstream out;
    UciEngine engine(spec, out);
    for (int lines = 0; lines < 64; ++lines) {
        std::size_t end = text.find('\n');
        std::string line(text.substr(0, end));
        std::string lower = line;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        bool costly =
            lower.find("perft") != std::string::npos ||
            (lower.find("hash") != std::string::npos && lower.find("value") != std::string::npos);
        if (!costly && !engine.execute(line)) break;
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return 0;
}
