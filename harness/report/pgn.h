// PGN export: a recorded game as standard PGN with the engines' evaluations as move comments
// ({+0.35/12 0.120s}, as cutechess-cli writes them), accepted by pgn-extract and other readers.
#pragma once

#include <ostream>
#include <string>

#include "harness/store/records.h"

namespace arbiter {

// What PGN needs besides the moves.
struct PgnHeader {
    std::string event = "arbiter tournament";
    std::string site = "?";
    std::string round = "?";
    std::string white;
    std::string black;
    std::string opening;       // written as an Opening tag when known
    std::string time_control;  // written as a TimeControl tag when known
};

// Writes one game, tags first, then the movetext wrapped at 80 columns, then a blank line. Book
// moves carry the comment {book}; the termination text ends the movetext as a comment.
void write_pgn(std::ostream& out, const GameRecord& game, const PgnHeader& header);

// The PGN standard's Termination tag value for a termination ("normal", "time forfeit",
// "rules infraction", "adjudication", "abandoned").
const char* pgn_termination(Termination termination);

}  // namespace arbiter
