#include "harness/session/native_console.h"

#include <unistd.h>

#include <iostream>

#include "harness/dialect/output/cutechess_output.h"
#include "harness/text/number_text.h"

namespace arbiter {

namespace {

// What an interrupted run says last, on standard error.
constexpr const char* INTERRUPTED =
    "\narbiter: interrupted; finished games are saved, re-run the same command to resume\n";

// Before the first game: whether this run resumes a tournament of the database, and if it does
// not although the database holds others, why it is a new one.
void explain_identity(Store& store, const TournamentConfig& config, bool resume) {
    if (store.find_tournament(tournament_key(config))) return;
    std::cout << explain_new_tournament(store, config);
    if (resume)
        std::cout << "--resume: this configuration has no games in the database yet; starting it\n";
}

// After the last game: the standings count every recorded game of the tournament, which after
// a run with more rounds (or a larger --max-games) is more than this run schedules.
void explain_standings(Store& store, const TournamentSummary& summary) {
    std::int64_t recorded = store.count_games(summary.tournament_id, summary.engine_ids);
    if (recorded <= summary.scheduled) return;
    std::cout << "\nNote: the database holds " << recorded << " games of this tournament, "
              << recorded - summary.scheduled << " more than the " << summary.scheduled
              << " this run schedules (an earlier run played more rounds or games); the "
                 "standings count all "
              << recorded << ".\n";
}

}  // namespace

NativeConsole::NativeConsole(const TournamentConfig& config, const MatchOutputs& outputs)
    : config_(config),
      plan_(config.output),
      resume_(outputs.resume),
      standings_{config.bootstrap, config.seed},
      live_(config, outputs) {
    for (const auto& e : config.engines) names_.push_back(e.name);
}

TournamentObserver& NativeConsole::open(Store& store) {
    display_.emplace(std::cout, ::isatty(STDOUT_FILENO), config_.report_every,
                     [this, &store](TournamentId tournament, const std::vector<EngineId>& engines) {
                         std::string text =
                             format_standings(store, tournament, engines, names_, standings_);
                         if (plan_.html_path.empty()) return text;
                         // A page not written is said as an error; the games go on.
                         const PageStep page = try_match_page(store, config_, tournament);
                         if (page.written) return text + page.line;
                         std::cerr << page.line;
                         return text;
                     });
    // The CRC32 lines and the PV warnings, among the progress lines.
    TournamentObserver& head =
        live_.open(*display_, [this](const std::string& line) { display_->engine_event(line); });
    std::cout << "Database: " << config_.db_path << "\n";
    if (config_.shard_count)
        std::cout << "Shard " << config_.shard_index << "/" << config_.shard_count
                  << " of the schedule\n";
    explain_identity(store, config_, resume_);
    return head;
}
void NativeConsole::finish(Store& store, const TournamentSummary& summary, int signal,
                           const PageStep& page) {
    display_->finish();
    live_.close();
    if (signal) std::cerr << INTERRUPTED;
    std::cout << "\nPlayed " << summary.played_now << " games in "
              << format_fixed(summary.seconds, 1) << " s";
    if (summary.already_played)
        std::cout << " (" << summary.already_played << " were already in the database)";
    std::cout << "; " << summary.scheduled << " scheduled.\n";
    if (summary.sprt_result) std::cout << "SPRT: " << *summary.sprt_result << "\n";
    if (summary.pool_stop) std::cout << "Pool: this shard " << *summary.pool_stop << "\n";
    explain_standings(store, summary);
    std::cout << "\n"
              << format_standings(store, summary.tournament_id, summary.engine_ids, names_,
                                  standings_);
    if (plan_.show_latency) {
        std::cout << '\n';
        for (const EngineLatency& latency : store.engine_latencies(summary.tournament_id))
            std::cout << latency_line(latency) << '\n';
    }
    if (!page.line.empty()) (page.written ? std::cout : std::cerr) << '\n' << page.line;
    std::cout << "\nResults: " << config_.db_path
              << (config_.pgn_path.empty() ? "" : ", " + config_.pgn_path) << "\n";
}

}  // namespace arbiter
