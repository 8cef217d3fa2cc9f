// The dialect's console (CutechessConsole, cutechess_output.h): the tally it keeps and its two
// forms, cutechess-cli's lines and fastchess's, one class each.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "harness/dialect/output/cutechess_output.h"
#include "harness/dialect/output/fastchess_header.h"
#include "harness/ratings/game_result.h"

namespace arbiter {

namespace {

// Points of the encounter's first engine in one game.
double first_points(Outcome outcome, bool first_was_white) {
    double white = white_points(outcome);
    return first_was_white ? white : 1 - white;
}

// "Finished game N (A vs B): RESULT {REASON}", as both forms print it.
void finished_line(std::ostream& out, const GameRecord& game, const std::string& white,
                   const std::string& black, const std::string& reason) {
    out << "Finished game " << game.slot.number + 1 << " (" << white << " vs " << black
        << "): " << to_pgn(game.result.outcome) << " {" << reason << "}\n";
}

// The encounter of engines `first` and `second` (first < second), empty before its first game.
const ConsoleTally::Encounter& encounter_of(const ConsoleTally& tally, int first, int second) {
    static const ConsoleTally::Encounter none;
    auto found = tally.encounters.find({first, second});
    return found == tally.encounters.end() ? none : found->second;
}

// cutechess-cli's lines: "Score of A vs B" every -scoreinterval games (two engines); its
// results every -ratinginterval games (two engines: the colour lines, the Elo line, the
// pentanomial line with -report penta=true and the SPRT line; more: the ranking table in the
// -resultformat columns, a blank line and the SPRT line; a knockout: its bracket); the outcome
// blocks every -outcomeinterval games; at the end the results and outcome blocks unless just
// printed, then "Finished match". Spoken as fastchess (-output format=cutechess through its
// link) the two-engine results are the Elo line (and an SPRT's line) only, without outcome blocks.
class CutechessLines : public ConsoleLines {
  public:
    CutechessLines(const CutechessOutputSettings& settings, const TournamentConfig& config)
        : settings_(settings), sprt_(config.sprt) {
        for (const EngineConfig& engine : config.engines)
            time_controls_.push_back(time_control_text(engine.limits.or_else(config.limits)));
        if (config.gauntlet) gauntlet_seeds_ = config.seeds;
    }
    void game_line(std::ostream& out, const GameRecord& game, const std::string& white,
                   const std::string& black) override {
        finished_line(out, game, white, black,
                      cutechess_reason(game.result.termination, game.result.description));
    }
    void after_game(std::ostream& out, const ConsoleTally& tally) override {
        if (tally.names.size() == 2 && tally.finished % settings_.score_interval == 0)
            out << score_line(tally.names[0], tally.names[1], encounter_of(tally, 0, 1).games)
                << '\n';
        if (due(settings_.rating_interval, tally)) results(out, tally);
        if (due(settings_.outcome_interval, tally)) outcomes(out, tally);
    }
    void closing(std::ostream& out, const ConsoleTally& tally) override {
        // The score as it stands when the last game did not print it (a resumed match's too).
        if (tally.names.size() == 2 &&
            (tally.finished == 0 || tally.finished % settings_.score_interval != 0))
            out << score_line(tally.names[0], tally.names[1], encounter_of(tally, 0, 1).games)
                << '\n';
        if (!due(settings_.rating_interval, tally)) results(out, tally);
        // After a knockout's bracket too, as cutechess-cli 1.3.1 prints them.
        if (!due(settings_.outcome_interval, tally) && !settings_.fastchess_tool)
            outcomes(out, tally);
        out << "Finished match\n";
    }

