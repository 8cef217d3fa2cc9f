// One match run behind both command lines: `arbiter tournament` and the cutechess-cli/fastchess
// dialect each translate their arguments into a TournamentConfig with its output plan, then call
// run_match(), which refuses, claims, records and stops the same way for both, and shows the run
// in the plan's console form (arbiter's standings, or the cutechess or fastchess lines), a
// MatchConsole.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/session/match_files.h"
#include "harness/store/store.h"
#include "harness/text/output_file.h"
#include "harness/tournament/tournament.h"

namespace arbiter {

// What a door adds to its configuration, whose output plan (TournamentConfig::output) says what
// the run shows and writes: its flags for the files, any further outputs, the files it read the
// configuration from (--config, --engines), whether it asked to resume, and what an interrupted
// run tells the user to do.
struct MatchOutputs {
    TournamentFlags flags{};
    std::vector<NamedFile> extra_outputs{};
    std::vector<NamedFile> extra_inputs{};
    bool resume = false;  // --resume was given (the native console says what it resumed)
    // After "finished games are saved, " in the cutechess and fastchess forms' last words.
    std::string resume_hint = "re-run the same command to resume";
};

// What a door shows of a run, given to run_match(). open() is called once the database is open
// and before the first game: it builds the door's observer chain (its console in front of the
// live files), prints what comes before the games, and returns the chain's head. interrupted()
// says the last words of a run ended by a signal beyond its grace (InterruptWatch), never while
// open() runs but possibly before it; finish() closes the live files and prints the closing
// lines of a run that returned (`signal` is the signal that stopped it, or 0). The objects a
// console builds outlive run_match(), which owns the Store, so none may use the Store after
// run_match() returns or throws.
class MatchConsole {
  public:
    virtual ~MatchConsole() = default;
    // Before open(): the options each engine declared in the check's handshake, with the values
    // its configuration set (CheckedTournament::declared_options), by engine index.
    virtual void engines_checked(const std::vector<std::vector<DeclaredOption>>& options) {
        (void)options;
    }
    virtual TournamentObserver& open(Store& store) = 0;
    virtual void interrupted(int signal) = 0;
    virtual void finish(Store& store, const TournamentSummary& summary, int signal) = 0;
};

// Plays (or resumes) the match of `config` and returns the exit code: 0, or 128 + the signal
// that stopped it. Before anything is created it refuses every output over an input or that
// cannot be written (refuse_tournament_outputs()), pins the engines if the output plan asks
// (OutputPlan::affinity), and checks the
// tournament (check_tournament()) and, for the dialects' -rounds x -games (games_per_encounter),
// fits its schedule to the suite read (fit_schedule()); then makes the database's folder, claims
// the database (WriterClaim; a database the run leaves empty is removed, DiscardIfLeftEmpty), opens
// it, and plays the games into `console`'s observer chain while an InterruptWatch stops the run on
// SIGINT or SIGTERM. Throws what the refusals and the run throw.
int run_match(const TournamentConfig& given, const MatchOutputs& outputs, MatchConsole& console);

}  // namespace arbiter
