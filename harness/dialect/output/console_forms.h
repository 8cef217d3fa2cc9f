// The dialect's console forms, one class each behind ConsoleLines (cutechess_output.h), as
// fastchess keeps one IOutput per form; make_console_lines() chooses one. Not for use outside
// harness/dialect/output.
#pragma once

#include <memory>
#include <ostream>
#include <string>

#include "harness/dialect/output/cutechess_output.h"

namespace arbiter {

// cutechess-cli's lines (cutechess_lines.cpp).
std::unique_ptr<ConsoleLines> cutechess_cli_lines(const OutputPlan& settings,
                                                  const TournamentConfig& config);
// fastchess's cutechess form, spoken through fastchess's link (cutechess_lines.cpp).
std::unique_ptr<ConsoleLines> fastchess_cutechess_lines(const OutputPlan& settings,
                                                        const TournamentConfig& config);
// fastchess's own lines (fastchess_lines.cpp).
std::unique_ptr<ConsoleLines> fastchess_lines(const OutputPlan& settings,
                                              const TournamentConfig& config);

// "Finished game N (A vs B): RESULT {REASON}", as every form prints it.
void finished_line(std::ostream& out, const GameRecord& game, const std::string& white,
                   const std::string& black, const std::string& reason);

// The encounter of engines `first` and `second` (first < second), empty before its first game.
const ConsoleTally::Encounter& encounter_of(const ConsoleTally& tally, int first, int second);

}  // namespace arbiter
