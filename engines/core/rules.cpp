#include "engines/core/rules.h"

#include "engines/core/movegen.h"

namespace arbiter {

namespace {

// Bishops of the given bitboard all stand on squares of one colour.
bool single_colour(Bitboard bishops) {
    return !(bishops & DARK_SQUARES) || !(bishops & ~DARK_SQUARES);
}

}  // namespace

bool insufficient_minor_material(const Position& pos) {
    Bitboard minors = pos.pieces(KNIGHT) | pos.pieces(BISHOP);
    if (popcount(minors) <= 1) return true;  // K v K, K+minor v K
    // Any number of bishops, no knights, all on one colour of square: no mate is possible.
    return !pos.pieces(KNIGHT) && single_colour(pos.pieces(BISHOP));
}

bool cannot_mate(const Position& pos, Color c) {
    Color them = ~c;
    Bitboard ours = pos.pieces(c) ^ pos.pieces(c, KING);
    Bitboard theirs = pos.pieces(them) ^ pos.pieces(them, KING);
    if (!ours) return true;
    if (pos.pieces(c, PAWN) || pos.pieces(c, ROOK) || pos.pieces(c, QUEEN)) return false;
    // A single knight mates only with the help of blocking enemy pieces.
    if (ours == pos.pieces(c, KNIGHT) && !more_than_one(ours)) return !theirs;
    // Bishops on one colour mate only if the enemy king's neighbours can be blocked by enemy
    // pieces that the bishops do not control: any enemy piece but a same-coloured bishop.
    if (!pos.pieces(c, KNIGHT)) {
        Bitboard bishops = pos.pieces(BISHOP);
        return theirs == pos.pieces(them, BISHOP) && single_colour(bishops);
    }
    return false;
}

GameStatus game_status(const Position& pos) {
    if (!has_legal_move(pos)) return pos.in_check() ? GameStatus::checkmate : GameStatus::stalemate;
    if (insufficient_material(pos)) return GameStatus::insufficient_material;
    if (pos.repetitions() >= 2) return GameStatus::threefold_repetition;
    if (pos.rule50() >= 100) return GameStatus::fifty_moves;
    return GameStatus::ongoing;
}

const char* to_string(GameStatus status) {
    switch (status) {
        case GameStatus::ongoing:
            return "ongoing";
        case GameStatus::checkmate:
            return "checkmate";
        case GameStatus::stalemate:
            return "stalemate";
        case GameStatus::fifty_moves:
            return "fifty-moves";
        case GameStatus::threefold_repetition:
            return "threefold";
        case GameStatus::insufficient_material:
            return "insufficient-material";
    }
    return "?";
}

}  // namespace arbiter
