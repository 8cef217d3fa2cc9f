// The board: piece placement, side to move, castling and en passant rights, counters, and the
// incrementally maintained Zobrist key and evaluation sums.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "engines/core/bitboard.h"
#include "engines/core/types.h"

namespace arbiter {

constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

namespace zobrist {
extern Key psq[PIECE_NB][SQUARE_NB];
extern Key ep_file[8];
extern Key castling[16];
extern Key side;
}  // namespace zobrist

// What do_move() must remember to undo a move, plus what is cheaper to keep than to recompute.
// States form a chain through `previous`, which is also the game history that repetition
// detection walks. The caller owns each StateInfo and keeps it alive while it is in the chain.
struct StateInfo {
    // Copied from the previous state, then updated by do_move().
    int material[COLOR_NB];  // Simplified Evaluation piece values, kings excluded
    int psq[COLOR_NB];       // piece-square table sums, kings excluded
    std::uint8_t castling;
    Square ep_square;    // set only when an en passant capture is legal
    Square double_push;  // the square a double pawn push just passed over, capture or not
    int rule50;          // plies since the last capture or pawn move

    // Computed by do_move().
    Key key;
    Bitboard checkers;
    Bitboard blockers;  // pieces (either colour) shielding the side to move's king from a slider
    Piece captured;
    StateInfo* previous;
};

// Position is the one board that engines search and the referee judges. It is changed only by
// do_move()/undo_move() and never copied; in debug builds every change is checked against a
// recomputation from scratch.
class Position {
  public:
    Position() = default;
    Position(const Position&) = delete;
    Position& operator=(const Position&) = delete;

    // Sets the position from a FEN string and makes `st` the root of the history. Returns an
    // empty string on success, otherwise a message naming the field and the problem (the
    // position is then left as the initial position). Castling rights may be written as
    // KQkq (X-FEN: the outermost rook, or a file letter for an inner one) or as rook files
    // (Shredder-FEN, "HAha"). With `chess960` (or when a right's king or rook is not on its
    // standard square) castling moves are encoded as the king taking its own rook.
    [[nodiscard]] std::string set(std::string_view fen, StateInfo& st, bool chess960 = false);
    // The FEN, with castling rights in the notation they came in (X-FEN or Shredder-FEN).
    std::string fen() const;