  private:
    // cutechess's "every N games": N set and the games finished a multiple of it.
    static bool due(int interval, const ConsoleTally& tally) {
        return interval > 0 && tally.finished % interval == 0;
    }
    // A time control as cutechess writes it in the TC column.
    static std::string time_control_text(const SearchLimitConfig& limits) {
        if (limits.tc) return to_string(*limits.tc);
        if (limits.movetime_ms) {
            char text[32];
            std::snprintf(text, sizeof text, "%g/move", double(*limits.movetime_ms) / 1000);
            return text;
        }
        return "inf";
    }
    void results(std::ostream& out, const ConsoleTally& tally) const {
        if (!tally.bracket.empty()) {  // a knockout prints its bracket in place of ratings
            out << tally.bracket << '\n';
            return;
        }
        const ConsoleTally::Encounter& encounter = encounter_of(tally, 0, 1);
        if (tally.names.size() != 2) {
            std::vector<RankingEntry> entries;
            for (std::size_t i = 0; i < tally.names.size(); ++i)
                entries.push_back({tally.names[i], &tally.players[i], time_controls_[i]});
            out << ranking_table(entries, settings_.result_format, gauntlet_seeds_) << '\n'
                << cutechess_sprt_line(sprt_, encounter.pairs) << '\n';
            return;
        }
        // fastchess's cutechess form: the Elo line, and the SPRT line of an SPRT only.
        if (!settings_.fastchess_tool) out << sides_lines(tally.names[0], tally.players[0]);
        out << elo_difference_line(encounter.games) << '\n';
        if (settings_.pentanomial.value_or(false)) {
            const auto& p = encounter.pairs.pairs;
            out << "Ptnml(0-2): " << p[0] << ", " << p[1] << ", " << p[2] << ", " << p[3] << ", "
                << p[4] << '\n';
        }
        if (!settings_.fastchess_tool)
            out << cutechess_sprt_line(sprt_, encounter.pairs) << '\n';
        else if (sprt_)
            out << sprt_line(*sprt_, encounter.pairs) << '\n';
    }
    static void outcomes(std::ostream& out, const ConsoleTally& tally) {
        out << outcome_blocks(tally.names, tally.players) << '\n';
    }

    CutechessOutputSettings settings_;
    std::optional<SprtParameters> sprt_;
    std::vector<std::string> time_controls_;  // per engine, the TC column's text
    std::optional<int> gauntlet_seeds_;
};

// fastchess's lines: a warning before the line of a game lost by an illegal move, the block of
// each encounter every -ratinginterval (default 10) pairs (when the game that completes pair 10,
// 20, ... ends, as fastchess counts its pairing ids) or, with single games or `-report
// penta=false`, every -ratinginterval games, and at the end the blocks not yet printed, the time
// losses and crashes, "Finished match" and "Total Time: ...".
class FastchessLines : public ConsoleLines {
  public:
    FastchessLines(const CutechessOutputSettings& settings, const TournamentConfig& config)
        : settings_(settings), config_(config), sprt_(config.sprt) {}
    void engines_checked(const std::vector<std::vector<DeclaredOption>>& options) override {
        options_ = options;
        options_.resize(config_.engines.size());
    }
    void started(const ConsoleTally& tally) override {
        last_block_ = reported(tally);
        paired_before_ = tally.paired_games;
    }
    void game_line(std::ostream& out, const GameRecord& game, const std::string& white,
                   const std::string& black) override {
        pair_of_last_game_ = game.slot.pair_number();
        std::string reason = cutechess_reason(game.result.termination, game.result.description);
        if (game.result.termination == Termination::illegal_move) {
            bool white_lost = game.result.outcome == Outcome::black_win;
            out << "Warning; Illegal move "
                << (game.result.illegal_move.empty() ? "<none>" : game.result.illegal_move)
                << " played by " << (white_lost ? white : black) << '\n';
            reason = white_lost ? "White makes an illegal move" : "Black makes an illegal move";
        }
        finished_line(out, game, white, black, reason);
    }
    void after_game(std::ostream& out, const ConsoleTally& tally) override {
        int interval = settings_.rating_interval > 0 ? settings_.rating_interval : 10;
        const bool pair_completed = tally.paired_games != paired_before_;
        paired_before_ = tally.paired_games;
        const bool due = by_games() ? reported(tally) - last_block_ >= interval
                                    : pair_completed && (pair_of_last_game_ + 1) % interval == 0;
        if (due) {
            blocks(out, tally);
            last_block_ = reported(tally);
        }
    }
    void closing(std::ostream& out, const ConsoleTally& tally) override {
        if (reported(tally) != last_block_ || reported(tally) == 0)
            blocks(out, tally);  // unless the last game's block is already out
        faults(out, tally);
        out << "Finished match\n"
            << fastchess_total_time(std::chrono::steady_clock::now() - started_at_) << "\n\n";
    }

