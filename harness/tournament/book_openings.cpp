#include "harness/tournament/book_openings.h"

#include <random>
#include <set>

#include "engines/book/polyglot.h"
#include "engines/core/board.h"
#include "engines/core/notation.h"
#include "harness/tournament/openings.h"

namespace arbiter {

std::vector<Opening> draw_book_openings(const BookOpeningsRequest& request) {
    if (request.plies < 1)
        throw OpeningError(request.path + ": a book needs --plies of at least 1");
    if (request.lines < 1) throw OpeningError(request.path + ": at least one line must be drawn");
    refuse_directory(request.path, "a Polyglot book (.bin)");
    PolyglotBook book = PolyglotBook::load(request.path);
    std::mt19937_64 random(request.seed);
    std::set<std::vector<std::string>> seen;
    std::vector<Opening> openings;
    constexpr int PATIENCE = 50;  // draws in a row without a new line before giving up
    for (int fruitless = 0; int(openings.size()) < request.lines && fruitless < PATIENCE;) {
        // Step 1. Walk one line from the start position.
        Board board;
        while (int(board.moves().size()) < request.plies) {
            Move m = book.choose(board.position(), random());
            if (!m) break;
            board.play(m);
        }
        std::vector<std::string> moves = board.uci_moves();
        if (moves.empty())
            throw OpeningError(request.path + ": the book has no move for the start position");
        // Step 2. Keep it if it is new.
        if (!seen.insert(moves).second) {
            ++fruitless;
            continue;
        }
        fruitless = 0;
        Opening opening;
        opening.suite_index = int(openings.size());
        opening.source_file = request.path;
        opening.start_fen = std::string(START_FEN);
        opening.moves = std::move(moves);
        openings.push_back(std::move(opening));
    }
    return openings;
}

}  // namespace arbiter
