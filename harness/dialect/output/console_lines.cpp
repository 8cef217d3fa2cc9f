// The dialect's console (CutechessConsole, cutechess_output.h): the tally it keeps, the factory
// of its forms (one class each: cutechess_lines.cpp, fastchess_lines.cpp) and the helpers the
// forms share.
#include <algorithm>
#include <cmath>

#include "harness/dialect/output/console_forms.h"
#include "harness/ratings/game_result.h"

namespace arbiter {

namespace {

// Points of the encounter's first engine in one game.
double first_points(Outcome outcome, bool first_was_white) {
    double white = white_points(outcome);
    return first_was_white ? white : 1 - white;
}

}  // namespace

void finished_line(std::ostream& out, const GameRecord& game, const std::string& white,
                   const std::string& black, const std::string& reason) {
    out << "Finished game " << game.slot.number + 1 << " (" << white << " vs " << black
        << "): " << to_pgn(game.result.outcome) << " {" << reason << "}\n";
}

const ConsoleTally::Encounter& encounter_of(const ConsoleTally& tally, int first, int second) {
    static const ConsoleTally::Encounter none;
    auto found = tally.encounters.find({first, second});
    return found == tally.encounters.end() ? none : found->second;
}

ConsoleTally::ConsoleTally(const TournamentConfig& config) {
    for (const auto& engine : config.engines) names.push_back(engine.name);
    totals.resize(names.size());
    players.resize(names.size());
    faults.resize(names.size());
}

void ConsoleTally::record(const ScheduleSlot& slot, const Result& result,
                          const std::string& white_name, const std::string& black_name) {
    const Outcome outcome = result.outcome;
    int white = -1, black = -1;
    for (int i = 0; i < int(names.size()); ++i) {
        if (names[std::size_t(i)] == white_name) white = i;
        if (names[std::size_t(i)] == black_name) black = i;
    }
    if (white < 0 || black < 0) return;
    totals[std::size_t(white)].add(outcome, true);
    totals[std::size_t(black)].add(outcome, false);
    count_game(players[std::size_t(white)], players[std::size_t(black)], result,
               cutechess_reason(result.termination, result.description));
    int first = std::min(white, black);
    Encounter& encounter = encounters[{first, std::max(white, black)}];
    encounter.games.add(outcome, first == white);
    double points = first_points(outcome, first == white);
    std::int64_t pair = slot.pair_number();
    auto waiting = encounter.waiting.find(pair);
    if (waiting == encounter.waiting.end()) {
        encounter.waiting[pair] = points;
        return;
    }
    double first_game = waiting->second;
    encounter.waiting.erase(waiting);
    encounter.pairs.add_pair(int(std::lround(2 * (first_game + points))));
    if (first_game + points == 1)
        ++(first_game == 0.5 ? encounter.one_point.draw_draw : encounter.one_point.win_loss);
    for (double p : {first_game, points}) {
        if (p == 1) ++encounter.paired_games.wins;
        if (p == 0.5) ++encounter.paired_games.draws;
        if (p == 0) ++encounter.paired_games.losses;
    }
    paired_games += 2;
}

void ConsoleTally::count_fault(const GameRecord& game, const std::string& white,
                               const std::string& black) {
    const bool timeout = game.result.termination == Termination::time_forfeit;
    const bool crash = game.result.termination == Termination::disconnect ||
                       game.result.termination == Termination::stall;
    if (!timeout && !crash) return;
    const std::string& loser = game.result.outcome == Outcome::black_win ? white : black;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i] != loser) continue;
        faults[i].tracked = true;
        ++(timeout ? faults[i].timeouts : faults[i].crashes);
    }
}

std::unique_ptr<ConsoleLines> make_console_lines(const OutputPlan& settings,
                                                 const TournamentConfig& config) {
    if (settings.format == ConsoleFormat::fastchess) return fastchess_lines(settings, config);
    if (settings.fastchess_tool) return fastchess_cutechess_lines(settings, config);
    return cutechess_cli_lines(settings, config);
}

CutechessConsole::CutechessConsole(std::ostream& out, std::ostream& diagnostics,
                                   const OutputPlan& settings, const TournamentConfig& config)
    : out_(out),
      diagnostics_(diagnostics),
      lines_(make_console_lines(settings, config)),
      tally_(config) {}

void CutechessConsole::engines_checked(const std::vector<std::vector<DeclaredOption>>& options) {
    std::lock_guard lock(mutex_);
    lines_->engines_checked(options);
}

void CutechessConsole::started(TournamentId tournament, const std::vector<EngineId>& engines,
                               std::int64_t scheduled, std::int64_t already_played) {
    std::lock_guard lock(mutex_);
    tally_.scheduled = scheduled;
    if (already_played > 0 && store_)
        for (const GameSummary& game : store_->list_games(tournament, engines)) {
            ++tally_.earlier;
            tally_.record(game.slot, game.result, game.white_name, game.black_name);
        }
    lines_->started(tally_);
    if (already_played)
        diagnostics_ << "Resuming: " << already_played << " of " << scheduled
                     << " games are already in the database\n";
}

void CutechessConsole::game_started(const ScheduleSlot& slot, const std::string& white,
                                    const std::string& black) {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    tally_.scheduled = std::max(tally_.scheduled, slot.number + 1);  // a knockout's extensions
    out_ << "Started game " << slot.number + 1 << " of " << tally_.scheduled << " (" << white
         << " vs " << black << ")\n";
    out_.flush();
}

void CutechessConsole::bracket(const std::string& text, bool) {
    std::lock_guard lock(mutex_);
    tally_.bracket = text;
}

void CutechessConsole::engine_event(const std::string& message) {
    std::lock_guard lock(mutex_);
    diagnostics_ << message << '\n';
}

void CutechessConsole::game_finished(const GameRecord& game, GameId, const std::string& white,
                                     const std::string& black) {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    lines_->game_line(out_, game, white, black);
    tally_.record(game.slot, game.result, white, black);
    tally_.count_fault(game, white, black);
    ++tally_.finished;
    lines_->after_game(out_, tally_);
    out_.flush();
}

void CutechessConsole::print_line(const std::string& line) {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    out_ << line << '\n';
    out_.flush();
}

void CutechessConsole::finish() {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    closed_ = true;
    lines_->closing(out_, tally_);
    out_.flush();
}

}  // namespace arbiter
