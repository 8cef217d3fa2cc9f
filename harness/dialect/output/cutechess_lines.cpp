// cutechess-cli's console form and fastchess's cutechess form (console_forms.h), one class
// each: the second is the first without the colour lines, outcome blocks and empty SPRT line.
#include <cstdio>
#include <optional>

#include "harness/dialect/output/console_forms.h"

namespace arbiter {

namespace {

// cutechess-cli's lines: "Score of A vs B" every -scoreinterval games (two engines); its
// results every -ratinginterval games (two engines: the colour lines, the Elo line, the
// pentanomial line with -report penta=true and the SPRT line; more: the ranking table in the
// -resultformat columns, a blank line and the SPRT line; a knockout: its bracket); the outcome
// blocks every -outcomeinterval games; at the end the results and outcome blocks unless just
// printed, then "Finished match".
class CutechessLines : public ConsoleLines {
  public:
    CutechessLines(const OutputPlan& settings, const TournamentConfig& config)
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
        if (!due(settings_.outcome_interval, tally) && closes_with_outcomes()) outcomes(out, tally);
        out << "Finished match\n";
    }

  protected:
    // Whether the closing lines hold the outcome blocks not printed last.
    virtual bool closes_with_outcomes() const { return true; }
    // The results of a match of two engines: the colour lines, the Elo line, the pentanomial
    // line with -report penta=true and the SPRT line.
    virtual void match_results(std::ostream& out, const ConsoleTally& tally,
                               const ConsoleTally::Encounter& encounter) const {
        out << sides_lines(tally.names[0], tally.players[0]);
        out << elo_difference_line(encounter.games) << '\n';
        pentanomial_line(out, encounter);
        out << cutechess_sprt_line(sprt_, encounter.pairs) << '\n';
    }
    void pentanomial_line(std::ostream& out, const ConsoleTally::Encounter& encounter) const {
        if (!settings_.pentanomial.value_or(false)) return;
        const auto& p = encounter.pairs.pairs;
        out << "Ptnml(0-2): " << p[0] << ", " << p[1] << ", " << p[2] << ", " << p[3] << ", "
            << p[4] << '\n';
    }

    OutputPlan settings_;
    std::optional<SprtParameters> sprt_;

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
        match_results(out, tally, encounter);
    }
    static void outcomes(std::ostream& out, const ConsoleTally& tally) {
        out << outcome_blocks(tally.names, tally.players) << '\n';
    }

    std::vector<std::string> time_controls_;  // per engine, the TC column's text
    std::optional<int> gauntlet_seeds_;
};

// fastchess's cutechess form (-output format=cutechess, spoken through fastchess's link): the
// results of two engines are the Elo line, the pentanomial line and an SPRT's line only, and
// the closing has no outcome blocks.
class FastchessCutechessLines : public CutechessLines {
  public:
    using CutechessLines::CutechessLines;

  private:
    bool closes_with_outcomes() const override { return false; }
    void match_results(std::ostream& out, const ConsoleTally&,
                       const ConsoleTally::Encounter& encounter) const override {
        out << elo_difference_line(encounter.games) << '\n';
        pentanomial_line(out, encounter);
        if (sprt_) out << sprt_line(*sprt_, encounter.pairs) << '\n';
    }
};

}  // namespace

std::unique_ptr<ConsoleLines> cutechess_cli_lines(const OutputPlan& settings,
                                                  const TournamentConfig& config) {
    return std::make_unique<CutechessLines>(settings, config);
}

std::unique_ptr<ConsoleLines> fastchess_cutechess_lines(const OutputPlan& settings,
                                                        const TournamentConfig& config) {
    return std::make_unique<FastchessCutechessLines>(settings, config);
}

}  // namespace arbiter
