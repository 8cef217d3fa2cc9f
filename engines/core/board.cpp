#include "engines/core/board.h"

#include <cassert>

#include "engines/core/chess960.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"

namespace arbiter {

Board::Board() {
    set_start();
}

void Board::reset() {
    moves_.clear();
    states_.clear();
}

std::string Board::set(std::string_view fen, bool chess960) {
    reset();
    std::string error = pos_.set(fen, states_.emplace_back(), chess960);
    if (!error.empty()) {
        set_start();
        return error;
    }
    start_fen_ = pos_.fen();
    return error;
}

void Board::set_start() {
    reset();
    std::string error = pos_.set(START_FEN, states_.emplace_back());
    assert(error.empty());
    (void)error;
    start_fen_ = pos_.fen();
}

bool Board::set_chess960_start(int number) {
    if (number < 0 || number >= CHESS960_POSITIONS) return false;
    reset();
    std::string error = pos_.set(chess960_fen(number), states_.emplace_back(), true);
    assert(error.empty());
    (void)error;
    start_fen_ = pos_.fen();
    return true;
}

Move Board::play_uci(std::string_view text) {
    Move m = move_from_uci(pos_, text);
    if (m) play(m);
    return m;
}

void Board::play(Move m) {
    assert(is_legal(pos_, m));
    pos_.do_move(m, states_.emplace_back());
    moves_.push_back(m);
}

bool Board::undo() {
    if (moves_.empty()) return false;
    pos_.undo_move(moves_.back());
    moves_.pop_back();
    states_.pop_back();
    return true;
}

std::vector<std::string> Board::uci_moves() const {
    std::vector<std::string> texts;
    texts.reserve(moves_.size());
    for (Move m : moves_) texts.push_back(move_to_uci(m));
    return texts;
}

std::string read_fen_turn(std::string_view fen, FenTurn& turn) {
    Board board;
    if (std::string error = board.set(fen); !error.empty()) return error;
    turn.side_to_move = board.side_to_move();
    turn.fullmove_number = board.position().fullmove_number();
    return {};
}

}  // namespace arbiter
