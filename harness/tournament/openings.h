// Opening suites: EPD files (a FEN per line, opcodes such as id "..." allowed) and PGN files
// (the first --plies moves of each game), read into the store's Opening records.
#pragma once

#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/store/records.h"

namespace arbiter {

// A suite that cannot be used; the message is "FILE:LINE: what is wrong".
class OpeningError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Reads an opening suite, by extension: .epd (or .fen) and .pgn. For PGN, at most `plies` moves
// of each game are kept (all of them when plies < 0). Every position and move is checked with the
// chess core. Throws OpeningError naming the file and line of the first problem, or when the file
// holds no opening at all.
// With `chess960` (or a PGN game's Variant tag "Chess960"/"fischerandom") positions are read
// as Chess960 ones, so that castling moves are kept as the king taking its rook.
std::vector<Opening> read_openings(const std::string& path, int plies = -1, bool chess960 = false);

// The same from text already in memory; `source` names it in messages.
std::vector<Opening> parse_epd(const std::string& text, const std::string& source);
std::vector<Opening> parse_pgn(const std::string& text, const std::string& source, int plies = -1,
                               bool chess960 = false);

// PGN openings from a stream, read a game at a time by the PGN reader.
std::vector<Opening> read_pgn_openings(std::istream& in, const std::string& source, int plies = -1,
                                       bool chess960 = false);

}  // namespace arbiter
