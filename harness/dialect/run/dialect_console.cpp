#include "harness/dialect/run/dialect_console.h"

#include <iostream>

#include "harness/dialect/command_line/fastchess_saved_config.h"
#include "harness/session/native_console.h"
#include "harness/text/output_file.h"

namespace arbiter {

namespace {

// Each pair's results in the tournament just played, as fastchess saves them: from the side of
// the engine given first, games, then colour-reversed pairs by their two results. The games are
// counted by the consoles' tally (ConsoleTally, dialect/output/cutechess_output.h), so the saved
// "stats" are the figures the fastchess lines printed.
std::vector<FastchessPairStats> pair_stats(const TournamentConfig& config, Store& store,
                                           TournamentId tournament) {
    ConsoleTally tally(config);
    for (const GameSummary& g : current_games(store.list_games(tournament)))
        tally.record(g.slot, g.result, g.white_name, g.black_name);
    std::vector<FastchessPairStats> stats;
    for (int i = 0; i < int(tally.names.size()); ++i)
        for (int j = i + 1; j < int(tally.names.size()); ++j) {
            auto found = tally.encounters.find({i, j});
            const ConsoleTally::Encounter e =
                found == tally.encounters.end() ? ConsoleTally::Encounter{} : found->second;
            const auto& p = e.pairs.pairs;  // by half-points: 4 WW, 3 WD, 2 WL or DD, 1 LD, 0 LL
            stats.push_back(
                {tally.names[std::size_t(i)],
                 tally.names[std::size_t(j)],
                 e.games.wins,
                 e.games.losses,
                 e.games.draws,
                 {p[4], p[3], e.one_point.win_loss, e.one_point.draw_draw, p[1], p[0]}});
        }
    return stats;
}

// The plan's saved configuration (--save-config, -config outname=): the run's configuration and
// results, as fastchess saves them, replacing the file whole. A native run has no -rounds x
// -games: its encounters' games are the schedule's, shared by its engine pairs.
void save_config(const TournamentConfig& given, Store& store, const TournamentSummary& summary,
                 const std::string& flag) {
    TournamentConfig config = given;
    const std::int64_t engines = std::int64_t(config.engines.size());
    const std::int64_t pairs =
        config.gauntlet ? config.seeds * (engines - config.seeds) : engines * (engines - 1) / 2;
    if (config.games_per_encounter == 0 && pairs > 0)
        config.games_per_encounter = summary.scheduled / pairs;
    const std::string text =
        fastchess_saved_config(config, pair_stats(config, store, summary.tournament_id)).dump(4) +
        '\n';
    OutputFile out(config.output.saved_config_path, OutputFile::Mode::replace, flag);
    out.write(text);
    out.close();
}

}  // namespace

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

int run_match(const TournamentConfig& given_config, const MatchOutputs& given) {
    TournamentConfig config = given_config;
    check_entrants(config);  // before the console names the engines that play
    MatchOutputs outputs = given;
    if (!config.output.saved_config_path.empty())
        outputs.save_config = [&config, label = given.flags.saved_config](
                                  Store& store, const TournamentSummary& summary) {
            save_config(config, store, summary, label);
        };
    if (config.output.format == ConsoleFormat::arbiter) {
        NativeConsole console(config, outputs);
        return run_match(config, outputs, console);
    }
    ToolLinesConsole console(config, outputs);
    return run_match(config, outputs, console);
}

int run_dialect_match(const CutechessCommand& command) {
    const TournamentConfig& config = command.config;
    MatchOutputs outputs{.flags = DIALECT_FLAGS};
    // Without -db the run had a database of its own: resuming it means naming it.
    if (!command.db_given)
        outputs.resume_hint = "add -db " + config.db_path +
                              (command.seed_given ? "" : " -srand " + std::to_string(config.seed)) +
                              " to the command to resume";
    return run_match(config, outputs);
}

}  // namespace arbiter
