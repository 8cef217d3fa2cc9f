// Chess960 and Double Fischer Random start positions, by Scharnagl's numbering (0-959; 518 is
// the standard position). Used by the tests and by the harness's generated opening suites.
#pragma once

#include <string>

namespace arbiter {

constexpr int CHESS960_POSITIONS = 960;
constexpr int CHESS960_STANDARD = 518;

// The back rank of Chess960 position `number` (0-959) as white's piece letters, a-file first:
// "RNBQKBNR" for 518, "BBQNNRKR" for 0.
std::string chess960_back_rank(int number);

// The FEN of Chess960 start position `number` (both sides alike), castling in X-FEN (KQkq):
// chess960_fen(518) is the standard start position.
std::string chess960_fen(int number);

// The FEN of a Double Fischer Random start: white's back rank from `white`, black's from
// `black` (both 0-959), castling in X-FEN.
std::string dfrc_fen(int white, int black);

}  // namespace arbiter
