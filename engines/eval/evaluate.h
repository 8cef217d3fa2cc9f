// Static evaluation behind one small interface: the Simplified Evaluation Function (Tomasz
// Michniewski's piece values and piece-square tables, with a king table chosen by game phase)
// and Shannon's 1950 material count (1/3/3/5/9 pawns, in centipawns). Both read the sums that
// Position keeps up to date incrementally, so an evaluation costs a handful of instructions.
#pragma once

#include <optional>
#include <string_view>

#include "engines/core/position.h"
#include "engines/core/psqt.h"

namespace arbiter::eval {

// Which evaluation an engine uses; chosen at run time by the UCI option `Eval`.
enum class Kind : std::uint8_t { simplified, material };

// The option values, as `setoption name Eval value ...` spells them.
constexpr std::string_view kind_name(Kind kind) {
    return kind == Kind::simplified ? "simplified" : "material";
}
// The kind a name (case-insensitive) stands for, or nothing if it names none.
std::optional<Kind> parse_kind(std::string_view name);

// Shannon's piece values in centipawns (the king is not counted).
constexpr int shannon_value[PIECE_TYPE_NB] = {100, 300, 300, 500, 900, 0};

// True when side c counts as "light" for the king's phase: it has no queen, or a single queen
// with at most one minor piece besides it (no rook, no second queen). Pawns do not count.
inline bool light_side(const Position& pos, Color c) {
    Bitboard queens = pos.pieces(c, QUEEN);
    if (!queens) return true;
    return !more_than_one(queens) && !pos.pieces(c, ROOK) &&
           !more_than_one(pos.pieces(c, KNIGHT, BISHOP));
}

// The Simplified Evaluation Function's phase rule: the king uses its end-game table when both
// sides have no queen, or every side that has a queen has at most one minor piece besides it.
inline bool endgame_phase(const Position& pos) {
    return light_side(pos, WHITE) && light_side(pos, BLACK);
}

// Simplified Evaluation from White's point of view, in centipawns.
inline int simplified_white(const Position& pos) {
    int score = pos.material(WHITE) + pos.psq(WHITE) - pos.material(BLACK) - pos.psq(BLACK);
    Square wk = pos.king_square(WHITE), bk = pos.king_square(BLACK);
    if (endgame_phase(pos))
        score += psqt::king_endgame_value(WHITE, wk) - psqt::king_endgame_value(BLACK, bk);
    else
        score += psqt::square_value(W_KING, wk) - psqt::square_value(B_KING, bk);
    return score;
}

// Shannon's material count of colour c, in centipawns. Derived from the incrementally kept
// Simplified Evaluation material, which values knights at 320 and bishops at 330.
inline int shannon_material(const Position& pos, Color c) {
    return pos.material(c) - 20 * pos.count(c, KNIGHT) - 30 * pos.count(c, BISHOP);
}

// Shannon's material balance from White's point of view, in centipawns.
inline int material_white(const Position& pos) {
    return shannon_material(pos, WHITE) - shannon_material(pos, BLACK);
}

// The static evaluation of pos from the side to move's point of view, in centipawns. It knows
// nothing of mate or draws; the search scores those.
inline int evaluate(const Position& pos, Kind kind) {
    int white = kind == Kind::simplified ? simplified_white(pos) : material_white(pos);
    return pos.side_to_move() == WHITE ? white : -white;
}

}  // namespace arbiter::eval