    // Board access.
    Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const {
        return by_color_[c] & (by_type_[a] | by_type_[b]);
    }
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NO_PIECE; }
    Square king_square(Color c) const { return lsb(pieces(c, KING)); }
    int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }

    // State access.
    Color side_to_move() const { return side_; }
    int castling_rights() const { return st_->castling; }
    bool can_castle(CastlingRights cr) const { return st_->castling & cr; }
    // Chess960 castling: a castling move is encoded and written as the king taking its own
    // rook (e1h1) instead of the king's own step (e1g1).
    bool chess960() const { return chess960_; }
    // A right's index (0 white O-O, 1 white O-O-O, 2 black O-O, 3 black O-O-O; the right is
    // 1 << index), and what its castling needs: the rook's square, the squares that must be
    // empty, and the squares the king crosses before its destination (must not be attacked).
    static constexpr int castling_index(Color c, bool king_side) { return 2 * c + !king_side; }
    Square castling_rook_square(int index) const { return castling_rook_[index]; }
    Bitboard castling_path(int index) const { return castling_path_[index]; }
    Bitboard castling_transit(int index) const { return castling_transit_[index]; }
    Square ep_square() const { return st_->ep_square; }
    // The square the last move (a double pawn push) passed over, or NO_SQUARE; unlike
    // ep_square() it is kept when no en passant capture is legal (Polyglot keys need it).
    Square double_push_square() const { return st_->double_push; }
    int rule50() const { return st_->rule50; }
    int fullmove_number() const { return 1 + (game_ply_ - (side_ == BLACK)) / 2; }
    Key key() const { return st_->key; }
    // The key after m as far as the moved and the captured piece change it (castling rights,
    // en passant, promotion and the castling rook left out): a cheap guess for prefetching.
    Key key_after_guess(Move m) const {
        Piece pc = board_[m.from()], captured = board_[m.to()];
        Key k = st_->key ^ zobrist::side ^ zobrist::psq[pc][m.from()] ^ zobrist::psq[pc][m.to()];
        return captured != NO_PIECE && m.kind() != Move::CASTLING
                   ? k ^ zobrist::psq[captured][m.to()]
                   : k;
    }
    Bitboard checkers() const { return st_->checkers; }
    bool in_check() const { return st_->checkers != 0; }
    // Pieces of either colour that alone stand between the side to move's king and an enemy
    // slider: its own pinned pieces and the enemy's discovered-check candidates.
    Bitboard blockers_for_king() const { return st_->blockers; }
    int material(Color c) const { return st_->material[c]; }
    int psq(Color c) const { return st_->psq[c]; }
    const StateInfo* state() const { return st_; }

    // Attacks.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    bool attacked_by(Color c, Square s, Bitboard occupied) const;

    // Moves.
    Piece moved_piece(Move m) const { return board_[m.from()]; }
    bool is_capture(Move m) const {
        return (!empty(m.to()) && m.kind() != Move::CASTLING) || m.kind() == Move::EN_PASSANT;
    }
    void do_move(Move m, StateInfo& new_st);
    void undo_move(Move m);
    // Passes the move to the opponent (null-move pruning). Only when not in check. The new
    // state's fifty-move counter restarts at 0, so repetition detection never looks across a
    // null move (a position "repeated" through a pass is not a repetition of the game).
    void do_null_move(StateInfo& new_st);
    void undo_null_move();

    // How many earlier positions in the history since the last irreversible move are identical
    // to this one (same placement, side to move, castling and en passant rights).
    // (Inline: the search asks at every node, and most positions have too short a history.)
    int repetitions() const { return st_->rule50 < 4 ? 0 : count_repetitions(); }

    // Recomputes everything incremental from scratch and compares; used by debug asserts and
    // tests. Returns an empty string when consistent, otherwise what differs.
    std::string check_consistency() const;
    Key compute_key() const;

  private:
    int count_repetitions() const;
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void update_check_info();
    Bitboard slider_blockers(Bitboard sliders, Square s) const;
    bool ep_capture_legal(Square ep) const;
    void clear();
    struct CastlingSquares {
        Square rook_from, rook_to, king_to;
    };
    template <bool Do>
    CastlingSquares castle(Color us, Square from, Square to);
    // The parts of set(): each reads or checks one FEN field (or the whole position) and
    // returns the message naming what is wrong, empty when nothing is.
    std::string set_placement(std::string_view field);
    std::string set_castling(std::string_view field);
    std::string read_en_passant(std::string_view field, Square& ep) const;
    std::string set_counters(std::span<const std::string_view> fields);
    std::string check_whole_position();
    void set_incremental_state(Square ep);
    void add_castling_right(Color c, Square rook);
    std::string castling_text() const;

    Piece board_[SQUARE_NB];
    Bitboard by_type_[PIECE_TYPE_NB];
    Bitboard by_color_[COLOR_NB];
    Color side_ = WHITE;
    int game_ply_ = 0;
    StateInfo* st_ = nullptr;
    // Castling geometry, fixed when the position is set: per right index, and the rights that
    // survive a move from or to each square.
    Square castling_rook_[4] = {NO_SQUARE, NO_SQUARE, NO_SQUARE, NO_SQUARE};
    Bitboard castling_path_[4] = {};
    Bitboard castling_transit_[4] = {};
    std::uint8_t castling_keep_[SQUARE_NB] = {};
    bool chess960_ = false;
    bool shredder_fen_ = false;  // castling rights came (and are written) as rook files
};

// The check information every do_move() ends with, defined here so that it is inlined there.
inline Bitboard Position::slider_blockers(Bitboard sliders, Square s) const {
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

inline void Position::update_check_info() {
    // Only the enemy's pieces can give check, and a king never does.
    Color them = ~side_;
    Square ksq = king_square(side_);
    Bitboard occupied = pieces();
    st_->checkers = ((pawn_attacks(side_, ksq) & pieces(them, PAWN)) |
                     (attacks_bb<KNIGHT>(ksq) & pieces(them, KNIGHT)) |
                     (attacks_bb<BISHOP>(ksq, occupied) & pieces(them, BISHOP, QUEEN)) |
                     (attacks_bb<ROOK>(ksq, occupied) & pieces(them, ROOK, QUEEN)));
    st_->blockers = slider_blockers(pieces(them), ksq);
}

}  // namespace arbiter
