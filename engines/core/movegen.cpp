#include "engines/core/movegen.h"

namespace arbiter {

namespace {

// Adds the moves from `from` to every square of `targets`.
inline void add_moves(MoveList& list, Square from, Bitboard targets) {
    while (targets) list.push(Move(from, pop_lsb(targets)));
}

inline void add_promotions(MoveList& list, Square from, Square to) {
    for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
        list.push(Move(from, to, Move::PROMOTION, pt));
}

// Moves of knights, bishops, rooks and queens. A pinned piece keeps to the line through its
// king (a pinned knight cannot move at all).
template <PieceType PT>
void piece_moves(const Position& pos, MoveList& list, Color us, Square ksq, Bitboard target,
                 Bitboard pinned) {
    Bitboard occupied = pos.pieces();
    for (Bitboard b = pos.pieces(us, PT); b;) {
        Square from = pop_lsb(b);
        Bitboard moves = attacks_bb<PT>(from, occupied) & target;
        if (pinned & square_bb(from)) {
            if constexpr (PT == KNIGHT) continue;
            moves &= line_bb(ksq, from);
        }
        add_moves(list, from, moves);
    }
}

template <Color Us>
void pawn_moves(const Position& pos, MoveList& list, Square ksq, Bitboard target, Bitboard pinned) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == WHITE ? 8 : -8;
    constexpr int UpRight = Us == WHITE ? 9 : -7;
    constexpr int UpLeft = Us == WHITE ? 7 : -9;
    constexpr Bitboard Rank7 = Us == WHITE ? RANK_7_BB : RANK_2_BB;
    constexpr Bitboard Rank3 = Us == WHITE ? RANK_3_BB : RANK_6_BB;

    Bitboard empty = ~pos.pieces();
    Bitboard enemies = pos.pieces(Them) & target;
    Bitboard pawns = pos.pieces(Us, PAWN);
    // Pinned pawns are handled one by one below; the rest in bulk.
    Bitboard free = pawns & ~pinned;

    auto emit = [&](Bitboard to_set, int delta, bool promotion) {
        while (to_set) {
            Square to = pop_lsb(to_set);
            Square from = Square(to - delta);
            if (promotion)
                add_promotions(list, from, to);
            else
                list.push(Move(from, to));
        }
    };
    auto generate = [&](Bitboard movers, Bitboard allowed) {
        Bitboard promo = movers & Rank7, rest = movers & ~Rank7;
        Bitboard single = shift<Up>(rest) & empty;
        Bitboard dbl = shift<Up>(single & Rank3) & empty & target & allowed;
        emit(single & target & allowed, Up, false);
        emit(dbl, 2 * Up, false);
        emit(shift<UpRight>(rest) & enemies & allowed, UpRight, false);
        emit(shift<UpLeft>(rest) & enemies & allowed, UpLeft, false);
        if (promo) {
            emit(shift<Up>(promo) & empty & target & allowed, Up, true);
            emit(shift<UpRight>(promo) & enemies & allowed, UpRight, true);
            emit(shift<UpLeft>(promo) & enemies & allowed, UpLeft, true);
        }
    };
    generate(free, ~Bitboard(0));
    for (Bitboard b = pawns & pinned; b;) {
        Square from = pop_lsb(b);
        generate(square_bb(from), line_bb(ksq, from));
    }

    // En passant: the position only records the square when a legal capture exists, but which
    // pawn may take still needs the full check (pins along the rank, discovered checks).
    Square ep = pos.ep_square();
    if (ep != NO_SQUARE) {
        Square captured = Square(ep - Up);
        for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
            Square from = pop_lsb(b);
            Bitboard occupied =
                (pos.pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
            if (!(pos.attackers_to(ksq, occupied) & pos.pieces(Them) & ~square_bb(captured)))
                list.push(Move(from, ep, Move::EN_PASSANT));
        }
    }
}

template <Color Us>
void generate_all(const Position& pos, MoveList& list) {
    constexpr Color Them = ~Us;
    Square ksq = pos.king_square(Us);
    Bitboard checkers = pos.checkers();
    Bitboard occupied = pos.pieces();

    // King moves: a target square must not be attacked once the king has left its square.
    Bitboard occupied_without_king = occupied ^ square_bb(ksq);
    for (Bitboard b = attacks_bb<KING>(ksq) & ~pos.pieces(Us); b;) {
        Square to = pop_lsb(b);
        if (!pos.attacked_by(Them, to, occupied_without_king)) list.push(Move(ksq, to));
    }
    if (more_than_one(checkers)) return;

    // Other pieces must capture the checker or block its line when in check.
    Bitboard target = checkers ? between_bb(ksq, lsb(checkers)) : ~pos.pieces(Us);
    Bitboard pinned = pos.blockers_for_king() & pos.pieces(Us);
    piece_moves<KNIGHT>(pos, list, Us, ksq, target, pinned);
    piece_moves<BISHOP>(pos, list, Us, ksq, target, pinned);
    piece_moves<ROOK>(pos, list, Us, ksq, target, pinned);
    piece_moves<QUEEN>(pos, list, Us, ksq, target, pinned);
    pawn_moves<Us>(pos, list, ksq, target, pinned);

    if (!checkers) {
        constexpr CastlingRights OO = Us == WHITE ? WHITE_OO : BLACK_OO;
        constexpr CastlingRights OOO = Us == WHITE ? WHITE_OOO : BLACK_OOO;
        constexpr Square E = relative_square(Us, E1), F = relative_square(Us, F1),
                         G = relative_square(Us, G1);
        constexpr Square D = relative_square(Us, D1), C = relative_square(Us, C1),
                         B = relative_square(Us, B1);
        if (pos.can_castle(OO) && !(occupied & (square_bb(F) | square_bb(G))) &&
            !pos.attacked_by(Them, F, occupied) && !pos.attacked_by(Them, G, occupied))
            list.push(Move(E, G, Move::CASTLING));
        if (pos.can_castle(OOO) && !(occupied & (square_bb(D) | square_bb(C) | square_bb(B))) &&
            !pos.attacked_by(Them, D, occupied) && !pos.attacked_by(Them, C, occupied))
            list.push(Move(E, C, Move::CASTLING));
    }
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
    if (pos.side_to_move() == WHITE)
        generate_all<WHITE>(pos, list);
    else
        generate_all<BLACK>(pos, list);
}

std::size_t count_legal(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return list.size();
}

bool has_legal_move(const Position& pos) {
    if (!pos.in_check()) {
        // Not in check, a piece that is not pinned may go to any square it attacks that is not
        // its own side's; a free pawn may step forward onto an empty square.
        Color us = pos.side_to_move();
        Bitboard own = pos.pieces(us), occupied = pos.pieces();
        Bitboard free = own & ~pos.blockers_for_king();
        for (Bitboard b = pos.pieces(us, KNIGHT) & free; b;)
            if (attacks_bb<KNIGHT>(pop_lsb(b)) & ~own) return true;
        for (Bitboard b = pos.pieces(us, BISHOP, QUEEN) & free; b;)
            if (attacks_bb<BISHOP>(pop_lsb(b), occupied) & ~own) return true;
        for (Bitboard b = pos.pieces(us, ROOK, QUEEN) & free; b;)
            if (attacks_bb<ROOK>(pop_lsb(b), occupied) & ~own) return true;
        Bitboard pawns = pos.pieces(us, PAWN) & free;
        Bitboard pushed = us == WHITE ? shift<8>(pawns) : shift<-8>(pawns);
        if (pushed & ~occupied) return true;
    }
    return count_legal(pos) > 0;
}

}  // namespace arbiter
