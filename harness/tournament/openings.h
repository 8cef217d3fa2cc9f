// Opening suites: EPD files (a FEN per line, opcodes such as id "..." allowed) and PGN files
// (the first --plies moves of each game), read into the store's Opening records.
#pragma once

#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "harness/store/records.h"

namespace arbiter {

// A suite that cannot be used; the message is "FILE:LINE: what is wrong".
class OpeningError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Throws OpeningError "PATH: is a directory, not WHAT" when `path` names a directory.
void refuse_directory(const std::string& path, const std::string& what);

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

// An opening suite as a tournament uses it: checked whole before the first game, then read entry
// by entry as the schedule asks. An EPD file is streamed: only where each line begins is kept
// (8 bytes an entry), and an entry is read again from the file when a game needs it. PGN suites
// and book lines are kept as parsed openings (one compact copy, never the text).
class OpeningSuite {
  public:
    // Reads and checks the suite at `path` as read_openings() does; throws OpeningError.
    static OpeningSuite read(const std::string& path, int plies = -1, bool chess960 = false);
    // A suite already in memory (lines drawn from a book).
    explicit OpeningSuite(std::vector<Opening> openings);

    std::int64_t size() const;
    // Entry `index` (0-based, in file order). Throws OpeningError if an EPD file changed since
    // it was checked. Thread-safe.
    Opening at(std::int64_t index) const;

  private:
    OpeningSuite() = default;

    std::vector<Opening> openings_;                      // PGN and book suites
    std::string epd_path_;                               // an EPD suite: the file, and
    std::vector<std::int64_t> line_starts_;              // the byte offset of each entry's line
    std::pair<std::int64_t, std::int64_t> epd_version_;  // its size and time when checked
};

}  // namespace arbiter