  private:
    std::int64_t reported(const ConsoleTally& tally) const {
        return tally.reported_games(by_games());
    }
    // fastchess counts games, not pairs, with single games or `-report penta=false`.
    bool by_games() const { return config_.single_games || !settings_.pentanomial.value_or(true); }
    void blocks(std::ostream& out, const ConsoleTally& tally) const {
        std::optional<SprtParameters> sprt = tally.names.size() == 2 ? sprt_ : std::nullopt;
        for (const auto& [key, encounter] : tally.encounters) {
            const auto first = std::size_t(key.first), second = std::size_t(key.second);
            std::string matchup =
                fastchess_matchup({config_.engines[first], options_[first]},
                                  {config_.engines[second], options_[second]}, config_);
            if (by_games()) {
                if (encounter.games.games() == 0) continue;
                out << fastchess_games_block(matchup, encounter.games, sprt, encounter.pairs);
                continue;
            }
            if (encounter.pairs.pair_count() == 0) continue;
            out << fastchess_block(matchup, encounter.pairs, encounter.one_point,
                                   encounter.paired_games, sprt);
        }
    }
    // fastchess's closing count of time losses and crashes (disconnects and stalls) of each
    // engine that had one: "Player: NAME", "  Timeouts: N", "  Crashed: N", between blank lines.
    static void faults(std::ostream& out, const ConsoleTally& tally) {
        bool any = false;
        for (const ConsoleTally::Faults& f : tally.faults) any = any || f.tracked;
        if (!any) return;
        out << '\n';
        for (std::size_t i = 0; i < tally.names.size(); ++i) {
            const ConsoleTally::Faults& f = tally.faults[i];
            if (!f.tracked) continue;
            out << "Player: " << tally.names[i] << "\n  Timeouts: " << f.timeouts
                << "\n  Crashed: " << f.crashes << '\n';
        }
        out << '\n';
    }

    CutechessOutputSettings settings_;
    TournamentConfig config_;
    std::optional<SprtParameters> sprt_;
    // Each engine's declared options, by engine index (none until engines_checked()).
    std::vector<std::vector<DeclaredOption>> options_ =
        std::vector<std::vector<DeclaredOption>>(config_.engines.size());
    std::chrono::steady_clock::time_point started_at_ = std::chrono::steady_clock::now();
    std::int64_t last_block_ = 0;         // reported games when the last blocks were printed
    std::int64_t pair_of_last_game_ = 0;  // the pair number of the game game_line() printed
    std::int64_t paired_before_ = 0;      // the tally's paired games before that game
};

}  // namespace

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

std::unique_ptr<ConsoleLines> make_console_lines(ConsoleFormat format,
                                                 const CutechessOutputSettings& settings,
                                                 const TournamentConfig& config) {
    if (format == ConsoleFormat::fastchess)
        return std::make_unique<FastchessLines>(settings, config);
    return std::make_unique<CutechessLines>(settings, config);
}

CutechessConsole::CutechessConsole(std::ostream& out, std::ostream& diagnostics,
                                   const CutechessOutputSettings& settings,
                                   const TournamentConfig& config)
    : out_(out),
      diagnostics_(diagnostics),
      lines_(make_console_lines(settings.format, settings, config)),
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
