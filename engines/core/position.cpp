#include "engines/core/position.h"

#include <array>
#include <cassert>
#include <charconv>
#include <sstream>
#include <vector>

#include "engines/core/psqt.h"
#include "engines/core/text.h"

namespace arbiter {

namespace zobrist {
Key psq[PIECE_NB][SQUARE_NB];
Key ep_file[8];
Key castling[16];
Key side;
}  // namespace zobrist

namespace {

// Castling rights that survive a move from or to each square (standard chess only).
constexpr auto castling_keep = [] {
    std::array<std::uint8_t, SQUARE_NB> keep{};
    for (auto& k : keep) k = ALL_CASTLING;
    keep[E1] = ALL_CASTLING & ~(WHITE_OO | WHITE_OOO);
    keep[H1] = ALL_CASTLING & ~WHITE_OO;
    keep[A1] = ALL_CASTLING & ~WHITE_OOO;
    keep[E8] = ALL_CASTLING & ~(BLACK_OO | BLACK_OOO);
    keep[H8] = ALL_CASTLING & ~BLACK_OO;
    keep[A8] = ALL_CASTLING & ~BLACK_OOO;
    return keep;
}();

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

// Reads a whole non-negative decimal number of at most 9 digits; false on anything else.
bool parse_counter(std::string_view text, int& value) {
    if (text.empty() || text.size() > 9) return false;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size() && value >= 0;
}

std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
        if (i > start) fields.push_back(text.substr(start, i - start));
    }
    return fields;
}

}  // namespace

void Position::clear() {
    for (Piece& p : board_) p = NO_PIECE;
    for (Bitboard& b : by_type_) b = 0;
    for (Bitboard& b : by_color_) b = 0;
    side_ = WHITE;
    game_ply_ = 0;
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

std::string Position::set(std::string_view fen, StateInfo& st) {
    static constexpr std::string_view start_fen = START_FEN;
    auto fail = [&](std::string message) {
        if (fen != start_fen) {
            std::string ignored = set(start_fen, st);
            (void)ignored;
        }
        return message;
    };
    clear();
    st = StateInfo{};
    st.ep_square = NO_SQUARE;
    st.double_push = NO_SQUARE;
    st.captured = NO_PIECE;
    st_ = &st;

    std::vector<std::string_view> fields = split_fields(fen);
    if (fields.empty()) return fail("FEN is empty");
    if (fields.size() < 4)
        return fail("FEN has " + std::to_string(fields.size()) +
                    " fields; at least 4 are needed (placement, side, castling, en passant)");
    if (fields.size() > 6)
        return fail("FEN has unexpected text after field 6: '" + printable_excerpt(fields[6]) +
                    "'");

    // Field 1: piece placement, rank 8 first.
    std::string_view placement = fields[0];
    int rank = 7, file = 0;
    for (std::size_t i = 0; i < placement.size(); ++i) {
        char c = placement[i];
        if (c == '/') {
            if (file != 8)
                return fail("FEN field 1 (placement): rank " + std::to_string(rank + 1) + " has " +
                            std::to_string(file) + " squares, not 8");
            if (--rank < 0) return fail("FEN field 1 (placement): more than 8 ranks");
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fail("FEN field 1 (placement): rank " + std::to_string(rank + 1) +
                            " has more than 8 squares");
        } else {
            std::size_t idx = std::string_view("PNBRQKpnbrqk").find(c);
            if (idx == std::string_view::npos)
                return fail(std::string("FEN field 1 (placement): bad piece letter '") +
                            printable_excerpt(std::string_view(&c, 1)) + "'");
            if (file > 7)
                return fail("FEN field 1 (placement): rank " + std::to_string(rank + 1) +
                            " has more than 8 squares");
            put_piece(Piece(idx), make_square(file++, rank));
        }
    }
    if (file != 8)
        return fail("FEN field 1 (placement): rank " + std::to_string(rank + 1) + " has " +
                    std::to_string(file) + " squares, not 8");
    if (rank != 0)
        return fail("FEN field 1 (placement): " + std::to_string(8 - rank) + " ranks, not 8");
    for (Color c : {WHITE, BLACK}) {
        const char* name = c == WHITE ? "white" : "black";
        if (count(c, KING) != 1)
            return fail(std::string("FEN field 1 (placement): ") +
                        (count(c, KING) ? "more than one " : "missing ") + name + " king");
        if (count(c, PAWN) > 8)
            return fail(std::string("FEN field 1 (placement): more than 8 ") + name + " pawns");
        if (popcount(pieces(c)) > 16)
            return fail(std::string("FEN field 1 (placement): more than 16 ") + name + " pieces");
    }
    if (pieces(PAWN) & (RANK_1_BB | RANK_8_BB))
        return fail("FEN field 1 (placement): a pawn stands on the first or last rank");

    // Field 2: side to move.
    if (fields[1] != "w" && fields[1] != "b")
        return fail("FEN field 2 (side to move): '" + printable_excerpt(fields[1]) +
                    "' is not 'w' or 'b'");
    side_ = fields[1] == "w" ? WHITE : BLACK;

    // Field 3: castling rights.
    if (fields[2] != "-") {
        for (char c : fields[2]) {
            std::size_t idx = std::string_view("KQkq").find(c);
            if (idx == std::string_view::npos)
                return fail(std::string("FEN field 3 (castling): bad letter '") +
                            printable_excerpt(std::string_view(&c, 1)) + "'");
            auto right = CastlingRights(1 << idx);
            if (st.castling & right)
                return fail(std::string("FEN field 3 (castling): '") + c + "' given twice");
            Color color = idx < 2 ? WHITE : BLACK;
            Square king = relative_square(color, E1);
            Square rook = relative_square(color, idx % 2 == 0 ? H1 : A1);
            if (piece_on(king) != make_piece(color, KING))
                return fail(std::string("FEN field 3 (castling): right '") + c +
                            "' but the king is not on " + square_name(king));
            if (piece_on(rook) != make_piece(color, ROOK))
                return fail(std::string("FEN field 3 (castling): right '") + c +
                            "' but no rook on " + square_name(rook));
            st.castling |= right;
        }
    }

    // Field 4: en passant target square.
    Square ep = NO_SQUARE;
    if (fields[3] != "-") {
        std::string_view f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
            return fail("FEN field 4 (en passant): '" + printable_excerpt(f) + "' is not a square");
        ep = make_square(f[0] - 'a', f[1] - '1');
        Color them = ~side_;
        Square pushed = Square(ep - pawn_push(side_));  // where the double-pushed pawn stands
        Square origin = Square(ep + pawn_push(side_));  // where it came from
        if (relative_rank(side_, ep) != 5)
            return fail("FEN field 4 (en passant): " + square_name(ep) + " is impossible with " +
                        (side_ == WHITE ? "white" : "black") + " to move");
        if (piece_on(pushed) != make_piece(them, PAWN) || !empty(ep) || !empty(origin))
            return fail("FEN field 4 (en passant): " + square_name(ep) +
                        " does not follow a double pawn push (pawn, empty squares behind it)");
    }

    // Fields 5 and 6: the counters, optional as in EPD.
    int halfmove = 0, fullmove = 1;
    if (fields.size() > 4 && !parse_counter(fields[4], halfmove))
        return fail("FEN field 5 (halfmove clock): '" + printable_excerpt(fields[4]) +
                    "' is not a number");
    if (fields.size() > 5 && (!parse_counter(fields[5], fullmove) || fullmove == 0))
        return fail("FEN field 6 (fullmove number): '" + printable_excerpt(fields[5]) +
                    "' is not a positive number");
    st.rule50 = halfmove;
    game_ply_ = 2 * (fullmove - 1) + (side_ == BLACK);

    // Whole-position checks.
    if (attackers_to(king_square(~side_)) & pieces(side_))
        return fail(std::string("FEN: the side not to move (") +
                    (side_ == WHITE ? "black" : "white") + ") is in check");
    update_check_info();
    if (popcount(st.checkers) > 2)
        return fail("FEN: the side to move is in check by more than two pieces");

    for (Color c : {WHITE, BLACK}) {
        for (Bitboard b = pieces(c) & ~pieces(KING); b;) {
            Square s = pop_lsb(b);
            st.material[c] += psqt::piece_value[type_of(piece_on(s))];
            st.psq[c] += psqt::square_value(piece_on(s), s);
        }
    }
    st.double_push = ep;
    if (ep != NO_SQUARE && ep_capture_legal(ep)) st.ep_square = ep;
    st.key = compute_key();
    return {};
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

std::string Position::fen() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empties = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = board_[make_square(file, rank)];
            if (p == NO_PIECE) {
                ++empties;
                continue;
            }
            if (empties) out += char('0' + empties);
            empties = 0;
            out += piece_char(p);
        }
        if (empties) out += char('0' + empties);
        if (rank) out += '/';
    }
    out += side_ == WHITE ? " w " : " b ";
    if (!st_->castling) out += '-';
    for (int i = 0; i < 4; ++i)
        if (st_->castling & (1 << i)) out += "KQkq"[i];
    out += ' ' + square_name(st_->ep_square);
    out += ' ' + std::to_string(st_->rule50) + ' ' + std::to_string(fullmove_number());
    return out;
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

