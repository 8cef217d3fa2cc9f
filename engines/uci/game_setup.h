// The game that UCI `position` commands describe, kept between commands so that a GUI's usual
// sequence (the same start, the move list one or two moves longer each time) costs only the new
// moves instead of a replay of the whole game.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engines/core/board.h"

namespace arbiter {

// GameSetup holds the Board a `position` command set up, with the start (FEN text and Chess960
// flag) and the move texts it was set from. When the next command has the same start and the
// previous move list is a prefix of its own, only the new moves are played; otherwise the game
// is set up from scratch. Either way the board ends exactly as a full replay leaves it: the same
// position and the same chain of states that repetition detection walks back through (a move
// played here is Board::play, as in a replay). A command that fails changes nothing.
class GameSetup {
  public:
    GameSetup();

    // Sets the game to `fen` (castling as Board::set reads it with `chess960`) with `moves`
    // (UCI text) played. Returns an empty string on success; otherwise Board::set's message
    // about the FEN, or "illegal move 'M' in FEN" naming the first move that is not legal and
    // the position it was tried in, and the game is unchanged.
    [[nodiscard]] std::string set(std::string_view fen, bool chess960,
                                  std::span<const std::string> moves);

    Board& board() { return *board_; }
    const Board& board() const { return *board_; }
    // True if the last successful set() played only the moves after the previous command's.
    bool last_set_was_incremental() const { return incremental_; }

  private:
    // Plays moves[from...] on board; on an illegal one undoes those it played and returns the
    // message.
    static std::string play_moves(Board& board, std::span<const std::string> moves,
                                  std::size_t from);

    std::unique_ptr<Board> board_;
    std::unique_ptr<Board> spare_;  // the next set-up from scratch is built here, then swapped
    std::string fen_;               // the start of board_ as the command gave it
    bool chess960_ = false;
    std::vector<std::string> moves_;  // the moves of board_ as the command gave them
    bool incremental_ = false;
};

}  // namespace arbiter
