// Fuzz target for the commands our engines read: every line of the input goes to one UciEngine
// with the features of alphabeta-mvvlva (options Eval and Move Overhead; the transposition table
// is left out, as allocating it for every input would cost more than the commands themselves). A
// search started by `go` runs on the engine's worker thread until the next command stops it.
// Lines naming `perft` are left out: perft is a deliberate blocking count whose depth (up to 20)
// the caller chooses, so it would only measure patience.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "engines/uci/uci.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace arbiter;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    EngineSpec spec{
        .name = "fuzz", .features = {.alpha_beta = true, .mvv_lva = true}, .bench_depth = 1};
    std::ostringstream out;
    UciEngine engine(spec, out);
    for (int lines = 0; lines < 64; ++lines) {
        std::size_t end = text.find('\n');
        std::string line(text.substr(0, end));
        if (line.find("perft") == std::string::npos && !engine.execute(line)) break;
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return 0;
}
