// FIDE's Tournament Report File (TRF-16, with the XXR and BBU extensions that bbpPairings and
// JaVaFo read) of a Swiss tournament: one 001 line per player in initial-ranking order (starting
// rank, name, rating, points, rank, then per round the opponent's starting rank, the colour and
// the result: 1, =, 0, or "0000 - U" for the pairing-allocated bye), XXR for the planned rounds
// and BBU for the bye's points when they are not one. A FIDE pairing checker reads it and
// re-pairs every round (`bbpPairings --dutch FILE -c`). The reader takes back what the writer
// writes (and the same columns from other programs) for tests.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "harness/swiss/tournament_record.h"

namespace arbiter::swiss {

// A TRF line that cannot be read; the message names the source, the line and the field.
class TrfError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The TRF of the tournament. Ranks (column 86) are by points, then starting rank.
std::string write_trf(const SwissTournament& tournament, std::string_view event_name);

// Reads the 001, XXR and BBU lines of a TRF; `source` names it in error messages.
SwissTournament read_trf(std::string_view text, std::string_view source);

}  // namespace arbiter::swiss
