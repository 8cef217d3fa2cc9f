#include "engines/core/position.h"

#include <array>
#include <cassert>
#include <sstream>

#include "engines/core/psqt.h"

namespace arbiter {

namespace zobrist {
Key psq[PIECE_NB][SQUARE_NB];
Key ep_file[8];
Key castling[16];
Key side;
}  // namespace zobrist

namespace {

void init_zobrist() {
    std::uint64_t s = 1070372;
    auto next = [&s] {  // splitmix64
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    for (auto& piece : zobrist::psq)
        for (Key& k : piece) k = next();
    for (Key& k : zobrist::ep_file) k = next();
    // A castling set's key is the xor of its single rights' keys.
    Key single[4] = {next(), next(), next(), next()};
    for (int cr = 0; cr < 16; ++cr) {
        zobrist::castling[cr] = 0;
        for (int i = 0; i < 4; ++i)
            if (cr & (1 << i)) zobrist::castling[cr] ^= single[i];
    }
    zobrist::side = next();
}

struct ZobristInitialiser {
    ZobristInitialiser() { init_zobrist(); }
} zobrist_initialiser __attribute__((init_priority(102)));

}  // namespace

void Position::clear() {
    for (Piece& p : board_) p = NO_PIECE;
    for (Bitboard& b : by_type_) b = 0;
    for (Bitboard& b : by_color_) b = 0;
    side_ = WHITE;
    game_ply_ = 0;
    for (int i = 0; i < 4; ++i) {
        castling_rook_[i] = NO_SQUARE;
        castling_path_[i] = castling_transit_[i] = 0;
    }
    for (std::uint8_t& keep : castling_keep_) keep = ALL_CASTLING;
    chess960_ = shredder_fen_ = false;
}

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    by_type_[type_of(p)] |= square_bb(s);
    by_color_[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    by_type_[type_of(p)] ^= square_bb(s);
    by_color_[color_of(p)] ^= square_bb(s);
    board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard from_to = square_bb(from) | square_bb(to);
    by_type_[type_of(p)] ^= from_to;
    by_color_[color_of(p)] ^= from_to;
    board_[from] = NO_PIECE;
    board_[to] = p;
}

Key Position::compute_key() const {
    Key k = side_ == BLACK ? zobrist::side : 0;
    for (Bitboard b = pieces(); b;) {
        Square s = pop_lsb(b);
        k ^= zobrist::psq[board_[s]][s];
    }
    k ^= zobrist::castling[st_->castling];
    if (st_->ep_square != NO_SQUARE) k ^= zobrist::ep_file[file_of(st_->ep_square)];
    return k;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) |
           (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
           (attacks_bb<KNIGHT>(s) & pieces(KNIGHT)) |
           (attacks_bb<ROOK>(s, occupied) & pieces(ROOK, QUEEN)) |
           (attacks_bb<BISHOP>(s, occupied) & pieces(BISHOP, QUEEN)) |
           (attacks_bb<KING>(s) & pieces(KING));
}

bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
    return (pawn_attacks(~c, s) & pieces(c, PAWN)) || (attacks_bb<KNIGHT>(s) & pieces(c, KNIGHT)) ||
           (attacks_bb<KING>(s) & pieces(c, KING)) ||
           (attacks_bb<ROOK>(s, occupied) & pieces(c, ROOK, QUEEN)) ||
           (attacks_bb<BISHOP>(s, occupied) & pieces(c, BISHOP, QUEEN));
}

// True if the side to move has a legal en passant capture onto ep.
bool Position::ep_capture_legal(Square ep) const {
    Color us = side_;
    Square captured = Square(ep - pawn_push(us));
    Square ksq = king_square(us);
    for (Bitboard b = pawn_attacks(~us, ep) & pieces(us, PAWN); b;) {
        Square from = pop_lsb(b);
        Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
        if (!(attackers_to(ksq, occupied) & pieces(~us) & ~square_bb(captured))) return true;
    }
    return false;
}

// Moves king and rook for the castling move from `from` to `to` (Do) or back (!Do). The king's
// destination or the rook's may be where the other piece stands (Chess960), so both leave
// the board before either lands. The king side's rook stands to the king's right, so `to`
// (its square, or the king's g-file destination) lies beyond `from` exactly on the king side.
template <bool Do>
Position::CastlingSquares Position::castle(Color us, Square from, Square to) {
    bool king_side = to > from;
    CastlingSquares sq{castling_rook_[castling_index(us, king_side)],
                       relative_square(us, king_side ? F1 : D1),
                       relative_square(us, king_side ? G1 : C1)};
    remove_piece(Do ? from : sq.king_to);
    remove_piece(Do ? sq.rook_from : sq.rook_to);
    put_piece(make_piece(us, KING), Do ? sq.king_to : from);
    put_piece(make_piece(us, ROOK), Do ? sq.rook_to : sq.rook_from);
    return sq;
}

void Position::do_move(Move m, StateInfo& ns) {
    assert(m.is_ok());
    StateInfo* prev = st_;
    ns.material[WHITE] = prev->material[WHITE];
    ns.material[BLACK] = prev->material[BLACK];
    ns.psq[WHITE] = prev->psq[WHITE];
    ns.psq[BLACK] = prev->psq[BLACK];
    ns.castling = prev->castling;
    ns.rule50 = prev->rule50 + 1;
    ns.ep_square = NO_SQUARE;
    ns.double_push = NO_SQUARE;
    ns.previous = prev;
    st_ = &ns;

    Color us = side_, them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];
    Key k = prev->key ^ zobrist::side;
    if (prev->ep_square != NO_SQUARE) k ^= zobrist::ep_file[file_of(prev->ep_square)];

