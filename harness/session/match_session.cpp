#include "harness/session/match_session.h"

#include <filesystem>
#include <mutex>

#include "harness/process/affinity.h"
#include "harness/tournament/interrupt.h"
#include "harness/tournament/tournament_check.h"

namespace arbiter {

int run_match(const TournamentConfig& given, const MatchOutputs& outputs, MatchConsole& console) {
    TournamentConfig config = given;
    // Step 1. Everything that can refuse the run, before anything is created or printed.
    refuse_tournament_outputs(config, outputs.flags, outputs.extra_outputs, outputs.extra_inputs);
    if (const auto& affinity = config.output.affinity) {
        set_worker_cpus(affinity->empty() ? affinity_cpu_order() : *affinity);
        pin_engines_of_this_thread(worker_cpus(1));  // the engines checked before the games
    }
    CheckedTournament checked = check_tournament(config);
    if (config.games_per_encounter > 0) {  // the dialects' -rounds x -games, fitted to the suite
        fit_schedule(config, std::int64_t(checked.openings.size()));
        validate(config);
    }

    // Step 2. The database: its folder, the claim, and no new empty file left by a failure.
    std::filesystem::path db(config.db_path);
    if (db.has_parent_path()) create_folder(db.parent_path(), "the folder of " + outputs.flags.db);
    DiscardIfLeftEmpty discard(config.db_path);  // a failure before the first game: no new file
    WriterClaim claim(config.db_path);           // one arbiter writing this file at a time
    Store store = Store::open(config.db_path);

    // Step 3. The games, into the door's observers. Ctrl-C or a kill: the games in progress get
    // a moment to finish; recorded games stay recorded, each shown and in the live files.
    // The watch comes first: a signal while the console prints its first lines stops the run too.
    RecordingGate gate;
    InterruptWatch interrupt(gate, [&](int signal) { console.interrupted(signal); });
    TournamentObserver* observer = nullptr;
    {
        std::lock_guard lock(gate.mutex());  // the last words wait until the console is built
        console.engines_checked(checked.declared_options);
        observer = &console.open(store);
    }
    TournamentSummary summary =
        run_tournament(config, store, *observer, &interrupt.stop(), &gate, &checked);
    interrupt.finished();
    console.finish(store, summary, interrupt.signal());
    return interrupt.signal() ? 128 + interrupt.signal() : 0;
}

}  // namespace arbiter
