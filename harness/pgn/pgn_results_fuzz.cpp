// Fuzz target for the PGN results reader behind `arbiter ratings --pgn`: any text is either
// refused with a PgnError or gives games between two distinct, known players.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "harness/pgn/pgn_results.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    arbiter::GameRecords records;
    arbiter::SkippedGames skipped;
    try {
        arbiter::read_pgn_results(in, "fuzz.pgn", records, skipped);
    } catch (const arbiter::PgnError&) {
        return 0;
    }
    const int players = int(records.players.size());
    for (const arbiter::GameResult& game : records.games) {
        bool known =
            game.white >= 0 && game.white < players && game.black >= 0 && game.black < players;
        if (!known || game.white == game.black) std::abort();
    }
    if (skipped.unfinished < 0 || skipped.without_result < 0 || skipped.disagreeing < 0)
        std::abort();
    return 0;
}
