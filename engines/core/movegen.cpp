#include "engines/core/movegen.h"

namespace arbiter {

namespace {

// Which legal moves a generation emits. Each kind is a subset of `all` and comes out in the
// order `all` would emit it, since every kind filters the same loops by destination.
enum class GenType : std::uint8_t {
    all,
    captures,  // onto an enemy piece, or en passant (capture-promotions included)
    quiets,    // every other move: pushes, quiet promotions, castling
    noisy      // captures and every promotion (what quiescence searches)
};

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

// Pawn moves to `target` (the evasion squares in check, else all but our own pieces), limited
// to the kinds that T emits.
template <Color Us, GenType T>
void pawn_moves(const Position& pos, MoveList& list, Square ksq, Bitboard target, Bitboard pinned) {
    constexpr bool Pushes = T == GenType::all || T == GenType::quiets;
    constexpr bool Captures = T != GenType::quiets;
    constexpr bool PromotionPushes = T != GenType::captures;
    constexpr Color Them = ~Us;
    constexpr int Up = Us == WHITE ? 8 : -8;
    [[maybe_unused]] constexpr int UpRight = Us == WHITE ? 9 : -7;
    [[maybe_unused]] constexpr int UpLeft = Us == WHITE ? 7 : -9;
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
        if constexpr (Pushes) {
            Bitboard single = shift<Up>(rest) & empty;
            Bitboard dbl = shift<Up>(single & Rank3) & empty & target & allowed;
            emit(single & target & allowed, Up, false);
            emit(dbl, 2 * Up, false);
        }
        if constexpr (Captures) {
            emit(shift<UpRight>(rest) & enemies & allowed, UpRight, false);
            emit(shift<UpLeft>(rest) & enemies & allowed, UpLeft, false);
        }
        if (promo) {
            if constexpr (PromotionPushes)
                emit(shift<Up>(promo) & empty & target & allowed, Up, true);
            if constexpr (Captures) {
                emit(shift<UpRight>(promo) & enemies & allowed, UpRight, true);
                emit(shift<UpLeft>(promo) & enemies & allowed, UpLeft, true);
            }
        }
    };
    generate(free, ~Bitboard(0));
    for (Bitboard b = pawns & pinned; b;) {
        Square from = pop_lsb(b);
        generate(square_bb(from), line_bb(ksq, from));
    }

