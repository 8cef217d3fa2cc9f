// fastchess's console form (-output format=fastchess, console_forms.h).
#include <chrono>

#include "harness/dialect/output/console_forms.h"
#include "harness/dialect/output/fastchess_header.h"

namespace arbiter {

namespace {

// fastchess's lines: a warning before the line of a game lost by an illegal move, the block of
// each encounter every -ratinginterval (default 10) pairs (when the game that completes pair 10,
// 20, ... ends, as fastchess counts its pairing ids) or, with single games or `-report
// penta=false`, every -ratinginterval games, and at the end the blocks not yet printed, the time
// losses and crashes, "Finished match" and "Total Time: ...".
class FastchessLines : public ConsoleLines {
  public:
    FastchessLines(const OutputPlan& settings, const TournamentConfig& config)
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

    OutputPlan settings_;
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

std::unique_ptr<ConsoleLines> fastchess_lines(const OutputPlan& settings,
                                              const TournamentConfig& config) {
    return std::make_unique<FastchessLines>(settings, config);
}

}  // namespace arbiter
