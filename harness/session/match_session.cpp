#include "harness/session/match_session.h"

#include <cstdio>
#include <filesystem>
#include <iostream>

#include "harness/live/live_run.h"
#include "harness/process/affinity.h"
#include "harness/report/html/page.h"
#include "harness/tournament/entrant_check.h"
#include "harness/tournament/interrupt.h"
#include "harness/tournament/tournament_check.h"

namespace arbiter {

void check_entrants(TournamentConfig& config) {
    std::size_t count = 0;
    for (const EngineConfig& engine : config.engines) count += is_python_entrant(engine) ? 1 : 0;
    if (count == 0 || config.entrant_check == EntrantCheck::off) return;
    std::cout << "Checking " << count << " Python entrant" << (count == 1 ? "" : "s")
              << " (each loaded and asked for one move in the starting position):" << std::endl;
    const auto verdicts = check_python_entrants(config, [](const EntrantVerdict& verdict) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.2f", verdict.seconds);
        const std::string file = verdict.file + ":";
        std::cout << "  " << file << std::string(file.size() < 24 ? 24 - file.size() : 1, ' ')
                  << verdict.said << " [checked in " << seconds << " s]" << std::endl;
    });
    const std::size_t engines = config.engines.size();
    leave_out_entrants(config, verdicts);
    if (config.engines.size() < engines)
        std::cout << "Left out: " << engines - config.engines.size()
                  << " entrant(s) that cannot play (above); the others play." << std::endl;
    for (const EntrantVerdict& verdict : verdicts)
        if (verdict.loads && !verdict.plays && config.entrant_check == EntrantCheck::leave_out)
            std::cout << "Plays: " << verdict.file
                      << " answers illegally (above) and loses those games, as in the family "
                         "tournament's runner (--entrant-check leave-out-illegal leaves it out)"
                      << std::endl;
}

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

    // The live server binds here, so that an address it cannot have refuses the run before
    // anything is created; the hub and its live file serve every run (`arbiter serve`).
    LiveRun live(config, config.output.live);

    // Step 2. The database: its folder, the claim, and no new empty file left by a failure.
    std::filesystem::path db(config.db_path);
    if (db.has_parent_path()) create_folder(db.parent_path(), "the folder of " + outputs.flags.db);
    // From here a signal stops the run (Step 3); the watch ends after the database is closed.
    InterruptWatch interrupt;
    DiscardIfLeftEmpty discard(config.db_path);  // a failure before the first game: no new file
    WriterClaim claim(config.db_path);           // one arbiter writing this file at a time
    Store store = Store::open(config.db_path);

    // Step 3. The games, into the door's observers. A signal (SIGINT, SIGTERM, SIGHUP) stops
    // the run: no game starts, the games in progress end (InterruptWatch), and the run returns.
    // A signal while the console prints its first lines stops the run too.
    console.engines_checked(checked.declared_options);
    TournamentObserver& observer = live.observe(console.open(store));
    TournamentSummary summary =
        run_tournament(config, store, observer, &interrupt.stop(), &checked);
    live.finish();  // the live page becomes the final report; the server closes

    // Step 4. The closing steps, the same after a stop: the page, the closing lines, the saved
    // config, and the database checkpointed so that its file alone holds every game. A second
    // signal ends the process at once (InterruptWatch). A page that cannot be written is said
    // where the page's line goes, the other steps still run, and the status is then 1.
    const PageStep page = config.output.html_path.empty()
                              ? PageStep{}
                              : try_match_page(store, config, summary.tournament_id);
    console.finish(store, summary, interrupt.signal(), page);
    if (outputs.save_config) outputs.save_config(store, summary);
    store.checkpoint();
    if (interrupt.signal()) return 128 + interrupt.signal();
    return page.written ? 0 : 1;
}

std::string write_match_page(Store& store, const TournamentConfig& config,
                             TournamentId tournament) {
    html::ReportOptions report;
    report.tournament = tournament;
    report.bootstrap_samples = config.bootstrap;
    html::WrittenReport written = html::write_report(store, report, config.output.html_path);
    return "Report: " + config.output.html_path + " (" + std::to_string(written.games) +
           " games)\n";
}

PageStep try_match_page(Store& store, const TournamentConfig& config, TournamentId tournament) {
    try {
        return {write_match_page(store, config, tournament), true};
    } catch (const std::exception& e) {
        return {
            "arbiter: the page " + config.output.html_path + " was not written: " + e.what() + "\n",
            false};
    }
}

}  // namespace arbiter
