// A game on one board: a Position together with the states of every move played since it was
// set, so that repetition detection can walk back through the game.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "engines/core/position.h"
#include "engines/core/rules.h"

namespace arbiter {

// Board is what a referee, a front end or a tool holds when it follows a game: it sets up a
// start position (a FEN, the standard start or a Chess960 one), plays legal moves given as
// UCI text or as Move values, and answers the FEN, the game's status by engines/core/rules.h
// and the moves played. It owns the Position and the storage of its states (stable: a state
// never moves while the board lives), so no caller keeps a deque<StateInfo> beside a
// Position. Like the Position it is neither copied nor moved; hold it by unique_ptr to swap.
// Callers may search on position() (do_move/undo_move with their own states) as long as they
// undo every move before playing the next one on the board.
class Board {
  public:
    // The standard start position.
    Board();
    Board(const Board&) = delete;
    Board& operator=(const Board&) = delete;

    // Sets the position from a FEN (castling as Position::set reads it; `chess960` encodes
    // castling as the king taking its rook) and forgets the moves played. Returns an empty
    // string on success, otherwise Position::set's message naming the field; the board is then
    // the standard start position with no moves.
    [[nodiscard]] std::string set(std::string_view fen, bool chess960 = false);
    // The standard start position, no moves.
    void set_start();
    // Chess960 start position `number` (0-959, Scharnagl's numbering; 518 is the standard
    // array), castling as the king taking its rook. Returns false if number is out of range
    // (the board is then unchanged).
    bool set_chess960_start(int number);

    // Plays the legal move that the UCI text names and returns it, or returns Move::none() and
    // changes nothing if the text is malformed or the move is not legal.
    Move play_uci(std::string_view text);
    // Plays m, which must be legal in the current position.
    void play(Move m);
    // Takes back the last move played on the board; false if there is none.
    bool undo();

    Position& position() { return pos_; }
    const Position& position() const { return pos_; }
    std::string fen() const { return pos_.fen(); }
    // The FEN the board was set from (as the Position writes it back).
    const std::string& start_fen() const { return start_fen_; }
    Color side_to_move() const { return pos_.side_to_move(); }
    // The moves played since the board was set, in order.
    const std::vector<Move>& moves() const { return moves_; }
    // The same moves as UCI text.
    std::vector<std::string> uci_moves() const;

    // Whether and how the game is over, by the rules a referee applies (game_status()).
    GameStatus status() const { return game_status(pos_); }
    bool over() const { return status() != GameStatus::ongoing; }

  private:
    void reset();

    Position pos_;
    std::deque<StateInfo> states_;  // states_[0] is the root; one more per move played
    std::vector<Move> moves_;
    std::string start_fen_;
};

// The side to move and the fullmove number of a FEN, read by the chess core (the whole FEN
// must be valid); the readers of stored games use it instead of splitting the text.
struct FenTurn {
    Color side_to_move = WHITE;
    int fullmove_number = 1;
};
// FenTurn of `fen`, or an error message naming the field when the FEN is not valid.
[[nodiscard]] std::string read_fen_turn(std::string_view fen, FenTurn& turn);

}  // namespace arbiter
