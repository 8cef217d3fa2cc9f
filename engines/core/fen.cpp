// FEN in and out of a Position: set() reads the six fields (the counters optional, as in EPD)
// with a message naming the field at fault, fen() writes them.
#include <charconv>
#include <string>
#include <vector>

#include "engines/core/position.h"
#include "engines/core/psqt.h"
#include "engines/core/text.h"

namespace arbiter {

namespace {

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

// Field 1: piece placement, rank 8 first, then what the pieces allow: one king a side, at most
// 8 pawns and 16 pieces, no pawn on the first or last rank.
std::string Position::set_placement(std::string_view placement) {
    int rank = 7, file = 0;
    for (std::size_t i = 0; i < placement.size(); ++i) {
        char c = placement[i];
        if (c == '/') {
            if (file != 8)
                return "FEN field 1 (placement): rank " + std::to_string(rank + 1) + " has " +
                       std::to_string(file) + " squares, not 8";
            if (--rank < 0) return "FEN field 1 (placement): more than 8 ranks";
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return "FEN field 1 (placement): rank " + std::to_string(rank + 1) +
                       " has more than 8 squares";
        } else {
            std::size_t idx = std::string_view("PNBRQKpnbrqk").find(c);
            if (idx == std::string_view::npos)
                return std::string("FEN field 1 (placement): bad piece letter '") +
                       printable_excerpt(std::string_view(&c, 1)) + "'";
            if (file > 7)
                return "FEN field 1 (placement): rank " + std::to_string(rank + 1) +
                       " has more than 8 squares";
            put_piece(Piece(idx), make_square(file++, rank));
        }
    }
    if (file != 8)
        return "FEN field 1 (placement): rank " + std::to_string(rank + 1) + " has " +
               std::to_string(file) + " squares, not 8";
    if (rank != 0) return "FEN field 1 (placement): " + std::to_string(8 - rank) + " ranks, not 8";
    for (Color c : {WHITE, BLACK}) {
        const char* name = c == WHITE ? "white" : "black";
        if (count(c, KING) != 1)
            return std::string("FEN field 1 (placement): ") +
                   (count(c, KING) ? "more than one " : "missing ") + name + " king";
        if (count(c, PAWN) > 8)
            return std::string("FEN field 1 (placement): more than 8 ") + name + " pawns";
        if (popcount(pieces(c)) > 16)
            return std::string("FEN field 1 (placement): more than 16 ") + name + " pieces";
    }
    if (pieces(PAWN) & (RANK_1_BB | RANK_8_BB))
        return "FEN field 1 (placement): a pawn stands on the first or last rank";
    return {};
}

// Field 4: the en passant target square into `ep` (NO_SQUARE for "-"), which must follow a
// double pawn push of the side not to move.
std::string Position::read_en_passant(std::string_view f, Square& ep) const {
    ep = NO_SQUARE;
    if (f == "-") return {};
    if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
        return "FEN field 4 (en passant): '" + printable_excerpt(f) + "' is not a square";
    ep = make_square(f[0] - 'a', f[1] - '1');
    Color them = ~side_;
    Square pushed = Square(ep - pawn_push(side_));  // where the double-pushed pawn stands
    Square origin = Square(ep + pawn_push(side_));  // where it came from
    if (relative_rank(side_, ep) != 5)
        return "FEN field 4 (en passant): " + square_name(ep) + " is impossible with " +
               (side_ == WHITE ? "white" : "black") + " to move";
    if (piece_on(pushed) != make_piece(them, PAWN) || !empty(ep) || !empty(origin))
        return "FEN field 4 (en passant): " + square_name(ep) +
               " does not follow a double pawn push (pawn, empty squares behind it)";
    return {};
}

// Fields 5 and 6: the counters, optional as in EPD.
std::string Position::set_counters(std::span<const std::string_view> fields) {
    int halfmove = 0, fullmove = 1;
    if (fields.size() > 4 && !parse_counter(fields[4], halfmove))
        return "FEN field 5 (halfmove clock): '" + printable_excerpt(fields[4]) +
               "' is not a number";
    if (fields.size() > 5 && (!parse_counter(fields[5], fullmove) || fullmove == 0))
        return "FEN field 6 (fullmove number): '" + printable_excerpt(fields[5]) +
               "' is not a positive number";
    st_->rule50 = halfmove;
    game_ply_ = 2 * (fullmove - 1) + (side_ == BLACK);
    return {};
}

// Whole-position checks: the side not to move is not in check, at most two pieces give check.
std::string Position::check_whole_position() {
    if (attackers_to(king_square(~side_)) & pieces(side_))
        return std::string("FEN: the side not to move (") + (side_ == WHITE ? "black" : "white") +
               ") is in check";
    update_check_info();
    if (popcount(st_->checkers) > 2)
        return "FEN: the side to move is in check by more than two pieces";
    return {};
}

// The incremental state: material, piece-square sums, en passant, key.
void Position::set_incremental_state(Square ep) {
    StateInfo& st = *st_;
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
}

std::string Position::set(std::string_view fen, StateInfo& st, bool chess960) {
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
    if (std::string error = set_placement(fields[0]); !error.empty()) return fail(error);
    // Field 2: side to move.
    if (fields[1] != "w" && fields[1] != "b")
        return fail("FEN field 2 (side to move): '" + printable_excerpt(fields[1]) +
                    "' is not 'w' or 'b'");
    side_ = fields[1] == "w" ? WHITE : BLACK;
    // Field 3: castling rights (X-FEN or Shredder-FEN).
    if (std::string error = set_castling(fields[2]); !error.empty()) return fail(error);
    chess960_ = chess960_ || chess960;
    Square ep = NO_SQUARE;
    if (std::string error = read_en_passant(fields[3], ep); !error.empty()) return fail(error);
    if (std::string error = set_counters(fields); !error.empty()) return fail(error);
    if (std::string error = check_whole_position(); !error.empty()) return fail(error);
    set_incremental_state(ep);
    return {};
}

// Reads field 3. A right names its rook: K/Q the outermost rook on that side of the king, a
// file letter (upper case for white) the rook on that file. Marks the position Chess960 when
// a right's king or rook is not where standard chess has it.
std::string Position::set_castling(std::string_view field) {
    if (field == "-") return {};
    bool x_fen = false;
    for (char c : field) {
        bool white = (c >= 'A' && c <= 'Z');
        Color color = white ? WHITE : BLACK;
        char lower = char(white ? c - 'A' + 'a' : c);
        std::string right = std::string("FEN field 3 (castling): right '") + c + "'";
        if (lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h'))
            return std::string("FEN field 3 (castling): bad letter '") +
                   printable_excerpt(std::string_view(&c, 1)) + "'";
        Square king = king_square(color);
        const char* side_name = white ? "white" : "black";
        if (relative_rank(color, king) != 0)
            return right + " but the " + side_name + " king is not on rank " + (white ? "1" : "8");
        Piece rook = make_piece(color, ROOK);
        Square rook_square = NO_SQUARE;
        if (lower == 'k' || lower == 'q') {
            x_fen = true;
            int step = lower == 'k' ? -1 : 1;  // from the corner towards the king
            for (int f = lower == 'k' ? 7 : 0; f != file_of(king); f += step)
                if (piece_on(make_square(f, rank_of(king))) == rook) {
                    rook_square = make_square(f, rank_of(king));
                    break;
                }
            if (rook_square == NO_SQUARE)
                return right + " but no " + side_name + " rook on the " +
                       (lower == 'k' ? "king's" : "queen's") + " side of the king";
        } else {
            rook_square = make_square(lower - 'a', rank_of(king));
            if (piece_on(rook_square) != rook)
                return right + " but no " + side_name + " rook on " + square_name(rook_square);
        }
        int index = castling_index(color, rook_square > king);
        if (st_->castling & (1 << index))
            return right + " repeats the " + side_name + (rook_square > king ? " king" : " queen") +
                   "-side right";
        add_castling_right(color, rook_square);
    }
    shredder_fen_ = !x_fen;
    return {};
}

// Records the right of c's king to castle with the rook on `rook`: its squares, its path, and
// which squares' moves take it away.
void Position::add_castling_right(Color c, Square rook) {
    Square king = king_square(c);
    bool king_side = rook > king;
    int index = castling_index(c, king_side);
    Square king_to = relative_square(c, king_side ? G1 : C1);
    Square rook_to = relative_square(c, king_side ? F1 : D1);
    Bitboard king_walk = king == king_to ? 0 : between_bb(king, king_to);
    Bitboard rook_walk = rook == rook_to ? 0 : between_bb(rook, rook_to);
    st_->castling |= std::uint8_t(1 << index);
    castling_rook_[index] = rook;
    castling_path_[index] = (king_walk | rook_walk) & ~(square_bb(king) | square_bb(rook));
    castling_transit_[index] = king_walk & ~square_bb(king_to);
    castling_keep_[king] &= std::uint8_t(~(3 << (2 * c)));
    castling_keep_[rook] &= std::uint8_t(~(1 << index));
    if (king != relative_square(c, E1) || rook != relative_square(c, king_side ? H1 : A1))
        chess960_ = true;
}

// Field 3 as it came in: rook files (Shredder-FEN), or KQkq with a file letter for a rook that
// is not the outermost on its side (X-FEN).
std::string Position::castling_text() const {
    std::string out;
    for (int index = 0; index < 4; ++index) {
        if (!(st_->castling & (1 << index))) continue;
        Color c = Color(index / 2);
        Square rook = castling_rook_[index];
        char file = char((c == WHITE ? 'A' : 'a') + file_of(rook));
        bool outermost = true;
        Bitboard beyond = index % 2 == 0 ? between_bb(rook, relative_square(c, H1))
                                         : between_bb(rook, relative_square(c, A1));
        if (rook != relative_square(c, index % 2 == 0 ? H1 : A1))
            outermost = !(beyond & pieces(c, ROOK));
        if (shredder_fen_ || !outermost)
            out += file;
        else
            out += "KQkq"[index];
    }
    return out.empty() ? "-" : out;
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
    out += castling_text();
    out += ' ' + square_name(st_->ep_square);
    out += ' ' + std::to_string(st_->rule50) + ' ' + std::to_string(fullmove_number());
    return out;
}

}  // namespace arbiter