    Piece captured = m.kind() == Move::EN_PASSANT ? make_piece(them, PAWN) : board_[to];
    if (m.kind() == Move::CASTLING) {
        captured = NO_PIECE;
        CastlingSquares sq = castle<true>(us, from, to);
        Piece rook = make_piece(us, ROOK);
        k ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][sq.king_to] ^
             zobrist::psq[rook][sq.rook_from] ^ zobrist::psq[rook][sq.rook_to];
        ns.psq[us] += psqt::square_value(rook, sq.rook_to) - psqt::square_value(rook, sq.rook_from);
    } else {
        if (captured != NO_PIECE) {
            Square capsq = m.kind() == Move::EN_PASSANT ? Square(to - pawn_push(us)) : to;
            remove_piece(capsq);
            k ^= zobrist::psq[captured][capsq];
            ns.material[them] -= psqt::piece_value[type_of(captured)];
            ns.psq[them] -= psqt::square_value(captured, capsq);
            ns.rule50 = 0;
        }
        move_piece(from, to);
        k ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][to];
        if (type_of(pc) != KING)
            ns.psq[us] += psqt::square_value(pc, to) - psqt::square_value(pc, from);
        if (type_of(pc) == PAWN) {
            ns.rule50 = 0;
            if (m.kind() == Move::PROMOTION) {
                Piece promoted = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promoted, to);
                k ^= zobrist::psq[pc][to] ^ zobrist::psq[promoted][to];
                ns.material[us] += psqt::piece_value[m.promotion()] - psqt::piece_value[PAWN];
                ns.psq[us] += psqt::square_value(promoted, to) - psqt::square_value(pc, to);
            }
        }
    }
    std::uint8_t castling = ns.castling & castling_keep_[from] & castling_keep_[to];
    if (castling != ns.castling) {
        k ^= zobrist::castling[ns.castling] ^ zobrist::castling[castling];
        ns.castling = castling;
    }
    ns.captured = captured;
    side_ = them;
    ++game_ply_;
    update_check_info();
    if (type_of(pc) == PAWN && (int(to) ^ int(from)) == 16) {
        Square ep = Square((from + to) / 2);
        ns.double_push = ep;
        if ((pawn_attacks(us, ep) & pieces(them, PAWN)) && ep_capture_legal(ep)) {
            ns.ep_square = ep;
            k ^= zobrist::ep_file[file_of(ep)];
        }
    }
    ns.key = k;
    assert(check_consistency().empty());
}

void Position::undo_move(Move m) {
    side_ = ~side_;
    --game_ply_;
    Color us = side_;
    Square from = m.from(), to = m.to();
    if (m.kind() == Move::CASTLING) {
        castle<false>(us, from, to);
    } else {
        if (m.kind() == Move::PROMOTION) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), to);
        }
        move_piece(to, from);
        if (st_->captured != NO_PIECE)
            put_piece(st_->captured,
                      m.kind() == Move::EN_PASSANT ? Square(to - pawn_push(us)) : to);
    }
    st_ = st_->previous;
    assert(check_consistency().empty());
}

void Position::do_null_move(StateInfo& ns) {
    assert(!in_check());
    ns = *st_;
    ns.previous = st_;
    ns.rule50 = 0;
    ns.captured = NO_PIECE;
    ns.key ^= zobrist::side;
    if (ns.ep_square != NO_SQUARE) ns.key ^= zobrist::ep_file[file_of(ns.ep_square)];
    ns.ep_square = NO_SQUARE;
    ns.double_push = NO_SQUARE;
    st_ = &ns;
    side_ = ~side_;
    ++game_ply_;
    update_check_info();
    assert(check_consistency().empty());
}

void Position::undo_null_move() {
    side_ = ~side_;
    --game_ply_;
    st_ = st_->previous;
}

int Position::count_repetitions() const {
    // Two plies back one piece of each side has moved since, so the first candidate lies four
    // plies back.
    int count = 0;
    const StateInfo* s = st_;
    for (int back = 2; back <= st_->rule50; back += 2) {
        if (!s->previous || !s->previous->previous) break;
        s = s->previous->previous;
        if (back >= 4 && s->key == st_->key) ++count;
    }
    return count;
}

std::string Position::check_consistency() const {
    std::ostringstream problems;
    for (int si = 0; si < 64; ++si) {
        Square s = Square(si);
        Piece p = board_[s];
        for (int pt = 0; pt < PIECE_TYPE_NB; ++pt)
            if (bool(by_type_[pt] & square_bb(s)) != (p != NO_PIECE && type_of(p) == pt))
                problems << "type bitboard disagrees at " << square_name(s) << "; ";
        for (Color c : {WHITE, BLACK})
            if (bool(by_color_[c] & square_bb(s)) != (p != NO_PIECE && color_of(p) == c))
                problems << "colour bitboard disagrees at " << square_name(s) << "; ";
    }
    if (count(WHITE, KING) != 1 || count(BLACK, KING) != 1)
        return problems.str() + "king count wrong";
    if (compute_key() != st_->key) problems << "key differs; ";
    for (Color c : {WHITE, BLACK}) {
        int material = 0, psq = 0;
        for (Bitboard b = pieces(c) & ~pieces(KING); b;) {
            Square s = pop_lsb(b);
            material += psqt::piece_value[type_of(board_[s])];
            psq += psqt::square_value(board_[s], s);
        }
        if (material != st_->material[c]) problems << "material differs; ";
        if (psq != st_->psq[c]) problems << "piece-square sum differs; ";
    }
    if (st_->checkers != (attackers_to(king_square(side_)) & pieces(~side_)))
        problems << "checkers differ; ";
    if (attackers_to(king_square(~side_)) & pieces(side_))
        problems << "side not to move is in check; ";
    return problems.str();
}

}  // namespace arbiter
