// Fuzz target for the FEN reader and the move-text readers (UCI and SAN). The first line of the
// input is a FEN; each following line is a move, tried as SAN and as UCI text. Whatever the
// readers accept must be self-consistent: a FEN read back from fen() gives the same position, and
// a move read from text is one of the legal moves.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <string_view>

#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"
#include "engines/core/rules.h"

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace arbiter;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::size_t end = text.find('\n');
    std::string_view fen = text.substr(0, end);
    std::string_view rest =
        end == std::string_view::npos ? std::string_view() : text.substr(end + 1);

    Position pos;
    std::deque<StateInfo> states;
    if (!pos.set(fen, states.emplace_back()).empty()) {
        require(pos.check_consistency().empty());
        return 0;
    }
    require(pos.check_consistency().empty());
    Position again;
    StateInfo again_state;
    require(again.set(pos.fen(), again_state).empty());
    require(again.fen() == pos.fen());

    // Then moves, one per line, until one is not understood.
    for (int played = 0; !rest.empty() && played < 64; ++played) {
        end = rest.find('\n');
        std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        MoveList legal;
        generate_legal(pos, legal);
        (void)game_status(pos);
        Move move = move_from_san(pos, line);
        if (!move) move = move_from_uci(pos, line);
        if (!move) break;
        require(legal.contains(move));
        require(move_from_uci(pos, move_to_uci(move)) == move);
        require(move_from_san(pos, move_to_san(pos, move)) == move);
        pos.do_move(move, states.emplace_back());
        require(pos.check_consistency().empty());
    }
    return 0;
}
