// Game results for rating, read from PGN files with the results pass of the PGN reader.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>

#include "harness/pgn/pgn_reader.h"
#include "harness/ratings/game_result.h"

namespace arbiter {

// Games that a results pass left out, by reason, with where the first of each kind is
// ("file:line"). None of them is ever dropped silently: the caller reports describe().
struct SkippedGames {
    std::int64_t unfinished = 0;      // Result "*"
    std::int64_t without_result = 0;  // no Result tag
    std::int64_t disagreeing = 0;     // the Result tag and the movetext's termination marker differ
    std::string first_unfinished;
    std::string first_without_result;
    std::string first_disagreeing;

    std::int64_t total() const { return unfinished + without_result + disagreeing; }
    // "skipped 3 games: 1 with result * (first at a.pgn:4), ...", or empty when none was skipped.
    std::string describe() const;
};

// Reads the results of every game in a PGN stream into records. Only the tags matter: White,
// Black and Result, and FEN, Opening, Variation and Round for the pairs; the movetext is skipped,
// except that its termination marker, when there is one, must agree with the Result tag. Two games
// of the same two players with the colours reversed and the same FEN, Opening and Variation tags
// (or none) are a pair when one follows the other, or else when they alone share a Round tag; the
// joint ratings replay a pair's games together. Games with result "*", without a Result tag or with
// a disagreeing marker are counted in `skipped` and left out. `source` names the stream in error
// messages. Throws PgnError for a broken tag, a missing White or Black tag, an unknown result, or
// a player meeting itself.
void read_pgn_results(std::istream& in, std::string_view source, GameRecords& records,
                      SkippedGames& skipped);

// Reads one PGN file. Throws PgnError when it cannot be opened or holds no game with a result
// (the message names the file and says what was skipped).
void read_pgn_file(const std::string& path, GameRecords& records, SkippedGames& skipped);

}  // namespace arbiter
