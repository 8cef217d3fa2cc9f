#include "engines/core/notation.h"

#include "engines/core/movegen.h"

namespace arbiter {

namespace {

constexpr std::string_view piece_letters = "PNBRQK";

bool is_file(char c) {
    return c >= 'a' && c <= 'h';
}
bool is_rank(char c) {
    return c >= '1' && c <= '8';
}

PieceType promotion_type(char c) {
    switch (c) {
        case 'q':
        case 'Q':
            return QUEEN;
        case 'r':
        case 'R':
            return ROOK;
        case 'b':
        case 'B':
            return BISHOP;
        case 'n':
        case 'N':
            return KNIGHT;
        default:
            return NO_PIECE_TYPE;
    }
}

}  // namespace

std::string move_to_uci(Move m) {
    if (!m) return "0000";
    std::string text = square_name(m.from()) + square_name(m.to());
    if (m.kind() == Move::PROMOTION) text += "nbrq"[m.promotion() - KNIGHT];
    return text;
}

Move move_from_uci(const Position& pos, std::string_view text) {
    if (text.size() != 4 && text.size() != 5) return Move::none();
    if (!is_file(text[0]) || !is_rank(text[1]) || !is_file(text[2]) || !is_rank(text[3]))
        return Move::none();
    Square from = make_square(text[0] - 'a', text[1] - '1');
    Square to = make_square(text[2] - 'a', text[3] - '1');
    PieceType promo = NO_PIECE_TYPE;
    if (text.size() == 5) {
        // UCI writes the piece in lower case; "a7a8Q" is read as cutechess and Stockfish read it.
        promo = promotion_type(text[4]);
        if (promo == NO_PIECE_TYPE) return Move::none();
    }
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        if (m.from() != from || m.to() != to) continue;
        if ((m.kind() == Move::PROMOTION) != (promo != NO_PIECE_TYPE)) continue;
        if (promo != NO_PIECE_TYPE && m.promotion() != promo) continue;
        return m;
    }
    return Move::none();
}

std::string move_to_san(Position& pos, Move m) {
    std::string san;
    if (m.kind() == Move::CASTLING) {
        san = m.to() > m.from() ? "O-O" : "O-O-O";
    } else {
        PieceType pt = type_of(pos.moved_piece(m));
        bool capture = pos.is_capture(m);
        if (pt == PAWN) {
            if (capture) san += char('a' + file_of(m.from()));
        } else {
            san += piece_letters[pt];
            // Disambiguate against other pieces of the same type that can reach the same square.
            MoveList list;
            generate_legal(pos, list);
            bool ambiguous = false, same_file = false, same_rank = false;
            for (Move other : list) {
                if (other == m || other.to() != m.to() || other.kind() == Move::CASTLING) continue;
                if (type_of(pos.moved_piece(other)) != pt) continue;
                ambiguous = true;
                same_file |= file_of(other.from()) == file_of(m.from());
                same_rank |= rank_of(other.from()) == rank_of(m.from());
            }
            if (ambiguous) {
                if (!same_file)
                    san += char('a' + file_of(m.from()));
                else if (!same_rank)
                    san += char('1' + rank_of(m.from()));
                else
                    san += square_name(m.from());
            }
        }
        if (capture) san += 'x';
        san += square_name(m.to());
        if (m.kind() == Move::PROMOTION) {
            san += '=';
            san += piece_letters[m.promotion()];
        }
    }
    StateInfo st;
    pos.do_move(m, st);
    if (pos.in_check()) san += count_legal(pos) ? '+' : '#';
    pos.undo_move(m);
    return san;
}

Move move_from_san(Position& pos, std::string_view text) {
    std::string s(text);
    while (!s.empty() && std::string_view("+#!? \t\r\n").find(s.back()) != std::string_view::npos)
        s.pop_back();
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.erase(s.begin());
    if (s.empty()) return Move::none();

    MoveList list;
    generate_legal(pos, list);

    if (s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0") {
        bool king_side = s.size() == 3;
        for (Move m : list)
            if (m.kind() == Move::CASTLING && (m.to() > m.from()) == king_side) return m;
        return Move::none();
    }

    // Promotion suffix: "=Q", "(Q)" or a bare capital letter after the square.
    PieceType promo = NO_PIECE_TYPE;
    if (s.size() >= 3 && s.back() == ')' && s[s.size() - 3] == '(') {
        promo = promotion_type(s[s.size() - 2]);
        if (promo == NO_PIECE_TYPE) return Move::none();
        s.resize(s.size() - 3);
    } else if (s.size() >= 2 && s[s.size() - 2] == '=') {
        promo = promotion_type(s.back());
        if (promo == NO_PIECE_TYPE) return Move::none();
        s.resize(s.size() - 2);
    } else if (!s.empty() && std::string_view("QRBN").find(s.back()) != std::string_view::npos) {
        promo = promotion_type(s.back());
        s.pop_back();
    }

    // Destination square.
    if (s.size() < 2 || !is_file(s[s.size() - 2]) || !is_rank(s.back())) return Move::none();
    Square to = make_square(s[s.size() - 2] - 'a', s.back() - '1');
    s.resize(s.size() - 2);

    // Moving piece: a capital letter first, else a pawn.
    PieceType pt = PAWN;
    if (!s.empty() && std::string_view("NBRQKP").find(s.front()) != std::string_view::npos) {
        pt = PieceType(piece_letters.find(s.front()));
        s.erase(s.begin());
    }
    // Capture or long-algebraic separators, then the optional origin file and rank.
    if (!s.empty() && (s.back() == 'x' || s.back() == ':' || s.back() == '-')) s.pop_back();
    int from_file = -1, from_rank = -1;
    for (char c : s) {
        if (is_file(c) && from_file < 0 && from_rank < 0)
            from_file = c - 'a';
        else if (is_rank(c) && from_rank < 0)
            from_rank = c - '1';
        else
            return Move::none();
    }

    Move found = Move::none();
    for (Move m : list) {
        if (m.to() != to || m.kind() == Move::CASTLING) continue;
        if (type_of(pos.moved_piece(m)) != pt) continue;
        if (from_file >= 0 && file_of(m.from()) != from_file) continue;
        if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
        if ((m.kind() == Move::PROMOTION) != (promo != NO_PIECE_TYPE)) continue;
        if (promo != NO_PIECE_TYPE && m.promotion() != promo) continue;
        if (found) return Move::none();  // ambiguous
        found = m;
    }
    return found;
}

}  // namespace arbiter
