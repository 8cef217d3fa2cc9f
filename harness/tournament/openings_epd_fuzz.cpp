// Fuzz target for EPD opening suites (engines/core's EPD line reader and the FEN reader behind
// it): any text is either refused with an OpeningError or gives playable openings.
#include <cstddef>
#include <cstdint>
#include <string>

#include "harness/tournament/openings.h"
#include "harness/tournament/openings_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    try {
        arbiter::require_playable(arbiter::parse_epd(text, "fuzz.epd"));
    } catch (const arbiter::OpeningError&) {}
    return 0;
}