Bitboard Position::slider_blockers(Bitboard sliders, Square s) const {
    Bitboard blockers = 0;
    Bitboard snipers = ((attacks_bb<ROOK>(s) & pieces(QUEEN, ROOK)) |
                        (attacks_bb<BISHOP>(s) & pieces(QUEEN, BISHOP))) &
                       sliders;
    Bitboard occupancy = pieces() ^ snipers;
    while (snipers) {
        Square sniper = pop_lsb(snipers);
        Bitboard b = between_bb(s, sniper) & occupancy;
        if (b && !more_than_one(b)) blockers |= b;
    }
    return blockers;
}

void Position::update_check_info() {
    st_->checkers = attackers_to(king_square(side_)) & pieces(~side_);
    st_->blockers = slider_blockers(pieces(~side_), king_square(side_));
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
        bool king_side = to > from;
        Square rook_from = relative_square(us, king_side ? H1 : A1);
        Square rook_to = relative_square(us, king_side ? F1 : D1);
        Piece rook = make_piece(us, ROOK);
        move_piece(from, to);
        move_piece(rook_from, rook_to);
        k ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][to] ^ zobrist::psq[rook][rook_from] ^
             zobrist::psq[rook][rook_to];
        ns.psq[us] += psqt::square_value(rook, rook_to) - psqt::square_value(rook, rook_from);
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
    std::uint8_t castling = ns.castling & castling_keep[from] & castling_keep[to];
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
        bool king_side = to > from;
        move_piece(to, from);
        move_piece(relative_square(us, king_side ? F1 : D1),
                   relative_square(us, king_side ? H1 : A1));
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

int Position::repetitions() const {
    int count = 0;
    const StateInfo* s = st_;
    for (int back = 2; back <= st_->rule50; back += 2) {
        if (!s->previous || !s->previous->previous) break;
        s = s->previous->previous;
        if (s->key == st_->key) ++count;
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
