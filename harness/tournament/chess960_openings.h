// Chess960 and Double Fischer Random opening suites without a file: `--openings chess960:all`
// (the 960 start positions in Scharnagl's order, 518 being the standard one),
// `chess960:random:N` and `dfrc:random:N` (N start positions drawn by the tournament's seed;
// DFRC gives each side its own back rank).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "harness/store/records.h"

namespace arbiter {

// True if `spec` asks for a generated suite (it begins "chess960:" or "dfrc:").
bool is_generated_suite(std::string_view spec);

// The suite `spec` names, drawn with `seed` where it is random: the same spec and seed give the
// same openings. Throws OpeningError for a spec that is not one of the forms above.
std::vector<Opening> generate_openings(std::string_view spec, std::uint64_t seed);

}  // namespace arbiter
