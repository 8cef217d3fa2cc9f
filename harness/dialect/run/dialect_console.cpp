#include "harness/dialect/run/dialect_console.h"

#include <iostream>

#include "harness/session/native_console.h"

namespace arbiter {

void PageEveryNGames::game_finished(const GameRecord& game, GameId id, const std::string& white,
                                    const std::string& black) {
    next_.game_finished(game, id, white, black);
    if (++played_ % config_.report_every == 0) write_match_page(store_, config_, tournament_);
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
                              const std::string& page_line) {
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
    std::cerr << page_line;
    if (signal)
        std::cerr << "arbiter: interrupted; finished games are saved, " << resume_hint_ << '\n';
    std::cerr << "Played " << summary.played_now << " games; results in " << config_.db_path
              << '\n';
}

int run_match(const TournamentConfig& given, const MatchOutputs& outputs) {
    TournamentConfig config = given;
    check_entrants(config);  // before the console names the engines that play
    if (config.output.format == ConsoleFormat::arbiter) {
        NativeConsole console(config, outputs);
        return run_match(config, outputs, console);
    }
    ToolLinesConsole console(config, outputs);
    return run_match(config, outputs, console);
}

int run_dialect_match(const CutechessCommand& command,
                      std::function<void(Store&, const TournamentSummary&)> save_config) {
    TournamentConfig config = command.config;
    config.output = command.output;
    if (command.use_affinity) config.output.affinity = command.affinity_cpus;
    MatchOutputs outputs{.flags = DIALECT_FLAGS, .save_config = std::move(save_config)};
    // fastchess's -config outname=FILE, written when the run ends (cli/cutechess_command.cpp),
    // into a folder that must exist, as -pgnout's must: checked in place before the first game.
    if (!command.saved_config_path.empty())
        outputs.extra_outputs.push_back(
            {command.saved_config_path, "-config outname=", OutputKind::in_place});
    // Without -db the run had a database of its own: resuming it means naming it.
    if (!command.db_given)
        outputs.resume_hint = "add -db " + config.db_path +
                              (command.seed_given ? "" : " -srand " + std::to_string(config.seed)) +
                              " to the command to resume";
    return run_match(config, outputs);
}

}  // namespace arbiter
