// The positions `arbiter nodes` measures: a FEN with the moves played from it, and a name for
// the table. Read from `--fen`/`--moves` or from an EPD file, and checked with the chess core so
// that a typo is reported before any engine starts.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engines/core/board.h"

namespace arbiter::nodes {

// A position given by the user that the core rejects, or an unreadable positions file.
class PositionError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One position of a node-count suite: `fen` (or "startpos") followed by `moves` in UCI text.
struct NodePosition {
    std::string name;
    std::string fen;                 // a full FEN; "startpos" is expanded by make_position()
    std::vector<std::string> moves;  // UCI moves played from `fen` before searching

    // The text that identifies the position whatever its name: "FEN" or "FEN moves m1 m2".
    std::string key() const;
    bool operator==(const NodePosition&) const = default;
};

// A core Position set up at a NodePosition: the FEN with its moves played, on a Board that keeps
// the states make/unmake needs alive. Not copyable or movable (like the Board).
class PlayedPosition {
  public:
    // Throws PositionError for a malformed FEN or an illegal move.
    explicit PlayedPosition(const NodePosition& position);
    PlayedPosition(const PlayedPosition&) = delete;
    PlayedPosition& operator=(const PlayedPosition&) = delete;

    Position& position() { return board_.position(); }

  private:
    Board board_;
};

// Checks `fen` and `moves` with the core and returns the position, with "startpos" replaced by
// the starting FEN and a default name ("startpos", or the FEN, then " + moves" when there are
// any) if `name` is empty. Throws PositionError naming the problem: a malformed FEN, an illegal
// move, or a position whose side to move has no legal move (there is nothing to search).
NodePosition make_position(std::string_view fen, const std::vector<std::string>& moves,
                           std::string name = {});

// Parses EPD text: one position per line, "BOARD SIDE CASTLING EP [HALFMOVE FULLMOVE]" followed
// by `;`-separated operations, of which `id "NAME"` names the position and `moves m1 m2 ...`
// (UCI) plays moves from it; other operations are ignored, as are blank lines and lines starting
// with '#'. A position without an id is named "FILE:LINE". Names must be unique. Throws
// PositionError naming `source` and the line.
std::vector<NodePosition> parse_epd(std::string_view text, const std::string& source);

// Reads and parses an EPD file. Throws PositionError if it cannot be read or holds no position.
std::vector<NodePosition> load_epd(const std::string& path);

}  // namespace arbiter::nodes
