#include "harness/analysis/annotated_pgn.h"

#include "engines/core/board.h"
#include "engines/core/notation.h"
#include "harness/pgn/pgn_writer.h"

namespace arbiter {

namespace {

constexpr const char* STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

GameLine game_line(const PgnGame& game, const std::string& source) {
    GameLine line;
    line.start_fen = std::string(game.tag("FEN").value_or(STANDARD_START));
    Board board;
    if (std::string error = board.set(line.start_fen); !error.empty())
        throw std::runtime_error(source + ":" + std::to_string(game.line) + ": FEN tag: " + error);
    for (const PgnMove& move : game.moves) {
        const Move m = move_from_san(board.position(), move.san);
        if (!m)
            throw std::runtime_error(source + ":" + std::to_string(move.line) + ": '" + move.san +
                                     "' is not a legal move in " + board.fen());
        line.uci_moves.push_back(move_to_uci(m));
        board.play(m);
    }
    return line;
}

std::string annotated_pgn(const PgnGame& game, const std::vector<AnnotatedMove>& moves,
                          const std::string& start_fen) {
    std::string out;
    for (const auto& [name, value] : game.tags)
        out += "[" + name + " \"" + pgn_tag_value(value) + "\"]\n";
    out += "\n";
    MovetextWriter movetext(start_fen);
    for (const AnnotatedMove& m : moves) {
        std::string comment;
        if (m.eval_after) comment = "[%eval " + eval_text(*m.eval_after) + "]";
        if (!m.better.empty())
            comment += std::string(comment.empty() ? "" : " ") + "better: " + m.better;
        movetext.move(m.san + m.nag, comment);
    }
    return out + movetext.finish(game.termination.empty() ? "*" : game.termination);
}

}  // namespace arbiter
