#include "harness/session/play_tournament.h"

#include "harness/dialect/command_line/fastchess_saved_config.h"
#include "harness/dialect/output/cutechess_output.h"
#include "harness/session/native_console.h"
#include "harness/session/tool_lines_console.h"
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

int play_tournament(const TournamentConfig& given_config, const MatchOutputs& given) {
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

}  // namespace arbiter
