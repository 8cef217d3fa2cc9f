// One match run behind both command lines: `arbiter tournament` and the cutechess-cli/fastchess
// dialect each translate their arguments into a TournamentConfig with its output plan, then call
// run_match(), which refuses, claims, records and stops the same way for both, and shows the run
// in the plan's console form (arbiter's standings, or the cutechess or fastchess lines), a
// MatchConsole.
#pragma once

#include <cstdint>
#include <functional>
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
    // The last closing step, after the console's, given the store and the tournament just played:
    // the plan's saved configuration (--save-config, -config outname=), written also when the run
    // was stopped; set by play_tournament() (play_tournament.h).
    std::function<void(Store& store, const TournamentSummary& summary)> save_config{};
};

// What the session's page step did: the line that says so, "Report: FILE (N games)\n" (printed
// with the closing lines), or, for a page that could not be written (a full disk, its folder
// gone), "arbiter: the page FILE was not written: WHY\n" (an error, for standard error; the run
// goes on and its games are recorded). Empty without a page.
struct PageStep {
    std::string line;
    bool written = true;
};

// What a door shows of a run, given to run_match(). open() is called once the database is open
// and before the first game: it builds the door's observer chain (its console in front of the
// live files), prints what comes before the games, and returns the chain's head. finish()
// closes the live files and prints the closing lines, the same for a run that finished and one
// a signal stopped (`signal`, else 0; InterruptWatch), with what the session's page step did. The
// objects a console builds outlive run_match(), which owns the Store, so none may use the Store
// after run_match() returns or throws.
class MatchConsole {
  public:
    virtual ~MatchConsole() = default;
    // Before open(): the options each engine declared in the check's handshake, with the values
    // its configuration set (CheckedTournament::declared_options), by engine index.
    virtual void engines_checked(const std::vector<std::vector<DeclaredOption>>& options) {
        (void)options;
    }
    virtual TournamentObserver& open(Store& store) = 0;
    virtual void finish(Store& store, const TournamentSummary& summary, int signal,
                        const PageStep& page) = 0;
};

// The output plan's page (--html, -html) of `tournament`, rewritten whole (by rename): the one
// writer of the page, after the run and every --report-every games. Returns the line that says
// so, "Report: FILE (N games)\n".
std::string write_match_page(Store& store, const TournamentConfig& config, TournamentId tournament);
// write_match_page() that never throws: a failure is a PageStep not written, which says why.
PageStep try_match_page(Store& store, const TournamentConfig& config, TournamentId tournament);

// The start-up check of the Python entrants (harness/tournament/entrant_check.h), which a door
// runs before it makes its console from `config`: prints each verdict as it comes, leaves out of
// `config` those that cannot play (named in its note, for the page) and says how many. Throws
// ConfigError under --entrant-check strict, before anything is created.
void check_entrants(TournamentConfig& config);

// Plays (or resumes) the match of `config` and returns the exit code: 0, or 128 + the signal
// that stopped it. Before anything is created it refuses every output over an input or that
// cannot be written (refuse_tournament_outputs()), pins the engines if the output plan asks
// (OutputPlan::affinity), and checks the
// tournament (check_tournament()) and, for the dialects' -rounds x -games (games_per_encounter),
// fits its schedule to the suite read (fit_schedule()); then makes the database's folder, claims
// the database (WriterClaim; a database the run leaves empty is removed, DiscardIfLeftEmpty), opens
// it, and plays the games into `console`'s observer chain while an InterruptWatch stops the run on
// SIGINT, SIGTERM or SIGHUP. Then the closing steps, the same for a finished run and a stopped
// one: the page, the console's closing lines, the door's saved config, the database
// checkpointed (Store::checkpoint()) and closed, so that its file alone holds every game. Throws
// what the refusals and the run throw.
int run_match(const TournamentConfig& given, const MatchOutputs& outputs, MatchConsole& console);

}  // namespace arbiter