    // En passant: the position only records the square when a legal capture exists, but which
    // pawn may take still needs the full check (pins along the rank, discovered checks).
    if constexpr (!Captures) return;
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

// True if Us may castle to the king side (KingSide) or the queen side now (Chess960's rules,
// of which standard chess is the special case): it has the right, every square between king
// and rook and their destinations is empty but for the two of them, the king crosses no
// attacked square and its destination is not attacked once both have moved (a rook that
// shielded it, as on b1 against a queen on a1 with the king on c1, has gone). The caller makes
// sure that Us is not in check.
template <Color Us, bool KingSide>
bool castling_allowed_960(const Position& pos, Bitboard occupied) {
    constexpr int index = Position::castling_index(Us, KingSide);
    constexpr Square king_to = relative_square(Us, KingSide ? G1 : C1);
    constexpr Square rook_to = relative_square(Us, KingSide ? F1 : D1);
    if (!pos.can_castle(CastlingRights(1 << index)) || (occupied & pos.castling_path(index)))
        return false;
    for (Bitboard b = pos.castling_transit(index); b;)
        if (pos.attacked_by(~Us, pop_lsb(b), occupied)) return false;
    Bitboard after =
        (occupied ^ square_bb(pos.king_square(Us)) ^ square_bb(pos.castling_rook_square(index))) |
        square_bb(king_to) | square_bb(rook_to);
    return !pos.attacked_by(~Us, king_to, after);
}

// The same test for standard chess (!Position::chess960(), so king and rooks started on their
// standard squares), on constant squares as before Chess960, so that standard chess pays no
// more than it did: the king crosses one square and reaches the next, and no rook can have
// shielded its destination (a rook on a1 or h1 stands beyond it, behind the empty b1 or the
// king's own square), so two attack tests on the board as it is suffice.
template <Color Us, bool KingSide>
bool castling_allowed_standard(const Position& pos, Bitboard occupied) {
    constexpr CastlingRights right =
        KingSide ? (Us == WHITE ? WHITE_OO : BLACK_OO) : (Us == WHITE ? WHITE_OOO : BLACK_OOO);
    constexpr Square crossed = relative_square(Us, KingSide ? F1 : D1);
    constexpr Square reached = relative_square(Us, KingSide ? G1 : C1);
    constexpr Bitboard path =
        KingSide ? square_bb(crossed) | square_bb(reached)
                 : square_bb(crossed) | square_bb(reached) | square_bb(relative_square(Us, B1));
    return pos.can_castle(right) && !(occupied & path) &&
           !pos.attacked_by(~Us, crossed, occupied) && !pos.attacked_by(~Us, reached, occupied);
}

template <Color Us, bool KingSide>
bool castling_allowed(const Position& pos, Bitboard occupied) {
    return pos.chess960() ? castling_allowed_960<Us, KingSide>(pos, occupied)
                          : castling_allowed_standard<Us, KingSide>(pos, occupied);
}

// The castling move as the position encodes it: the king taking its own rook in Chess960,
// the king's own step in standard chess.
template <Color Us, bool KingSide>
Move castling_move(const Position& pos) {
    constexpr int index = Position::castling_index(Us, KingSide);
    Square to =
        pos.chess960() ? pos.castling_rook_square(index) : relative_square(Us, KingSide ? G1 : C1);
    return Move(pos.king_square(Us), to, Move::CASTLING);
}

// Appends Us's legal castling moves (Us not in check). Chess960's are found out of line, so
// that standard chess's, inline on constant squares, cost what they did before Chess960.
template <Color Us>
[[gnu::noinline]] void castling_moves_960(const Position& pos, MoveList& list, Bitboard occupied) {
    if (castling_allowed_960<Us, true>(pos, occupied)) list.push(castling_move<Us, true>(pos));
    if (castling_allowed_960<Us, false>(pos, occupied)) list.push(castling_move<Us, false>(pos));
}

template <Color Us>
inline void castling_moves(const Position& pos, MoveList& list, Bitboard occupied) {
    if (pos.chess960()) [[unlikely]]
        return castling_moves_960<Us>(pos, list, occupied);
    constexpr Square king = relative_square(Us, E1);
    if (castling_allowed_standard<Us, true>(pos, occupied))
        list.push(Move(king, relative_square(Us, G1), Move::CASTLING));
    if (castling_allowed_standard<Us, false>(pos, occupied))
        list.push(Move(king, relative_square(Us, C1), Move::CASTLING));
}

// The destinations T allows: all but our own pieces, the enemy's pieces or the empty squares.
template <GenType T>
Bitboard kind_targets(const Position& pos, Color us) {
    if constexpr (T == GenType::all) return ~pos.pieces(us);
    if constexpr (T == GenType::quiets) return ~pos.pieces();
    return pos.pieces(~us);
}

template <Color Us, GenType T>
void generate_all(const Position& pos, MoveList& list) {
    constexpr Color Them = ~Us;
    Square ksq = pos.king_square(Us);
    Bitboard checkers = pos.checkers();
    Bitboard occupied = pos.pieces();
    const Bitboard kind = kind_targets<T>(pos, Us);

    // King moves: a target square must not be attacked once the king has left its square.
    Bitboard occupied_without_king = occupied ^ square_bb(ksq);
    for (Bitboard b = attacks_bb<KING>(ksq) & kind; b;) {
        Square to = pop_lsb(b);
        if (!pos.attacked_by(Them, to, occupied_without_king)) list.push(Move(ksq, to));
    }
    if (more_than_one(checkers)) return;

    // Other pieces must capture the checker or block its line when in check.
    Bitboard target = checkers ? between_bb(ksq, lsb(checkers)) : ~pos.pieces(Us);
    Bitboard pinned = pos.blockers_for_king() & pos.pieces(Us);
    Bitboard piece_target = T == GenType::all ? target : target & kind;
    piece_moves<KNIGHT>(pos, list, Us, ksq, piece_target, pinned);
    piece_moves<BISHOP>(pos, list, Us, ksq, piece_target, pinned);
    piece_moves<ROOK>(pos, list, Us, ksq, piece_target, pinned);
    piece_moves<QUEEN>(pos, list, Us, ksq, piece_target, pinned);
    pawn_moves<Us, T>(pos, list, ksq, target, pinned);

    if constexpr (T != GenType::all && T != GenType::quiets) return;
    if (!checkers) castling_moves<Us>(pos, list, occupied);
}

template <GenType T>
void generate(const Position& pos, MoveList& list) {
    if (pos.side_to_move() == WHITE)
        generate_all<WHITE, T>(pos, list);
    else
        generate_all<BLACK, T>(pos, list);
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
    generate<GenType::all>(pos, list);
}

void generate_captures(const Position& pos, MoveList& list) {
    generate<GenType::captures>(pos, list);
}

void generate_quiets(const Position& pos, MoveList& list) {
    generate<GenType::quiets>(pos, list);
}

void generate_noisy(const Position& pos, MoveList& list) {
    generate<GenType::noisy>(pos, list);
}

std::size_t count_legal(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return list.size();
}

namespace {

// True if the side to move's king can step to a square that is not attacked once it has left.
bool has_safe_king_step(const Position& pos) {
    Color us = pos.side_to_move();
    Square ksq = pos.king_square(us);
    Bitboard occupied_without_king = pos.pieces() ^ square_bb(ksq);
    for (Bitboard b = attacks_bb<KING>(ksq) & ~pos.pieces(us); b;)
        if (!pos.attacked_by(~us, pop_lsb(b), occupied_without_king)) return true;
    return false;
}

// True if a piece of the side to move that counts as pinned can take the single checker. The
// pins are counted with every enemy slider lifted off the board (slider_blockers), so a piece
// behind the checker on the checker's own line counts as pinned, and may still take it along
// that line (Bc4xd5 with Ke6, Qd5 and Ba2). Such a piece can never block: the squares between
// checker and king lie beyond the checker from where it stands.
bool pinned_piece_takes_checker(const Position& pos, Square ksq, Square checker) {
    Color us = pos.side_to_move();
    Bitboard occupied = pos.pieces(), target = square_bb(checker);
    for (Bitboard b = pos.pieces(us) & pos.blockers_for_king(); b;) {
        Square from = pop_lsb(b);
        if (!(line_bb(ksq, from) & target)) continue;
        PieceType pt = type_of(pos.piece_on(from));
        Bitboard reach = pt == PAWN ? pawn_attacks(us, from) : attacks_bb(pt, from, occupied);
        if (reach & target) return true;
    }
    return false;
}

// True if the side to move, in check, has a legal move: a king step to a safe square, or (in
// single check) a piece that is not pinned taking the checker or stepping between it and the
// king, or a pinned piece taking the checker along its pin line.
bool has_evasion(const Position& pos) {
    if (pos.ep_square() != NO_SQUARE) return true;  // recorded only when the capture is legal
    Color us = pos.side_to_move(), them = ~us;
    Square ksq = pos.king_square(us);
    Bitboard own = pos.pieces(us), occupied = pos.pieces();
    if (has_safe_king_step(pos)) return true;
    Bitboard checkers = pos.checkers();
    if (more_than_one(checkers)) return false;
    Square checker = lsb(checkers);
    Bitboard free = own & ~pos.blockers_for_king();
    Bitboard knights = pos.pieces(us, KNIGHT) & free;
    Bitboard diagonal = pos.pieces(us, BISHOP, QUEEN) & free;
    Bitboard straight = pos.pieces(us, ROOK, QUEEN) & free;
    Bitboard evasions = between_bb(ksq, checker);
    for (Bitboard b = evasions; b;) {
        Square s = pop_lsb(b);
        if ((attacks_bb<KNIGHT>(s) & knights) || (attacks_bb<BISHOP>(s, occupied) & diagonal) ||
            (attacks_bb<ROOK>(s, occupied) & straight))
            return true;
    }
    Bitboard pawns = pos.pieces(us, PAWN) & free;
    if (pawn_attacks(them, checker) & pawns) return true;
    if (pinned_piece_takes_checker(pos, ksq, checker)) return true;
    Bitboard blocks = evasions ^ checkers;  // the empty squares between checker and king
    Bitboard empty = ~occupied;
    if (us == WHITE) {
        Bitboard single = shift<8>(pawns) & empty;
        return (single | (shift<8>(single & RANK_3_BB) & empty)) & blocks;
    }
    Bitboard single = shift<-8>(pawns) & empty;
    return (single | (shift<-8>(single & RANK_6_BB) & empty)) & blocks;
}

}  // namespace

bool is_legal(const Position& pos, Move m) {
    Color us = pos.side_to_move(), them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = pos.piece_on(from);
    // Step 1. A move of our own piece, not onto our own piece, encoded as the generator does.
    if (from == to || pc == NO_PIECE || color_of(pc) != us) return false;
    if (m.kind() != Move::CASTLING && (pos.pieces(us) & square_bb(to))) return false;
    if (m.kind() != Move::PROMOTION && m.promotion() != KNIGHT) return false;
    PieceType pt = type_of(pc);
    Square ksq = pos.king_square(us);
    Bitboard occupied = pos.pieces(), checkers = pos.checkers();

    // Step 2. Castling and en passant have their own rules.
    if (m.kind() == Move::CASTLING) {
        if (pt != KING || checkers || rank_of(from) != rank_of(to)) return false;
        bool king_side = to > from;
        if (us == WHITE ? m != (king_side ? castling_move<WHITE, true>(pos)
                                          : castling_move<WHITE, false>(pos))
                        : m != (king_side ? castling_move<BLACK, true>(pos)
                                          : castling_move<BLACK, false>(pos)))
            return false;
        if (us == WHITE)
            return king_side ? castling_allowed<WHITE, true>(pos, occupied)
                             : castling_allowed<WHITE, false>(pos, occupied);
        return king_side ? castling_allowed<BLACK, true>(pos, occupied)
                         : castling_allowed<BLACK, false>(pos, occupied);
    }
    if (m.kind() == Move::EN_PASSANT) {
        if (pt != PAWN || to != pos.ep_square() || !(pawn_attacks(us, from) & square_bb(to)) ||
            more_than_one(checkers))
            return false;
        Square captured = Square(to - pawn_push(us));
        Bitboard after = (occupied ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
        return !(pos.attackers_to(ksq, after) & pos.pieces(them) & ~square_bb(captured));
    }

    // Step 3. The piece can go there: a pawn's push, double push or capture (promoting exactly
    // when it reaches the last rank), another piece's attack; a king to a square not attacked.
    if (pt == PAWN) {
        if ((relative_rank(us, to) == 7) != (m.kind() == Move::PROMOTION)) return false;
        int up = pawn_push(us);
        bool reaches;
        if (pos.pieces(them) & square_bb(to))  // a capture
            reaches = pawn_attacks(us, from) & square_bb(to);
        else if (int(to) == from + up)  // a push onto the empty square ahead
            reaches = true;
        else  // a double push from the second rank over an empty square
            reaches = int(to) == from + 2 * up && relative_rank(us, from) == 1 &&
                      pos.empty(Square(from + up));
        if (!reaches) return false;
    } else {
        if (m.kind() == Move::PROMOTION || !(attacks_bb(pt, from, occupied) & square_bb(to)))
            return false;
        if (pt == KING) return !pos.attacked_by(them, to, occupied ^ square_bb(from));
    }

    // Step 4. Any other piece must answer a single check and keep to its pin line.
    if (more_than_one(checkers)) return false;
    if (checkers && !(between_bb(ksq, lsb(checkers)) & square_bb(to))) return false;
    return !(pos.blockers_for_king() & square_bb(from)) || (line_bb(ksq, from) & square_bb(to));
}

bool has_legal_move(const Position& pos) {
    if (pos.in_check()) return has_evasion(pos);
    // Not in check, a piece that is not pinned may go to any square it attacks that is not
    // its own side's; a free pawn may step forward onto an empty square; the king may step
    // to a square not attacked.
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
    // A king step to a square not attacked (the usual move left in a bare-king end game).
    if (has_safe_king_step(pos)) return true;
    return count_legal(pos) > 0;
}

}  // namespace arbiter
