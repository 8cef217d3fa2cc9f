// Fuzz target for PGN opening suites: any text is either refused with an OpeningError or gives
// playable openings. The first byte chooses the ply limit (all moves, or 0 to 254).
#include <cstddef>
#include <cstdint>
#include <string>

#include "harness/tournament/openings.h"
#include "harness/tournament/openings_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    int plies = data[0] == 255 ? -1 : int(data[0]);
    std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        arbiter::require_playable(arbiter::parse_pgn(text, "fuzz.pgn", plies));
    } catch (const arbiter::OpeningError&) {}
    return 0;
}
