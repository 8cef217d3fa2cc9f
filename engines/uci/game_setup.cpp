#include "engines/uci/game_setup.h"

#include <algorithm>

namespace arbiter {

GameSetup::GameSetup()
    : board_(std::make_unique<Board>()), spare_(std::make_unique<Board>()), fen_(START_FEN) {}

std::string GameSetup::set(std::string_view fen, bool chess960,
                           std::span<const std::string> moves) {
    // Step 1. The same start and the previous moves first: play only the new ones.
    if (fen == fen_ && chess960 == chess960_ && moves.size() >= moves_.size() &&
        std::equal(moves_.begin(), moves_.end(), moves.begin())) {
        if (std::string error = play_moves(*board_, moves, moves_.size()); !error.empty())
            return error;
        moves_.insert(moves_.end(), moves.begin() + std::ptrdiff_t(moves_.size()), moves.end());
        incremental_ = true;
        return {};
    }
    // Step 2. Otherwise from scratch, aside: the current game stays unless all is valid.
    if (std::string error = spare_->set(fen, chess960); !error.empty()) return error;
    if (std::string error = play_moves(*spare_, moves, 0); !error.empty()) return error;
    std::swap(board_, spare_);
    fen_ = fen;
    chess960_ = chess960;
    moves_.assign(moves.begin(), moves.end());
    incremental_ = false;
    return {};
}

std::string GameSetup::play_moves(Board& board, std::span<const std::string> moves,
                                  std::size_t from) {
    for (std::size_t i = from; i < moves.size(); ++i) {
        if (!board.play_uci(moves[i])) {
            std::string error = "illegal move '" + moves[i] + "' in " + board.fen();
            while (i-- > from) board.undo();
            return error;
        }
    }
    return {};
}

}  // namespace arbiter
