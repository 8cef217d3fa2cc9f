// fastchess's saved configuration (`-config outname=FILE`): a run's settings in the JSON form
// fastchess writes when a run ends and `-config file=FILE` reads back, with each pair's results
// under "stats". weather-factory passes `outname=` on every run; arbiter resumes from its
// database, so the file is for the tools (and people) that read fastchess's.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/config/json.h"
#include "harness/config/tournament_config.h"

namespace arbiter {

// The results of `first` against `second` as fastchess saves them: games from `first`'s side and
// colour-reversed pairs by their outcome for `first` (WW, WD, WL, DD, LD, LL).
struct FastchessPairStats {
    std::string first;
    std::string second;
    std::int64_t wins = 0, losses = 0, draws = 0;
    std::array<std::int64_t, 6> pairs{};  // WW, WD, WL, DD, LD, LL
};

// The saved configuration of `config` (its output plan's saved_config_path the "config_name") with
// `stats`, from either door. Reading it with fastchess_config_arguments() gives back the run's
// engines, openings, limits, adjudication, seed, schedule and outputs. The rounds saved are
// games_per_encounter's (the dialects' -rounds x -games); run_match() fills it for a native run
// from the schedule it played.
json::Value fastchess_saved_config(const TournamentConfig& config,
                                   const std::vector<FastchessPairStats>& stats);

}  // namespace arbiter
