#pragma once

#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "harness/ratings/game_result.h"

namespace arbiter {

// Players and finished games gathered for rating, e.g. from PGN files. Player indices in games
// refer to `players`; names are added in order of first appearance.
struct GameRecords {
    std::vector<std::string> players;
    std::vector<GameResult> games;
    std::int64_t unfinished_games = 0;  // games with result "*", which are skipped

    // Returns the index of a player, adding the name if it is new.
    int player_index(const std::string& name);

  private:
    std::unordered_map<std::string, int> index_;
};

// A malformed PGN file; what() reads "file:line: message".
class PgnError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Reads the results of every game in a PGN stream into records. Only the tag sections matter:
// White, Black and Result (or, without a Result tag, the game termination marker). Moves may be
// absent; comments ({...}, ; to end of line), % escape lines and escaped quotes in tag values are
// handled. Games with result "*" are counted as unfinished and skipped. `source` names the stream
// in error messages. Throws PgnError for a broken tag, a missing White or Black tag, an unknown
// result, or a player meeting itself.
void read_pgn_results(std::istream& in, std::string_view source, GameRecords& records);

// Reads one PGN file; throws PgnError when it cannot be opened.
void read_pgn_file(const std::string& path, GameRecords& records);

}  // namespace arbiter
