#include "harness/session/tool_lines_console.h"

#include <iostream>

#include "harness/text/output_file.h"

namespace arbiter {

void PageEveryNGames::game_finished(const GameRecord& game, GameId id, const std::string& white,
                                    const std::string& black) {
    next_.game_finished(game, id, white, black);
    if (++played_ % config_.report_every != 0) return;
    // A page that cannot be written is said, and the games go on (try_match_page()).
    if (PageStep page = try_match_page(store_, config_, tournament_); !page.written)
        std::cerr << page.line;
}

ToolLinesConsole::ToolLinesConsole(const TournamentConfig& config, const MatchOutputs& outputs)
    : config_(config),
      plan_(config.output),
      resume_hint_(outputs.resume_hint),
      out_(&lines_),
      console_(out_, std::cerr, config.output, config),
      live_(config, outputs) {}

TournamentObserver& ToolLinesConsole::open(Store& store) {
    std::cerr << "Database: " << config_.db_path << '\n';
    console_.count_earlier_from(store);  // a resumed match's score counts its earlier games
    TournamentObserver* head =
        &live_.open(console_, [this](const std::string& line) { console_.print_line(line); });
    if (config_.report_every > 0 && !plan_.html_path.empty()) {
        page_.emplace(*head, store, config_);
        head = &*page_;
    }
    return *head;
}

void ToolLinesConsole::finish(Store& store, const TournamentSummary& summary, int signal,
                              const PageStep& page) {
    console_.finish();
    if (plan_.show_latency) {
        for (const EngineLatency& latency : store.engine_latencies(summary.tournament_id))
            out_ << latency_line(latency) << '\n';
        out_.flush();
    }
    live_.close();
    if (!config_.pool.empty()) {
        // The pooled SPRT's verdict and how this shard's part ended, as the native standings say.
        if (summary.sprt_result) out_ << "SPRT: " << *summary.sprt_result << '\n';
        if (summary.pool_stop) out_ << "Pool: this shard " << *summary.pool_stop << '\n';
        out_.flush();
    }
    std::cerr << page.line;
    if (signal)
        std::cerr << "arbiter: interrupted; finished games are saved, " << resume_hint_ << '\n';
    std::cerr << "Played " << summary.played_now << " games; results in " << config_.db_path
              << '\n';
}

}  // namespace arbiter
