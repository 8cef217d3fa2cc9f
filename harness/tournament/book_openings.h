// Opening lines drawn from a Polyglot book (.bin) instead of read from an EPD or PGN suite.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/store/records.h"

namespace arbiter {

// What to draw from a book: how many distinct lines, how long, and the seed of the walk.
struct BookOpeningsRequest {
    std::string path;
    int plies = 8;    // each line stops after this many moves, or earlier where the book ends
    int lines = 100;  // distinct lines wanted
    std::uint64_t seed = 0;  // the same seed and book give the same lines in the same order
};

// Walks the book from the start position, choosing each move by its weight with a generator
// seeded from `seed`, and keeps each line the first time it is drawn. Stops when `lines` distinct
// lines are found or when 50 draws in a row found nothing new (a small book runs out of lines),
// so it may return fewer. Book moves that are illegal in their position are skipped; a line of
// zero moves (the book does not know the start position) is an error. Throws OpeningError naming
// the file, and BookError for a damaged book.
std::vector<Opening> draw_book_openings(const BookOpeningsRequest& request);

}  // namespace arbiter
